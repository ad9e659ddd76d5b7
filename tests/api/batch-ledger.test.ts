import { kobo } from '@coopledger/shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchRows, batchTotals, postBatchRow, settleBatch } from '../../functions/core/batch-ledger.ts';
import { getItem, queryAll, table } from '../../functions/core/db.ts';
import { AppError } from '../../functions/core/errors.ts';
import { keys } from '../../functions/core/keys.ts';
import type { Effect } from '../../functions/core/ledger.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';

/**
 * Batch postings (functions/core/batch-ledger.ts) against DynamoDB Local: rows written once with
 * their effects, accumulated per shard, and settled as summarised journals exactly once, however
 * many settlements run and race.
 */
let coop = '';
const BANK = standardAccount('bank');
const SAVINGS = standardAccount('member_savings');
const INTEREST = standardAccount('loan_interest');

beforeAll(async () => {
  useRuntimeEnv();
  coop = (await createTestCooperative('BAT')).id;
});

async function glTotal(code: string) {
  return (await getItem<{ debit: number; credit: number }>(keys.glTotal(coop, code), true)) ?? { debit: 0, credit: 0 };
}

const counterKey = (batch: string) => ({ pk: `T#${coop}#TESTCOUNTER#${batch}`, sk: 'COUNTER' });

function row(batch: string, n: number, extra: { effects?: Effect[] } = {}) {
  const amount = kobo(1000 + n);
  return postBatchRow({
    cooperativeId: coop,
    batchKey: batch,
    rowKey: `M${n}`,
    shard: n % 8,
    lines: [
      { glCode: BANK, side: 'D', amount },
      { glCode: SAVINGS, side: 'C', amount: kobo(amount - 10) },
      { glCode: INTEREST, side: 'C', amount: kobo(10) },
    ],
    counters: { deposits: amount - 10 },
    record: { member_id: `M${n}`, amount },
    effects: extra.effects ?? [
      {
        item: {
          Update: {
            TableName: table(),
            Key: counterKey(batch),
            UpdateExpression: 'ADD rows_seen :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      },
    ],
  });
}

const figuresKey = (batch: string) => ({ pk: `T#${coop}#TESTFIGURES#${batch}`, sk: 'FIGURES' });

/** Settles the batch; its counters land on a figures item in the settlement's transaction. */
const settle = (batch: string) =>
  settleBatch({
    cooperativeId: coop,
    batchKey: batch,
    date: '2026-02-28',
    description: `Test batch ${batch}`,
    source: { type: 'TEST_BATCH', id: batch },
    counterEffects: (counters) => [
      {
        Update: {
          TableName: table(),
          Key: figuresKey(batch),
          UpdateExpression: 'ADD deposits :d',
          ExpressionAttributeValues: { ':d': counters.get('deposits') ?? 0 },
        },
      },
    ],
  });

describe('batch postings', () => {
  it('writes each row once, with its effects, and settles every row exactly once however the settlements race', async () => {
    const batch = `b1-${Date.now()}`;
    const bank0 = await glTotal(BANK);
    const savings0 = await glTotal(SAVINGS);
    const rows = Array.from({ length: 60 }, (_, n) => n);
    // Rows of eight shards at once, with settlements racing them.
    const outcomes = await Promise.all([...rows.map((n) => row(batch, n)), settle(batch), settle(batch)]);
    expect(outcomes.slice(0, 60).every((o) => 'duplicate' in o && !o.duplicate)).toBe(true);
    // The same rows again change nothing.
    const again = await Promise.all(rows.slice(0, 10).map((n) => row(batch, n)));
    expect(again.every((o) => o.duplicate)).toBe(true);
    await Promise.all([settle(batch), settle(batch), settle(batch)]);
    const final = await settle(batch);
    expect(final).toEqual({ rowsSettled: 60 });

    const total = rows.reduce((s, n) => s + 1000 + n, 0);
    expect((await glTotal(BANK)).debit - bank0.debit).toBe(total);
    expect((await glTotal(SAVINGS)).credit - savings0.credit).toBe(total - 600);
    expect(await getItem<{ deposits: number }>(figuresKey(batch), true)).toMatchObject({ deposits: total - 600 });
    expect(await getItem<{ rows_seen: number }>(counterKey(batch), true)).toMatchObject({ rows_seen: 60 });
    expect(await batchRows(coop, batch)).toHaveLength(60);
    const { accumulated, settled } = await batchTotals(coop, batch);
    expect(settled.debit.get(BANK)).toBe(accumulated.debit.get(BANK));
    expect(settled.rows).toBe(60);

    // Each settlement is one journal with one line per account and side.
    const journals = await queryAll<{ source_id: string; lines: { gl_code: string; dc: string }[] }>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'source_id = :batch',
      ExpressionAttributeValues: { ':pk': keys.journalsByMonth(coop, '2026-02'), ':batch': batch },
    });
    expect(journals.length).toBeGreaterThanOrEqual(1);
    expect(journals.length).toBeLessThanOrEqual(settled.seq);
    for (const journal of journals)
      expect(new Set(journal.lines.map((l) => `${l.gl_code}${l.dc}`)).size).toBe(journal.lines.length);
  });

  it("refuses a row whose effect's condition fails, writing nothing of it", async () => {
    const batch = `b2-${Date.now()}`;
    const refused = new AppError('CONFLICT', 'Insufficient balance');
    const failing: Effect = {
      item: {
        ConditionCheck: {
          TableName: table(),
          Key: counterKey(`${batch}-missing`),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: refused,
    };
    await expect(row(batch, 1, { effects: [failing] })).rejects.toBe(refused);
    expect(await batchRows(coop, batch)).toHaveLength(0);
    expect(await settle(batch)).toEqual({ rowsSettled: 0 });
  });

  it('refuses a row whose lines do not balance', async () => {
    await expect(
      postBatchRow({
        cooperativeId: coop,
        batchKey: 'b3',
        rowKey: 'M1',
        shard: 0,
        lines: [
          { glCode: BANK, side: 'D', amount: kobo(5) },
          { glCode: SAVINGS, side: 'C', amount: kobo(4) },
        ],
        record: {},
        effects: [],
      }),
    ).rejects.toThrow(/must be equal/);
  });
});
