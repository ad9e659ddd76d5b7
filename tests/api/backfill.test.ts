import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

/**
 * The one-off backfills (functions/maintenance/backfill.ts) bring items written before an index,
 * search item or counter existed up to date: each test takes away what a write now adds, runs the
 * backfill, and reads the list again.
 */
let admin = '';
let coop = { id: '', code: '', name: '' };

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  coop = await createTestCooperative('BF');
}, 60_000);

const table = () => config().tableName;

describe('Backfill', () => {
  it("restores a member's status index and search items, and running it twice changes nothing", async () => {
    const department = await createDepartment(coop.id);
    const made = await call<{ coop_id: string }>('POST', '/cooperative/member', {
      token: admin,
      body: { cooperative_id: coop.id, ...memberBody(department, { firstname: 'Kemi', lastname: 'Backfill' }) },
    });
    expect(made.status, made.body.message).toBe(201);
    const id = made.body.data.coop_id;
    const off = await call('GET', '/cooperative/member/deactivate', {
      token: admin,
      query: { cooperative_id: coop.id, coop_id: id },
    });
    expect(off.status).toBe(200);
    // As a member written before the status index and the search items.
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.member(coop.id, id),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      }),
    );
    const search = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.memberSearchPartition(coop.id) },
      }),
    );
    for (const item of search.Items ?? [])
      await db().send(new DeleteCommand({ TableName: table(), Key: { pk: String(item.pk), sk: String(item.sk) } }));
    const found = async (path: string, query: Record<string, string> = {}) =>
      (
        await call<{ data: { coop_id: string }[] }>('GET', path, {
          token: admin,
          query: { cooperative_id: coop.id, ...query },
        })
      ).body.data.data.map((m) => m.coop_id);
    expect(await found('/cooperative/member/get-deactivated-members')).toEqual([]);
    expect(await found('/cooperative/member', { query: 'kemi' })).toEqual([]);

    await backfill([coop.id]);
    expect(await found('/cooperative/member/get-deactivated-members')).toEqual([id]);
    expect(await found('/cooperative/member', { query: 'kemi' })).toEqual([id]);
    await backfill([coop.id]);
    expect(await found('/cooperative/member', { query: 'backf' })).toEqual([id]);
  });
});
