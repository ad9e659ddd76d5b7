import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  businessDate,
  dateIssue,
  daysBetween,
  daysInMonth,
  formatDate,
  isCalendarDate,
  isCalendarMonth,
  lastDayOfMonth,
  nextMonth,
  previousMonth,
  today,
  utcDate,
  yearBefore,
} from './dates.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('today', () => {
  it('is the day in Lagos (UTC+1): from 23:00 UTC it is already the next day there', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T22:59:59Z') });
    expect(today()).toBe('2026-11-25');
    vi.setSystemTime(new Date('2026-11-25T23:00:00Z'));
    expect(today()).toBe('2026-11-26');
    // 23:30 on the 25th two hours west of UTC is 00:30 on the 26th in Lagos.
    vi.setSystemTime(new Date('2026-11-25T23:30:00-02:00'));
    expect(today()).toBe('2026-11-26');
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    expect(today()).toBe('2027-01-01');
  });

  it('differs from the UTC day in the last hour before midnight UTC', () => {
    const at = new Date('2026-11-25T23:30:00Z');
    expect(businessDate(at)).toBe('2026-11-26');
    expect(businessDate('2026-11-25T23:30:00Z')).toBe('2026-11-26');
    expect(utcDate(at)).toBe('2026-11-25');
  });
});

describe('the one date check', () => {
  it('takes real calendar days only: leap days of leap years, never 30 February', () => {
    for (const day of [
      '2024-02-29',
      '2000-02-29',
      '2026-02-28',
      '2026-12-31',
      '0001-01-01',
      '0000-02-29',
      '0048-02-29',
    ]) {
      expect(isCalendarDate(day), day).toBe(true);
    }
    // 2100 is divisible by 100 and not by 400: not a leap year. 2026 and 50 are not divisible by 4.
    for (const day of [
      '2026-02-30',
      '2026-02-29',
      '2100-02-29',
      '0050-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
  });

  it('takes only the written shape YYYY-MM-DD, and only text', () => {
    for (const value of [
      '2026-1-05',
      '26-01-05',
      ' 2026-01-05',
      '2026-01-05T00:00:00Z',
      '2026/01/05',
      '',
      20260105,
      null,
      undefined,
    ]) {
      expect(isCalendarDate(value), String(value)).toBe(false);
    }
  });

  it('gives the shape message first, then the day message', () => {
    expect(dateIssue('2026-2-3')).toBe('Use the date format YYYY-MM-DD');
    expect(dateIssue('')).toBe('Use the date format YYYY-MM-DD');
    expect(dateIssue('2026-02-30')).toBe('This is not a valid date');
    expect(dateIssue('2026-02-28')).toBeUndefined();
  });

  it('knows a month written YYYY-MM', () => {
    expect(isCalendarMonth('2026-12')).toBe(true);
    expect(isCalendarMonth('2026-01')).toBe(true);
    for (const value of ['2026-13', '2026-00', '2026-1', '2026-01-01', 202601])
      expect(isCalendarMonth(value), String(value)).toBe(false);
  });
});

describe('month ends', () => {
  it('count 28, 29, 30 or 31 days', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('are the last day of a month or of a date’s month', () => {
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDayOfMonth('2100-02')).toBe('2100-02-28');
    expect(lastDayOfMonth('2026-11-05')).toBe('2026-11-30');
    expect(lastDayOfMonth('2026-12')).toBe('2026-12-31');
  });

  it('step to the next and previous month across a year end', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-01')).toBe('2026-02');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-03')).toBe('2026-02');
  });
});

describe('adding days', () => {
  it('crosses month and year ends, leap days included', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('2024-01-01', 366)).toBe('2025-01-01');
    expect(addDays('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('keeps the years 0 to 99 as written, not as 1900 to 1999', () => {
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(addDays('0048-03-01', -1)).toBe('0048-02-29');
    expect(formatDate(50, 3, 1)).toBe('0050-03-01');
  });

  it('counts the days between two dates', () => {
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
  });
});

describe('adding months and years', () => {
  it('keeps the day of the month, clamped to a shorter month’s end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-01-31', 25)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('from 31 January, counted from the first date each time, comes back to the 31st', () => {
    const year = Array.from({ length: 12 }, (_, n) => addMonths('2026-01-31', n));
    expect(year).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
    ]);
  });

  it('turns 29 February into 28 February in a year that has none', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2096-02-29', 4)).toBe('2100-02-28');
    expect(addYears('2026-11-26', -1)).toBe('2025-11-26');
    expect(yearBefore('2024-02-29')).toBe('2023-02-28');
    expect(yearBefore('2026-11-25')).toBe('2025-11-25');
  });
});
