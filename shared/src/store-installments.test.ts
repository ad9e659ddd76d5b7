import { describe, expect, it } from 'vitest';
import { storeInstallments } from './store-installments.ts';

describe('store installments', () => {
  it('spreads the total over the months after delivery, the odd kobo on the first ones', () => {
    // ₦1,000.00 over 3 months: 33,334 + 33,333 + 33,333 kobo.
    expect(storeInstallments(100_000, 3, '2026-11-27')).toEqual([
      { date: '2026-12-31', amount: 33_334 },
      { date: '2027-01-31', amount: 33_333 },
      { date: '2027-02-28', amount: 33_333 },
    ]);
    expect(storeInstallments(100_002, 4, '2026-01-31')).toEqual([
      { date: '2026-02-28', amount: 25_001 },
      { date: '2026-03-31', amount: 25_001 },
      { date: '2026-04-30', amount: 25_000 },
      { date: '2026-05-31', amount: 25_000 },
    ]);
  });

  it('always adds up to the total, the installments at most one kobo apart', () => {
    for (const total of [1, 7, 99_999, 1_234_567_89]) {
      for (const months of [1, 2, 5, 12, 24]) {
        const plan = storeInstallments(total, months, '2026-06-15');
        expect(plan).toHaveLength(months);
        expect(plan.reduce((s, i) => s + i.amount, 0)).toBe(total);
        const amounts = plan.map((i) => i.amount);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses a total or months it cannot spread', () => {
    expect(() => storeInstallments(0, 3, '2026-06-15')).toThrow();
    expect(() => storeInstallments(100, 0, '2026-06-15')).toThrow();
  });
});
