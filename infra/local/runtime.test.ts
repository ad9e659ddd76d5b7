import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import {
  ApiGatewayManagementApiClient,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { request } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { HandlerSource } from './handler-source.ts';
import { LOCAL } from './local-names.ts';
import { latestMailFor } from './outbox.ts';
import { isPortFree } from './ports.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import type { WebSocketEvent } from './ws/websocket-event.ts';

/** Fake domains: each records the events it receives; `dashboard` always fails. */
const httpEvents: APIGatewayProxyEventV2WithJWTAuthorizer[] = [];
const socketEvents: WebSocketEvent[] = [];
const handlers: HandlerSource = {
  http: async (domain) => async (event) => {
    httpEvents.push(event);
    if (domain === 'dashboard') throw new Error('This fake domain always fails.');
    return {
      statusCode: 200,
      headers: { 'x-domain': domain },
      cookies: ['session=abc; Path=/'],
      body: JSON.stringify({ status: true, message: 'ok', data: domain }),
    };
  },
  websocket: async () => async (event) => {
    socketEvents.push(event);
    return { statusCode: 200 };
  },
};

let runtime: Runtime;
const logLines: string[] = [];
let cognito: CognitoIdentityProviderClient;
const password = 'password123';

const lastEvent = () => httpEvents.at(-1) as APIGatewayProxyEventV2WithJWTAuthorizer;

async function createUser(loginId: string, role: string, cooperativeId: string, email?: string): Promise<void> {
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: LOCAL.userPoolId,
      Username: loginId,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'custom:role', Value: role },
        { Name: 'custom:cooperative_id', Value: cooperativeId },
        ...(email
          ? [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ]
          : []),
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: LOCAL.userPoolId,
      Username: loginId,
      Password: password,
      Permanent: true,
    }),
  );
}

async function signIn(loginId: string): Promise<{ idToken: string; refreshToken: string }> {
  const result = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: LOCAL.userPoolClientId,
      AuthParameters: { USERNAME: loginId, PASSWORD: password },
    }),
  );
  return {
    idToken: result.AuthenticationResult?.IdToken ?? '',
    refreshToken: result.AuthenticationResult?.RefreshToken ?? '',
  };
}

function verifyIdToken(token: string) {
  const issuer = `${runtime.env.COGNITO_PUBLIC_ENDPOINT}/${LOCAL.userPoolId}`;
  return jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)), {
    issuer,
    audience: LOCAL.userPoolClientId,
  });
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, inMemory: true, seed: false, handlers, log: (line) => logLines.push(line) });
  cognito = new CognitoIdentityProviderClient({ region: LOCAL.region, endpoint: runtime.env.COGNITO_ENDPOINT });
  await createUser('TEST-SUPER', 'super-admin', 'PLATFORM');
}, 60_000);

afterAll(async () => {
  cognito?.destroy();
  await runtime?.stop();
}, 30_000);

describe('the local runtime', () => {
  it('creates the single table with both indexes and expiry', async () => {
    const db = new DynamoDBClient({ region: LOCAL.region, endpoint: runtime.env.DYNAMODB_ENDPOINT });
    const { Table } = await db.send(new DescribeTableCommand({ TableName: LOCAL.tableName }));
    const ttl = await db.send(new DescribeTimeToLiveCommand({ TableName: LOCAL.tableName }));
    db.destroy();

    expect(Table?.KeySchema?.map((key) => key.AttributeName)).toEqual(['pk', 'sk']);
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(['gsi1', 'gsi2']);
    expect(Table?.GlobalSecondaryIndexes?.every((index) => index.Projection?.ProjectionType === 'ALL')).toBe(true);
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expires_at' });
  });

  it('creates the files bucket without CORS, so no web page can read s3rver', async () => {
    const s3 = new S3Client({ region: LOCAL.region, endpoint: runtime.env.S3_ENDPOINT, forcePathStyle: true });
    const cors = await s3
      .send(new GetBucketCorsCommand({ Bucket: LOCAL.filesBucket }))
      .catch((error: Error) => error.name);
    s3.destroy();
    const preflight = await fetch(`${runtime.env.S3_ENDPOINT}/${LOCAL.filesBucket}/uploads/a.pdf`, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'GET' },
    });
    const read = await fetch(`${runtime.env.S3_ENDPOINT}/${LOCAL.filesBucket}`, {
      headers: { origin: 'https://attacker.example' },
    });

    expect(cors).toBe('NoSuchCORSConfiguration');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("refuses a web page's request at cognito-local's own port: Origin, Sec-Fetch-Site or another Host", async () => {
    const adminCall = (headers: Record<string, string>) =>
      fetch(runtime.emulators.cognito, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
          ...headers,
        },
        body: JSON.stringify({ UserPoolId: LOCAL.userPoolId }),
      });
    const rebound = await new Promise<number>((resolve, reject) => {
      const url = new URL(runtime.emulators.cognito);
      request(
        {
          host: url.hostname,
          port: url.port,
          path: '/health',
          headers: { host: `rebound.attacker.example:${url.port}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
        .once('error', reject)
        .end();
    });

    const fromPage = await adminCall({ origin: 'https://attacker.example' });
    const sameSite = await adminCall({ 'sec-fetch-site': 'same-site' });
    const preflight = await fetch(runtime.emulators.cognito, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST' },
    });

    expect([fromPage.status, sameSite.status, preflight.status, rebound]).toEqual([403, 403, 403, 403]);
    expect(await fromPage.text()).not.toContain('Username');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await adminCall({})).status).toBe(200);
  });

  it('signs a Cognito user in with an ID token that verifies and carries the custom claims', async () => {
    const { idToken, refreshToken } = await signIn('TEST-SUPER');
    const { payload } = await verifyIdToken(idToken);

    expect(refreshToken).not.toBe('');
    expect(LOCAL.userPoolId).toMatch(/^eu-west-1_[A-Za-z0-9]{9}$/);
    expect(payload).toMatchObject({
      token_use: 'id',
      'cognito:username': 'TEST-SUPER',
      'custom:role': 'super-admin',
      'custom:cooperative_id': 'PLATFORM',
    });
  });

  it('hands a public route to its handler as an HTTP API v2 event', async () => {
    const response = await fetch(`${runtime.url}/api/v1/banks?page=2&tag=a&tag=b%20c`, {
      headers: { cookie: 'theme=dark; lang=en', 'x-test': 'yes' },
    });
    const event = lastEvent();

    expect(response.status).toBe(200);
    expect(response.headers.get('x-domain')).toBe('lookups');
    expect(response.headers.get('set-cookie')).toBe('session=abc; Path=/');
    expect(await response.json()).toEqual({ status: true, message: 'ok', data: 'lookups' });
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/v1/banks',
      rawPath: '/api/v1/banks',
      rawQueryString: 'page=2&tag=a&tag=b%20c',
      queryStringParameters: { page: '2', tag: 'a,b c' },
      cookies: ['theme=dark', 'lang=en'],
      isBase64Encoded: false,
      requestContext: {
        routeKey: 'GET /api/v1/banks',
        stage: '$default',
        http: { method: 'GET', path: '/api/v1/banks', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1' },
      },
    });
    expect(event.headers['x-test']).toBe('yes');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.body).toBeUndefined();
    expect(event.pathParameters).toBeUndefined();
    expect(event.requestContext.authorizer).toBeUndefined();
  });

  it('passes JSON bodies as text and multipart bodies base64-encoded', async () => {
    await fetch(`${runtime.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"coop_id":"x"}',
    });
    const json = lastEvent();
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array([0, 1, 2, 255])]), 'logo.png');
    await fetch(`${runtime.url}/api/v1/auth/login`, { method: 'POST', body: form });
    const multipart = lastEvent();

    expect(json).toMatchObject({ body: '{"coop_id":"x"}', isBase64Encoded: false });
    expect(json.queryStringParameters).toBeUndefined();
    expect(multipart.isBase64Encoded).toBe(true);
    expect(multipart.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(Buffer.from(multipart.body ?? '', 'base64').includes(Buffer.from([0, 1, 2, 255]))).toBe(true);
  });

  it('refuses a protected route without a valid token, as the JWT authorizer does', async () => {
    const before = httpEvents.length;
    const missing = await fetch(`${runtime.url}/api/v1/cooperative/all`);
    const garbage = await fetch(`${runtime.url}/api/v1/cooperative/all`, {
      headers: { authorization: 'Bearer not.a.token' },
    });

    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ status: false, message: 'Unauthenticated', data: null });
    expect(garbage.status).toBe(401);
    expect(httpEvents.length).toBe(before);
  });

  it('gives the handler the token claims as strings on a protected route', async () => {
    const { idToken } = await signIn('TEST-SUPER');
    const response = await fetch(`${runtime.url}/api/v1/cooperative/all`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    const { jwt } = lastEvent().requestContext.authorizer;

    expect(response.status).toBe(200);
    expect(jwt.scopes).toBeNull();
    expect(jwt.claims).toMatchObject({
      'custom:role': 'super-admin',
      'custom:cooperative_id': 'PLATFORM',
      token_use: 'id',
      aud: LOCAL.userPoolClientId,
    });
    expect(Object.values(jwt.claims).every((value) => typeof value === 'string')).toBe(true);
  });

  it('answers unknown routes with 404 and failing handlers with 500', async () => {
    const unknown = await fetch(`${runtime.url}/api/v1/nowhere`);
    const { idToken } = await signIn('TEST-SUPER');
    const failing = await fetch(`${runtime.url}/api/v1/dashboard`, { headers: { authorization: `Bearer ${idToken}` } });

    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: false, message: 'Route not found', data: null });
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ status: false, message: 'Internal server error', data: null });
  });

  it('turns GetTokensFromRefreshToken into fresh tokens through the Cognito proxy', async () => {
    const { refreshToken } = await signIn('TEST-SUPER');
    const response = await fetch(runtime.env.COGNITO_PUBLIC_ENDPOINT, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: LOCAL.userPoolClientId, RefreshToken: refreshToken }),
    });
    const { AuthenticationResult: result } = (await response.json()) as {
      AuthenticationResult: { IdToken: string; AccessToken: string; ExpiresIn: number; TokenType: string };
    };

    expect(response.status).toBe(200);
    expect(result).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer', AccessToken: expect.any(String) as unknown });
    expect((await verifyIdToken(result.IdToken)).payload['custom:role']).toBe('super-admin');
  });

  it('serves the runtime config for the web app', async () => {
    const config = await (await fetch(`${runtime.url}/config.json`)).json();

    expect(config).toEqual(
      expect.objectContaining({
        region: LOCAL.region,
        userPoolId: LOCAL.userPoolId,
        userPoolClientId: LOCAL.userPoolClientId,
        apiBase: '/api/v1',
        stage: 'local',
        cognitoEndpoint: runtime.env.COGNITO_PUBLIC_ENDPOINT,
      }),
    );
  });

  it('relays WebSocket connections and messages, and answers the Management API', async () => {
    const { idToken } = await signIn('TEST-SUPER');
    const refused = await new Promise<number | undefined>((resolve) =>
      new WebSocket(`${runtime.url.replace('http', 'ws')}/ws?token=bad`).once(
        'unexpected-response',
        (_request, response) => resolve(response.statusCode),
      ),
    );
    const socket = new WebSocket(`${runtime.url.replace('http', 'ws')}/ws?token=${idToken}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const connect = socketEvents.at(-1) as WebSocketEvent;
    const ConnectionId = connect.requestContext.connectionId;
    const received = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString('utf8'))),
    );
    socket.send('hello');
    const management = new ApiGatewayManagementApiClient({
      region: LOCAL.region,
      endpoint: runtime.env.WEBSOCKET_CALLBACK_URL,
    });
    await management.send(new PostToConnectionCommand({ ConnectionId, Data: Buffer.from('hi there') }));
    const connection = await management.send(new GetConnectionCommand({ ConnectionId }));

    expect(refused).toBe(401);
    expect(connect.requestContext).toMatchObject({
      routeKey: '$connect',
      eventType: 'CONNECT',
      authorizer: { 'custom:role': 'super-admin' },
    });
    expect(await received).toBe('hi there');
    expect(connection.Identity?.SourceIp).toBe('127.0.0.1');
    await expect.poll(() => socketEvents.at(-1)?.body).toBe('hello');
    socket.close();
    await expect.poll(() => socketEvents.at(-1)?.requestContext.routeKey).toBe('$disconnect');
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId, Data: Buffer.from('late') })),
    ).rejects.toBeInstanceOf(GoneException);
    management.destroy();
  });

  it('writes the codes cognito-local sends to the outbox, and the code resets the password', async () => {
    await createUser('TEST-MAIL', 'cooperative-admin', 'COOP1', 'test.mail@example.org');
    const delivery = await cognito.send(
      new ForgotPasswordCommand({ ClientId: LOCAL.userPoolClientId, Username: 'TEST-MAIL' }),
    );
    await expect.poll(() => latestMailFor(runtime.env.OUTBOX_DIR, 'TEST-MAIL')).toBeDefined();
    const mail = latestMailFor(runtime.env.OUTBOX_DIR, 'TEST-MAIL');
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: LOCAL.userPoolClientId,
        Username: 'TEST-MAIL',
        ConfirmationCode: mail?.code,
        Password: 'new-password-456',
      }),
    );
    const signedIn = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: LOCAL.userPoolClientId,
        AuthParameters: { USERNAME: 'TEST-MAIL', PASSWORD: 'new-password-456' },
      }),
    );

    expect(delivery.CodeDeliveryDetails).toMatchObject({
      DeliveryMedium: 'EMAIL',
      Destination: 'test.mail@example.org',
    });
    expect(mail).toMatchObject({
      to: 'test.mail@example.org',
      username: 'TEST-MAIL',
      kind: 'cognito',
      trigger: 'ForgotPassword',
      subject: 'Your verification code',
    });
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(mail?.code);
    expect(logLines).toContain(`Mail to test.mail@example.org: Your verification code (outbox/${mail?.file})`);
    expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('stops every emulator and frees every port', async () => {
    const ports = [runtime.url, runtime.internalUrl, ...Object.values(runtime.emulators)].map((url) =>
      Number(new URL(url).port),
    );
    await runtime.stop();

    expect(new Set(ports).size).toBe(5);
    for (const port of ports) expect(await isPortFree(port)).toBe(true);
  }, 30_000);
});
