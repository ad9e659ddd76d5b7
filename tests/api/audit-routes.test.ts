import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecordView } from '@coopledger/shared/audit';
import { AUDIT_ACTIONS, auditSubject } from '@coopledger/shared/audit';
import type { RouteDef } from '@coopledger/shared/routes';
import { ROUTES } from '@coopledger/shared/routes';
import type { ApiResponse } from './support/api.ts';
import { call, superToken } from './support/api.ts';
import { CHANGES_NOTHING as ANSWERS_ONLY } from './support/audit-check.ts';
import { createTestCooperative, secondAdmin } from './support/fixtures.ts';

/**
 * Generated from the route table, like the authorization tests: every route that can change
 * something is called by a person it admits, in a cooperative of its own, with the empty input the
 * authorization tests send. A refused call leaves no audit record; a call that succeeded leaves
 * exactly one, named by its request id, with the route's entity and action, unless the route is
 * one that answers without changing anything (listed below, and then it leaves none).
 */
const CHANGES_NOTHING = new Set([
  ...ANSWERS_ONLY,
  // The probing admin has no notifications: marking all read finds none to change.
  'POST /user/notifications/read-all',
]);

type Page = { data: AuditRecordView[]; meta: { next_cursor: string | null } };
const writeRoutes = (ROUTES as readonly RouteDef[]).filter((r) => r.method !== 'GET' && r.roles !== 'public');

interface Probe {
  route: RouteDef;
  response: ApiResponse;
  requestId: string;
}

const probes: Probe[] = [];
const recordsByRequest = new Map<string, AuditRecordView[]>();

async function trail(path: string, token: string, query: Record<string, string>): Promise<AuditRecordView[]> {
  const found: AuditRecordView[] = [];
  let cursor: string | undefined;
  do {
    const page = await call<Page>('GET', path, { token, query: { ...query, per_page: '100', cursor } });
    if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.body.message}`);
    found.push(...page.body.data.data);
    cursor = page.body.data.meta.next_cursor ?? undefined;
  } while (cursor);
  return found;
}

beforeAll(async () => {
  const started = new Date().toISOString().slice(0, 10);
  const coop = await createTestCooperative('AUR');
  const superAdmin = await superToken();
  const admin = await secondAdmin(coop.id, superAdmin, `AUR${coop.code.slice(3, 9)}`, 'Probe');
  for (const route of writeRoutes) {
    const roles = route.roles as readonly string[];
    const asAdmin = roles.includes('cooperative-admin') && route.tenant !== 'platform';
    const token = asAdmin ? admin.token : superAdmin;
    const cooperative = route.tenant === 'platform' ? undefined : coop.id;
    const response = await call(route.method, route.path, {
      token,
      query: cooperative && route.method === 'DELETE' ? { cooperative_id: cooperative } : undefined,
      body: route.method === 'DELETE' ? undefined : cooperative ? { cooperative_id: cooperative } : {},
    });
    probes.push({ route, response, requestId: response.headers.get('apigw-requestid') ?? '' });
  }
  const records = [
    ...(await trail('/cooperative/audit-log', admin.token, { cooperative_id: coop.id, start_date: started })),
    ...(await trail('/platform/audit-log', superAdmin, { user: 'SUPERADMIN', start_date: started })),
  ];
  for (const record of records) recordsByRequest.set(record.id, [...(recordsByRequest.get(record.id) ?? []), record]);
}, 120_000);

describe('every route that can change something names what it changes', () => {
  it.each(writeRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    const subject = auditSubject(route);
    expect(subject.entity).toMatch(/^[a-z0-9/_-]+$/);
    expect(AUDIT_ACTIONS).toContain(subject.action);
  });
});

describe('a change route leaves one audit record when it changed something, and none when it was refused', () => {
  it.each(writeRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (name, route) => {
    const probe = probes.find((p) => p.route === route)!;
    expect(probe.requestId, 'the answer names its request').not.toBe('');
    const records = recordsByRequest.get(probe.requestId) ?? [];
    const succeeded = probe.response.status < 300;
    if (!succeeded || CHANGES_NOTHING.has(name)) {
      expect(records, `${probe.response.status} ${probe.response.body.message}`).toEqual([]);
      return;
    }
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      route: name,
      ...(({ entity, action }) => ({ entity, action }))(auditSubject(route)),
    });
  });
});
