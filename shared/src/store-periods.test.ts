import { describe, expect, it } from 'vitest';
import { defaultStorePeriod, storePeriodIssue } from './store-periods.ts';

describe('the period of the store dashboard and reports', () => {
  it('opens on the last 30 days, today included', () => {
    expect(defaultStorePeriod('2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(defaultStorePeriod('2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('reads a day and up to 366 days (a leap year whole), and refuses a longer, reversed or bad period', () => {
    expect(storePeriodIssue({ from: '2026-03-10', to: '2026-03-10' })).toBeUndefined();
    expect(storePeriodIssue({ from: '2024-01-01', to: '2024-12-31' })).toBeUndefined();
    expect(storePeriodIssue({ from: '2025-01-01', to: '2026-01-01' })).toBeUndefined();
    expect(storePeriodIssue({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      field: 'from',
      message: 'Choose a period of at most 366 days',
    });
    expect(storePeriodIssue({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      field: 'to',
      message: 'The end date must not be before the start date',
    });
    expect(storePeriodIssue({ from: '2026-02-29', to: '2026-03-01' })).toEqual({
      field: 'from',
      message: 'This is not a valid date',
    });
    expect(storePeriodIssue({ from: '2026-03-01', to: '' })).toEqual({
      field: 'to',
      message: 'Use the date format YYYY-MM-DD',
    });
  });
});
