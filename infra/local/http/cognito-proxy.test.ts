import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_OPERATIONS, createCognitoProxy, type CognitoLockouts } from './cognito-proxy.ts';
import { createRefreshTokenRevocation } from './refresh-token-revocation.ts';
import { COGNITO_LOCKOUT, createLockout } from './sign-in-lockout.ts';

/**
 * The proxies in front of a stand-in for cognito-local that knows one user (ADA, also found by her
 * sub as cognito-local does, password `right`, reset code 123456) and records every call that
 * reaches it, apart from the AdminGetUser calls the proxy makes to know whom a name means.
 */
const PREFIX = 'AWSCognitoIdentityProviderService.';
const ADA_SUB = '7d5e8f2a-1b3c-4d6e-9f80-a1b2c3d4e5f6';
const reached: string[] = [];
/** The headers of the last call that reached the stand-in. */
let lastHeaders: Record<string, unknown> = {};
let issued = 0;
/** How many of the next connections the stand-in drops without answering, as a busy cognito-local can. */
let dropNext = 0;
const clock = { now: 0 };
let lockouts: CognitoLockouts;
let upstream: Server;
let proxies: Server;
let browserUrl: string;
let functionsUrl: string;

/** An access token's shape is all the proxy reads (to add ExpiresIn). */
const accessToken = ['{"alg":"none"}', '{"iat":1000,"exp":4600,"token_use":"access"}', '']
  .map((part) => Buffer.from(part).toString('base64url'))
  .join('.');
/** A refreshed ID token names its user, which is how the proxy knows whose refresh token it was. */
const refreshedIdToken = ['{"alg":"none"}', '{"cognito:username":"ADA","token_use":"id"}', '']
  .map((part) => Buffer.from(part).toString('base64url'))
  .join('.');

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>));
  });
}

function fakeCognito(): Server {
  return createServer((req, res) => {
    void (async () => {
      if (dropNext > 0) {
        dropNext -= 1;
        req.socket.destroy();
        return;
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const body = req.method === 'POST' ? await readJson(req) : {};
      // Like cognito-local, which also allows every origin.
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify(json));
      };
      const isAda = (name: unknown) => name === 'ADA' || name === ADA_SUB;
      if (target === `${PREFIX}AdminGetUser`) {
        return isAda(body.Username)
          ? answer(200, { Username: 'ADA' })
          : answer(400, { __type: 'UserNotFoundException', message: 'User does not exist' });
      }
      reached.push(req.method === 'GET' ? `GET ${req.url}` : target.replace(PREFIX, ''));
      lastHeaders = req.headers;
      if (target === `${PREFIX}InitiateAuth`) {
        const { USERNAME, PASSWORD, REFRESH_TOKEN } = (body.AuthParameters ?? {}) as Record<string, string>;
        if (body.AuthFlow === 'REFRESH_TOKEN_AUTH') {
          if (!String(REFRESH_TOKEN).startsWith('refresh-'))
            return answer(400, { __type: 'NotAuthorizedException', message: 'User not authorized' });
          return answer(200, { AuthenticationResult: { AccessToken: accessToken, IdToken: refreshedIdToken } });
        }
        if (!isAda(USERNAME)) return answer(400, { __type: 'NotAuthorizedException', message: 'User not authorized' });
        if (PASSWORD !== 'right')
          return answer(400, { __type: 'InvalidPasswordException', message: 'Invalid password' });
        issued += 1;
        return answer(200, {
          AuthenticationResult: { AccessToken: accessToken, IdToken: 'id', RefreshToken: `refresh-${issued}` },
        });
      }
      if (target === `${PREFIX}ConfirmForgotPassword`) {
        return body.ConfirmationCode === '123456'
          ? answer(200, {})
          : answer(400, { __type: 'CodeMismatchException', message: 'Incorrect confirmation code' });
      }
      answer(200, {});
    })();
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  upstream = fakeCognito();
  const upstreamUrl = await listen(upstream);
  const log = () => undefined;
  const policy = COGNITO_LOCKOUT;
  lockouts = { passwords: createLockout(policy, () => clock.now), resetCodes: createLockout(policy, () => clock.now) };
  const shared = {
    upstream: upstreamUrl,
    userPoolId: 'pool',
    lockouts,
    revocations: createRefreshTokenRevocation(),
    log,
  };
  const browser = createCognitoProxy({ ...shared, operations: BROWSER_OPERATIONS });
  const functions = createCognitoProxy(shared);
  proxies = createServer((req, res) => {
    const url = req.url ?? '/';
    const door = url.startsWith('/browser') ? browser : functions;
    void door(req, res, url.replace(/^\/(browser|functions)\/cognito/, ''));
  });
  const base = await listen(proxies);
  browserUrl = `${base}/browser/cognito`;
  functionsUrl = `${base}/functions/cognito`;
});

afterAll(async () => {
  await Promise.all([proxies, upstream].map((server) => new Promise((resolve) => server.close(resolve))));
});

beforeEach(() => {
  reached.length = 0;
  dropNext = 0;
  clock.now += 60 * 60_000; // an hour later: every earlier failure is forgotten
});

async function send(url: string, operation: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${PREFIX}${operation}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const signIn = (url: string, username: string, password: string) =>
  send(url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: 'client',
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
const confirmReset = (url: string, code: string) =>
  send(url, 'ConfirmForgotPassword', {
    ClientId: 'client',
    Username: 'ADA',
    ConfirmationCode: code,
    Password: 'new-password',
  });

describe("the browser's Cognito door", () => {
  it('refuses admin and attribute calls without passing them on', async () => {
    const refused = [
      [
        'UpdateUserAttributes',
        { AccessToken: accessToken, UserAttributes: [{ Name: 'custom:role', Value: 'cooperative-admin' }] },
      ],
      [
        'AdminUpdateUserAttributes',
        { UserPoolId: 'pool', Username: 'ADA', UserAttributes: [{ Name: 'custom:role', Value: 'super-admin' }] },
      ],
      ['AdminGetUser', { UserPoolId: 'pool', Username: 'ADA' }],
      ['AdminCreateUser', { UserPoolId: 'pool', Username: 'EVE' }],
      ['AdminSetUserPassword', { UserPoolId: 'pool', Username: 'ADA', Password: 'mine', Permanent: true }],
      ['ListUsers', { UserPoolId: 'pool' }],
      ['SignUp', { ClientId: 'client', Username: 'EVE', Password: 'password' }],
      ['ForgotPassword', { ClientId: 'client', Username: 'ADA' }],
    ] as const;

    for (const [operation, body] of refused) {
      const response = await send(browserUrl, operation, body);
      expect(response.status, operation).toBe(403);
      expect(response.body.__type).toBe('AccessDeniedException');
    }
    expect(reached).toEqual([]);
  });

  it('refuses a target that only looks like an allowed one, and two targets at once', async () => {
    const lookalike = await fetch(browserUrl, {
      method: 'POST',
      headers: { 'x-amz-target': 'Other.UpdateUserAttributes' },
      body: '{}',
    });
    const twice = await new Promise<number>((resolve, reject) => {
      const req = request(
        browserUrl,
        { method: 'POST', headers: { 'x-amz-target': [`${PREFIX}InitiateAuth`, `${PREFIX}UpdateUserAttributes`] } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.once('error', reject);
      req.end('{}');
    });

    expect(lookalike.status).toBe(403);
    expect(twice).toBe(403);
    expect(reached).toEqual([]);
  });

  it('passes sign-in and the public keys, and refuses other paths', async () => {
    const signedIn = await signIn(browserUrl, 'ADA', 'right');
    const keys = await fetch(`${browserUrl}/eu-west-1_C00pLedgr/.well-known/jwks.json`);
    const health = await fetch(`${browserUrl}/health`);
    const oauth = await fetch(`${browserUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'x-amz-target': `${PREFIX}InitiateAuth` },
      body: '{}',
    });

    expect(signedIn.status).toBe(200);
    expect(signedIn.body.AuthenticationResult).toMatchObject({ IdToken: 'id', ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(keys.status).toBe(200);
    expect(health.status).toBe(404);
    expect(oauth.status).toBe(403);
    expect(reached).toEqual(['InitiateAuth', 'GET /eu-west-1_C00pLedgr/.well-known/jwks.json']);
  });

  it('passes on only a JSON object, rewritten as checked, so cognito-local cannot read it otherwise', async () => {
    const bom = await fetch(browserUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${PREFIX}InitiateAuth` },
      body: `\uFEFF${JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'ADA', PASSWORD: 'right' } })}`,
    });

    expect(bom.status).toBe(400);
    expect(((await bom.json()) as { __type: string }).__type).toBe('SerializationException');
    expect(reached).toEqual([]);
  });
});

describe('a connection cognito-local drops', () => {
  it('is tried again, so a sign-in goes through once cognito-local answers', async () => {
    dropNext = 2;
    const signedIn = await signIn(browserUrl, 'ADA', 'right');

    expect(signedIn.status).toBe(200);
    expect(dropNext).toBe(0);
    expect(reached).toEqual(['InitiateAuth']);
  });

  it('answers 502 when cognito-local never answers, and counts no wrong guess', async () => {
    dropNext = 100;
    const failed = await signIn(browserUrl, 'ADA', 'wrong');
    dropNext = 0;

    expect(failed).toEqual({ status: 502, body: { message: 'cognito-local is not reachable' } });
    expect(reached).toEqual([]);
    expect(lockouts.passwords.isLocked('ADA')).toBe(false);
  });
});

describe("the functions' Cognito door", () => {
  it('passes every call, admin ones included', async () => {
    const response = await send(functionsUrl, 'AdminSetUserPassword', {
      UserPoolId: 'pool',
      Username: 'ADA',
      Password: 'new',
      Permanent: true,
    });

    expect(response.status).toBe(200);
    expect(reached).toEqual(['AdminSetUserPassword']);
  });

  it('sends no CORS headers, and does not pass on the CORS cognito-local answers', async () => {
    const response = await fetch(functionsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${PREFIX}AdminSetUserPassword` },
      body: JSON.stringify({ UserPoolId: 'pool', Username: 'ADA', Password: 'new', Permanent: true }),
    });

    expect(response.status).toBe(200);
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe("CORS at the browser's door", () => {
  const own = (url: string) => new URL(url).origin;

  it("allows the app's own origin only, never any origin", async () => {
    const call = (origin: string) =>
      fetch(browserUrl, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${PREFIX}InitiateAuth` },
        body: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: 'client',
          AuthParameters: { USERNAME: 'ADA', PASSWORD: 'right' },
        }),
      });

    const foreign = await call('https://attacker.example');
    const mine = await call(own(browserUrl));

    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(mine.headers.get('access-control-allow-origin')).toBe(own(browserUrl));
  });

  it("answers a preflight itself, allowing only the app's own origin, without asking cognito-local", async () => {
    const preflight = (origin: string) =>
      fetch(browserUrl, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-amz-target' },
      });

    const foreign = await preflight('https://attacker.example');
    const mine = await preflight(own(browserUrl));

    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-methods')).toBeNull();
    expect(mine.headers.get('access-control-allow-origin')).toBe(own(browserUrl));
    expect(reached).toEqual([]);
  });

  it("passes none of the browser's headers to cognito-local, only the target and the checked body", async () => {
    await fetch(browserUrl, {
      method: 'POST',
      headers: {
        origin: own(browserUrl),
        'sec-fetch-site': 'same-origin',
        cookie: 'a=b',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `${PREFIX}InitiateAuth`,
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'client',
        AuthParameters: { USERNAME: 'ADA', PASSWORD: 'right' },
      }),
    });

    expect(reached).toEqual(['InitiateAuth']);
    expect(lastHeaders).not.toHaveProperty('origin');
    expect(lastHeaders).not.toHaveProperty('sec-fetch-site');
    expect(lastHeaders).not.toHaveProperty('cookie');
    expect(lastHeaders['x-amz-target']).toBe(`${PREFIX}InitiateAuth`);
  });
});

describe('malformed sign-in and reset attempts', () => {
  it('refuses a login ID or password that is not a string at either door, without trying it', async () => {
    const malformed = [
      { USERNAME: ['ADA'], PASSWORD: 'right' },
      { USERNAME: { 0: 'ADA' }, PASSWORD: 'right' },
      { USERNAME: 7, PASSWORD: 'right' },
      { USERNAME: 'ADA', PASSWORD: ['right'] },
      { PASSWORD: 'right' },
    ];

    for (const url of [browserUrl, functionsUrl]) {
      for (const parameters of malformed) {
        const response = await send(url, 'InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: 'client',
          AuthParameters: parameters,
        });
        expect(response.status, JSON.stringify(parameters)).toBe(400);
        expect(response.body.__type).toBe('InvalidParameterException');
      }
      expect(
        (
          await send(url, 'InitiateAuth', {
            AuthFlow: ['USER_PASSWORD_AUTH'],
            AuthParameters: { USERNAME: 'ADA', PASSWORD: 'right' },
          })
        ).body.__type,
      ).toBe('InvalidParameterException');
      expect(
        (await send(url, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: [['USERNAME', 'ADA']] }))
          .body.__type,
      ).toBe('InvalidParameterException');
    }
    expect(reached).toEqual([]);
  });

  it('refuses a reset whose login ID or code is not a string, without trying it', async () => {
    for (const body of [
      { ClientId: 'client', Username: ['ADA'], ConfirmationCode: '123456', Password: 'new-password' },
      { ClientId: 'client', Username: 'ADA', ConfirmationCode: 123456, Password: 'new-password' },
      { ClientId: 'client', Username: 'ADA', ConfirmationCode: ['123456'], Password: 'new-password' },
    ]) {
      const response = await send(functionsUrl, 'ConfirmForgotPassword', body);
      expect(response.status).toBe(400);
      expect(response.body.__type).toBe('InvalidParameterException');
    }
    expect(reached).toEqual([]);
  });
});

describe('lockout after wrong passwords', () => {
  it('refuses the right password after 50 wrong ones, without trying it at cognito-local', async () => {
    for (let i = 0; i < 50; i += 1) await signIn(browserUrl, 'ADA', `wrong-${i}`);
    reached.length = 0;

    const right = await signIn(browserUrl, 'ADA', 'right');

    expect(right).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' },
    });
    expect(reached).toEqual([]);
  });

  it('counts guesses sent all at once one by one, so only five reach cognito-local', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(browserUrl, 'ADA', `parallel-${i}`)));

    expect(reached).toEqual(Array.from({ length: 5 }, () => 'InitiateAuth'));
    expect(answers.filter((answer) => answer.body.message === 'Password attempts exceeded')).toHaveLength(15);
    expect((await signIn(browserUrl, 'ADA', 'right')).body.message).toBe('Password attempts exceeded');
  });

  it('lets the right password in once the lockout has passed', async () => {
    for (let i = 0; i < 5; i += 1) await signIn(browserUrl, 'ADA', `wrong-${i}`);
    expect((await signIn(browserUrl, 'ADA', 'right')).status).toBe(400);

    clock.now += 1000;

    expect((await signIn(browserUrl, 'ADA', 'right')).status).toBe(200);
  });

  it('counts the failures of both doors together, whatever the case of the login ID', async () => {
    for (let i = 0; i < 3; i += 1) await signIn(functionsUrl, 'ADA', `wrong-${i}`);
    for (let i = 0; i < 2; i += 1) await signIn(browserUrl, 'ada', `wrong-${i}`);

    expect((await signIn(functionsUrl, 'ADA', 'right')).body.message).toBe('Password attempts exceeded');
  });

  it("counts a sign-in by the user's sub as that user, so a second name gets no second count", async () => {
    for (let i = 0; i < 3; i += 1) await signIn(browserUrl, ADA_SUB, `wrong-${i}`);
    for (let i = 0; i < 2; i += 1) await signIn(browserUrl, 'ADA', `wrong-${i}`);

    expect((await signIn(browserUrl, ADA_SUB, 'right')).body.message).toBe('Password attempts exceeded');
    expect((await signIn(browserUrl, 'ADA', 'right')).body.message).toBe('Password attempts exceeded');
  });

  it('locks out an unknown login ID as well, so a lockout says nothing about who exists', async () => {
    for (let i = 0; i < 5; i += 1) await signIn(browserUrl, 'NOBODY', `wrong-${i}`);

    expect((await signIn(browserUrl, 'NOBODY', 'anything')).body.message).toBe('Password attempts exceeded');
  });
});

describe('refresh tokens after AdminUserGlobalSignOut', () => {
  const refresh = (url: string, token: string) =>
    send(url, 'GetTokensFromRefreshToken', { ClientId: 'client', RefreshToken: token });
  const refreshByInitiateAuth = (url: string, token: string) =>
    send(url, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client',
      AuthParameters: { REFRESH_TOKEN: token },
    });
  const signOut = (username: string) =>
    send(functionsUrl, 'AdminUserGlobalSignOut', { UserPoolId: 'pool', Username: username });
  const refreshTokenOf = async () =>
    (await signIn(browserUrl, 'ADA', 'right')).body.AuthenticationResult as { RefreshToken: string };

  it('refuses a refresh token issued before the sign-out, by either refresh call, and takes one issued after', async () => {
    const before = (await refreshTokenOf()).RefreshToken;
    expect((await refresh(browserUrl, before)).status).toBe(200);

    const signedOut = await signOut('ADA');
    const after = (await refreshTokenOf()).RefreshToken;

    const revoked = {
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
    };
    expect(signedOut.status).toBe(200);
    expect(await refresh(browserUrl, before)).toEqual(revoked);
    expect(await refreshByInitiateAuth(browserUrl, before)).toEqual(revoked);
    expect(await refresh(functionsUrl, before)).toEqual(revoked);
    expect((await refresh(browserUrl, after)).status).toBe(200);
  });

  it('refuses, after a sign-out, a refresh token it never saw issued (from before the runtime started)', async () => {
    await signOut(ADA_SUB);

    expect((await refresh(browserUrl, 'refresh-from-an-earlier-run')).body.message).toBe(
      'Refresh Token has been revoked',
    );
  });

  it('answers the sign-out of an unknown user as Cognito does, and is not a browser call', async () => {
    expect((await signOut('NOBODY')).body.__type).toBe('UserNotFoundException');
    expect((await send(browserUrl, 'AdminUserGlobalSignOut', { UserPoolId: 'pool', Username: 'ADA' })).status).toBe(
      403,
    );
  });
});

describe('lockout after wrong reset codes', () => {
  it('refuses the right code after 50 wrong ones, and takes it once the lockout has passed', async () => {
    for (let i = 0; i < 50; i += 1) await confirmReset(functionsUrl, String(100000 + i));
    reached.length = 0;

    const refused = await confirmReset(functionsUrl, '123456');
    expect(refused).toEqual({
      status: 400,
      body: { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' },
    });
    expect(reached).toEqual([]);

    clock.now += COGNITO_LOCKOUT.maxLockoutMs;
    expect((await confirmReset(functionsUrl, '123456')).status).toBe(200);
  });
});
