import { describe, expect, it } from 'vitest';
import type { MonthFigures } from '../../api/dashboard';
import { formatNairaTick, MONTH_NAMES, overviewSeries } from './overview-series';

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
    expect(series.categories).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
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
