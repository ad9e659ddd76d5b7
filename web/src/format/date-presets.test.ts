import { describe, expect, it } from 'vitest';
import { presetOf, presetRange } from './date-presets';

const today = new Date(2026, 2, 15); // 15 March 2026

describe('date presets', () => {
  it('covers whole calendar months and years, both ends included', () => {
    expect(presetRange('current-month', today)).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(presetRange('last-month', today)).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' });
    expect(presetRange('current-year', today)).toEqual({ start_date: '2026-01-01', end_date: '2026-12-31' });
    expect(presetRange('last-year', today)).toEqual({ start_date: '2025-01-01', end_date: '2025-12-31' });
  });

  it('counts the last 30 days including today', () => {
    expect(presetRange('last-30-days', today)).toEqual({ start_date: '2026-02-14', end_date: '2026-03-15' });
  });

  it('crosses the year in January', () => {
    const january = new Date(2027, 0, 10);
    expect(presetRange('last-month', january)).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
    expect(presetRange('last-30-days', january)).toEqual({ start_date: '2026-12-12', end_date: '2027-01-10' });
  });

  it('knows a leap February', () => {
    expect(presetRange('current-month', new Date(2028, 1, 3))).toEqual({
      start_date: '2028-02-01',
      end_date: '2028-02-29',
    });
  });

  it('names the preset a range equals, and none for a custom range', () => {
    expect(presetOf({ start_date: '2026-02-01', end_date: '2026-02-28' }, today)).toBe('last-month');
    expect(presetOf({ start_date: '2026-02-02', end_date: '2026-02-28' }, today)).toBeNull();
  });
});
