import { describe, expect, it } from 'vitest';
import { activityAmount, activityWords, groupSignIns } from './activity-words.ts';

describe("a person's activity in words", () => {
  it('says what was done, to what, and for how much, never the route', () => {
    expect(activityWords('POST', '/cooperative/member/loans/apply', '₦300,000.00')).toBe(
      'Applied for a loan of ₦300,000.00',
    );
    expect(activityWords('POST', '/cooperative/transaction-order/approve')).toBe('Approved a deposit or withdrawal');
    expect(activityWords('DELETE', '/cooperative/bank-account')).toBe('Deleted a bank account');
    expect(activityWords('POST', '/cooperative/asset/update')).toBe('Changed an asset');
    expect(activityWords('POST', '/cooperative/pending_members/approve')).toBe('Approved a registration');
    expect(activityWords('PUT', '/user/notification-preferences')).toBe('Changed their notification choices');
    expect(activityWords('POST', '/auth/signed-in')).toBe('Signed in');
  });

  it('reads the amount a request named, and nothing that is not one', () => {
    expect(activityAmount({ loan_amount: '300000' })).toBe('₦300,000.00');
    expect(activityAmount({ amount: 1500.5 })).toBe('₦1,500.50');
    expect(activityAmount({ amount: '12.345' })).toBeUndefined();
    expect(activityAmount({ amount: 'lots' })).toBeUndefined();
    expect(activityAmount({ amount: 0 })).toBeUndefined();
    expect(activityAmount(null)).toBeUndefined();
  });

  it('shows sign-ins in a row once, with their count, keeps other repeats apart, and keeps at most the limit', () => {
    const at = (n: number) => `2026-11-2${n}T10:00:00.000Z`;
    const entries = [
      { at: at(9), action: 'Signed in' },
      { at: at(8), action: 'Signed in' },
      { at: at(7), action: 'Signed in' },
      { at: at(6), action: 'Approved a deposit or withdrawal' },
      { at: at(5), action: 'Approved a deposit or withdrawal' },
      { at: at(4), action: 'Signed in' },
      { at: at(3), action: 'Changed their password' },
    ];

    expect(groupSignIns(entries, 4)).toEqual([
      { at: at(9), action: 'Signed in', count: 3 },
      { at: at(6), action: 'Approved a deposit or withdrawal' },
      { at: at(5), action: 'Approved a deposit or withdrawal' },
      { at: at(4), action: 'Signed in' },
    ]);
    expect(entries[0]).toEqual({ at: at(9), action: 'Signed in' });
  });
});
