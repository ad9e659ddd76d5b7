import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatDay, formatTime, notAfterToday, toApiDate } from './dates';

// Built from local parts so the expectations hold in any time zone.
const morning = new Date(2024, 0, 1, 9, 5);
const evening = new Date(2024, 10, 22, 21, 30);

describe('one format for a day and one for a moment', () => {
  it('shows a day as DD MMM YYYY, wherever it appears', () => {
    expect(formatDay(morning)).toBe('01 Jan 2024');
    expect(formatDay(evening)).toBe('22 Nov 2024');
  });

  it('shows a moment as its day and h:mma', () => {
    expect(formatDateTime(morning)).toBe('01 Jan 2024, 9:05am');
    expect(formatDateTime(evening)).toBe('22 Nov 2024, 9:30pm');
    expect(formatDateTime(new Date(2024, 0, 1, 0, 15))).toBe('01 Jan 2024, 12:15am');
    // A calendar day (the API's transaction_date) has no time of day to show.
    expect(formatDateTime('2024-03-02')).toBe('02 Mar 2024');
    expect(formatDateTime('2024-03-02T09:05:00')).toBe('02 Mar 2024, 9:05am');
  });

  it('shows a time of day as h:mma', () => {
    expect(formatTime(morning)).toBe('9:05am');
    expect(formatTime(evening)).toBe('9:30pm');
    expect(formatTime(new Date(2024, 0, 1, 12, 0))).toBe('12:00pm');
  });

  it('treats a bare date as a calendar day and sends dates as YYYY-MM-DD', () => {
    expect(formatDay('2024-03-09')).toBe('09 Mar 2024');
    expect(toApiDate('2024-03-09')).toBe('2024-03-09');
    expect(toApiDate(evening)).toBe('2024-11-22');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDay('not a date')).toBe('—');
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the date pickers' latest day", () => {
  it('offers the days up to that today in the date pickers, and none after', () => {
    // 23:30 UTC on the 25th: the 26th in Lagos, so the 26th is offered and the 27th is not.
    vi.useFakeTimers({ now: new Date('2026-11-25T23:30:00Z') });
    expect(notAfterToday(new Date(2026, 10, 26))).toBe(true);
    expect(notAfterToday(new Date(2026, 10, 27))).toBe(false);
    expect(notAfterToday(new Date(2026, 0, 1))).toBe(true);
  });
});
