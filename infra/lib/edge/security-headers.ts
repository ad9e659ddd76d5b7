/**
 * The browser-facing security headers, decided once for CloudFront's response headers policy
 * (site-distribution.ts) and the local server (infra/local/http/security-headers.ts), so the two
 * stay equal.
 */

/** Where the web app may reach beyond its own origin. */
export interface CspSources {
  /** fetch and WebSocket: Cognito and the chat WebSocket API in the cloud. */
  connect: readonly string[];
  /** Images: the files bucket that presigned logo, template and document URLs point at. */
  images: readonly string[];
}

/**
 * A strict policy for the built web app: its scripts and styles come only from its own origin (the
 * Vite build has no inline script or style element; React and Highcharts set styles through the
 * CSSOM, which CSP allows), `data:` images for the empty favicon and the icons styles embed, no
 * plugins, no framing, and forms and `<base>` only to itself.
 */
export function contentSecurityPolicy(sources: CspSources): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...sources.images],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...sources.connect],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values)].join(' '))
    .join('; ');
}

/** A page's address goes only to the site itself: registration links name a cooperative. */
export const REFERRER_POLICY = 'same-origin';

/** Features the app never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** HTTPS for two years on the site's host; sent only by CloudFront (the local server speaks HTTP). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The headers both servers send with every response besides the CSP and HSTS. */
export const COMMON_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': REFERRER_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
} as const;
