import { afterEach, describe, expect, it, vi } from 'vitest';
import { formToday, notAfterToday } from './dates';

afterEach(() => {
  vi.useRealTimers();
});

describe("the forms' today", () => {
  it("is the day in Lagos (UTC+1), the server's today, whatever the reader's time zone", () => {
    // 01:30 UTC on the 26th is 02:30 in Lagos; 23:30 UTC on the 25th is already 00:30 on the 26th there.
    expect(formToday(new Date('2026-11-25T23:30:00-02:00'))).toBe('2026-11-26');
    expect(formToday(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(formToday(new Date('2026-11-25T22:59:00Z'))).toBe('2026-11-25');
  });

  it('offers the days up to that today in the date pickers, and none after', () => {
    // 23:30 UTC on the 25th: the 26th in Lagos, so the 26th is offered and the 27th is not.
    vi.useFakeTimers({ now: new Date('2026-11-25T23:30:00Z') });
    expect(notAfterToday(new Date(2026, 10, 26))).toBe(true);
    expect(notAfterToday(new Date(2026, 10, 27))).toBe(false);
    expect(notAfterToday(new Date(2026, 0, 1))).toBe(true);
  });
});
