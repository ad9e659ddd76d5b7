import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { straightLineSchedule } from './depreciation.ts';

describe('straight-line depreciation', () => {
  it('charges the same amount each year and ends at the residual value', () => {
    const rows = straightLineSchedule({
      cost: 1_200_000_00,
      residual: 200_000_00,
      usefulLife: 5,
      datePurchased: '2026-03-15',
    });

    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.depreciation)).toEqual(Array(5).fill(200_000_00));
    expect(rows[0]).toMatchObject({
      year: 1,
      start_date: '2026-03-15',
      end_date: '2027-03-14',
      opening_value: 1_200_000_00,
      closing_value: 1_000_000_00,
    });
    expect(rows[4]).toMatchObject({
      year: 5,
      start_date: '2030-03-15',
      end_date: '2031-03-14',
      accumulated_depreciation: 1_000_000_00,
      closing_value: 200_000_00,
    });
  });

  it('gives the rounding remainder to the last year', () => {
    const rows = straightLineSchedule({ cost: 100_00, residual: 0, usefulLife: 3, datePurchased: '2026-01-01' });
    expect(rows.map((r) => r.depreciation)).toEqual([3333, 3333, 3334]);
    expect(rows[2]?.closing_value).toBe(0);
  });

  it('keeps a leap-day purchase on the last day of February', () => {
    const rows = straightLineSchedule({ cost: 1000, residual: 0, usefulLife: 2, datePurchased: '2028-02-29' });
    expect(rows[1]?.start_date).toBe('2029-02-28');
  });

  it('refuses a residual above the cost and a life under a year', () => {
    expect(() =>
      straightLineSchedule({ cost: 100, residual: 200, usefulLife: 2, datePurchased: '2026-01-01' }),
    ).toThrow(RangeError);
    expect(() => straightLineSchedule({ cost: 100, residual: 0, usefulLife: 0, datePurchased: '2026-01-01' })).toThrow(
      RangeError,
    );
  });

  it('always sums exactly and never charges a negative year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 60 }),
        (a, b, life) => {
          const cost = Math.max(a, b);
          const residual = Math.min(a, b);
          const rows = straightLineSchedule({ cost, residual, usefulLife: life, datePurchased: '2026-06-30' });
          expect(rows.reduce((sum, r) => sum + r.depreciation, 0)).toBe(cost - residual);
          expect(rows.at(-1)?.closing_value).toBe(residual);
          for (const r of rows) expect(r.depreciation).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
