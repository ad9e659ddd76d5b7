import type { NairaFigure } from '@coopledger/shared/money';
import { figureKobo, nairaFigure } from '@coopledger/shared/money';
import type {
  BalanceSheet,
  DebitCredit,
  IncomeStatement,
  LedgerStatement,
  LedgerStatementRow,
  TrialBalanceReport,
} from '@coopledger/shared/report-views';
import { RETAINED_EARNINGS_ROW } from '@coopledger/shared/report-views';
import { addFigures, subtractFigures } from '../../format/money';

/**
 * The reports' tables as rows: the API sends grouped figures, the tables show groups as rows
 * that expand into their members, with totals and checks where a statement has them. Figures are
 * added to the kobo whatever their size (format/money.ts).
 */

const sum = addFigures;

// ---- trial balance ----

export interface TrialBalanceRow {
  id: string;
  kind: 'category' | 'subcategory' | 'account' | 'total';
  code: string;
  name: string;
  /** Signed on the debit side (debit − credit). */
  opening: NairaFigure;
  periodDebit: NairaFigure;
  periodCredit: NairaFigure;
  /** The closing balance when it is on the debit side, else 0. */
  debit: NairaFigure;
  /** The closing balance when it is on the credit side, else 0. */
  credit: NairaFigure;
  children: TrialBalanceRow[];
}

const groupRow = (
  id: string,
  kind: 'category' | 'subcategory',
  code: string,
  name: string,
  children: TrialBalanceRow[],
): TrialBalanceRow => ({
  id,
  kind,
  code,
  name,
  opening: sum(children.map((c) => c.opening)),
  periodDebit: sum(children.map((c) => c.periodDebit)),
  periodCredit: sum(children.map((c) => c.periodCredit)),
  debit: sum(children.map((c) => c.debit)),
  credit: sum(children.map((c) => c.credit)),
  children,
});

/** Categories holding sub-categories holding accounts, then the totals row; nothing when no account has a figure. */
export function trialBalanceRows(report: TrialBalanceReport): TrialBalanceRow[] {
  if (report.results.length === 0) return [];
  const categories = report.results.map((category) =>
    groupRow(
      `category-${category.category_code}`,
      'category',
      category.category_code,
      category.category_name,
      category.sub_results.map((sub) =>
        groupRow(
          `subcategory-${sub.subcategory_code}`,
          'subcategory',
          sub.subcategory_code,
          sub.subcategory_name,
          sub.coas.map((coa): TrialBalanceRow => ({
            id: `account-${coa.coa_code}`,
            kind: 'account',
            code: coa.coa_code,
            name: coa.coa_name,
            opening: coa.results.opening_balance,
            periodDebit: coa.results.period_debit,
            periodCredit: coa.results.period_credit,
            debit: coa.results.dc === 'D' ? coa.results.balance : 0,
            credit: coa.results.dc === 'C' ? coa.results.balance : 0,
            children: [],
          })),
        ),
      ),
    ),
  );
  const { total } = report;
  return [
    ...categories,
    {
      id: 'total',
      kind: 'total',
      code: '',
      name: 'Total',
      opening: sum(categories.map((c) => c.opening)),
      periodDebit: total.periodDebit,
      periodCredit: total.periodCredit,
      debit: total.debitBalance,
      credit: total.creditBalance,
      children: [],
    },
  ];
}

/** A signed debit-side amount as its size and side. */
export function sideOf(signed: NairaFigure): { amount: NairaFigure; dc: DebitCredit } {
  const kobo = figureKobo(signed) ?? 0n;
  return { amount: nairaFigure(kobo < 0n ? -kobo : kobo), dc: kobo < 0n ? 'C' : 'D' };
}

/** Debit less credit of the closing balances; 0 when the books balance. */
export const trialBalanceDifference = (report: TrialBalanceReport) =>
  subtractFigures(report.total.debitBalance, report.total.creditBalance);

// ---- ledger statement ----

export type LedgerRow =
  | {
      id: string;
      kind: 'opening' | 'closing';
      debit: NairaFigure | null;
      credit: NairaFigure | null;
      balance: NairaFigure;
    }
  | { id: string; kind: 'line'; line: LedgerStatementRow };

/** Opening balance, the period's lines with their running balance, closing balance with the period's totals. */
export function ledgerRows(statement: LedgerStatement): LedgerRow[] {
  if (statement.results.length === 0) return [];
  return [
    { id: 'opening', kind: 'opening', debit: null, credit: null, balance: statement.opening_balance },
    ...statement.results.map((line, index): LedgerRow => ({ id: `line-${index}`, kind: 'line', line })),
    {
      id: 'closing',
      kind: 'closing',
      debit: statement.total_debit,
      credit: statement.total_credit,
      balance: statement.final_balance,
    },
  ];
}

// ---- income statement and balance sheet ----

export interface StatementRow {
  id: string;
  kind: 'group' | 'item' | 'total' | 'check';
  label: string;
  previous: NairaFigure;
  current: NairaFigure;
  /** The sub-category whose accounts the breakdown modal lists; null when the row has none. */
  subcategoryId: string | null;
  children: StatementRow[];
}

const totalRow = (
  id: string,
  label: string,
  amounts: { previous: NairaFigure; current: NairaFigure },
  kind: StatementRow['kind'] = 'total',
): StatementRow => ({
  id,
  kind,
  label,
  previous: amounts.previous,
  current: amounts.current,
  subcategoryId: null,
  children: [],
});

const years = (amounts: { previous_year: NairaFigure; current_year: NairaFigure }) => ({
  previous: amounts.previous_year,
  current: amounts.current_year,
});

/**
 * The groups in the API's order; Gross Profit after the groups that come before Operating
 * Expenses (the API sends those last), Net Profit at the end.
 */
export function incomeStatementRows(statement: IncomeStatement): StatementRow[] {
  const groups = statement.results.map((group): StatementRow => ({
    id: `group-${group.category_code}`,
    kind: 'group',
    label: group.name,
    previous: group.totalPrevious,
    current: group.totalCurrent,
    subcategoryId: null,
    children: group.sub_results.map((sub) => ({
      id: `item-${sub.category_id}`,
      kind: 'item',
      label: sub.category_name,
      previous: sub.previousAmount.balance,
      current: sub.currentAmount.balance,
      subcategoryId: sub.category_id,
      children: [],
    })),
  }));
  const firstOperating = statement.results.findIndex((group) => group.class === 'operating_expense');
  const split = firstOperating === -1 ? groups.length : firstOperating;
  return [
    ...groups.slice(0, split),
    totalRow('gross-profit', 'Gross Profit', years(statement.totals.gross_profit)),
    ...groups.slice(split),
    totalRow('net-profit', 'Net Profit', years(statement.totals.net_profit)),
  ];
}

/** Assets with their total, then liabilities and equity with theirs, then the year's income and the check. */
export function balanceSheetRows(sheet: BalanceSheet): StatementRow[] {
  const groupOf = (group: BalanceSheet['results'][number]): StatementRow => ({
    id: `group-${group.category_code}`,
    kind: 'group',
    label: group.name,
    previous: group.totalPrevious,
    current: group.totalCurrent,
    subcategoryId: null,
    children: group.sub_results.map((sub) => ({
      id: `item-${group.category_code}-${sub.subcategory_id}`,
      kind: 'item',
      label: sub.subcategory_name,
      previous: sub.amounts.previous,
      current: sub.amounts.current,
      // Retained earnings are worked out from income and expenses, not held in one sub-category's accounts.
      subcategoryId: sub.subcategory_id === RETAINED_EARNINGS_ROW ? null : sub.subcategory_id,
      children: [],
    })),
  });
  const assets = sheet.results.filter((group) => group.class === 'asset').map(groupOf);
  const claims = sheet.results.filter((group) => group.class !== 'asset').map(groupOf);
  return [
    ...assets,
    totalRow('total-assets', 'Total Assets', sheet.totals.assets),
    ...claims,
    totalRow('total-liabilities-equity', 'Total Liabilities and Equity', sheet.totals.liabilities_and_equity),
    totalRow('total-income', 'Total Income', {
      previous: sheet.income.totalPreviousIncome,
      current: sheet.income.totalIncome,
    }),
    totalRow('check', 'Assets = Liabilities + Equity', sheet.totals.difference, 'check'),
  ];
}

/** Every row that has children, for tables that open with all groups expanded. */
export function groupRowsOf<R extends { children: R[] }>(rows: readonly R[]): R[] {
  return rows.flatMap((row) => (row.children.length ? [row, ...groupRowsOf(row.children)] : []));
}
