import { describe, expect, it } from 'vitest';
import type { TrialBalanceReport } from '@coopledger/shared/report-views';
import { trialBalanceDifference, trialBalanceRows } from './report-rows';

/** Group rows and checks add the API's figures to the kobo, however large (issue 18, item 1). */
describe('trial balance rows past 2^53 kobo', () => {
  const line = (code: string, dc: 'D' | 'C', balance: number | string) => ({
    coa_code: code,
    coa_name: code,
    results: {
      dc,
      balance,
      opening_balance: 0,
      opening_dc: 'D' as const,
      period_debit: dc === 'D' ? balance : 0,
      period_credit: dc === 'C' ? balance : 0,
    },
  });
  const report: TrialBalanceReport = {
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    results: [
      {
        category_code: '1',
        category_name: 'Assets',
        sub_results: [
          {
            subcategory_code: '101',
            subcategory_name: 'Cash and Bank',
            coas: [line('101001', 'D', '90071992547409.91'), line('101002', 'D', 0.02)],
          },
        ],
      },
      {
        category_code: '3',
        category_name: 'Liabilities',
        sub_results: [
          { subcategory_code: '301', subcategory_name: 'Deposits', coas: [line('301001', 'C', '90071992547409.93')] },
        ],
      },
    ],
    total: {
      debitBalance: '90071992547409.93',
      creditBalance: '90071992547409.93',
      periodDebit: '90071992547409.93',
      periodCredit: '90071992547409.93',
    },
  };

  it('sums a group to the kobo and finds the books balanced', () => {
    const [assets] = trialBalanceRows(report);
    expect(assets?.debit).toBe('90071992547409.93');
    expect(trialBalanceDifference(report)).toBe(0);
    expect(trialBalanceDifference({ ...report, total: { ...report.total, creditBalance: '90071992547409.92' } })).toBe(
      0.01,
    );
  });
});
