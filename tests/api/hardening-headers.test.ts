import { describe, expect, inject, it } from 'vitest';
import { apiUrl } from './support/api.ts';

/**
 * The local server plays CloudFront: the security headers of its response headers policy on every
 * response, and CORS only for its own origin.
 */
const FOREIGN = 'https://attacker.example';

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${apiUrl()}${path}`, { headers });

/** The directives of a CSP header as name -> sources. */
function directives(header: string | null): Record<string, string[]> {
  expect(header).not.toBeNull();
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('the Content-Security-Policy of the local server', () => {
  it('keeps the web app to its own scripts and styles, with no inline code, plugins or framing', async () => {
    const response = await get('/');
    const csp = directives(response.headers.get('content-security-policy'));

    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('connects only to its own origin, where the API, /cognito and /ws are', async () => {
    const csp = directives((await get('/dashboard')).headers.get('content-security-policy'));
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it('shows images from wherever presigned file URLs point', async () => {
    const files = new URL(inject('runtimeEnv').S3_PUBLIC_ENDPOINT).origin;
    const csp = directives((await get('/')).headers.get('content-security-policy'));
    expect(csp['img-src']).toEqual(["'self'", 'data:', files]);
  });
});

describe('the security headers of the local server', () => {
  it.each(['/', '/config.json', '/api/v1/banks', '/api/v1/no-such-route'])('are sent with %s', async (path) => {
    const { headers } = await get(path);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('CORS on the local API', () => {
  it('does not reflect a foreign Origin on an answer', async () => {
    const response = await get('/api/v1/banks', { origin: FOREIGN });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers a foreign origin's preflight without allowing it", async () => {
    const response = await fetch(`${apiUrl()}/api/v1/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('allows its own origin, as the browser reached it', async () => {
    const own = new URL(apiUrl()).origin;
    const response = await fetch(`${apiUrl()}/api/v1/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: own, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(own);
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });
});
