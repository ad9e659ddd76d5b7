import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { checkPosting } from './ledger.ts';

describe('checkPosting', () => {
  it('totals a balanced posting per account', () => {
    const totals = checkPosting({
      date: '2026-03-31',
      lines: [
        { glCode: '101002', side: 'D', amount: 150_00 },
        { glCode: '301001', side: 'C', amount: 100_00 },
        { glCode: '301001', side: 'C', amount: 50_00 },
      ],
    });
    expect(totals.get('101002')).toEqual({ debit: 150_00n, credit: 0n });
    expect(totals.get('301001')).toEqual({ debit: 0n, credit: 150_00n });
  });

  it('refuses a posting whose debits and credits differ', () => {
    expect(() =>
      checkPosting({ date: '2026-03-31', lines: [{ glCode: 'A', side: 'D', amount: 100 }, { glCode: 'B', side: 'C', amount: 99 }] }),
    ).toThrow(/must be equal/);
  });

  it('refuses zero, negative and fractional kobo, a single line and a bad date', () => {
    const bad = [
      { date: '2026-03-31', lines: [{ glCode: 'A', side: 'D' as const, amount: 0 }, { glCode: 'B', side: 'C' as const, amount: 0 }] },
      { date: '2026-03-31', lines: [{ glCode: 'A', side: 'D' as const, amount: -5 }, { glCode: 'B', side: 'C' as const, amount: -5 }] },
      { date: '2026-03-31', lines: [{ glCode: 'A', side: 'D' as const, amount: 1.5 }, { glCode: 'B', side: 'C' as const, amount: 1.5 }] },
      { date: '2026-03-31', lines: [{ glCode: 'A', side: 'D' as const, amount: 100 }] },
      { date: '2026-02-30x', lines: [{ glCode: 'A', side: 'D' as const, amount: 1 }, { glCode: 'B', side: 'C' as const, amount: 1 }] },
    ];
    for (const posting of bad) {
      expect(() => checkPosting(posting)).toThrow(AppError);
    }
  });
});
