import { describe, expect, it } from 'vitest';
import type { MonthFigures } from '../../api/dashboard';
import { MONTH_NAMES, overviewTotals } from './overview-series';

const month = (index: number, deposits: number | string, withdrawals: number | string): MonthFigures => ({
  month: MONTH_NAMES[index] ?? '',
  period: `2026-${String(index + 1).padStart(2, '0')}`,
  deposits,
  withdrawals,
});

describe("the staff dashboard's year totals", () => {
  it('adds months past 2^53 kobo to the kobo, where rounding each month to kobo as a number loses it', () => {
    // ₦90,071,992,547,409.91 is 2^53 - 1 kobo; one kobo more in another month is 2^53 kobo.
    const totals = overviewTotals([month(0, '90071992547409.91', 0), month(1, 0.01, '45035996273704.96'), month(2, 0, '45035996273704.97')]);
    expect(totals.deposits).toBe('90071992547409.92');
    expect(totals.withdrawals).toBe('90071992547409.93');
  });

  it('adds ordinary months exactly, leaving out figures that are no amount and months it cannot place', () => {
    const totals = overviewTotals([month(0, 0.1, 1), month(1, 0.2, 'n/a'), { month: 'Someday', period: '', deposits: 5, withdrawals: 5 }]);
    expect(totals).toEqual({ deposits: 0.3, withdrawals: 1 });
    expect(overviewTotals(undefined)).toEqual({ deposits: 0, withdrawals: 0 });
  });
});
