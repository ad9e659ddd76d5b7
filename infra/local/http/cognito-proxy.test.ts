import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_OPERATIONS, createCognitoProxy, type CognitoLockouts } from './cognito-proxy.ts';
import { COGNITO_LOCKOUT, createLockout } from './sign-in-lockout.ts';

/**
 * The proxies in front of a stand-in for cognito-local that knows one user (ADA, password `right`,
 * reset code 123456) and records every call that reaches it.
 */
const PREFIX = 'AWSCognitoIdentityProviderService.';
const reached: string[] = [];
const clock = { now: 0 };
let lockouts: CognitoLockouts;
let upstream: Server;
let proxies: Server;
let browserUrl: string;
let functionsUrl: string;

/** An access token's shape is all the proxy reads (to add ExpiresIn). */
const accessToken = ['{"alg":"none"}', '{"iat":1000,"exp":4600,"token_use":"access"}', ''].map((part) => Buffer.from(part).toString('base64url')).join('.');

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
      const target = String(req.headers['x-amz-target'] ?? '');
      reached.push(req.method === 'GET' ? `GET ${req.url}` : target.replace(PREFIX, ''));
      const body = req.method === 'POST' ? await readJson(req) : {};
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(json));
      };
      if (target === `${PREFIX}InitiateAuth`) {
        const { USERNAME, PASSWORD } = (body.AuthParameters ?? {}) as Record<string, string>;
        if (USERNAME !== 'ADA') return answer(400, { __type: 'NotAuthorizedException', message: 'User not authorized' });
        if (PASSWORD !== 'right') return answer(400, { __type: 'InvalidPasswordException', message: 'Invalid password' });
        return answer(200, { AuthenticationResult: { AccessToken: accessToken, IdToken: 'id', RefreshToken: 'refresh' } });
      }
      if (target === `${PREFIX}ConfirmForgotPassword`) {
        return body.ConfirmationCode === '123456' ? answer(200, {}) : answer(400, { __type: 'CodeMismatchException', message: 'Incorrect confirmation code' });
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
  const browser = createCognitoProxy({ upstream: upstreamUrl, lockouts, operations: BROWSER_OPERATIONS, log });
  const functions = createCognitoProxy({ upstream: upstreamUrl, lockouts, log });
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
  send(url, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'client', AuthParameters: { USERNAME: username, PASSWORD: password } });
const confirmReset = (url: string, code: string) => send(url, 'ConfirmForgotPassword', { ClientId: 'client', Username: 'ADA', ConfirmationCode: code, Password: 'new-password' });

describe("the browser's Cognito door", () => {
  it('refuses admin and attribute calls without passing them on', async () => {
    const refused = [
      ['UpdateUserAttributes', { AccessToken: accessToken, UserAttributes: [{ Name: 'custom:role', Value: 'cooperative-admin' }] }],
      ['AdminUpdateUserAttributes', { UserPoolId: 'pool', Username: 'ADA', UserAttributes: [{ Name: 'custom:role', Value: 'super-admin' }] }],
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
    const lookalike = await fetch(browserUrl, { method: 'POST', headers: { 'x-amz-target': 'Other.UpdateUserAttributes' }, body: '{}' });
    const twice = await new Promise<number>((resolve, reject) => {
      const req = request(browserUrl, { method: 'POST', headers: { 'x-amz-target': [`${PREFIX}InitiateAuth`, `${PREFIX}UpdateUserAttributes`] } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
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
    const oauth = await fetch(`${browserUrl}/oauth2/token`, { method: 'POST', headers: { 'x-amz-target': `${PREFIX}InitiateAuth` }, body: '{}' });

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

describe("the functions' Cognito door", () => {
  it('passes every call, admin ones included', async () => {
    const response = await send(functionsUrl, 'AdminGetUser', { UserPoolId: 'pool', Username: 'ADA' });

    expect(response.status).toBe(200);
    expect(reached).toEqual(['AdminGetUser']);
  });
});

describe('lockout after wrong passwords', () => {
  it('refuses the right password after 50 wrong ones, without asking cognito-local', async () => {
    for (let i = 0; i < 50; i += 1) await signIn(browserUrl, 'ADA', `wrong-${i}`);
    reached.length = 0;

    const right = await signIn(browserUrl, 'ADA', 'right');

    expect(right).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' } });
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

  it('locks out an unknown login ID as well, so a lockout says nothing about who exists', async () => {
    for (let i = 0; i < 5; i += 1) await signIn(browserUrl, 'NOBODY', `wrong-${i}`);

    expect((await signIn(browserUrl, 'NOBODY', 'anything')).body.message).toBe('Password attempts exceeded');
  });
});

describe('lockout after wrong reset codes', () => {
  it('refuses the right code after 50 wrong ones, and takes it once the lockout has passed', async () => {
    for (let i = 0; i < 50; i += 1) await confirmReset(functionsUrl, String(100000 + i));
    reached.length = 0;

    const refused = await confirmReset(functionsUrl, '123456');
    expect(refused).toEqual({ status: 400, body: { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' } });
    expect(reached).toEqual([]);

    clock.now += COGNITO_LOCKOUT.maxLockoutMs;
    expect((await confirmReset(functionsUrl, '123456')).status).toBe(200);
  });
});
