import { describe, expect, it } from 'vitest';
import { quickDepositSchema, toDepositOrder } from './quick-deposit-schema';

const valid = {
  coop_id: 'DEMO0003',
  savings_id: 'PLAN1',
  amount: '1,250.75',
  date: '2026-03-10',
  payment_mode_id: '2',
  comment: 'Cash at the office',
};

describe('quickDepositSchema', () => {
  it('gives the spec messages for an empty form', () => {
    const result = quickDepositSchema.safeParse({
      coop_id: '',
      savings_id: '',
      amount: '',
      date: '',
      payment_mode_id: '',
      comment: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      coop_id: 'Please select a member',
      savings_id: 'Please select account',
      amount: 'This field is required',
      date: 'This field is required',
      payment_mode_id: 'This field is required',
    });
  });

  it('refuses amounts that are not naira with at most 2 decimals, and zero', () => {
    const message = (amount: string) => quickDepositSchema.safeParse({ ...valid, amount }).error?.issues[0]?.message;
    expect(message('12.345')).toBe('Enter an amount in naira with at most 2 decimals');
    expect(message('abc')).toBe('Enter an amount in naira with at most 2 decimals');
    expect(message('-5')).toBe('Enter an amount in naira with at most 2 decimals');
    expect(message('0')).toBe('Enter an amount greater than zero');
  });

  it('places a pending deposit with the amount as typed, without separators', () => {
    const values = quickDepositSchema.parse(valid);
    expect(toDepositOrder(values)).toEqual({
      coop_id: 'DEMO0003',
      savings_id: 'PLAN1',
      amount: '1250.75',
      date: '2026-03-10',
      payment_mode_id: 2,
      comment: 'Cash at the office',
      transaction_type: 'DEPOSIT',
    });
    expect(toDepositOrder(quickDepositSchema.parse({ ...valid, comment: '  ' })).comment).toBeUndefined();
  });
});
