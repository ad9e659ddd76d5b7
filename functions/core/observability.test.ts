import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import event from '../../events/auth-login.json' with { type: 'json' };
import { routesOf } from '@coopledger/shared/routes';
import { invalid } from './errors.ts';
import { ok } from './http.ts';
import type { RouteHandler } from './handler.ts';
import type { ApiEvent } from './request.ts';
import { useConfigEnv } from './test-support/config-env.ts';

/**
 * What a request writes to the logs and metrics: the auth domain with stub routes, invoked in
 * process as Lambda would, with stdout and stderr captured. Only the account check (a table read) is
 * replaced; the middy chain, the logger and the metrics are the ones every function runs.
 */
vi.mock('./tenant.ts', async (original) => ({
  ...(await original<object>()),
  assertActive: async () => undefined,
}));

const { domainHandler, routeName } = await import('./handler.ts');
const { logger } = await import('./logger.ts');
const { METRIC, countMetric } = await import('./observability.ts');

/** A signed-in member's token, as a browser would send it (three base64url parts). */
const TOKEN =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6ImxvY2FsIn0.eyJzdWIiOiJ1c2VyLTEiLCJjb2duaXRvOnVzZXJuYW1lIjoiTUVNMDAwMSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const PASSWORD = 'Correct-Horse-Battery-9';
const ACCOUNT_NUMBER = '0123456789';
const DOCUMENT_TEXT = 'Payslip of November: basic salary and allowances';

let routeHandlers: Record<string, RouteHandler> = {};
const stub: RouteHandler = async () => ok('ok', null);
const auth = domainHandler(
  'auth',
  Object.fromEntries(
    routesOf('auth').map((route) => [routeName(route), (ctx) => (routeHandlers[routeName(route)] ?? stub)(ctx)]),
  ),
);

function request(method: string, path: string, options: { body?: unknown; claims?: Record<string, string> } = {}) {
  const routeKey = `${method} /api/v1${path}`;
  return {
    ...event,
    routeKey,
    rawPath: `/api/v1${path}`,
    headers: { ...event.headers, authorization: `Bearer ${TOKEN}` },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    requestContext: {
      ...event.requestContext,
      requestId: 'Req-Abc123=',
      routeKey,
      http: { ...event.requestContext.http, method, path: `/api/v1${path}` },
      authorizer: options.claims ? { jwt: { claims: options.claims, scopes: [] } } : undefined,
    },
  } as unknown as ApiEvent;
}

const MEMBER_CLAIMS = {
  sub: 'user-1',
  'cognito:username': 'mem0001',
  'custom:role': 'cooperative-member',
  'custom:cooperative_id': 'COOP42',
};

/** Everything written to stdout and stderr while `run` runs. */
async function captured(run: () => Promise<unknown>): Promise<string> {
  const chunks: string[] = [];
  const keep = (chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return chunks.join('');
}

/** The JSON objects among the captured lines (log lines and EMF metric lines). */
const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

useConfigEnv({ STAGE: 'test', LOG_LEVEL: 'debug' });
beforeEach(() => {
  routeHandlers = {};
  logger.setLogLevel('DEBUG');
});
afterEach(() => logger.setLogLevel('INFO'));

describe("a request's log lines", () => {
  it('carry the request id, route, domain, cooperative, user and role', async () => {
    routeHandlers['GET /auth/me'] = async () => {
      logger.info('reading the signed-in user');
      return ok('ok', null);
    };
    const output = await captured(() =>
      auth(request('GET', '/auth/me', { claims: MEMBER_CLAIMS }), { awsRequestId: 'lambda-req-1' } as Context),
    );
    const line = jsonLines(output).find((l) => l.message === 'reading the signed-in user');
    expect(line).toMatchObject({
      level: 'INFO',
      request_id: 'Req-Abc123=',
      route: 'GET /api/v1/auth/me',
      domain: 'auth',
      cooperative: 'COOP42',
      user: 'MEM0001',
      role: 'cooperative-member',
      function_request_id: 'lambda-req-1',
    });
  });

  it("do not carry one request's user into the next request", async () => {
    await captured(() => auth(request('GET', '/auth/me', { claims: MEMBER_CLAIMS }), {} as Context));
    routeHandlers['POST /auth/login'] = async () => {
      logger.info('signing in');
      return ok('ok', null);
    };
    const output = await captured(() =>
      auth(request('POST', '/auth/login', { body: { coop_id: 'superadmin', password: PASSWORD } }), {} as Context),
    );
    const line = jsonLines(output).find((l) => l.message === 'signing in');
    expect(line).toMatchObject({ route: 'POST /api/v1/auth/login', domain: 'auth' });
    expect(line).not.toHaveProperty('user');
    expect(line).not.toHaveProperty('cooperative');
    expect(line).not.toHaveProperty('role');
  });

  it('never show a password, a token, document content or a full account number', async () => {
    // A careless route logging everything it was given, and then failing with the token in the message.
    routeHandlers['POST /auth/login'] = async (ctx) => {
      logger.info('sign-in attempt', {
        input: ctx.body,
        headers: ctx.event.headers,
        member: { account_no: ACCOUNT_NUMBER, bank: 'First Bank' },
        upload: { fileName: 'payslip.pdf', content: Buffer.from(DOCUMENT_TEXT) },
        note: `retried with Authorization: Bearer ${TOKEN}`,
      });
      throw new Error(`token ${TOKEN} was refused`);
    };
    const output = await captured(() =>
      auth(
        request('POST', '/auth/login', {
          body: { coop_id: 'superadmin', password: PASSWORD, current_password: PASSWORD, account_no: ACCOUNT_NUMBER },
        }),
        {} as Context,
      ),
    );
    expect(output).toContain('sign-in attempt');
    expect(output).toContain('unexpected error');
    for (const secret of [PASSWORD, TOKEN, TOKEN.split('.')[1], ACCOUNT_NUMBER, DOCUMENT_TEXT, 'Payslip'])
      expect(output).not.toContain(secret);
    // What stays: the masked account number, the file's name and size, the login id.
    const line = jsonLines(output).find((l) => l.message === 'sign-in attempt');
    expect(line).toMatchObject({
      input: { coop_id: 'superadmin', password: '[redacted]', account_no: '******6789' },
      member: { account_no: '******6789', bank: 'First Bank' },
      upload: { fileName: 'payslip.pdf', content: `[redacted] (${Buffer.byteLength(DOCUMENT_TEXT)} bytes)` },
    });
    expect((line?.headers as Record<string, string>).authorization).toBe('[redacted]');
  });
});

describe('the error metric', () => {
  beforeEach(() => vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false'));

  it('counts a refused request under its error code, the domain and the stage', async () => {
    routeHandlers['POST /auth/login'] = async () => {
      throw invalid('password', 'Please enter your password');
    };
    const output = await captured(() =>
      auth(request('POST', '/auth/login', { body: { coop_id: 'superadmin', password: 'x' } }), {} as Context),
    );
    const emf = jsonLines(output).filter((l) => '_aws' in l && 'Errors' in l);
    expect(emf).toHaveLength(1);
    expect(emf[0]).toMatchObject({
      Errors: 1,
      code: 'VALIDATION',
      domain: 'auth',
      stage: 'test',
      service: 'coopledger',
    });
    const [directive] = (emf[0]._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] })
      .CloudWatchMetrics;
    expect(directive.Namespace).toBe('CoopLedger');
    expect([...directive.Dimensions[0]].sort()).toEqual(['code', 'domain', 'service', 'stage']);
    expect(output).not.toContain('already been added');
  });

  it("flushes a request's business metrics when it ends, with the stage and domain, once per request", async () => {
    routeHandlers['POST /auth/login'] = async () => {
      countMetric(METRIC.postings);
      countMetric(METRIC.postings);
      return ok('ok', null);
    };
    const call = () =>
      auth(request('POST', '/auth/login', { body: { coop_id: 'superadmin', password: 'x' } }), {} as Context);
    const output = await captured(async () => {
      await call();
      await call();
    });
    const emf = jsonLines(output).filter((l) => '_aws' in l);
    // EMF keeps each count of a request (CloudWatch adds them up): two per request, one line per request.
    const total = (value: unknown) => [value].flat().reduce((sum: number, v) => sum + Number(v), 0);
    expect(emf.map((l) => total(l.Postings))).toEqual([2, 2]);
    expect(emf[0]).toMatchObject({ domain: 'auth', stage: 'test', service: 'coopledger' });
    // The dimensions are set anew for each request without Powertools' "already added" warning.
    expect(output).not.toContain('already been added');
  });

  it('counts an unexpected failure as INTERNAL', async () => {
    routeHandlers['POST /auth/login'] = async () => {
      throw new TypeError('undefined is not a function');
    };
    const output = await captured(() =>
      auth(request('POST', '/auth/login', { body: { coop_id: 'superadmin', password: 'x' } }), {} as Context),
    );
    const emf = jsonLines(output).filter((l) => '_aws' in l && 'Errors' in l);
    expect(emf.map((l) => l.code)).toEqual(['INTERNAL']);
  });
});

describe('metrics outside Lambda', () => {
  it('are not recorded unless POWERTOOLS_METRICS_DISABLED is false, whenever the variable was set', async () => {
    // The local runtime sets the variable after this module loaded (as in the bench's process).
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    routeHandlers['POST /auth/login'] = async () => {
      countMetric(METRIC.postings);
      throw invalid('password', 'Please enter your password');
    };
    const call = () =>
      auth(request('POST', '/auth/login', { body: { coop_id: 'superadmin', password: 'x' } }), {} as Context);
    const off = await captured(call);
    expect(jsonLines(off).filter((l) => '_aws' in l)).toEqual([]);

    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const on = await captured(call);
    expect(
      jsonLines(on)
        .filter((l) => '_aws' in l)
        .map((l) => ('Errors' in l ? 'Errors' : 'Postings')),
    ).toEqual(['Errors', 'Postings']);
  });
});
