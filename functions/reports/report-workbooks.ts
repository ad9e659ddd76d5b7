import type { NairaFigure } from '@coopledger/shared/money';
import { figureKobo, nairaFigure } from '@coopledger/shared/money';
import type {
  BalanceSheet,
  ConsolidatedRow,
  IncomeStatement,
  LedgerStatement,
  MemberBalanceRow,
  TrialBalanceReport,
} from '@coopledger/shared/report-views';
import type { TableColumn } from '#core/workbook';
import { tableWorkbook } from '#core/workbook';

/**
 * The .xlsx downloads of the reports: the same figures the screens show, one sheet each, flattened
 * into rows (group rows, account rows and total rows).
 */
export const reportFileName = (prefix = 'cooperative-report') =>
  `${prefix}-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}.xlsx`;

const text = (
  header: string,
  width: number,
  value: (r: Record<string, unknown>) => unknown,
): TableColumn<Record<string, unknown>> => ({
  header,
  width,
  value: (r) => (value(r) ?? '') as string | number,
});
const money = (header: string, key: string): TableColumn<Record<string, unknown>> => ({
  header,
  width: 18,
  money: true,
  value: (r) => (typeof r[key] === 'number' || typeof r[key] === 'string' ? r[key] : ''),
});

const negative = (figure: NairaFigure) => nairaFigure(-(figureKobo(figure) ?? 0n));

export function trialBalanceWorkbook(report: TrialBalanceReport): Promise<Buffer> {
  const rows: Record<string, unknown>[] = [];
  for (const category of report.results) {
    for (const sub of category.sub_results) {
      for (const coa of sub.coas) {
        rows.push({
          category: category.category_name,
          subcategory: sub.subcategory_name,
          code: coa.coa_code,
          name: coa.coa_name,
          opening: coa.results.opening_dc === 'D' ? coa.results.opening_balance : negative(coa.results.opening_balance),
          period_debit: coa.results.period_debit,
          period_credit: coa.results.period_credit,
          debit: coa.results.dc === 'D' ? coa.results.balance : undefined,
          credit: coa.results.dc === 'C' ? coa.results.balance : undefined,
        });
      }
    }
  }
  rows.push({
    category: 'Total',
    period_debit: report.total.periodDebit,
    period_credit: report.total.periodCredit,
    debit: report.total.debitBalance,
    credit: report.total.creditBalance,
  });
  return tableWorkbook(
    'Trial Balance',
    [
      text('Category', 24, (r) => r.category),
      text('Sub-category', 28, (r) => r.subcategory),
      text('Code', 10, (r) => r.code),
      text('Account', 32, (r) => r.name),
      money('Opening (Dr +, Cr -)', 'opening'),
      money('Period debit', 'period_debit'),
      money('Period credit', 'period_credit'),
      money('Debit', 'debit'),
      money('Credit', 'credit'),
    ],
    rows,
    { title: `Trial balance ${report.start_date} to ${report.end_date}` },
  );
}

export function ledgerStatementWorkbook(statement: LedgerStatement): Promise<Buffer> {
  const rows: Record<string, unknown>[] = [
    { description: 'Opening balance', balance: statement.opening_balance },
    ...statement.results.map((r) => ({
      ref: r.transaction_code,
      date: r.transaction_date.split('-').reverse().join('/'),
      description: r.description,
      debit: r.debit_credit === 'D' ? r.transaction_amount : undefined,
      credit: r.debit_credit === 'C' ? r.transaction_amount : undefined,
      balance: r.balance,
    })),
    {
      description: 'Closing balance',
      debit: statement.total_debit,
      credit: statement.total_credit,
      balance: statement.final_balance,
    },
  ];
  return tableWorkbook(
    `${statement.account.code}`,
    [
      text('Ref number', 28, (r) => r.ref),
      text('Date', 12, (r) => r.date),
      text('Description', 40, (r) => r.description),
      money('Debit', 'debit'),
      money('Credit', 'credit'),
      money('Balance', 'balance'),
    ],
    rows,
    {
      title: `Ledger statement ${statement.account.code} ${statement.account.name} ${statement.start_date} to ${statement.end_date}`,
    },
  );
}

export function incomeStatementWorkbook(report: IncomeStatement): Promise<Buffer> {
  const rows: Record<string, unknown>[] = [];
  let grossShown = false;
  for (const group of report.results) {
    if (group.class === 'operating_expense' && !grossShown) {
      rows.push({
        item: 'Gross Profit',
        previous: report.totals.gross_profit.previous_year,
        current: report.totals.gross_profit.current_year,
      });
      grossShown = true;
    }
    rows.push({ item: group.name, previous: group.totalPrevious, current: group.totalCurrent });
    for (const sub of group.sub_results)
      rows.push({
        item: `  ${sub.category_name}`,
        previous: sub.previousAmount.balance,
        current: sub.currentAmount.balance,
      });
  }
  if (!grossShown)
    rows.push({
      item: 'Gross Profit',
      previous: report.totals.gross_profit.previous_year,
      current: report.totals.gross_profit.current_year,
    });
  rows.push({
    item: 'Net Profit',
    previous: report.totals.net_profit.previous_year,
    current: report.totals.net_profit.current_year,
  });
  const { previous_year: p, current_year: c } = report.date;
  return tableWorkbook(
    'Income Statement',
    [
      text('Item', 40, (r) => r.item),
      money(`${p.start} to ${p.end}`, 'previous'),
      money(`${c.start} to ${c.end}`, 'current'),
    ],
    rows,
    {
      title: `Income statement ${c.start} to ${c.end}`,
    },
  );
}

export function balanceSheetWorkbook(report: BalanceSheet): Promise<Buffer> {
  const rows: Record<string, unknown>[] = [];
  let assetsDone = false;
  for (const group of report.results) {
    if (group.class !== 'asset' && !assetsDone) {
      rows.push({
        item: 'Total Assets',
        previous: report.totals.assets.previous,
        current: report.totals.assets.current,
      });
      assetsDone = true;
    }
    rows.push({ item: group.name, previous: group.totalPrevious, current: group.totalCurrent });
    for (const sub of group.sub_results)
      rows.push({ item: `  ${sub.subcategory_name}`, previous: sub.amounts.previous, current: sub.amounts.current });
  }
  rows.push({
    item: 'Total Liabilities and Equity',
    previous: report.totals.liabilities_and_equity.previous,
    current: report.totals.liabilities_and_equity.current,
  });
  rows.push({ item: 'Total Income', previous: report.income.totalPreviousIncome, current: report.income.totalIncome });
  return tableWorkbook(
    'Balance Sheet',
    [
      text('Item', 40, (r) => r.item),
      money(`As at ${report.date.previous_year}`, 'previous'),
      money(`As at ${report.date.current_year}`, 'current'),
    ],
    rows,
    {
      title: `Balance sheet as at ${report.date.current_year}`,
    },
  );
}

export function memberBalancesWorkbook(rows: MemberBalanceRow[]): Promise<Buffer> {
  const flat = rows.map((r) => ({ name: `${r.firstname} ${r.lastname}`, coop_id: r.coop_id, ...r.meta }));
  return tableWorkbook(
    'Member Balances',
    [
      text('Name', 30, (r) => r.name),
      text('Membership No.', 16, (r) => r.coop_id),
      money('Savings', 'totalSavingsBalance'),
      money('Target Saving', 'totalTargetBalance'),
      money('Loan', 'totalLoanAmount'),
      money('Loan + Interest', 'totalLoanInterest'),
      money('Other Debits', 'otherDebits'),
      money('Share Capital', 'shareCapital'),
    ],
    flat,
  );
}

export function consolidatedWorkbook(rows: ConsolidatedRow[]): Promise<Buffer> {
  const flat = rows.map((r) => ({ code: r.code, name: r.name, date: r.created_at.slice(0, 10), ...r.meta }));
  return tableWorkbook(
    'Consolidated Report',
    [
      text('Code', 12, (r) => r.code),
      text('Name', 32, (r) => r.name),
      { header: 'Active Members', width: 14, value: (r) => r.activeMembers },
      { header: 'Inactive Members', width: 14, value: (r) => r.inactiveMembers },
      money('Total Savings', 'totalSavings'),
      money('Total Loans', 'totalLoans'),
      money('Paid Loans', 'loansPaid'),
      text('Date', 12, (r) => r.date),
    ],
    flat,
  );
}
