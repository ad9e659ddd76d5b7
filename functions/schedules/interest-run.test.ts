import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#core/errors';

const cooperatives = [
  { id: 'c1', code: 'EARLY', status: 1 },
  { id: 'c2', code: 'LATE', status: 1 },
  { id: 'c3', code: 'NEXT', status: 1 },
];
const creditInterest = vi.fn<(id: string, month: string) => Promise<unknown>>();
vi.mock('../cooperatives/cooperative-store.ts', () => ({ listCooperatives: async () => cooperatives }));
vi.mock('../savings/interest.ts', () => ({ creditInterest: (id: string, month: string) => creditInterest(id, month) }));

const { handler, monthBefore } = await import('./interest-run.ts');
// The run's own log lines are not what these tests look at; the handler's middy chain still uses the real logger.
const { logger } = await import('#core/logger');
vi.spyOn(logger, 'info').mockImplementation(() => undefined);
vi.spyOn(logger, 'error').mockImplementation(() => undefined);

describe('monthBefore', () => {
  it('is the month before, across a year end, in UTC', () => {
    expect(monthBefore(new Date('2026-12-01T00:05:00Z'))).toBe('2026-11');
    expect(monthBefore(new Date('2027-01-01T00:05:00Z'))).toBe('2026-12');
    expect(monthBefore(new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
  });
});

describe('the scheduled run', () => {
  beforeEach(() => creditInterest.mockReset());

  it("keeps crediting the other cooperatives when one refuses the month (it ends before that one's opening date)", async () => {
    creditInterest.mockImplementation(async (id: string, month: string) => {
      if (id === 'c2')
        throw new AppError(
          'VALIDATION',
          `Interest is credited from the opening date of the books (2026-12-01); ${month} ends before it`,
        );
      return { month, credited: 2, already: 0, skipped: 0, amount: 500 };
    });
    const result = await handler({ time: '2026-12-01T00:30:00Z' });
    expect(creditInterest.mock.calls.map(([id]) => id)).toEqual(['c1', 'c2', 'c3']);
    expect(result).toEqual({ month: '2026-11', cooperatives: 3, credited: 4, already: 0, failed: ['LATE'] });
  });
});
