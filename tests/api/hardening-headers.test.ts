import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiUrl, call, superToken } from './support/api.ts';

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

/**
 * Whether a CSP source list lets a page of `pageOrigin` load `url` (CSP Level 3, "Does url match
 * expression": 'self', scheme sources like `data:`, and host sources with scheme, host, port and path).
 */
function admits(sources: string[], url: string, pageOrigin: string): boolean {
  const target = new URL(url);
  return sources.some((source) => {
    if (source === "'self'") return target.origin === pageOrigin;
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return target.protocol === source.toLowerCase();
    const host = /^([a-z][a-z0-9+.-]*):\/\/([^/:]+)(?::(\d+|\*))?(\/.*)?$/i.exec(source);
    if (!host) return false;
    const [, scheme, name, port, path] = host;
    const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');
    const targetPort = target.port || defaultPort(target.protocol);
    if (`${scheme.toLowerCase()}:` !== target.protocol) return false;
    if (name.startsWith('*.') ? !target.hostname.endsWith(name.slice(1)) : target.hostname !== name.toLowerCase())
      return false;
    if (port !== '*' && (port ?? defaultPort(target.protocol)) !== targetPort) return false;
    if (!path) return true;
    return path.endsWith('/') ? target.pathname.startsWith(path) : target.pathname === path;
  });
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

  describe('images', () => {
    /** A 1x1 PNG. */
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    let logo: string;

    beforeAll(async () => {
      const code = `CSP${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
      const form = new FormData();
      for (const [field, value] of Object.entries({
        name: `Logo ${code}`,
        code,
        email: `info@${code.toLowerCase()}.example`,
        phone: '+234 803 555 0100',
        address: '1 Marina, Lagos',
      }))
        form.append(field, value);
      form.append('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
      const created = await call<{ id: string }>('POST', '/cooperative', { token: await superToken(), form });
      if (created.status !== 201)
        throw new Error(`Could not create a cooperative: ${created.status} ${created.body.message}`);
      logo = (
        await call<{ logo: string }>('GET', '/cooperative', {
          token: await superToken(),
          query: { cooperative_id: created.body.data.id },
        })
      ).body.data.logo;
    });

    it("admits the presigned link of a cooperative's logo, as the API hands it out", async () => {
      const page = await get('/');
      const imgSrc = directives(page.headers.get('content-security-policy'))['img-src'];

      expect(admits(imgSrc, logo, new URL(page.url).origin)).toBe(true);
      expect((await fetch(logo)).status).toBe(200);
    });

    it("admits no image from elsewhere, s3rver's own port included", async () => {
      const page = await get('/');
      const imgSrc = directives(page.headers.get('content-security-policy'))['img-src'];
      const direct = new URL(new URL(logo).pathname.replace(/^\/s3/, ''), inject('runtimeEnv').S3_ENDPOINT).toString();

      for (const url of [direct, 'https://attacker.example/pixel.png', 'http://localhost:1/x.png'])
        expect(admits(imgSrc, url, new URL(page.url).origin), url).toBe(false);
    });
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
      headers: {
        origin: FOREIGN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('allows its own origin, as the browser reached it', async () => {
    const own = new URL(apiUrl()).origin;
    const response = await fetch(`${apiUrl()}/api/v1/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: own,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(own);
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });
});

describe("CORS on the browser's Cognito at /cognito", () => {
  const signIn = (origin: string) =>
    fetch(`${apiUrl()}/cognito`, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: inject('runtimeEnv').USER_POOL_CLIENT_ID,
        AuthParameters: {
          USERNAME: `CORS-PROBE-${Math.random().toString(36).slice(2, 8)}`,
          PASSWORD: 'wrong-password',
        },
      }),
    });
  const preflight = (origin: string) =>
    fetch(`${apiUrl()}/cognito`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target',
      },
    });

  it('lets no other origin read its answers, nor pass its preflight (cognito-local itself allows any)', async () => {
    const answers = [await signIn(FOREIGN), await preflight(FOREIGN)];

    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    }
  });

  it('allows its own origin, as the browser reached it', async () => {
    const own = new URL(apiUrl()).origin;
    const response = await preflight(own);

    expect(response.headers.get('access-control-allow-origin')).toBe(own);
    expect(response.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });
});
