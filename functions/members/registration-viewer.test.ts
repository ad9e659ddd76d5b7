import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import event from '../../events/auth-login.json' with { type: 'json' };
import type { ApiEvent } from '#core/request';
import { useConfigEnv } from '#core/test-support/config-env';

/**
 * The registration rate limit counts per viewer (docs/decisions.md "Viewer address"). In the cloud
 * the connection's source is a CloudFront edge and the viewer is named in CloudFront-Viewer-Address;
 * locally both are the same connection, so only here can the two differ. The registration service
 * is replaced to see which address the members function hands it.
 */
const register = vi.fn(async (_input: unknown, _sourceIp: string) => ({ id: 'PENDING1' }));
vi.mock('./pending-service.ts', async (original) => ({
  ...(await original<object>()),
  register: (input: unknown, sourceIp: string) => register(input, sourceIp),
}));

const { handler } = await import('./handler.ts');

const SECRET = 'a-value-only-cloudfront-knows-0123456789';

const registration = {
  cooperative_code: 'DEMO',
  type: 'pending',
  firstname: 'Ada',
  lastname: 'Obi',
  email: 'ada.obi@example.com',
  phone: '08030000000',
  gender: 'Female',
  marital_status: 'Single',
  dob: '1990-04-12',
  current_address: '12 Broad Street, Lagos',
  savings_amount: '5000.50',
  level: 3,
  department_id: 'DEPT1',
  date_joined: '2020-01-15',
  bank_id: 1,
  branch: 'Marina',
  account_type: 'Savings',
  account_no: '0123456789',
  account_name: 'Ada Obi',
  nok_name: 'Chidi Obi',
  nok_address: '3 Allen Avenue',
  nok_phone: '08030000001',
  nok_email: 'chidi@example.com',
  contact_name: 'Ngozi Obi',
  contact_address: '4 Allen Avenue',
  contact_phone: '08030000002',
  contact_email: 'ngozi@example.com',
};

/** A registration as CloudFront forwards it: from an edge address, with its secret and the viewer's header. */
function throughCloudFront(viewerHeader: string | undefined, edgeAddress: string): ApiEvent {
  const routeKey = 'POST /api/v1/cooperative/pending_members';
  const headers: Record<string, string> = { ...event.headers, 'x-origin-verify': SECRET };
  if (viewerHeader) headers['cloudfront-viewer-address'] = viewerHeader;
  return {
    ...event,
    routeKey,
    rawPath: '/api/v1/cooperative/pending_members',
    headers,
    body: JSON.stringify(registration),
    requestContext: {
      ...event.requestContext,
      routeKey,
      http: { ...event.requestContext.http, path: '/api/v1/cooperative/pending_members', sourceIp: edgeAddress },
    },
  } as unknown as ApiEvent;
}

useConfigEnv({ ORIGIN_VERIFY_SECRET: SECRET });
beforeEach(() => register.mockClear());

describe('a registration through CloudFront', () => {
  it('is counted against the viewer CloudFront names, not the edge it came from', async () => {
    const response = await handler(throughCloudFront('203.0.113.7:46532', '130.176.0.1'), {} as Context);

    expect(response.statusCode).toBe(201);
    expect(register).toHaveBeenCalledOnce();
    expect(register.mock.calls[0][1]).toBe('203.0.113.7');
  });

  it('is counted against an IPv6 viewer, whose header holds no brackets', async () => {
    await handler(throughCloudFront('2001:db8:85a3::8a2e:370:7334:443', '130.176.0.1'), {} as Context);

    expect(register.mock.calls[0][1]).toBe('2001:db8:85a3::8a2e:370:7334');
  });

  it('is counted against the connection when no viewer is named', async () => {
    await handler(throughCloudFront(undefined, '130.176.0.1'), {} as Context);

    expect(register.mock.calls[0][1]).toBe('130.176.0.1');
  });
});
