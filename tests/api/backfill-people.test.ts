import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '@coopledger/shared/dates';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';

/**
 * The backfills of the people lists: elections' counter and the positions index, the users counter
 * and staff index. Each test takes away what a write now adds, runs the backfill and reads again.
 */
let admin = '';
let coop = { id: '', code: '', name: '' };
const table = () => config().tableName;

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  coop = await createTestCooperative('BP');
}, 60_000);

const get = <T>(path: string, query: Record<string, string> = {}) =>
  call<{ data: T[]; meta: { total: number } }>('GET', path, {
    token: admin,
    query: { cooperative_id: coop.id, ...query },
  });

describe('Backfill of the people lists', () => {
  it('restores the elections counter and the positions index', async () => {
    const made = await call<{ id: string }>('POST', '/cooperative/voting/election', {
      token: admin,
      body: {
        cooperative_id: coop.id,
        name: 'Backfilled',
        start_date: addDays(today(), 3),
        end_date: addDays(today(), 4),
        status: 0,
        positions: [{ name: 'Chair' }, { name: 'Scribe' }],
      },
    });
    expect(made.status, made.body.message).toBe(201);
    const positions = await get<{ id: string }>('/cooperative/voting/position/single', {
      election_id: made.body.data.id,
    });
    // As written before the counter and the index.
    await db().send(new DeleteCommand({ TableName: table(), Key: keys.counter(coop.id, 'LIST#elections') }));
    for (const p of positions.body.data.data)
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.electionPosition(coop.id, made.body.data.id, p.id),
          UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        }),
      );
    expect((await get('/cooperative/voting/election')).body.data.meta.total).toBe(0);
    expect((await get('/cooperative/voting/position/single')).body.data.data).toEqual([]);
    await backfill([coop.id]);
    await backfill([coop.id]);
    expect((await get('/cooperative/voting/election')).body.data.meta.total).toBe(1);
    const all = await get<{ name: string }>('/cooperative/voting/position/single');
    expect(all.body.data.data.map((p) => p.name)).toEqual(['Chair', 'Scribe']);
  });

  it("restores the users counter and a staff user's index (a member's contact)", async () => {
    const login = `${coop.code}ST1`.toUpperCase();
    const made = await call('POST', '/user/coopledger', {
      token: admin,
      body: {
        cooperative_id: coop.id,
        coop_id: login,
        firstname: 'Back',
        lastname: 'Fill',
        email: `${login.toLowerCase()}@backfill.example`,
        role_id: 'cooperative-admin',
        password: 'secret12',
        confirm_password: 'secret12',
      },
    });
    expect(made.status, made.body.message).toBe(201);
    await db().send(new DeleteCommand({ TableName: table(), Key: keys.counter(coop.id, 'LIST#users') }));
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(coop.id, login),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      }),
    );
    expect((await get('/user/coopledger')).body.data.meta.total).toBe(0);
    await backfill([coop.id]);
    expect((await get('/user/coopledger')).body.data.meta.total).toBe(1);
    const staff = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(coop.id, login),
        UpdateExpression: 'SET updated_at = updated_at',
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(staff.Attributes?.gsi2pk).toBe(keys.staffUsersPartition(coop.id));
  });
});
