import { toNaira } from '@coopledger/shared/money';
import type {
  AccountStatement,
  BalanceSheet,
  BalanceSheetGroup,
  IncomeStatement,
  IncomeStatementGroup,
  StatementClass,
  TrialBalanceReport,
} from '@coopledger/shared/report-views';
import { PROFIT_AND_LOSS_CLASSES, RETAINED_EARNINGS_ROW } from '@coopledger/shared/report-views';
import type { Movement, Movements } from '#core/gl-balances';
import type { ChartCategoryNode, ChartSubCategory, ChartTree } from './chart-tree.ts';
import { classAmount } from './chart-tree.ts';

/**
 * The statements, computed from the chart and the ledger's running balances only (no journal line
 * and no subledger is read). Everything is kobo until the last step.
 */

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function subTotal(cls: StatementClass, sub: ChartSubCategory, movements: Movements): number {
  return sum(sub.accounts.map((a) => classAmount(cls, movements.get(a.code))));
}

function classTotal(tree: ChartTree, classes: readonly StatementClass[], movements: Movements): number {
  let total = 0;
  for (const category of tree.categories) {
    if (!classes.includes(category.class)) continue;
    for (const sub of category.subCategories) total += subTotal(category.class, sub, movements);
  }
  return total;
}

// ---- trial balance ----

export function trialBalance(tree: ChartTree, opening: Movements, period: Movements, range: { start: string; end: string }): TrialBalanceReport {
  let debitBalance = 0;
  let creditBalance = 0;
  let periodDebit = 0;
  let periodCredit = 0;
  const results: TrialBalanceReport['results'] = [];
  const line = (code: string, name: string, type: 'D' | 'C') => {
    const open = opening.get(code) ?? { debit: 0, credit: 0 };
    const moved = period.get(code) ?? { debit: 0, credit: 0 };
    const openNet = open.debit - open.credit;
    const closeNet = openNet + moved.debit - moved.credit;
    if (openNet === 0 && moved.debit === 0 && moved.credit === 0 && closeNet === 0) return undefined;
    const dc = closeNet > 0 ? 'D' : closeNet < 0 ? 'C' : type;
    if (dc === 'D') debitBalance += Math.abs(closeNet);
    else creditBalance += Math.abs(closeNet);
    periodDebit += moved.debit;
    periodCredit += moved.credit;
    return {
      coa_code: code,
      coa_name: name,
      results: {
        dc,
        balance: toNaira(Math.abs(closeNet)),
        opening_balance: toNaira(Math.abs(openNet)),
        opening_dc: openNet > 0 ? 'D' : openNet < 0 ? 'C' : type,
        period_debit: toNaira(moved.debit),
        period_credit: toNaira(moved.credit),
      },
    } as const;
  };
  for (const category of tree.categories) {
    const subResults = category.subCategories
      .map((sub) => ({
        subcategory_code: sub.code,
        subcategory_name: sub.name,
        coas: sub.accounts.flatMap((a) => line(a.code, a.name, a.type) ?? []),
      }))
      .filter((s) => s.coas.length > 0);
    if (subResults.length > 0) results.push({ category_code: category.code, category_name: category.name, sub_results: subResults });
  }
  // Postings to a code the chart no longer shows still count, so the totals always agree.
  const known = new Set(tree.accounts.keys());
  const orphans = [...new Set([...opening.keys(), ...period.keys()])].filter((c) => !known.has(c)).sort();
  const orphanLines = orphans.flatMap((c) => line(c, `GL ${c}`, 'D') ?? []);
  if (orphanLines.length > 0) {
    results.push({ category_code: '-', category_name: 'Not in the chart', sub_results: [{ subcategory_code: '-', subcategory_name: 'Not in the chart', coas: orphanLines }] });
  }
  return {
    start_date: range.start,
    end_date: range.end,
    results,
    total: { debitBalance: toNaira(debitBalance), creditBalance: toNaira(creditBalance), periodDebit: toNaira(periodDebit), periodCredit: toNaira(periodCredit) },
  };
}

// ---- income statement ----

/** Income, direct expenses and any other profit-and-loss group first, Operating Expenses last. */
function incomeStatementCategories(tree: ChartTree): ChartCategoryNode[] {
  const pl = tree.categories.filter((c) => PROFIT_AND_LOSS_CLASSES.includes(c.class));
  const rank = (c: ChartCategoryNode) => (c.class === 'income' ? 0 : c.class === 'direct_expense' ? 1 : 2);
  return [...pl].sort((a, b) => rank(a) - rank(b));
}

export function incomeStatement(
  tree: ChartTree,
  current: Movements,
  previous: Movements,
  dates: IncomeStatement['date'],
): IncomeStatement {
  const results: IncomeStatementGroup[] = incomeStatementCategories(tree).map((category) => {
    const subResults = category.subCategories.map((sub) => ({
      category_id: sub.code,
      category_name: sub.name,
      previousAmount: { balance: toNaira(subTotal(category.class, sub, previous)) },
      currentAmount: { balance: toNaira(subTotal(category.class, sub, current)) },
    }));
    return {
      name: category.name,
      category_code: category.code,
      class: category.class,
      totalPrevious: toNaira(sum(category.subCategories.map((s) => subTotal(category.class, s, previous)))),
      totalCurrent: toNaira(sum(category.subCategories.map((s) => subTotal(category.class, s, current)))),
      sub_results: subResults,
    };
  });
  const figures = (movements: Movements) => {
    const income = classTotal(tree, ['income'], movements);
    const direct = classTotal(tree, ['direct_expense'], movements);
    const operating = classTotal(tree, ['operating_expense'], movements);
    return { income, expenses: direct + operating, gross: income - direct, net: income - direct - operating };
  };
  const now = figures(current);
  const before = figures(previous);
  const pair = (p: number, c: number) => ({ previous_year: toNaira(p), current_year: toNaira(c) });
  return {
    date: dates,
    results,
    totals: {
      income: pair(before.income, now.income),
      expenses: pair(before.expenses, now.expenses),
      gross_profit: pair(before.gross, now.gross),
      net_profit: pair(before.net, now.net),
    },
  };
}

// ---- balance sheet ----

/**
 * Balances as at two dates. Nothing closes the income and expense accounts into equity, so the
 * profit from the first posting to each date is shown as retained earnings inside Equity; with it,
 * assets equal liabilities plus equity whenever every posting balanced.
 */
export function balanceSheet(
  tree: ChartTree,
  current: Movements,
  previous: Movements,
  period: { current: Movements; previous: Movements },
  dates: BalanceSheet['date'],
): BalanceSheet {
  const order: StatementClass[] = ['asset', 'liability', 'equity'];
  const groups: BalanceSheetGroup[] = [];
  for (const cls of order) {
    for (const category of tree.categories.filter((c) => c.class === cls)) {
      const subResults = category.subCategories.map((sub) => ({
        subcategory_id: sub.code,
        subcategory_name: sub.name,
        amounts: { previous: subTotal(cls, sub, previous), current: subTotal(cls, sub, current) },
      }));
      groups.push({ name: category.name, category_code: category.code, class: cls, totalPrevious: 0, totalCurrent: 0, sub_results: subResults });
    }
  }
  const profit = (movements: Movements) => classTotal(tree, ['income'], movements) - classTotal(tree, ['direct_expense', 'operating_expense'], movements);
  const retained = { previous: profit(previous), current: profit(current) };
  let equityGroup = [...groups].reverse().find((g) => g.class === 'equity');
  if (!equityGroup) {
    equityGroup = { name: 'Equity', category_code: '-', class: 'equity', totalPrevious: 0, totalCurrent: 0, sub_results: [] };
    groups.push(equityGroup);
  }
  equityGroup.sub_results.push({ subcategory_id: RETAINED_EARNINGS_ROW, subcategory_name: 'Retained Earnings (profit to date)', amounts: retained });

  const totals = { assets: { previous: 0, current: 0 }, liabilities: { previous: 0, current: 0 }, equity: { previous: 0, current: 0 } };
  for (const group of groups) {
    group.totalPrevious = sum(group.sub_results.map((s) => s.amounts.previous));
    group.totalCurrent = sum(group.sub_results.map((s) => s.amounts.current));
    const bucket = group.class === 'asset' ? totals.assets : group.class === 'liability' ? totals.liabilities : totals.equity;
    bucket.previous += group.totalPrevious;
    bucket.current += group.totalCurrent;
  }
  const both = (p: number, c: number) => ({ previous: toNaira(p), current: toNaira(c) });
  const le = { previous: totals.liabilities.previous + totals.equity.previous, current: totals.liabilities.current + totals.equity.current };
  const incomeOf = (m: Movements) => classTotal(tree, ['income'], m);
  const grossOf = (m: Movements) => incomeOf(m) - classTotal(tree, ['direct_expense'], m);
  return {
    date: dates,
    results: groups.map((g) => ({
      ...g,
      totalPrevious: toNaira(g.totalPrevious),
      totalCurrent: toNaira(g.totalCurrent),
      sub_results: g.sub_results.map((s) => ({ ...s, amounts: both(s.amounts.previous, s.amounts.current) })),
    })),
    totals: {
      assets: both(totals.assets.previous, totals.assets.current),
      liabilities: both(totals.liabilities.previous, totals.liabilities.current),
      equity: both(totals.equity.previous, totals.equity.current),
      retained_earnings: both(retained.previous, retained.current),
      liabilities_and_equity: both(le.previous, le.current),
      difference: both(totals.assets.previous - le.previous, totals.assets.current - le.current),
    },
    income: {
      totalGrossProfit: toNaira(grossOf(period.current)),
      totalPreviousGrossProfit: toNaira(grossOf(period.previous)),
      totalIncome: toNaira(incomeOf(period.current)),
      totalPreviousIncome: toNaira(incomeOf(period.previous)),
    },
  };
}

// ---- account statement (the breakdown modal) ----

export function accountStatement(
  tree: ChartTree,
  subCode: string,
  current: Movements,
  previous: Movements,
  year: AccountStatement['year'],
): AccountStatement | undefined {
  const sub = tree.subCategories.get(subCode);
  if (!sub) return undefined;
  const cls = sub.category.class;
  const amount = (m: Movement | undefined) => toNaira(classAmount(cls, m));
  return {
    subcategory: { code: sub.code, name: sub.name, class: cls },
    basis: PROFIT_AND_LOSS_CLASSES.includes(cls) ? 'movement' : 'balance',
    year,
    results: sub.accounts.map((a) => ({ code: a.code, name: a.name, currentYearBalance: amount(current.get(a.code)), previousYearBalance: amount(previous.get(a.code)) })),
  };
}
