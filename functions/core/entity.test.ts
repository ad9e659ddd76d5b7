import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@coopledger/shared/statuses';
import { approveEffect, OrderEntity, putOrder } from '../savings/order-entity.ts';
import { dateRange, read, transition } from './entity.ts';
import { AppError } from './errors.ts';
import { useConfigEnv } from './test-support/config-env.ts';

/** An order as createOrder stored it before entity modules (docs/data-model.md), keys and all. */
const stored = {
  pk: 'T#C1#ORDER#O1',
  sk: 'ORDER',
  gsi1pk: 'T#C1#ORDERS#DEPOSIT',
  gsi1sk: '2026-03-10#O1',
  gsi2pk: 'T#C1#PENDINGORDERS#DEPOSIT',
  gsi2sk: '2026-03-10#O1',
  entity: 'TRANSACTION_ORDER',
  id: 'O1',
  cooperative_id: 'C1',
  coop_id: 'M1',
  member: { firstname: 'Ada', lastname: 'Obi' },
  member_name: 'Ada Obi',
  savings_id: 'P1',
  product_name: 'Regular',
  amount: 150_000,
  date: '2026-03-10',
  payment_mode_id: 1,
  payment_mode: { id: 1, name: 'Cash' },
  transaction_type: 'DEPOSIT',
  status: 0,
  created_by: 'ADMIN',
  created_at: '2026-03-10T09:00:00.000Z',
};

const thrownBy = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('entity modules (core/entity.ts)', () => {
  useConfigEnv({ TABLE_NAME: 'entity-test' });

  it('reads a stored order as its record, without the table keys', () => {
    const order = read(OrderEntity, stored);
    expect(order).toMatchObject({
      id: 'O1',
      cooperative_id: 'C1',
      amount: 150_000,
      status: ORDER_STATUS.PENDING,
      member: { firstname: 'Ada', lastname: 'Obi' },
    });
    expect(order).not.toHaveProperty('pk');
    expect(order).not.toHaveProperty('gsi2pk');
  });

  it('refuses a stored item that does not match the schema with an internal error, never a cast', () => {
    for (const bad of [
      { ...stored, status: 7 },
      { ...stored, amount: '150000' },
      { ...stored, member: undefined },
    ]) {
      const error = thrownBy(() => read(OrderEntity, bad));
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(500);
    }
  });

  it('writes a new order exactly as before: same keys and index keys, no Toolbox attributes, only if new', () => {
    const { pk: _pk, sk: _sk, ...record } = stored;
    const { gsi1pk: _1, gsi1sk: _2, gsi2pk: _3, gsi2sk: _4, entity: _5, ...input } = record;
    const params = putOrder(
      { ...input, transaction_type: 'DEPOSIT', status: ORDER_STATUS.PENDING },
      { pending: true },
    ).params();
    expect(params.Put?.TableName).toBe('entity-test');
    expect(params.Put?.Item).toEqual(stored);
    expect(params.Put?.ConditionExpression).toMatch(/^attribute_not_exists\(/);
  });

  it('builds an approval as a conditioned status transition that leaves the pending index', () => {
    const { item, onConditionFailed } = approveEffect(stored, {
      reference_no: 'DEP1',
      bank_id: 'B1',
      approved_by: 'ADMIN',
      approved_at: 'now',
    });
    expect(item).not.toHaveProperty('ToolboxItem');
    expect(item.Update?.Key).toEqual({ pk: 'T#C1#ORDER#O1', sk: 'ORDER' });
    const names = item.Update?.ExpressionAttributeNames ?? {};
    const values = item.Update?.ExpressionAttributeValues ?? {};
    // The condition names status and holds the pending value; the update removes both gsi2 keys.
    const [, conditionName, conditionValue] = /^(#\w+) = (:\w+)$/.exec(item.Update?.ConditionExpression ?? '') ?? [];
    expect(names[conditionName]).toBe('status');
    expect(values[conditionValue]).toBe(ORDER_STATUS.PENDING);
    const removed = /REMOVE (.*)$/
      .exec(item.Update?.UpdateExpression ?? '')?.[1]
      .split(', ')
      .map((n) => names[n]);
    expect(removed).toEqual(['gsi2pk', 'gsi2sk']);
    expect(Object.values(values)).toEqual(expect.arrayContaining([ORDER_STATUS.APPROVED, 'DEP1', 'B1', 'ADMIN']));
    expect(onConditionFailed?.statusCode).toBe(409);
  });

  it('refuses to build a transition to a status the entity does not know', () => {
    expect(() => transition(OrderEntity, { cooperative_id: 'C1', id: 'O1' }, ORDER_STATUS.PENDING, 9).params()).toThrow(
      /status/,
    );
  });

  it('gives a date range that includes every id of the last day', () => {
    expect(dateRange('2026-01-01', '2026-01-31')).toEqual({ between: ['2026-01-01', '2026-01-31~'] });
    expect(dateRange('2026-01-01')).toEqual({ gte: '2026-01-01' });
    expect(dateRange(undefined, '2026-01-31')).toEqual({ lte: '2026-01-31~' });
    expect(dateRange()).toBeUndefined();
    expect('2026-01-31#01JZZZ' <= '2026-01-31~').toBe(true);
  });
});
