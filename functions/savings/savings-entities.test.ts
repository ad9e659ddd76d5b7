import { describe, expect, it } from 'vitest';
import { read } from '#core/entity';
import { conflict } from '#core/errors';
import { putMemberTransaction } from './member-transaction-entity.ts';
import { PlanEntity, planMovement } from './plan-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

/** A member transaction as orders.ts stored it before entity modules, keys and all. */
const storedTransaction = {
  pk: 'T#C1#MEMBERTXN#M1',
  sk: '2026-03-10#X1',
  entity: 'MEMBER_TRANSACTION',
  id: 'X1',
  reference_no: 'DEP-1',
  type: { name: 'Deposit' },
  type_name: 'DEPOSIT',
  description: 'Deposit to Regular',
  amount: 150_000,
  transaction_date: '2026-03-10',
  savings_id: 'P1',
  product_name: 'Regular',
  member_id: 'M1',
  order_id: 'O1',
  created_at: '2026-03-10T09:00:00.000Z',
};

const storedPlan = {
  pk: 'T#C1#SAVINGS#P1',
  sk: 'PLAN',
  gsi1pk: 'T#C1#MEMBERSAVINGS#M1',
  gsi1sk: '2026-01-01#P1',
  gsi2pk: 'T#C1#SAVINGSPLANS',
  gsi2sk: '2026-01-01#P1',
  entity: 'SAVINGS_PLAN',
  id: 'P1',
  cooperative_id: 'C1',
  member_id: 'M1',
  member_name: 'Ada Obi',
  user: { firstname: 'Ada', lastname: 'Obi' },
  product_id: 'PR1',
  product_name: 'Regular',
  setup_id: 'S1',
  start_date: '2026-01-01',
  end_date: '2027-01-01',
  amount: 500_000,
  credit_interest: 5,
  frequency: 'Monthly',
  status: 1,
  balance: 9_007_199_254_740_993n,
  lien: 0,
  available: 9_007_199_254_740_993n,
  is_target: false,
  schedule_credit: 0,
  last_payment: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('savings entity modules', () => {
  useConfigEnv({ TABLE_NAME: 'entity-test' });

  it('writes a member transaction exactly as before, in its member partition by date, only if new', () => {
    const { pk: _pk, sk: _sk, entity: _entity, ...txn } = storedTransaction;
    const { Put } = putMemberTransaction('C1', txn);
    expect(Put?.Item).toEqual(storedTransaction);
    expect(Put?.ConditionExpression).toMatch(/^attribute_not_exists\(/);
  });

  it('reads a plan whose balance is past 2^53 kobo as a bigint, and a plan never paid into', () => {
    const plan = read(PlanEntity, storedPlan);
    expect(plan.balance).toBe(9_007_199_254_740_993n);
    expect(plan.last_payment).toBeNull();
  });

  it('builds a withdrawal as ADDs of the negative amount under "available covers it"', () => {
    const failed = conflict('Insufficient available balance');
    const { item, onConditionFailed } = planMovement(
      storedPlan,
      { balance: -2500, available: -2500, updated_at: 'now', when: [{ attr: 'available', gte: 2500 }] },
      failed,
    );
    const update = item.Update!;
    expect(update.Key).toEqual({ pk: 'T#C1#SAVINGS#P1', sk: 'PLAN' });
    expect(update.UpdateExpression).toMatch(/ADD /);
    expect(Object.values(update.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining([-2500, 2500]));
    expect(update.ConditionExpression).toMatch(/attribute_exists\(.+\) AND .+ >= /);
    expect(onConditionFailed).toBe(failed);
  });
});
