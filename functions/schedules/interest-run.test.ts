import { describe, expect, it } from 'vitest';
import { previousMonth } from './interest-run.ts';

describe('previousMonth', () => {
  it('is the month before, across a year end, in UTC', () => {
    expect(previousMonth(new Date('2026-12-01T00:05:00Z'))).toBe('2026-11');
    expect(previousMonth(new Date('2027-01-01T00:05:00Z'))).toBe('2026-12');
    expect(previousMonth(new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
  });
});
