import { describe, expect, it } from 'vitest';
import type {
  BalanceSheet,
  IncomeStatement,
  LedgerStatement,
  TrialBalanceReport,
} from '@coopledger/shared/report-views';
import {
  balanceSheetRows,
  incomeStatementRows,
  ledgerRows,
  sideOf,
  trialBalanceDifference,
  trialBalanceRows,
} from './report-rows';

const account = (code: string, dc: 'D' | 'C', balance: number, opening = 0) => ({
  coa_code: code,
  coa_name: `Account ${code}`,
  results: {
    dc,
    balance,
    opening_balance: opening,
    opening_dc: opening < 0 ? ('C' as const) : ('D' as const),
    period_debit: 10,
    period_credit: 5,
  },
});

const trial: TrialBalanceReport = {
  start_date: '2026-01-01',
  end_date: '2026-02-10',
  results: [
    {
      category_code: '1',
      category_name: 'Current Assets',
      sub_results: [
        {
          subcategory_code: '101',
          subcategory_name: 'Cash and Bank',
          coas: [account('101001', 'D', 100.1, 50), account('101002', 'D', 0.2, -20)],
        },
      ],
    },
    {
      category_code: '3',
      category_name: 'Liabilities',
      sub_results: [{ subcategory_code: '301', subcategory_name: 'Deposits', coas: [account('301001', 'C', 100.3)] }],
    },
  ],
  total: { debitBalance: 100.3, creditBalance: 100.3, periodDebit: 30, periodCredit: 15 },
};

describe('trialBalanceRows', () => {
  it('puts each closing balance in the column of its side and sums groups to the kobo', () => {
    // Prepare / Act
    const [assets, liabilities, total] = trialBalanceRows(trial);

    // Assess
    const cash = assets?.children[0];
    expect(cash?.debit).toBe(100.3);
    expect(cash?.opening).toBe(30);
    expect(cash?.children.map((row) => [row.code, row.debit, row.credit])).toEqual([
      ['101001', 100.1, 0],
      ['101002', 0.2, 0],
    ]);
    expect(liabilities?.children[0]?.children[0]?.credit).toBe(100.3);
    expect(total).toMatchObject({ kind: 'total', debit: 100.3, credit: 100.3, periodDebit: 30, periodCredit: 15 });
    expect(trialBalanceDifference(trial)).toBe(0);
  });

  it('has no rows, not a lone totals row, when no account has a figure', () => {
    expect(
      trialBalanceRows({
        ...trial,
        results: [],
        total: { debitBalance: 0, creditBalance: 0, periodDebit: 0, periodCredit: 0 },
      }),
    ).toEqual([]);
  });

  it('shows a credit-side opening balance as its size and C', () => {
    expect(sideOf(-20)).toEqual({ amount: 20, dc: 'C' });
    expect(sideOf(0)).toEqual({ amount: 0, dc: 'D' });
  });
});

describe('incomeStatementRows', () => {
  const group = (code: string, name: string, cls: IncomeStatement['results'][number]['class']) => ({
    name,
    category_code: code,
    class: cls,
    totalPrevious: 1,
    totalCurrent: 2,
    sub_results: [
      {
        category_id: `${code}01`,
        category_name: `${name} item`,
        previousAmount: { balance: 1 },
        currentAmount: { balance: 2 },
      },
    ],
  });
  const totals = { previous_year: 0, current_year: 0 };
  const statement: IncomeStatement = {
    date: {
      previous_year: { start: '2025-01-01', end: '2025-02-10' },
      current_year: { start: '2026-01-01', end: '2026-02-10' },
    },
    results: [
      group('5', 'Income', 'income'),
      group('6', 'Direct Expenses', 'direct_expense'),
      group('7', 'Operating Expenses', 'operating_expense'),
    ],
    totals: {
      income: totals,
      expenses: totals,
      gross_profit: { previous_year: 3, current_year: 4 },
      net_profit: { previous_year: 5, current_year: 6 },
    },
  };

  it('places Gross Profit before Operating Expenses and Net Profit last', () => {
    const rows = incomeStatementRows(statement);

    expect(rows.map((row) => row.label)).toEqual([
      'Income',
      'Direct Expenses',
      'Gross Profit',
      'Operating Expenses',
      'Net Profit',
    ]);
    expect(rows[2]).toMatchObject({ previous: 3, current: 4 });
    expect(rows[4]).toMatchObject({ previous: 5, current: 6 });
    expect(rows[3]?.children[0]?.subcategoryId).toBe('701');
  });
});

describe('balanceSheetRows', () => {
  const pair = (previous: number, current: number) => ({ previous, current });
  const sheet: BalanceSheet = {
    date: { previous_year: '2025-02-10', current_year: '2026-02-10' },
    results: [
      {
        name: 'Current Assets',
        category_code: '1',
        class: 'asset',
        totalPrevious: 5,
        totalCurrent: 9,
        sub_results: [{ subcategory_id: '101', subcategory_name: 'Cash', amounts: pair(5, 9) }],
      },
      {
        name: 'Equity',
        category_code: '4',
        class: 'equity',
        totalPrevious: 5,
        totalCurrent: 9,
        sub_results: [
          { subcategory_id: 'RETAINED_EARNINGS', subcategory_name: 'Retained Earnings', amounts: pair(5, 9) },
        ],
      },
      {
        name: 'Liabilities',
        category_code: '3',
        class: 'liability',
        totalPrevious: 0,
        totalCurrent: 0,
        sub_results: [],
      },
    ],
    totals: {
      assets: pair(5, 9),
      liabilities: pair(0, 0),
      equity: pair(5, 9),
      retained_earnings: pair(5, 9),
      liabilities_and_equity: pair(5, 9),
      difference: pair(0, 0),
    },
    income: { totalGrossProfit: 9, totalPreviousGrossProfit: 5, totalIncome: 12, totalPreviousIncome: 7 },
  };

  it('lists assets with their total before liabilities and equity, and retained earnings open nothing', () => {
    const rows = balanceSheetRows(sheet);

    expect(rows.map((row) => row.label)).toEqual([
      'Current Assets',
      'Total Assets',
      'Equity',
      'Liabilities',
      'Total Liabilities and Equity',
      'Total Income',
      'Assets = Liabilities + Equity',
    ]);
    expect(rows[0]?.children[0]?.subcategoryId).toBe('101');
    expect(rows[2]?.children[0]?.subcategoryId).toBeNull();
    expect(rows[5]).toMatchObject({ previous: 7, current: 12 });
    expect(rows[6]).toMatchObject({ kind: 'check', current: 0 });
  });
});

describe('ledgerRows', () => {
  const statement: LedgerStatement = {
    account: { code: '702002', name: 'Office Expenses', type: 'D' },
    start_date: '2026-01-01',
    end_date: '2026-02-10',
    opening_balance: 100,
    final_balance: 1334.56,
    total_debit: 1234.56,
    total_credit: 0,
    results: [
      {
        transaction_code: 'JV-1',
        transaction_date: '2026-02-10',
        description: 'Stationery',
        debit_credit: 'D',
        transaction_amount: 1234.56,
        balance: 1334.56,
      },
    ],
  };

  it('wraps the lines in opening and closing balance rows', () => {
    const rows = ledgerRows(statement);

    expect(rows.map((row) => row.kind)).toEqual(['opening', 'line', 'closing']);
    expect(rows[0]).toMatchObject({ balance: 100 });
    expect(rows[2]).toMatchObject({ debit: 1234.56, credit: 0, balance: 1334.56 });
  });

  it('has no rows when nothing was posted, so the table shows its empty state', () => {
    expect(ledgerRows({ ...statement, results: [] })).toEqual([]);
  });
});
