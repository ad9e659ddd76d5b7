import { describe, expect, it } from 'vitest';
import { kobo } from '@coopledger/shared/money';
import { isoDate } from '@coopledger/shared/schemas/common';
import { parseLoanRow } from '../loans/import-rows.ts';
import { parseRow } from '../savings/import-rows.ts';
import { checkPosting } from './ledger.ts';

/**
 * One rule for "a real calendar date" (dates.ts isCalendarDate) wherever a date is read:
 * the ledger, the import rows and the shared date field (issue 18 review, item 9).
 */
const TODAY = '2026-11-25';
const lines = [
  { glCode: 'A', side: 'D' as const, amount: kobo(100) },
  { glCode: 'B', side: 'C' as const, amount: kobo(100) },
];

describe('a real calendar date', () => {
  it('is refused by the ledger on a day that does not exist, which Date.parse would roll over', () => {
    for (const date of ['2026-02-30', '2026-02-31', '2026-04-31', '2025-02-29']) {
      expect(() => checkPosting({ date, lines }), date).toThrow('The posting date must be a valid date (YYYY-MM-DD)');
    }
    expect(() => checkPosting({ date: '2024-02-29', lines })).not.toThrow();
  });

  it('reads an import row dated in the years 0 to 99 as that year: refused as before 1900, not as no date', () => {
    const savings = parseRow(
      'NORMAL_HISTORY',
      {
        row: 2,
        values: {
          member: 'DEMO0001',
          product: 'Regular Savings',
          transaction_type: 'DEPOSIT',
          amount: '10',
          date: '0050-03-01',
        },
      },
      TODAY,
    );
    expect(savings.errors).toEqual([{ row: 2, column: 'date', message: 'The date must not be before 1900-01-01' }]);
    const loan = parseLoanRow(
      {
        row: 3,
        values: {
          member: 'DEMO0001',
          loan_product: 'Personal Loan',
          loan_amount: '120000',
          interest_rate: '12',
          tenure: '12',
          tenure_type: 'Month(s)',
          calculation_method: '1',
          payment_start_date: '0050-02-01',
          disbursement_date: '0050-01-10',
          amount_repaid: '0',
        },
      },
      TODAY,
    );
    expect(loan.errors).toEqual([
      { row: 3, column: 'disbursement_date', message: 'The date must not be before 1900-01-01' },
    ]);
  });

  it('is what the shared date field takes, leap days of the years 0 to 99 included', () => {
    expect(isoDate().safeParse('0048-02-29').success).toBe(true);
    expect(isoDate().safeParse('0050-02-29').error?.issues[0]?.message).toBe('This is not a valid date');
    expect(isoDate().safeParse('2026-02-30').error?.issues[0]?.message).toBe('This is not a valid date');
  });
});
