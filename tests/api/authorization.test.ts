import { defaultGrid, routeAccessKind } from '@coopledger/shared/access-defaults';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@coopledger/shared/roles';
import { ROLES } from '@coopledger/shared/roles';
import type { RouteDef } from '@coopledger/shared/routes';
import { ROUTES } from '@coopledger/shared/routes';
import { call, cooperativeId, tokenFor } from './support/api.ts';

/**
 * Generated from the route table: every route is tried with no token, with a token of each role,
 * and with a token of another cooperative naming DEMO. Each gets exactly what the table says.
 * Calls carry no valid input, so an admitted call ends in a validation or not-found answer and
 * changes nothing; what matters is that it is not refused for who the caller is.
 */
const ACCOUNTS: Record<Role, { loginId: string; password: string }> = {
  'super-admin': { loginId: 'superadmin', password: 'superadmin123' },
  'cooperative-admin': { loginId: 'DEMO-ADMIN', password: 'password123' },
  'cooperative-accountant': { loginId: 'DEMO-ACCT', password: 'password123' },
  'cooperative-executive': { loginId: 'DEMO0002', password: 'password123' },
  'cooperative-member': { loginId: 'DEMO0001', password: 'password123' },
  eshop: { loginId: 'DEMO-STORE', password: 'password123' },
};

/** ALPHA's people, used to name DEMO from another cooperative. */
const OTHER_COOPERATIVE: Partial<Record<Role, string>> = {
  'cooperative-admin': 'ALPHA-ADMIN',
  'cooperative-member': 'ALPHA0001',
};

const tokens = {} as Record<Role, string>;
let demoId = '';

beforeAll(async () => {
  for (const role of ROLES) tokens[role] = await tokenFor(ACCOUNTS[role].loginId, ACCOUNTS[role].password);
  demoId = await cooperativeId('DEMO');
});

function probe(route: RouteDef, token: string | undefined, cooperative?: string) {
  const query = cooperative ? { cooperative_id: cooperative } : undefined;
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? undefined
      : cooperative
        ? { cooperative_id: cooperative }
        : {};
  return call(route.method, route.path, { token, query, body });
}

const routes = ROUTES as readonly RouteDef[];

describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it(route.roles === 'public' ? 'is open without a token' : 'refuses a call without a token (401)', async () => {
    const response = await probe(route, undefined);
    if (route.roles === 'public') expect(response.status).not.toBe(401);
    else {
      expect(response.status).toBe(401);
      expect(response.body.status).toBe(false);
    }
  });

  if (route.roles === 'public') return;
  const admitted = route.roles;

  it.each(ROLES.map((role) => [role]))('answers %s as the table says', async (role) => {
    // A super-admin names the cooperative it acts in; others act in their own.
    const response = await probe(
      route,
      tokens[role],
      role === 'super-admin' && route.tenant === 'cooperative' ? demoId : undefined,
    );
    // The route table admits the role, and its default Role Access grid (nothing is saved for DEMO) grants the route.
    const granted = !route.resource || defaultGrid(role)[route.resource][routeAccessKind(route)];
    if (admitted.includes(role) && granted)
      expect([401, 403], `${role} was refused: ${response.body.message}`).not.toContain(response.status);
    else {
      expect(response.status, `${role} was not refused`).toBe(403);
      expect(response.body.status).toBe(false);
    }
  });

  const outsider = admitted.find((role) => OTHER_COOPERATIVE[role]);
  if (outsider && route.tenant !== 'platform') {
    it(`refuses ${outsider} of another cooperative naming DEMO (403)`, async () => {
      const token = await tokenFor(OTHER_COOPERATIVE[outsider]!);
      const response = await probe(route, token, demoId);
      expect(response.status).toBe(403);
    });
  }
});
