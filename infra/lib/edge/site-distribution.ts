import { Duration } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { API_BASE } from '@coopledger/shared/routes';
import { acknowledge } from '../nag/acknowledge.ts';
import type { CspSources } from './security-headers.ts';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY } from './security-headers.ts';
import { createSpaRewrite } from './spa-rewrite.ts';

export interface SiteDistributionProps {
  siteBucket: IBucket;
  apiDomainName: string;
  /** Added by CloudFront to every request to the API (the origin-verify secret). */
  apiOriginHeaders: Record<string, string>;
  logBucket: IBucket;
  /** The stage's Cognito, chat WebSocket and files bucket endpoints, for the Content-Security-Policy. */
  csp: CspSources;
  /** The ARN of the CLOUDFRONT web ACL (us-east-1). */
  webAclArn: string;
}

/** The viewer's address as CloudFront saw it (`ip:port`), which the registration rate limit keys on. */
const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

/**
 * What the API origin receives besides the path, body and query: the headers the functions read, the
 * CORS preflight headers, and CloudFront's viewer address. Host is left out (API Gateway routes on
 * its own host name). The managed AllViewerExceptHostHeader policy cannot add CloudFront's headers
 * (an "all except" header list names viewer headers only), hence this policy.
 */
const API_VIEWER_HEADERS = [
  'accept',
  'content-type',
  'origin',
  'user-agent',
  'access-control-request-method',
  'access-control-request-headers',
];

const API_ERRORS_NOT_CACHED = [500, 502, 503, 504];

/**
 * The security headers of every response: the CSP, HSTS, nosniff, no framing, the referrer and
 * permissions policies (the local server sends the same, infra/local/http/security-headers.ts).
 */
function createSecurityHeadersPolicy(scope: Construct, csp: CspSources): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'CoopLedger CSP and security headers',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(csp), override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.SAME_ORIGIN, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
    },
  });
}

/**
 * Nothing cached (no TTL by default; the API answers `no-store`), but the bearer token reaches the
 * API: CloudFront forwards Authorization only when the cache policy names it, and a policy may name
 * headers only with a TTL above zero, hence the 1-second ceiling that `no-store` never reaches.
 */
function createApiCachePolicy(scope: Construct): CachePolicy {
  return new CachePolicy(scope, 'ApiCachePolicy', {
    comment: 'CoopLedger API: not cached, Authorization forwarded',
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(1),
    headerBehavior: CacheHeaderBehavior.allowList('authorization'),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    cookieBehavior: CacheCookieBehavior.none(),
  });
}

function createApiOriginRequestPolicy(scope: Construct): OriginRequestPolicy {
  return new OriginRequestPolicy(scope, 'ApiOriginRequestPolicy', {
    comment: 'CoopLedger API: viewer headers the API reads and the viewer address, not Host',
    headerBehavior: OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, VIEWER_ADDRESS_HEADER),
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    cookieBehavior: OriginRequestCookieBehavior.none(),
  });
}

/** One origin for the browser: the web app from S3, and `/api/v1/*` passed through to the HTTP API. */
export function createSiteDistribution(scope: Construct, props: SiteDistributionProps): Distribution {
  const securityHeaders = createSecurityHeadersPolicy(scope, props.csp);
  const distribution = new Distribution(scope, 'Distribution', {
    comment: 'CoopLedger web app and API',
    defaultRootObject: 'index.html',
    httpVersion: HttpVersion.HTTP2_AND_3,
    // Includes the Africa edge locations (Lagos, Johannesburg) where the users are.
    priceClass: PriceClass.PRICE_CLASS_200,
    enableLogging: true,
    logBucket: props.logBucket,
    logFilePrefix: 'cloudfront/',
    webAclId: props.webAclArn,
    // The API cache policy's 1-second ceiling must not let CloudFront keep a 5xx of the API's own
    // (a Lambda timeout) for its default 10 seconds: the next try goes to the API.
    errorResponses: API_ERRORS_NOT_CACHED.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: createSpaRewrite(scope) }],
    },
    additionalBehaviors: {
      [`${API_BASE}/*`]: {
        origin: new HttpOrigin(props.apiDomainName, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          customHeaders: props.apiOriginHeaders,
        }),
        // HTTPS only rather than a redirect: a redirected POST would arrive as a GET.
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: createApiCachePolicy(scope),
        originRequestPolicy: createApiOriginRequestPolicy(scope),
        responseHeadersPolicy: securityHeaders,
      },
    },
  });
  acknowledge(
    distribution,
    'AwsSolutions-CFR1',
    'The cooperatives and their members may travel or work abroad; the product does not restrict by country.',
  );
  acknowledge(
    distribution,
    'AwsSolutions-CFR4',
    'The distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be raised; a custom domain and certificate would enforce TLS 1.2.',
  );
  return distribution;
}
