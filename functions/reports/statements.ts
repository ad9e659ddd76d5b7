import type { KoboSum } from '@coopledger/shared/money';
import { absKobo, nairaFigure, sumKobo } from '@coopledger/shared/money';
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
 * and no subledger is read). Everything is exact kobo (bigint, as running totals may pass what a
 * number holds) until the last step, which sends naira figures (money.ts `nairaFigure`).
 */

function subTotal(cls: StatementClass, sub: ChartSubCategory, movements: Movements): KoboSum {
  return sumKobo(sub.accounts.map((a) => classAmount(cls, movements.get(a.code))));
}

function classTotal(tree: ChartTree, classes: readonly StatementClass[], movements: Movements): KoboSum {
  let total = 0n;
  for (const category of tree.categories) {
    if (!classes.includes(category.class)) continue;
    for (const sub of category.subCategories) total += subTotal(category.class, sub, movements);
  }
  return total;
}

/** A period's income and expenses (direct and operating), as the income statement counts them. */
export function incomeAndExpenses(tree: ChartTree, movements: Movements): { income: KoboSum; expenses: KoboSum } {
  return {
    income: classTotal(tree, ['income'], movements),
    expenses: classTotal(tree, ['direct_expense', 'operating_expense'], movements),
  };
}

// ---- trial balance ----

export function trialBalance(
  tree: ChartTree,
  opening: Movements,
  period: Movements,
  range: { start: string; end: string },
): TrialBalanceReport {
  let debitBalance = 0n;
  let creditBalance = 0n;
  let periodDebit = 0n;
  let periodCredit = 0n;
  const results: TrialBalanceReport['results'] = [];
  const line = (code: string, name: string, type: 'D' | 'C') => {
    const open = opening.get(code) ?? { debit: 0n, credit: 0n };
    const moved = period.get(code) ?? { debit: 0n, credit: 0n };
    const openNet = open.debit - open.credit;
    const closeNet = openNet + moved.debit - moved.credit;
    if (openNet === 0n && moved.debit === 0n && moved.credit === 0n && closeNet === 0n) return undefined;
    const dc = closeNet > 0n ? 'D' : closeNet < 0n ? 'C' : type;
    if (dc === 'D') debitBalance += absKobo(closeNet);
    else creditBalance += absKobo(closeNet);
    periodDebit += moved.debit;
    periodCredit += moved.credit;
    return {
      coa_code: code,
      coa_name: name,
      results: {
        dc,
        balance: nairaFigure(absKobo(closeNet)),
        opening_balance: nairaFigure(absKobo(openNet)),
        opening_dc: openNet > 0n ? 'D' : openNet < 0n ? 'C' : type,
        period_debit: nairaFigure(moved.debit),
        period_credit: nairaFigure(moved.credit),
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
    if (subResults.length > 0)
      results.push({ category_code: category.code, category_name: category.name, sub_results: subResults });
  }
  // Postings to a code the chart no longer shows still count, so the totals always agree.
  const known = new Set(tree.accounts.keys());
  const orphans = [...new Set([...opening.keys(), ...period.keys()])].filter((c) => !known.has(c)).sort();
  const orphanLines = orphans.flatMap((c) => line(c, `GL ${c}`, 'D') ?? []);
  if (orphanLines.length > 0) {
    results.push({
      category_code: '-',
      category_name: 'Not in the chart',
      sub_results: [{ subcategory_code: '-', subcategory_name: 'Not in the chart', coas: orphanLines }],
    });
  }
  return {
    start_date: range.start,
    end_date: range.end,
    results,
    total: {
      debitBalance: nairaFigure(debitBalance),
      creditBalance: nairaFigure(creditBalance),
      periodDebit: nairaFigure(periodDebit),
      periodCredit: nairaFigure(periodCredit),
    },
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
      previousAmount: { balance: nairaFigure(subTotal(category.class, sub, previous)) },
      currentAmount: { balance: nairaFigure(subTotal(category.class, sub, current)) },
    }));
    return {
      name: category.name,
      category_code: category.code,
      class: category.class,
      totalPrevious: nairaFigure(sumKobo(category.subCategories.map((s) => subTotal(category.class, s, previous)))),
      totalCurrent: nairaFigure(sumKobo(category.subCategories.map((s) => subTotal(category.class, s, current)))),
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
  const pair = (p: KoboSum, c: KoboSum) => ({ previous_year: nairaFigure(p), current_year: nairaFigure(c) });
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
 * Balances as at two dates. A closed financial year's income and expenses were moved into the
 * Retained Earnings account by its closing journals (accounting/financial-years.ts), which the
 * balances as at a date include: that account carries them forward, and the income and expense
 * accounts hold only the profit of the years not yet closed, shown as a row of its own inside Equity
 * (no double count). With it, assets equal liabilities plus equity whenever every posting balanced.
 */
export function balanceSheet(
  tree: ChartTree,
  current: Movements,
  previous: Movements,
  period: { current: Movements; previous: Movements },
  dates: BalanceSheet['date'],
): BalanceSheet {
  interface Group extends Omit<BalanceSheetGroup, 'totalPrevious' | 'totalCurrent' | 'sub_results'> {
    totalPrevious: KoboSum;
    totalCurrent: KoboSum;
    sub_results: {
      subcategory_id: string;
      subcategory_name: string;
      amounts: { previous: KoboSum; current: KoboSum };
    }[];
  }
  const order: StatementClass[] = ['asset', 'liability', 'equity'];
  const groups: Group[] = [];
  for (const cls of order) {
    for (const category of tree.categories.filter((c) => c.class === cls)) {
      const subResults = category.subCategories.map((sub) => ({
        subcategory_id: sub.code,
        subcategory_name: sub.name,
        amounts: { previous: subTotal(cls, sub, previous), current: subTotal(cls, sub, current) },
      }));
      groups.push({
        name: category.name,
        category_code: category.code,
        class: cls,
        totalPrevious: 0n,
        totalCurrent: 0n,
        sub_results: subResults,
      });
    }
  }
  const profit = (movements: Movements) =>
    classTotal(tree, ['income'], movements) - classTotal(tree, ['direct_expense', 'operating_expense'], movements);
  const retained = { previous: profit(previous), current: profit(current) };
  let equityGroup = [...groups].reverse().find((g) => g.class === 'equity');
  if (!equityGroup) {
    equityGroup = {
      name: 'Equity',
      category_code: '-',
      class: 'equity',
      totalPrevious: 0n,
      totalCurrent: 0n,
      sub_results: [],
    };
    groups.push(equityGroup);
  }
  equityGroup.sub_results.push({
    subcategory_id: RETAINED_EARNINGS_ROW,
    subcategory_name: 'Retained Earnings (profit of the years not yet closed)',
    amounts: retained,
  });

  const totals = {
    assets: { previous: 0n, current: 0n },
    liabilities: { previous: 0n, current: 0n },
    equity: { previous: 0n, current: 0n },
  };
  for (const group of groups) {
    group.totalPrevious = sumKobo(group.sub_results.map((s) => s.amounts.previous));
    group.totalCurrent = sumKobo(group.sub_results.map((s) => s.amounts.current));
    const bucket =
      group.class === 'asset' ? totals.assets : group.class === 'liability' ? totals.liabilities : totals.equity;
    bucket.previous += group.totalPrevious;
    bucket.current += group.totalCurrent;
  }
  const both = (p: KoboSum, c: KoboSum) => ({ previous: nairaFigure(p), current: nairaFigure(c) });
  const le = {
    previous: totals.liabilities.previous + totals.equity.previous,
    current: totals.liabilities.current + totals.equity.current,
  };
  const incomeOf = (m: Movements) => classTotal(tree, ['income'], m);
  const grossOf = (m: Movements) => incomeOf(m) - classTotal(tree, ['direct_expense'], m);
  return {
    date: dates,
    results: groups.map((g) => ({
      ...g,
      totalPrevious: nairaFigure(g.totalPrevious),
      totalCurrent: nairaFigure(g.totalCurrent),
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
      totalGrossProfit: nairaFigure(grossOf(period.current)),
      totalPreviousGrossProfit: nairaFigure(grossOf(period.previous)),
      totalIncome: nairaFigure(incomeOf(period.current)),
      totalPreviousIncome: nairaFigure(incomeOf(period.previous)),
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
  const amount = (m: Movement | undefined) => nairaFigure(classAmount(cls, m));
  return {
    subcategory: { code: sub.code, name: sub.name, class: cls },
    basis: PROFIT_AND_LOSS_CLASSES.includes(cls) ? 'movement' : 'balance',
    year,
    results: sub.accounts.map((a) => ({
      code: a.code,
      name: a.name,
      currentYearBalance: amount(current.get(a.code)),
      previousYearBalance: amount(previous.get(a.code)),
    })),
  };
}
