import { describe, expect, it } from 'vitest';
import { bucketLabel, lastTwelveMonths, monthLabel, statusLabel } from './analysis-format';

describe('the analysis report', () => {
  it('opens on the first day of the month 11 months ago to today', () => {
    expect(lastTwelveMonths(new Date(2026, 2, 15))).toEqual({ start_date: '2025-04-01', end_date: '2026-03-15' });
    expect(lastTwelveMonths(new Date(2026, 11, 31))).toEqual({ start_date: '2026-01-01', end_date: '2026-12-31' });
  });

  it('names months, buckets and statuses for people', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2026-03-01')).toBe('Mar 2026');
    expect(monthLabel('March')).toBe('March');
    expect(bucketLabel('90+')).toBe('90+ days');
    expect(statusLabel('PAID_OFF')).toBe('Paid off');
    expect(statusLabel('Running')).toBe('Running');
  });
});
