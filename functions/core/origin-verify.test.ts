import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import event from '../../events/auth-login.json' with { type: 'json' };
import { resetConfig } from './config.ts';
import { domainHandler } from './handler.ts';
import { ok } from './http.ts';
import type { ApiEvent } from './request.ts';
import { useConfigEnv } from './test-support/config-env.ts';

const SECRET = 'a-value-only-cloudfront-knows-0123456789';

/** The lookups domain with stub routes: GET /banks answers and counts its calls. */
let served = 0;
const stub = async () => {
  served += 1;
  return ok('ok', []);
};
const lookups = domainHandler('lookups', {
  'GET /banks': stub,
  'GET /utilities/countries': stub,
  'GET /utilities/state': stub,
  'GET /calculation-method': stub,
  'GET /payment-mode': stub,
});

function banksRequest(headers: Record<string, string>): ApiEvent {
  const routeKey = 'GET /api/v1/banks';
  return {
    ...event,
    routeKey,
    rawPath: '/api/v1/banks',
    body: undefined,
    headers: { ...event.headers, ...headers },
    requestContext: {
      ...event.requestContext,
      routeKey,
      http: { ...event.requestContext.http, method: 'GET', path: '/api/v1/banks' },
    },
  } as unknown as ApiEvent;
}

const call = async (headers: Record<string, string>) => {
  const response = await lookups(banksRequest(headers), {} as Context);
  return { status: response.statusCode, body: JSON.parse(response.body ?? '{}') as { message: string } };
};

useConfigEnv();
beforeEach(() => {
  served = 0;
});

describe('a domain function behind CloudFront', () => {
  beforeEach(() => {
    vi.stubEnv('ORIGIN_VERIFY_SECRET', SECRET);
    resetConfig();
  });

  it('refuses a request that bypassed CloudFront and its WAF (no origin-verify header), without running the route', async () => {
    const { status, body } = await call({});
    expect(status).toBe(403);
    expect(body.message).toBe('This API is reached only through the CoopLedger site');
    expect(served).toBe(0);
  });

  it('refuses a request with a guessed origin-verify value', async () => {
    expect((await call({ 'x-origin-verify': `${SECRET.slice(0, -1)}x` })).status).toBe(403);
    expect((await call({ 'x-origin-verify': '' })).status).toBe(403);
    expect(served).toBe(0);
  });

  it("serves a request carrying CloudFront's origin-verify header", async () => {
    expect((await call({ 'x-origin-verify': SECRET })).status).toBe(200);
    expect(served).toBe(1);
  });
});

describe('a domain function with no CloudFront in front (the local runtime)', () => {
  it('serves requests without the header', async () => {
    expect((await call({})).status).toBe(200);
    expect(served).toBe(1);
  });
});
