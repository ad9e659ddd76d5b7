import { describe, expect, it } from 'vitest';
import type { MonthFigures } from '../../api/dashboard';
import { formatNairaTick, MONTH_NAMES, overviewSeries, overviewTotals } from './overview-series';

const month = (index: number, deposits: number | string, withdrawals: number | string): MonthFigures => ({
  month: MONTH_NAMES[index] ?? '',
  period: `2026-${String(index + 1).padStart(2, '0')}`,
  deposits,
  withdrawals,
});

describe('overviewSeries', () => {
  it('puts each month of the API in its place, January first', () => {
    const overview = MONTH_NAMES.map((_, i) => month(i, i === 2 ? 2500.5 : 0, i === 10 ? 800 : 0));
    const series = overviewSeries(overview);
    expect(series.categories).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(series.deposits).toEqual([0, 0, 2500.5, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(series.withdrawals).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 800, 0]);
  });

  it('fills months the API left out with zero and ignores their order', () => {
    const series = overviewSeries([month(11, 10, 1), month(0, 20, 2)]);
    expect(series.deposits).toEqual([20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]);
    expect(series.withdrawals).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it('reads amounts sent as text, and a figure without a period by its month name', () => {
    const series = overviewSeries([{ month: 'Apr', period: '', deposits: '1234.56', withdrawals: 'n/a' }]);
    expect(series.deposits[3]).toBe(1234.56);
    expect(series.withdrawals[3]).toBe(0);
  });

  it('gives twelve zero months when there is nothing yet', () => {
    expect(overviewSeries(undefined).deposits).toEqual(Array.from({ length: 12 }, () => 0));
    expect(overviewSeries([]).withdrawals).toHaveLength(12);
  });
});

describe('formatNairaTick', () => {
  it('shortens the naira axis ticks', () => {
    expect(formatNairaTick(0)).toBe('₦0');
    expect(formatNairaTick(750)).toBe('₦750');
    expect(formatNairaTick(1500)).toBe('₦1.5K');
    expect(formatNairaTick(2_250_000)).toBe('₦2.25M');
    expect(formatNairaTick(3_000_000_000)).toBe('₦3B');
    expect(formatNairaTick(999_999)).toBe('₦1M');
    expect(formatNairaTick(-1500)).toBe('-₦1.5K');
    expect(formatNairaTick(null)).toBe('');
  });
});

describe("the staff dashboard's year totals", () => {
  it('adds months past 2^53 kobo to the kobo, where rounding each month to kobo as a number loses it', () => {
    // ₦90,071,992,547,409.91 is 2^53 - 1 kobo; one kobo more in another month is 2^53 kobo.
    const totals = overviewTotals([
      month(0, '90071992547409.91', 0),
      month(1, 0.01, '45035996273704.96'),
      month(2, 0, '45035996273704.97'),
    ]);
    expect(totals.deposits).toBe('90071992547409.92');
    expect(totals.withdrawals).toBe('90071992547409.93');
  });

  it('adds ordinary months exactly, leaving out figures that are no amount and months it cannot place', () => {
    const totals = overviewTotals([
      month(0, 0.1, 1),
      month(1, 0.2, 'n/a'),
      { month: 'Someday', period: '', deposits: 5, withdrawals: 5 },
    ]);
    expect(totals).toEqual({ deposits: 0.3, withdrawals: 1 });
    expect(overviewTotals(undefined)).toEqual({ deposits: 0, withdrawals: 0 });
  });
});
