import { randomBytes } from 'node:crypto';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { cooperativeListBackfill } from '../../functions/cooperatives/cooperative-backfill.ts';
import { allCooperatives } from '../../functions/cooperatives/cooperative-entity.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { fileOf, payrollClient, period } from './support/payroll.ts';
import type { SavingsWorld } from './support/savings.ts';
import { GL, createBankAccount } from './support/setup-records.ts';

/**
 * The one-off backfills of the books' lists (docs/decisions.md 2026-11-26 "Paging the books'
 * lists"): each test takes away the index attributes and counters the writes now add, as items
 * written before them, runs the backfill, and reads the lists again.
 */
let token = '';
let coop = { id: '', code: '', name: '' };

beforeAll(async () => {
  useRuntimeEnv();
  token = await superToken();
  coop = await createTestCooperative('BB');
}, 60_000);

const table = () => config().tableName;
type Listed = { data: Record<string, unknown>[]; meta: { total: number } };
const list = (path: string, query: Record<string, string> = {}, cooperative = coop.id) =>
  call<Listed>('GET', path, { token, query: { cooperative_id: cooperative, per_page: '50', ...query } });
const send = <T>(path: string, body: Record<string, unknown>) =>
  call<T>('POST', path, { token, body: { cooperative_id: coop.id, ...body } });

/** Takes the gsi2 attributes off an item, as written before its list index. */
const stripIndex = (key: { pk: string; sk: string }) =>
  db().send(new UpdateCommand({ TableName: table(), Key: key, UpdateExpression: 'REMOVE gsi2pk, gsi2sk' }));

/** Deletes a tenant's list counters whose names begin with `prefix`, as before counters existed. */
async function dropCounters(tenant: string, prefix: string) {
  const found = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': keys.cooperative(tenant).pk, ':sk': `COUNTER#LIST#${prefix}` },
    }),
  );
  for (const item of found.Items ?? [])
    await db().send(new DeleteCommand({ TableName: table(), Key: { pk: String(item.pk), sk: String(item.sk) } }));
}

describe('Backfill of the books', () => {
  it('restores the posted journal entries index and the investments status index and counts, twice safely', async () => {
    const office = standardAccount('operating_expenses');
    const codes: string[] = [];
    for (const date of ['2025-08-01', '2025-08-02']) {
      const r = await send<{ transaction_code: string }>('/cooperative/journal-entry', {
        date,
        description: 'Backfill',
        lines: [
          { gl_code: office, description: 'Backfill', debit: 5, credit: 0 },
          { gl_code: GL.bank, description: 'Backfill', debit: 0, credit: 5 },
        ],
      });
      expect(r.status, r.body.message).toBe(201);
      codes.push(r.body.data.transaction_code);
    }
    const deleted = await call('DELETE', '/cooperative/journal-entry', {
      token,
      query: { cooperative_id: coop.id, id: codes[0] },
    });
    expect(deleted.status).toBe(200);
    const ctx = { coop: coop.id, token, tag: randomBytes(3).toString('hex').toUpperCase() };
    const bank = (await createBankAccount(ctx, `30${randomBytes(4).readUInt32BE(0)}`.slice(0, 10))).id;
    const ids: string[] = [];
    for (const start of ['2025-08-01', '2025-08-03', '2025-08-05']) {
      const r = await send<{ id: string }>('/cooperative/investment-tracker', {
        invested_with: 'Backfill',
        investment_amount: 50,
        investment_income: 1,
        start_date: start,
        due_date: '2026-12-31',
        gl_code: GL.investments,
        investment_interest_gl: standardAccount('investment_income'),
        bank_id: bank,
        status: 1,
      });
      expect(r.status, r.body.message).toBe(201);
      ids.push(r.body.data.id);
    }
    const closed = await send('/cooperative/investment-tracker/close', { investment_id: ids[0], investment_income: 1 });
    expect(closed.status).toBe(200);

    // As written before the indexes and counters.
    for (const code of codes) await stripIndex(keys.journalEntry(coop.id, code));
    for (const id of ids) await stripIndex(keys.investment(coop.id, id));
    await dropCounters(coop.id, 'investments#');
    const range = { start_date: '2025-08-01', end_date: '2025-08-31' };
    const entries = async () =>
      (await list('/cooperative/journal-entry', range)).body.data.data.map((e) => e.transaction_code);
    const investments = async (query: Record<string, string> = {}) => {
      const r = (await list('/cooperative/investment-tracker', query)).body.data;
      return { ids: r.data.map((i) => i.id), total: r.meta.total };
    };
    expect(await entries()).toEqual([]);
    expect(await investments({ status: '1' })).toEqual({ ids: [], total: 0 });
    expect((await investments()).total).toBe(0);

    for (let run = 0; run < 2; run++) {
      await backfill([coop.id]);
      // The deleted entry stays out; the posted one is back.
      expect(await entries()).toEqual([codes[1]]);
      expect(await investments({ status: '1' })).toEqual({ ids: [ids[2], ids[1]], total: 2 });
      expect(await investments({ status: '2' })).toEqual({ ids: [ids[0]], total: 1 });
      expect(await investments()).toEqual({ ids: [ids[2], ids[1], ids[0]], total: 3 });
    }
  });
});

describe('Backfill of the payroll runs and the cooperatives', () => {
  it("recounts a cooperative's payroll runs", async () => {
    const ctx = { coop: coop.id, token, tag: randomBytes(3).toString('hex').toUpperCase() };
    const bank = (await createBankAccount(ctx, `40${randomBytes(4).readUInt32BE(0)}`.slice(0, 10))).id;
    const world = { ctx, bank } as SavingsWorld;
    const { download, upload, finished } = payrollClient(() => world);
    for (const month of ['2026-01', '2026-02']) {
      const { book } = await download(period(month));
      const started = await upload(await fileOf(book), period(month));
      expect(started.status, started.body.message).toBe(202);
      await finished(started.body.data.id);
    }
    const runs = async () => (await list('/cooperative/monthly-deduction/runs')).body.data;
    expect((await runs()).meta.total).toBe(2);
    await dropCounters(coop.id, 'payroll-runs#');
    expect((await runs()).meta.total).toBe(0);
    for (let run = 0; run < 2; run++) {
      await backfill([coop.id]);
      const after = await runs();
      expect(after.meta.total).toBe(2);
      expect(after.data).toHaveLength(2);
    }
  });

  it("restores a cooperative's search items, and recounts the platform's cooperatives", async () => {
    const found = async () =>
      (await call<Listed>('GET', '/cooperative/all', { token, query: { query: coop.code } })).body.data.data.map(
        (c) => c.id,
      );
    expect(await found()).toEqual([coop.id]);
    const items = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'id = :id',
        ExpressionAttributeValues: { ':pk': keys.cooperativeSearchPartition(), ':id': coop.id },
      }),
    );
    expect(items.Items?.length).toBeGreaterThan(0);
    for (const item of items.Items ?? [])
      await db().send(new DeleteCommand({ TableName: table(), Key: { pk: String(item.pk), sk: String(item.sk) } }));
    expect(await found()).toEqual([]);
    await backfill([coop.id]);
    expect(await found()).toEqual([coop.id]);

    // The platform's counts are set (in a run for every cooperative) to what the list holds.
    const all = await allCooperatives();
    const values = (await cooperativeListBackfill.platformWrites!()).map((item) =>
      Object.values(item.Update?.ExpressionAttributeValues ?? {}).find((v) => typeof v === 'number'),
    );
    expect(values).toEqual([
      all.length,
      all.filter((c) => c.status === 0).length,
      all.filter((c) => c.status === 1).length,
    ]);
  });
});
