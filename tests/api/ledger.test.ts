import { kobo } from '@coopledger/shared/money';
import { PutCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { getItem, queryPartition, table } from '../../functions/core/db.ts';
import { AppError } from '../../functions/core/errors.ts';
import { keys } from '../../functions/core/keys.ts';
import type { Effect } from '../../functions/core/ledger.ts';
import { post } from '../../functions/core/ledger.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';

/**
 * The ledger primitive against DynamoDB Local. The "order" and "savings account" here are plain
 * items shaped like the subledger records the savings domain keeps; the ledger only sees effects.
 */
let coop = '';
const BANK = standardAccount('bank');
const SAVINGS = standardAccount('member_savings');

beforeAll(async () => {
  useRuntimeEnv();
  coop = (await createTestCooperative('LED')).id;
});

const orderKey = (id: string) => ({ pk: `T#${coop}#TESTORDER#${id}`, sk: 'ORDER' });
const accountKey = (id: string) => ({ pk: `T#${coop}#TESTSAVINGS#${id}`, sk: 'SAVINGS' });

async function glTotal(code: string) {
  return (await getItem<{ debit: number; credit: number }>(keys.glTotal(coop, code), true)) ?? { debit: 0, credit: 0 };
}

function approveOrderEffect(orderId: string): Effect {
  return {
    item: {
      Update: {
        TableName: table(),
        Key: orderKey(orderId),
        UpdateExpression: 'SET #status = :approved',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':approved': 1, ':pending': 0 },
      },
    },
    onConditionFailed: new AppError('CONFLICT', 'Only pending orders can be approved'),
  };
}

function withdrawEffect(accountId: string, amount: number): Effect {
  return {
    item: {
      Update: {
        TableName: table(),
        Key: accountKey(accountId),
        UpdateExpression: 'SET balance = balance - :amount, available = available - :amount',
        ConditionExpression: 'available >= :amount',
        ExpressionAttributeValues: { ':amount': amount },
      },
    },
    onConditionFailed: new AppError('CONFLICT', 'Insufficient available balance'),
  };
}

describe('the ledger', () => {
  it('refuses an unbalanced posting and writes nothing', async () => {
    const before = await glTotal(BANK);
    await expect(
      post({
        cooperativeId: coop,
        idempotencyKey: 'unbalanced-1',
        date: '2026-05-01',
        description: 'Unbalanced',
        source: { type: 'TEST', id: 'unbalanced-1' },
        lines: [
          { glCode: BANK, side: 'D', amount: kobo(10_000) },
          { glCode: SAVINGS, side: 'C', amount: kobo(9_999) },
        ],
      }),
    ).rejects.toThrow(/must be equal/);
    expect(await glTotal(BANK)).toEqual(before);
    expect(await getItem(keys.idempotency(coop, 'unbalanced-1'), true)).toBeUndefined();
  });

  it('refuses an unknown GL account', async () => {
    await expect(
      post({
        cooperativeId: coop,
        idempotencyKey: 'unknown-gl',
        date: '2026-05-01',
        description: 'Unknown account',
        source: { type: 'TEST', id: 'unknown-gl' },
        lines: [
          { glCode: '999999', side: 'D', amount: kobo(100) },
          { glCode: SAVINGS, side: 'C', amount: kobo(100) },
        ],
      }),
    ).rejects.toThrow(/999999 does not exist/);
  });

  it('posts a balanced journal with its lines and running balances, once per idempotency key', async () => {
    const bankBefore = await glTotal(BANK);
    const posting = {
      cooperativeId: coop,
      idempotencyKey: 'deposit-once',
      date: '2026-05-02',
      description: 'Deposit',
      source: { type: 'TEST', id: 'deposit-once' },
      lines: [
        { glCode: BANK, side: 'D' as const, amount: kobo(2_500_00) },
        { glCode: SAVINGS, side: 'C' as const, amount: kobo(2_500_00) },
      ],
    };
    const first = await post(posting);
    const replay = await post(posting);

    expect(first.duplicate).toBe(false);
    expect(replay).toEqual({ journalId: first.journalId, duplicate: true });
    expect((await glTotal(BANK)).debit - bankBefore.debit).toBe(2_500_00);
    const month = await getItem<{ debit: number; credit: number }>(keys.glMonthBalance(coop, '2026-05', SAVINGS), true);
    expect(month?.credit).toBeGreaterThanOrEqual(2_500_00);
    const lines = await queryPartition(keys.journalLinesPartition(coop, BANK, '2026-05'));
    expect(lines.filter((l) => l.journal_id === first.journalId)).toHaveLength(1);
  });

  it('posts exactly once when 20 approvals of one order race', async () => {
    // Prepare: a pending order.
    await db().send(new PutCommand({ TableName: table(), Item: { ...orderKey('race'), status: 0 } }));
    const bankBefore = await glTotal(BANK);

    // Act: 20 concurrent approvals, each posting with the order id as idempotency key.
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        post({
          cooperativeId: coop,
          idempotencyKey: 'order-race',
          date: '2026-05-03',
          description: 'Deposit approval',
          source: { type: 'TEST_ORDER', id: 'race' },
          lines: [
            { glCode: BANK, side: 'D', amount: kobo(1_000_00) },
            { glCode: SAVINGS, side: 'C', amount: kobo(1_000_00) },
          ],
          effects: [approveOrderEffect('race')],
        }),
      ),
    );

    // Assess: one posting, the others either saw the duplicate or were refused as no longer pending.
    const fresh = attempts.filter((a) => a.status === 'fulfilled' && !a.value.duplicate);
    expect(fresh).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') expect((attempt.reason as AppError).code).toBe('CONFLICT');
    }
    expect((await glTotal(BANK)).debit - bankBefore.debit).toBe(1_000_00);
    const order = await db().send(new GetCommand({ TableName: table(), Key: orderKey('race'), ConsistentRead: true }));
    expect(order.Item?.status).toBe(1);
  });

  it('never takes a balance below zero when withdrawals race', async () => {
    // Prepare: 5,000.00 available; 12 concurrent withdrawals of 1,000.00 each.
    await db().send(
      new PutCommand({ TableName: table(), Item: { ...accountKey('acc'), balance: 5_000_00, available: 5_000_00 } }),
    );
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        post({
          cooperativeId: coop,
          idempotencyKey: `withdrawal-${i}`,
          date: '2026-05-04',
          description: 'Withdrawal',
          source: { type: 'TEST_WITHDRAWAL', id: String(i) },
          lines: [
            { glCode: SAVINGS, side: 'D', amount: kobo(1_000_00) },
            { glCode: BANK, side: 'C', amount: kobo(1_000_00) },
          ],
          effects: [withdrawEffect('acc', 1_000_00)],
        }),
      ),
    );

    const succeeded = attempts.filter((a) => a.status === 'fulfilled');
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    for (const r of refused)
      expect(r.reason).toMatchObject({ code: 'CONFLICT', message: 'Insufficient available balance' });
    const account = await db().send(
      new GetCommand({ TableName: table(), Key: accountKey('acc'), ConsistentRead: true }),
    );
    expect(account.Item).toMatchObject({ balance: 0, available: 0 });
    const withdrawals = await queryPartition(keys.journalLinesPartition(coop, SAVINGS, '2026-05'));
    expect(withdrawals.filter((l) => l.dc === 'D')).toHaveLength(5);
  });
});
