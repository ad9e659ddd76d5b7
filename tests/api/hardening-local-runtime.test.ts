import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { latestMailFor } from '../../infra/local/outbox.ts';
import { apiUrl, call, superToken } from './support/api.ts';
import { adminCognito, browserCognito } from './support/cognito.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

/**
 * Issue 18, items 15 and 16: the local runtime is no open door. The browser's Cognito passes only
 * the sign-in calls, files are read only through presigned URLs the server checks, the functions'
 * endpoints are not on the app's port and refuse what a web page sends, nothing but the app listens
 * beyond loopback, repeated wrong passwords or reset codes lock a user out as Cognito does (whatever
 * name or shape the login ID is sent in), and a password change revokes earlier refresh tokens.
 */
const env = inject('runtimeEnv');

const PASSWORD = 'secret123';

let coop: { id: string; code: string };
let otherCoop: { id: string; code: string };
let departments: Record<string, string>;

async function newMember(cooperative = coop): Promise<string> {
  const created = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: await superToken(),
    body: { cooperative_id: cooperative.id, ...memberBody(departments[cooperative.id] ?? '') },
  });
  if (created.status !== 201) throw new Error(`Could not create a member: ${created.status} ${created.body.message}`);
  return created.body.data.coop_id;
}

const browserSignIn = (loginId: string, password: string) =>
  browserCognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: env.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: loginId, PASSWORD: password },
    }),
  );

/** The name of the Cognito error a call ends with, or 'ok'. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    const { name, message, $metadata } = error as {
      name: string;
      message: string;
      $metadata?: { httpStatusCode?: number };
    };
    return `${$metadata?.httpStatusCode} ${name}: ${message}`;
  }
}

const apiLogin = (loginId: string, password: string) =>
  call('POST', '/auth/login', { body: { coop_id: loginId, password } });

/** A call of Cognito's JSON API as a script would send it, shapes the SDK would refuse included. */
async function rawCognito(endpoint: string, operation: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const json = (() => {
    try {
      return JSON.parse(text) as { __type?: string; message?: string };
    } catch {
      return {};
    }
  })();
  return { status: response.status, type: json.__type, message: json.message, headers: response.headers };
}

const rawSignIn = (username: unknown, password: unknown) =>
  rawCognito(env.COGNITO_PUBLIC_ENDPOINT, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: env.USER_POOL_CLIENT_ID,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });

/** The user's `sub`, which cognito-local also takes as their name. */
async function subOf(loginId: string): Promise<string> {
  const user = await adminCognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: loginId }));
  return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? '';
}

beforeAll(async () => {
  coop = await createTestCooperative('H');
  otherCoop = await createTestCooperative('H');
  departments = { [coop.id]: await createDepartment(coop.id), [otherCoop.id]: await createDepartment(otherCoop.id) };
});

afterAll(() => {
  browserCognito.destroy();
  adminCognito.destroy();
});

describe("the browser's Cognito on the app's port", () => {
  it('refuses UpdateUserAttributes, so a member cannot make themselves a cooperative admin', async () => {
    const loginId = await newMember();
    const { AuthenticationResult } = await browserSignIn(loginId, PASSWORD);

    const update = await outcome(
      browserCognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: AuthenticationResult?.AccessToken,
          UserAttributes: [{ Name: 'custom:role', Value: 'cooperative-admin' }],
        }),
      ),
    );
    const user = await adminCognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: loginId }));
    const again = await browserSignIn(loginId, PASSWORD);

    expect(update).toMatch(/^403 AccessDeniedException/);
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'custom:role')?.Value).toBe(
      'cooperative-member',
    );
    expect(decodeJwt(again.AuthenticationResult?.IdToken ?? '')['custom:role']).toBe('cooperative-member');
  });

  it('refuses admin calls: no user is read, created, listed, re-roled or given a password through it', async () => {
    const loginId = await newMember();
    const pool = env.USER_POOL_ID;

    const answers = await Promise.all([
      outcome(browserCognito.send(new AdminGetUserCommand({ UserPoolId: pool, Username: loginId }))),
      outcome(
        browserCognito.send(
          new AdminCreateUserCommand({
            UserPoolId: pool,
            Username: `${coop.code}-INTRUDER`,
            TemporaryPassword: 'intruder1',
          }),
        ),
      ),
      outcome(browserCognito.send(new ListUsersCommand({ UserPoolId: pool }))),
      outcome(
        browserCognito.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: pool,
            Username: loginId,
            UserAttributes: [{ Name: 'custom:role', Value: 'super-admin' }],
          }),
        ),
      ),
      outcome(
        browserCognito.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: pool,
            Username: loginId,
            Password: 'taken-over',
            Permanent: true,
          }),
        ),
      ),
    ]);

    for (const answer of answers) expect(answer).toMatch(/^403 AccessDeniedException/);
    expect(
      await outcome(
        adminCognito.send(new AdminGetUserCommand({ UserPoolId: pool, Username: `${coop.code}-INTRUDER` })),
      ),
    ).toMatch(/UserNotFoundException/);
    expect((await apiLogin(loginId, PASSWORD)).status).toBe(200);
    expect((await apiLogin(loginId, 'taken-over')).status).toBe(401);
  });
});

describe("files on the app's port", () => {
  const pdf = (text: string) => Buffer.from(`%PDF-1.4\n%${text}\n`);
  let mine: { url: string; content: Buffer };
  let theirs: { url: string; content: Buffer };

  /** A registration form uploaded by staff, and the presigned link the API gives for it. */
  async function registrationForm(
    cooperative: { id: string; code: string },
    content: Buffer,
  ): Promise<{ url: string; content: Buffer }> {
    const number = await newMember(cooperative);
    const form = new FormData();
    form.append('cooperative_id', cooperative.id);
    form.append('coop_id', number);
    form.append('reg_form', new Blob([content], { type: 'application/pdf' }), 'form.pdf');
    const uploaded = await call<{ reg_form: string }>('POST', '/cooperative/member/details/update-document', {
      token: await superToken(),
      form,
    });
    if (uploaded.status !== 200) throw new Error(`Could not upload: ${uploaded.status} ${uploaded.body.message}`);
    return { url: uploaded.body.data.reg_form, content };
  }

  beforeAll(async () => {
    mine = await registrationForm(coop, pdf('mine'));
    theirs = await registrationForm(otherCoop, pdf('theirs, another cooperative'));
  });

  it("gives presigned links on the app's own port, which read the file", async () => {
    const response = await fetch(mine.url);

    expect(new URL(mine.url).origin).toBe(new URL(apiUrl()).origin);
    expect(new URL(mine.url).pathname).toMatch(/^\/s3\//);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(mine.content)).toBe(true);
  });

  it("refuses a presigned link edited to read another cooperative's file", async () => {
    const theirPath = new URL(theirs.url).pathname;
    const edited = new URL(mine.url);
    edited.pathname = theirPath;

    const response = await fetch(edited);
    const body = await response.text();

    expect(response.status).toBe(403);
    expect(body).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(body).not.toContain('theirs');
  });

  it('refuses an unsigned link, and one whose signature was altered', async () => {
    const unsigned = new URL(mine.url);
    unsigned.search = '';
    const altered = new URL(mine.url);
    const signature = altered.searchParams.get('X-Amz-Signature') ?? '';
    altered.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`);

    const responses = await Promise.all([fetch(unsigned), fetch(altered)]);

    expect(responses.map((response) => response.status)).toEqual([403, 403]);
    for (const response of responses) expect(await response.text()).not.toContain('mine');
  });

  it('refuses to list the bucket or the service, signed or not', async () => {
    const bucketPath = new URL(mine.url).pathname.split('/').slice(0, 3).join('/');
    const listings = [
      `${apiUrl()}/s3`,
      `${apiUrl()}/s3/`,
      `${apiUrl()}${bucketPath}`,
      `${apiUrl()}${bucketPath}/`,
      `${apiUrl()}${bucketPath}?list-type=2`,
    ];
    const withSignature = new URL(mine.url);
    withSignature.pathname = bucketPath;

    for (const listing of [...listings, withSignature.toString()]) {
      const response = await fetch(listing);
      const body = await response.text();
      expect(response.status, listing).toBe(403);
      expect(body).not.toContain('<Key>');
      expect(body).not.toContain(coop.id);
    }
  });

  it('refuses to write or delete a file through the app port', async () => {
    const put = await fetch(mine.url, { method: 'PUT', body: 'replaced' });
    const remove = await fetch(mine.url, { method: 'DELETE' });
    const still = await fetch(mine.url);

    expect(put.status).toBe(403);
    expect(remove.status).toBe(403);
    expect(Buffer.from(await still.arrayBuffer()).equals(mine.content)).toBe(true);
  });
});

describe("the functions' endpoints are not on the app's port", () => {
  it('answers Step Functions calls on the app port with 404 and starts nothing', async () => {
    const arn = Object.entries(env).find(([name]) => /^WORKFLOW_.*_ARN$/.test(name))?.[1];
    const start = (base: string, operation: string, body: unknown) =>
      fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AWSStepFunctions.${operation}` },
        body: JSON.stringify(body),
      });

    const onAppPort = await start(`${apiUrl()}/_local/states`, 'StartExecution', {
      stateMachineArn: arn,
      name: `intruder-${coop.code}`,
      input: '{}',
    });
    const listed = await start(env.STEP_FUNCTIONS_ENDPOINT, 'ListExecutions', {
      stateMachineArn: arn,
      maxResults: 1000,
    });
    const executions = ((await listed.json()) as { executions: { name: string }[] }).executions;

    expect(arn).toBeTruthy();
    expect(onAppPort.status).toBe(404);
    expect(listed.status).toBe(200);
    expect(executions.map((execution) => execution.name)).not.toContain(`intruder-${coop.code}`);
    expect(new URL(env.STEP_FUNCTIONS_ENDPOINT).port).not.toBe(new URL(apiUrl()).port);
  });

  it('answers the API Gateway Management API on the app port with 404', async () => {
    const post = await fetch(`${apiUrl()}/@connections/some-connection`, { method: 'POST', body: 'spoofed message' });
    const get = await fetch(`${apiUrl()}/%40connections/some-connection`);

    expect(post.status).toBe(404);
    expect(get.status).toBe(404);
    expect(new URL(env.WEBSOCKET_CALLBACK_URL).port).not.toBe(new URL(apiUrl()).port);
  });

  it("keeps s3rver's port and the functions' port out of the runtime config the browser reads", async () => {
    const config = await (await fetch(`${apiUrl()}/config.json`)).text();
    const hidden = [env.S3_ENDPOINT, env.COGNITO_ENDPOINT, env.STEP_FUNCTIONS_ENDPOINT].map((url) => new URL(url).port);

    for (const port of hidden) expect(config).not.toContain(`:${port}`);
  });
});

const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

/** Whether something accepts a TCP connection on `host:port`. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(5000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('listening on loopback only', () => {
  it.skipIf(!outsideAddress)(
    "keeps the app, the functions' port and s3rver off the machine's other addresses",
    async () => {
      const ports = [apiUrl(), env.STEP_FUNCTIONS_ENDPOINT, env.S3_ENDPOINT].map((url) => Number(new URL(url).port));

      for (const port of ports) {
        expect(await accepts('127.0.0.1', port), `127.0.0.1:${port}`).toBe(true);
        expect(await accepts(outsideAddress ?? '', port), `${outsideAddress}:${port}`).toBe(false);
      }
    },
  );
});

describe('lockout after repeated wrong passwords', () => {
  const TOO_MANY = 'Too many attempts; please wait a moment and try again';

  it("refuses the right password after 50 wrong ones at the browser's sign-in, and at the API's", async () => {
    const loginId = await newMember();
    expect(await outcome(browserSignIn(loginId, PASSWORD))).toBe('ok');

    for (let i = 0; i < 50; i += 1) await outcome(browserSignIn(loginId, `wrong-${i}`));

    expect(await outcome(browserSignIn(loginId, PASSWORD))).toBe(
      '400 NotAuthorizedException: Password attempts exceeded',
    );
    expect(await apiLogin(loginId, PASSWORD)).toMatchObject({
      status: 429,
      body: { status: false, message: TOO_MANY },
    });
  });

  it('refuses the right password after 50 wrong ones at POST /auth/login, whatever the case of the login ID', async () => {
    const loginId = await newMember();

    for (let i = 0; i < 50; i += 1) {
      const wrong = await apiLogin(i % 2 ? loginId.toLowerCase() : loginId, `wrong-${i}`);
      expect([401, 429]).toContain(wrong.status);
    }

    expect(await apiLogin(loginId, PASSWORD)).toMatchObject({ status: 429, body: { message: TOO_MANY } });
    expect(await outcome(browserSignIn(loginId, PASSWORD))).toBe(
      '400 NotAuthorizedException: Password attempts exceeded',
    );
  });

  it('leaves other login IDs alone', async () => {
    const locked = await newMember();
    const other = await newMember();
    for (let i = 0; i < 5; i += 1) await apiLogin(locked, `wrong-${i}`);

    expect((await apiLogin(locked, PASSWORD)).status).toBe(429);
    expect((await apiLogin(other, PASSWORD)).status).toBe(200);
  });
});

describe('sign-ins the lockout cannot be dodged by', () => {
  it('refuses a login ID sent as a list: 50 guesses that way and then the right password all get nowhere', async () => {
    const loginId = await newMember();

    const guesses = [];
    for (let i = 0; i < 50; i += 1) guesses.push(await rawSignIn([loginId], `wrong-${i}`));
    const right = await rawSignIn([loginId], PASSWORD);

    for (const guess of guesses) expect(guess).toMatchObject({ status: 400, type: 'InvalidParameterException' });
    expect(right).toMatchObject({ status: 400, type: 'InvalidParameterException' });
  });

  it('refuses the right password sent with the login ID as a list while the user is locked out', async () => {
    const loginId = await newMember();
    for (let i = 0; i < 5; i += 1) await outcome(browserSignIn(loginId, `wrong-${i}`));

    const asList = await rawSignIn([loginId], PASSWORD);
    const asObject = await rawSignIn({ 0: loginId }, PASSWORD);

    expect(asList).toMatchObject({ status: 400, type: 'InvalidParameterException' });
    expect(asObject).toMatchObject({ status: 400, type: 'InvalidParameterException' });
    expect(await outcome(browserSignIn(loginId, PASSWORD))).toBe(
      '400 NotAuthorizedException: Password attempts exceeded',
    );
  });

  it("counts wrong passwords sent with the user's sub as that user's", async () => {
    const loginId = await newMember();
    const sub = await subOf(loginId);
    expect(sub).toMatch(/^[0-9a-f-]{36}$/);

    for (let i = 0; i < 3; i += 1) await outcome(browserSignIn(sub, `wrong-${i}`));
    for (let i = 0; i < 2; i += 1) await outcome(browserSignIn(loginId, `wrong-${i}`));

    expect(await outcome(browserSignIn(sub, PASSWORD))).toBe('400 NotAuthorizedException: Password attempts exceeded');
    expect(await outcome(browserSignIn(loginId, PASSWORD))).toBe(
      '400 NotAuthorizedException: Password attempts exceeded',
    );
    expect((await apiLogin(loginId, PASSWORD)).status).toBe(429);
  });
});

describe('refresh tokens after a password change', () => {
  it('refuses the refresh token of a sign-in before the change at /cognito, and takes one issued after', async () => {
    const loginId = await newMember();
    const before = (await browserSignIn(loginId, PASSWORD)).AuthenticationResult;
    const refreshBefore = () =>
      browserCognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: env.USER_POOL_CLIENT_ID, RefreshToken: before?.RefreshToken }),
      );
    expect(await outcome(refreshBefore())).toBe('ok');

    const changed = await call('POST', '/auth/change-password', {
      token: before?.IdToken,
      body: { current_password: PASSWORD, password: 'changed123', password_confirmation: 'changed123' },
    });
    const byInitiateAuth = await outcome(
      browserCognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: env.USER_POOL_CLIENT_ID,
          AuthParameters: { REFRESH_TOKEN: before?.RefreshToken ?? '' },
        }),
      ),
    );
    const after = (await browserSignIn(loginId, 'changed123')).AuthenticationResult;

    expect(changed.status, changed.body.message).toBe(200);
    expect(await outcome(refreshBefore())).toBe('400 NotAuthorizedException: Refresh Token has been revoked');
    expect(byInitiateAuth).toBe('400 NotAuthorizedException: Refresh Token has been revoked');
    expect(
      await outcome(
        browserCognito.send(
          new GetTokensFromRefreshTokenCommand({
            ClientId: env.USER_POOL_CLIENT_ID,
            RefreshToken: after?.RefreshToken,
          }),
        ),
      ),
    ).toBe('ok');
  });
});

describe("the functions' port refuses what a web page sends", () => {
  it('refuses an admin call that carries an Origin or Sec-Fetch-Site, and answers no CORS, so no page resets a password', async () => {
    const loginId = await newMember();
    const takeOver = (headers: Record<string, string>) =>
      rawCognito(
        env.COGNITO_ENDPOINT,
        'AdminSetUserPassword',
        { UserPoolId: env.USER_POOL_ID, Username: loginId, Password: 'taken-over', Permanent: true },
        headers,
      );

    const answers = [
      await takeOver({ origin: 'https://attacker.example' }),
      await takeOver({ 'sec-fetch-site': 'cross-site' }),
      await takeOver({ origin: 'null' }),
    ];
    const preflight = await fetch(env.COGNITO_ENDPOINT, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://attacker.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target',
      },
    });

    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await apiLogin(loginId, 'taken-over')).status).toBe(401);
    expect((await apiLogin(loginId, PASSWORD)).status).toBe(200);
  });

  it('refuses a request rebound through DNS to another host name, at Cognito and Step Functions', async () => {
    const rebound = (endpoint: string, target: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(endpoint);
        request(
          {
            host: '127.0.0.1',
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              host: `rebound.attacker.example:${url.port}`,
              'content-type': 'application/x-amz-json-1.1',
              'x-amz-target': target,
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        )
          .once('error', reject)
          .end(JSON.stringify({ UserPoolId: env.USER_POOL_ID }));
      });

    expect(await rebound(env.COGNITO_ENDPOINT, 'AWSCognitoIdentityProviderService.ListUsers')).toBe(403);
    expect(await rebound(env.STEP_FUNCTIONS_ENDPOINT, 'AWSStepFunctions.ListExecutions')).toBe(403);
  });
});

describe('lockout after repeated wrong reset codes', () => {
  it('refuses the right reset code after 50 wrong ones', async () => {
    const loginId = await newMember();
    const requested = await call('PATCH', '/auth/password-reset', { body: { coop_id: loginId } });
    expect(requested.status).toBe(200);
    await expect.poll(() => latestMailFor(env.OUTBOX_DIR, loginId)?.code).toMatch(/^\d{6}$/);
    const code = latestMailFor(env.OUTBOX_DIR, loginId)?.code ?? '';
    const reset = (attempt: string) =>
      call('PATCH', '/auth/password-reset', {
        body: { coop_id: loginId, code: attempt, password: 'newpass123', password_confirmation: 'newpass123' },
      });

    // Ten at a time: a refused attempt takes a while, as the functions' SDK retries LimitExceededException.
    for (let batch = 0; batch < 5; batch += 1) {
      const wrong = Array.from({ length: 10 }, (_, i) =>
        String((Number(code) + 1 + batch * 10 + i) % 1_000_000).padStart(6, '0'),
      );
      for (const answer of await Promise.all(wrong.map(reset))) expect([422, 429]).toContain(answer.status);
    }
    const right = await reset(code);

    expect(right).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts; please wait a moment and try again' },
    });
    expect((await apiLogin(loginId, 'newpass123')).status).toBe(401);
    expect((await apiLogin(loginId, PASSWORD)).status).toBe(200);
  });
});
