import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import type { Key } from '../../functions/core/keys.ts';
import { queryPartition } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

/**
 * The backfill of the user and registration search items: each test takes the items a write now
 * adds away, runs the backfill (twice: it is idempotent) and searches again.
 */
let admin = '';
let coop = { id: '', code: '', name: '' };

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  coop = await createTestCooperative('BS');
}, 60_000);

const search = (path: string, query: Record<string, string>) =>
  call<{ data: { id: string; coop_id: string | null }[] }>('GET', path, {
    token: admin,
    query: { cooperative_id: coop.id, ...query },
  });

/** Deletes every item of a search partition, as a table written before the search items holds none. */
async function stripPartition(partition: string): Promise<number> {
  const items = await queryPartition<Key & Record<string, unknown>>(partition);
  for (const item of items)
    await db().send(new DeleteCommand({ TableName: config().tableName, Key: { pk: item.pk, sk: item.sk } }));
  return items.length;
}

describe('Backfill of the search items of users and registrations', () => {
  it("writes the search items of a cooperative's users", async () => {
    const login = `${coop.code}BU1`.toUpperCase();
    const made = await call('POST', '/user/coopledger', {
      token: admin,
      body: {
        cooperative_id: coop.id,
        coop_id: login,
        firstname: 'Olamide',
        lastname: 'Backfilled',
        email: 'olamide.b@backfill.example',
        role_id: 'cooperative-admin',
        password: 'secret12',
        confirm_password: 'secret12',
      },
    });
    expect(made.status, made.body.message).toBe(201);
    const ids = async (query: string) =>
      (await search('/user/coopledger', { query })).body.data.data.map((u) => u.coop_id);
    expect(await ids('backfil')).toEqual([login]);
    expect(await stripPartition(keys.userSearchPartition(coop.id))).toBeGreaterThan(0);
    expect(await ids('backfil')).toEqual([]);
    await backfill([coop.id]);
    await backfill([coop.id]);
    expect(await ids('backfil')).toEqual([login]);
    expect(await ids('olamide.b@')).toEqual([login]);
    expect(await ids(login)).toEqual([login]);
  });

  it('writes the search items of registrations under their status', async () => {
    const department = await createDepartment(coop.id);
    const register = async (firstname: string) => {
      const {
        role_id: _r,
        staff_id: _s,
        password: _p,
        ...body
      } = memberBody(department, {
        firstname,
        lastname: 'Refiled',
      });
      const r = await call<{ id: string }>('POST', '/cooperative/pending_members', {
        body: { ...body, cooperative_code: coop.code, type: 'pending' },
      });
      expect(r.status, r.body.message).toBe(201);
      return r.body.data.id;
    };
    const waiting = await register('Waiting');
    const denied = await register('Refused');
    const deny = await call('GET', '/cooperative/pending_members/deny', {
      token: admin,
      query: { cooperative_id: coop.id, member_id: denied },
    });
    expect(deny.status, deny.body.message).toBe(200);
    const ids = async (status: string) =>
      (await search('/cooperative/pending_members', { query: 'refiled', status })).body.data.data.map((r) => r.id);
    await stripPartition(keys.registrationSearchPartition(coop.id, 0));
    await stripPartition(keys.registrationSearchPartition(coop.id, 2));
    expect(await ids('0')).toEqual([]);
    expect(await ids('2')).toEqual([]);
    await backfill([coop.id]);
    await backfill([coop.id]);
    expect(await ids('0')).toEqual([waiting]);
    expect(await ids('2')).toEqual([denied]);
    expect(await ids('1')).toEqual([]);
  });
});
