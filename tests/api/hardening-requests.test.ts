import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_ID_MESSAGE, MAX_ID_LENGTH } from '@coopledger/shared/ids';
import type { Role } from '@coopledger/shared/roles';
import type { RouteDef } from '@coopledger/shared/routes';
import { ROUTES } from '@coopledger/shared/routes';
import { apiUrl, call, cooperativeId, superToken, tokenFor } from './support/api.ts';

/**
 * Issue 18, item 9: ids longer than DynamoDB's key limits, or deeply nested bodies, answered 500.
 * Generated from the route table: every route is sent an id of 3,000 characters (over DynamoDB's
 * 2,048-byte partition key and 1,024-byte sort key) in each id parameter it reads, and must answer
 * 422 naming that field, before anything is read or written.
 */
const OVERSIZE = 'A'.repeat(3000);

/** Who calls a route: super-admin where admitted (it may act in DEMO), else the first role admitted. */
const LOGINS: Record<Role, string> = {
  'super-admin': 'superadmin',
  'cooperative-admin': 'DEMO-ADMIN',
  'cooperative-accountant': 'DEMO-ACCT',
  'cooperative-executive': 'DEMO0002',
  'cooperative-member': 'DEMO0001',
  eshop: 'DEMO-STORE',
};

let demoId = '';
beforeAll(async () => {
  demoId = await cooperativeId('DEMO');
});

async function caller(route: RouteDef): Promise<{ token?: string; role?: Role }> {
  if (route.roles === 'public') return {};
  const role = route.roles.includes('super-admin') ? 'super-admin' : route.roles[0];
  return { role, token: role === 'super-admin' ? await superToken() : await tokenFor(LOGINS[role]) };
}

/** Sends `fields` the way the route is called: the query for GET and DELETE, else the body (a form for uploads). */
function send(route: RouteDef, token: string | undefined, fields: Record<string, string>) {
  if (route.method === 'GET' || route.method === 'DELETE')
    return call(route.method, route.path, { token, query: fields });
  if (route.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return call(route.method, route.path, { token, form });
  }
  return call(route.method, route.path, { token, body: fields });
}

/** The id parameters of a route: those the table declares, and cooperative_id on every signed-in route. */
const idParamsOf = (route: RouteDef) => [...(route.ids ?? []), ...(route.roles === 'public' ? [] : ['cooperative_id'])];

const withIds = (ROUTES as readonly RouteDef[]).filter((route) => idParamsOf(route).length > 0);

describe.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it.each(idParamsOf(route).map((param) => [param]))('refuses an oversize %s with 422', async (param) => {
    const { token, role } = await caller(route);
    // A super-admin names the cooperative it acts in, unless that is the id under test.
    const scope: Record<string, string> =
      role === 'super-admin' && route.tenant === 'cooperative' && param !== 'cooperative_id'
        ? { cooperative_id: demoId }
        : {};
    const response = await send(route, token, { ...scope, [param]: OVERSIZE });
    expect(response.status, `${response.status} ${response.body.message}`).toBe(422);
    expect(response.body.errors?.[param]).toBe(INVALID_ID_MESSAGE);
  });
});

describe('ids and body shapes the id rule refuses', () => {
  it('refuses a cooperative_id nested 5,000 arrays deep with 422, on a public and a signed-in route', async () => {
    const deep = `{"cooperative_id":${'['.repeat(5000)}"x"${']'.repeat(5000)}}`;
    for (const [path, token] of [
      ['/cooperative/pending_members', undefined],
      ['/cooperative/transaction-order', await tokenFor('DEMO0001')],
    ] as const) {
      const response = await fetch(`${apiUrl()}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: deep,
      });
      expect(response.status, path).toBe(422);
      expect(((await response.json()) as { message: string }).message).toBe(
        'The request body nests objects and arrays more than 32 deep',
      );
    }
  });

  it('refuses an oversize GL account inside the lines of a journal entry, naming the line', async () => {
    const response = await call('POST', '/cooperative/journal-entry', {
      token: await superToken(),
      body: {
        cooperative_id: demoId,
        date: '2026-01-05',
        description: 'Oversize GL',
        lines: [
          { gl_code: '10101', description: 'a', debit: 10, credit: 0 },
          { gl_code: OVERSIZE, description: 'b', debit: 0, credit: 10 },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'lines.1.gl_code': INVALID_ID_MESSAGE });
  });

  it(`refuses an id with a key separator or of ${MAX_ID_LENGTH + 1} characters, and still finds a well-formed one`, async () => {
    const admin = await tokenFor('DEMO-ADMIN');
    for (const id of ['DEMO0001#MEMBER', 'D'.repeat(MAX_ID_LENGTH + 1), 'DEMO 0001']) {
      const response = await call('GET', '/cooperative/member/single', { token: admin, query: { id } });
      expect(response.status, id).toBe(422);
    }
    expect((await call('GET', '/cooperative/member/single', { token: admin, query: { id: 'DEMO0001' } })).status).toBe(
      200,
    );
  });
});
