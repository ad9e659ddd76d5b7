import { describe, expect, it } from 'vitest';
import { isPending, orderNoun, orderStatusLabel } from './order-status';

describe('order status', () => {
  it('reads 0 pending, 1 approved, 2 denied', () => {
    expect(orderStatusLabel(0)).toBe('Pending');
    expect(orderStatusLabel(1)).toBe('Approved');
    expect(orderStatusLabel(2)).toBe('Denied');
  });

  it('offers approve and deny only on a pending order', () => {
    expect(isPending(0)).toBe(true);
    expect(isPending(1)).toBe(false);
    expect(isPending(2)).toBe(false);
    expect(isPending(7)).toBe(false);
    expect(orderStatusLabel(7)).toBe('Pending');
  });

  it('names the kind of order', () => {
    expect(orderNoun('DEPOSIT')).toBe('Deposit');
    expect(orderNoun('WITHDRAWAL')).toBe('Withdrawal');
  });
});
