import { COMMON_SECURITY_HEADERS, contentSecurityPolicy } from '../../lib/edge/security-headers.ts';

/**
 * The headers CloudFront's response headers policy adds in the cloud, for every response of the
 * local server. The API, `/cognito` and `/ws` are on the page's own origin here, so only the files
 * endpoint (where presigned URLs point) is named; it is the runtime's own setting, so the policy
 * follows it wherever files are served from. No HSTS: the local server speaks plain HTTP.
 */
export function localSecurityHeaders(filesEndpoint: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ connect: [], images: [new URL(filesEndpoint).origin] }),
    ...COMMON_SECURITY_HEADERS,
  };
}
