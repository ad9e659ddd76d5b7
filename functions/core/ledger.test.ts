import { describe, expect, it } from 'vitest';
import type { Kobo } from '@coopledger/shared/money';
import { kobo } from '@coopledger/shared/money';
import { AppError } from './errors.ts';
import { checkPosting } from './ledger.ts';

describe('checkPosting', () => {
  it('totals a balanced posting per account', () => {
    const totals = checkPosting({
      date: '2026-03-31',
      lines: [
        { glCode: '101002', side: 'D', amount: kobo(150_00) },
        { glCode: '301001', side: 'C', amount: kobo(100_00) },
        { glCode: '301001', side: 'C', amount: kobo(50_00) },
      ],
    });
    expect(totals.get('101002')).toEqual({ debit: 150_00n, credit: 0n });
    expect(totals.get('301001')).toEqual({ debit: 0n, credit: 150_00n });
  });

  it('refuses a posting whose debits and credits differ', () => {
    expect(() =>
      checkPosting({
        date: '2026-03-31',
        lines: [
          { glCode: 'A', side: 'D', amount: kobo(100) },
          { glCode: 'B', side: 'C', amount: kobo(99) },
        ],
      }),
    ).toThrow(/must be equal/);
  });

  it('refuses zero, negative and fractional kobo, a single line and a bad date', () => {
    // Values that got past the type (a cast, JSON): the ledger checks them again at run time.
    const bad = [
      {
        date: '2026-03-31',
        lines: [
          { glCode: 'A', side: 'D' as const, amount: 0 as Kobo },
          { glCode: 'B', side: 'C' as const, amount: 0 as Kobo },
        ],
      },
      {
        date: '2026-03-31',
        lines: [
          { glCode: 'A', side: 'D' as const, amount: -5 as Kobo },
          { glCode: 'B', side: 'C' as const, amount: -5 as Kobo },
        ],
      },
      {
        date: '2026-03-31',
        lines: [
          { glCode: 'A', side: 'D' as const, amount: 1.5 as Kobo },
          { glCode: 'B', side: 'C' as const, amount: 1.5 as Kobo },
        ],
      },
      { date: '2026-03-31', lines: [{ glCode: 'A', side: 'D' as const, amount: 100 as Kobo }] },
      {
        date: '2026-02-30x',
        lines: [
          { glCode: 'A', side: 'D' as const, amount: 1 as Kobo },
          { glCode: 'B', side: 'C' as const, amount: 1 as Kobo },
        ],
      },
    ];
    for (const posting of bad) {
      expect(() => checkPosting(posting)).toThrow(AppError);
    }
  });
});
