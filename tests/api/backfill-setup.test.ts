import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';

/**
 * The backfill of the setup records' name index: records written before it (the index keys taken
 * away) are missing from their name-ordered list until the backfill puts them back.
 */
let admin = '';
let coop = { id: '', code: '', name: '' };

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  coop = await createTestCooperative('BS');
}, 60_000);

const departments = () =>
  call<{ data: { id: string; name: string }[]; meta: { total: number } }>('GET', '/cooperative/department', {
    token: admin,
    query: { cooperative_id: coop.id },
  });

describe('Backfill of the setup records', () => {
  it('restores the name index of departments written before it', async () => {
    const ids: string[] = [];
    for (const name of ['Welfare', 'audit']) {
      const r = await call<{ id: string }>('POST', '/cooperative/department', {
        token: admin,
        body: { cooperative_id: coop.id, name, status: 1 },
      });
      expect(r.status, r.body.message).toBe(201);
      ids.push(r.body.data.id);
    }
    // As written before the index.
    for (const id of ids)
      await db().send(
        new UpdateCommand({
          TableName: config().tableName,
          Key: keys.setup(coop.id, 'DEPARTMENT', id),
          UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        }),
      );
    expect((await departments()).body.data).toMatchObject({ data: [], meta: { total: 0 } });
    await backfill([coop.id]);
    await backfill([coop.id]);
    const listed = (await departments()).body.data;
    expect(listed.data.map((d) => d.name)).toEqual(['audit', 'Welfare']);
    expect(listed.meta.total).toBe(2);
  });
});
