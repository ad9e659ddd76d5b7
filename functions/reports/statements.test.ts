import { describe, expect, it } from 'vitest';
import { statementClassOf } from '@coopledger/shared/report-views';
import type { Movements } from '#core/gl-balances';
import { STANDARD_CHART } from '../cooperatives/standard-chart.ts';
import type { ChartItems, ChartTree } from './chart-tree.ts';
import { buildChartTree } from './chart-tree.ts';
import { accountStatement, balanceSheet, incomeStatement, trialBalance } from './statements.ts';

/** The standard chart as the COA partition holds it. */
function standardTree(): ChartTree {
  const chart: ChartItems = { categories: [], subCategories: [], glAccounts: [] };
  for (const c of STANDARD_CHART) {
    chart.categories.push({ code: c.code, name: c.name, type: c.type });
    for (const s of c.subCategories) {
      chart.subCategories.push({ code: s.code, name: s.name, category_code: c.code });
      for (const a of s.accounts)
        chart.glAccounts.push({
          code: a.code,
          name: a.name,
          type: a.type ?? c.type,
          subcategory_code: s.code,
          status: 1,
        });
    }
  }
  return buildChartTree(chart);
}

/** Balanced postings as movements: each [debit account, credit account, kobo]. */
function movementsOf(postings: [string, string, number][]): Movements {
  const m: Movements = new Map();
  for (const [dr, cr, amount] of postings) {
    m.set(dr, { debit: (m.get(dr)?.debit ?? 0n) + BigInt(amount), credit: m.get(dr)?.credit ?? 0n });
    m.set(cr, { debit: m.get(cr)?.debit ?? 0n, credit: (m.get(cr)?.credit ?? 0n) + BigInt(amount) });
  }
  return m;
}

const BANK = '101002';
const CASH = '101001';
const SAVINGS = '301001';
const LOANS = '102001';
const LOAN_INTEREST = '501001';
const SAVINGS_INTEREST = '601001';
const OFFICE = '702002';
const EQUITY = '402003';

const YEAR = movementsOf([
  [BANK, EQUITY, 1_000_000_00],
  [BANK, SAVINGS, 250_000_00],
  [LOANS, BANK, 100_000_00],
  [BANK, LOAN_INTEREST, 12_000_00],
  [SAVINGS_INTEREST, SAVINGS, 3_500_00],
  [OFFICE, BANK, 8_250_50],
]);

describe('statement classes', () => {
  it('follow the chart numbering, and Operating Expenses by name', () => {
    expect(STANDARD_CHART.map((c) => statementClassOf(c))).toEqual([
      'asset',
      'asset',
      'liability',
      'equity',
      'income',
      'direct_expense',
      'operating_expense',
    ]);
    expect(statementClassOf({ code: 'X1', name: 'Operating Expenses', type: 'D' })).toBe('operating_expense');
    expect(statementClassOf({ code: 'X2', name: 'Grants', type: 'C' })).toBe('income');
  });
});

describe('the trial balance', () => {
  it('balances, and puts each closing balance on its side', () => {
    const opening = movementsOf([[BANK, EQUITY, 500_00]]);
    const report = trialBalance(standardTree(), opening, YEAR, { start: '2026-01-01', end: '2026-12-31' });
    expect(report.total.debitBalance).toBe(report.total.creditBalance);
    expect(report.total.periodDebit).toBe(report.total.periodCredit);
    const bank = report.results.flatMap((c) => c.sub_results.flatMap((s) => s.coas)).find((a) => a.coa_code === BANK);
    expect(bank?.results).toEqual({
      dc: 'D',
      balance: 1_153_749.5 + 500,
      opening_balance: 500,
      opening_dc: 'D',
      period_debit: 1_262_000,
      period_credit: 108_250.5,
    });
    const savings = report.results
      .flatMap((c) => c.sub_results.flatMap((s) => s.coas))
      .find((a) => a.coa_code === SAVINGS);
    expect(savings?.results.dc).toBe('C');
    // Accounts with nothing on them are left out.
    expect(report.results.flatMap((c) => c.sub_results.flatMap((s) => s.coas)).map((a) => a.coa_code)).not.toContain(
      '201003',
    );
  });
});

describe('the income statement', () => {
  it('puts Operating Expenses last and computes gross and net profit', () => {
    const report = incomeStatement(standardTree(), YEAR, new Map(), {
      previous_year: { start: '2025-01-01', end: '2025-12-31' },
      current_year: { start: '2026-01-01', end: '2026-12-31' },
    });
    expect(report.results.map((g) => g.name)).toEqual(['Income', 'Direct Expenses', 'Operating Expenses']);
    expect(report.totals.income.current_year).toBe(12_000);
    expect(report.totals.gross_profit.current_year).toBe(12_000 - 3_500);
    expect(report.totals.net_profit.current_year).toBe(12_000 - 3_500 - 8_250.5);
    expect(report.totals.net_profit.previous_year).toBe(0);
  });
});

describe('the balance sheet', () => {
  it('holds assets = liabilities + equity with the profit to date as retained earnings', () => {
    const report = balanceSheet(
      standardTree(),
      YEAR,
      new Map(),
      { current: YEAR, previous: new Map() },
      { previous_year: '2025-12-31', current_year: '2026-12-31' },
    );
    expect(report.results.slice(0, 2).map((g) => g.class)).toEqual(['asset', 'asset']);
    expect(report.totals.retained_earnings.current).toBe(12_000 - 3_500 - 8_250.5);
    expect(report.totals.difference.current).toBe(0);
    expect(report.totals.assets.current).toBe(report.totals.liabilities_and_equity.current);
    expect(report.totals.assets.current).toBe(1_153_749.5 + 100_000);
    expect(report.income.totalIncome).toBe(12_000);
  });

  it('shows the difference when the books do not balance', () => {
    const lopsided: Movements = new Map([[BANK, { debit: 100n, credit: 0n }]]);
    const report = balanceSheet(
      standardTree(),
      lopsided,
      new Map(),
      { current: lopsided, previous: new Map() },
      { previous_year: '2025-12-31', current_year: '2026-12-31' },
    );
    expect(report.totals.difference.current).toBe(1);
  });
});

describe('the account statement', () => {
  it("lists a sub-category's accounts on their class's side", () => {
    const statement = accountStatement(standardTree(), '101', YEAR, new Map(), {
      current_year: '2026',
      previous_year: '2025',
    });
    expect(statement?.basis).toBe('balance');
    expect(statement?.results.map((r) => [r.code, r.currentYearBalance])).toEqual([
      ['101001', 0],
      [BANK, 1_153_749.5],
    ]);
    expect(
      accountStatement(standardTree(), '702', YEAR, new Map(), { current_year: '2026', previous_year: '2025' })?.basis,
    ).toBe('movement');
    expect(
      accountStatement(standardTree(), 'nope', YEAR, new Map(), { current_year: '2026', previous_year: '2025' }),
    ).toBeUndefined();
  });
});

// Bank 2^53 + 1 kobo and cash 2^53 − 1 kobo in from savings (2^53 + 1) and equity (2^53 − 1).
const HUGE_BOOKS: Movements = new Map([
  [BANK, { debit: 9_007_199_254_740_993n, credit: 0n }],
  [CASH, { debit: 9_007_199_254_740_991n, credit: 0n }],
  [SAVINGS, { debit: 0n, credit: 9_007_199_254_740_993n }],
  [EQUITY, { debit: 0n, credit: 9_007_199_254_740_991n }],
]);

/**
 * Statements add running totals exactly at any size: two accounts past 2^53 kobo, one a single kobo off that a sum of
 * numbers would lose.
 */
describe('statements of totals past 2^53 kobo', () => {
  it('gives the trial balance exact lines and totals', () => {
    const report = trialBalance(standardTree(), new Map(), HUGE_BOOKS, { start: '2026-01-01', end: '2026-12-31' });
    // 9,007,199,254,740,993 + 9,007,199,254,740,991 = 18,014,398,509,481,984 kobo.
    expect(report.total).toEqual({
      debitBalance: '180143985094819.84',
      creditBalance: '180143985094819.84',
      periodDebit: '180143985094819.84',
      periodCredit: '180143985094819.84',
    });
    const bank = report.results.flatMap((c) => c.sub_results.flatMap((s) => s.coas)).find((a) => a.coa_code === BANK);
    expect(bank?.results).toMatchObject({
      dc: 'D',
      balance: '90071992547409.93',
      period_debit: '90071992547409.93',
      period_credit: 0,
    });
  });

  it('balances the balance sheet to the kobo', () => {
    const sheet = balanceSheet(
      standardTree(),
      HUGE_BOOKS,
      new Map(),
      { current: HUGE_BOOKS, previous: new Map() },
      { previous_year: '2025-12-31', current_year: '2026-12-31' },
    );
    expect(sheet.totals.assets.current).toBe('180143985094819.84');
    expect(sheet.totals.liabilities.current).toBe('90071992547409.93');
    expect(sheet.totals.equity.current).toBe('90071992547409.91');
    expect(sheet.totals.difference.current).toBe(0);
  });
});
