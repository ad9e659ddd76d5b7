import { addDays, daysBetween, lastDayOfMonth, nextMonth } from '@coopledger/shared/dates';
import type { KoboSum } from '@coopledger/shared/money';
import { koboOf, nairaFigure, ratioPercent } from '@coopledger/shared/money';
import type { AnalysisReport } from '@coopledger/shared/report-views';
import { totalsAsAt } from '#core/gl-balances';
import type { LoanRecord } from '../loans/loan-store.ts';
import { cooperativeLoans } from '../loans/loan-store.ts';
import { savingsOfMembers } from '../savings/member-savings-entity.ts';
import { listMembers } from '../members/member-store.ts';
import type { PortfolioAccounts } from './portfolio-accounts.ts';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_REPAYMENT_STATUS_LABELS,
  LOAN_STATUS,
  LOAN_STATUS_LABELS,
  SCHEDULE_LINE_STATUS,
  statusLabel,
} from '@coopledger/shared/statuses';
import { movementsBeforeClosing } from '../accounting/financial-years.ts';

/** Month by month: the savings and loan accounts' balances at each month's end and what moved them. */
async function monthlySeries(
  cooperativeId: string,
  accounts: PortfolioAccounts,
  start: string,
  end: string,
): Promise<AnalysisReport['months']> {
  const ranges: { month: string; from: string; to: string }[] = [];
  for (let month = start.slice(0, 7); month <= end.slice(0, 7); month = nextMonth(month)) {
    const from = `${month}-01` < start ? start : `${month}-01`;
    const last = lastDayOfMonth(month);
    ranges.push({ month, from, to: last > end ? end : last });
  }
  const [opening, ...moves] = await Promise.all([
    totalsAsAt(cooperativeId, addDays(start, -1)),
    ...ranges.map((r) => movementsBeforeClosing(cooperativeId, r.from, r.to)),
  ]);
  const side = (codes: Set<string>, m: typeof opening) => {
    let debit = 0n;
    let credit = 0n;
    for (const code of codes) {
      const v = m.get(code);
      if (v) {
        debit += v.debit;
        credit += v.credit;
      }
    }
    return { debit, credit };
  };
  const openSavings = side(accounts.savings, opening);
  const openLoans = side(accounts.loans, opening);
  let savings = openSavings.credit - openSavings.debit;
  let loans = openLoans.debit - openLoans.credit;
  return ranges.map((range, i) => {
    const s = side(accounts.savings, moves[i]);
    const l = side(accounts.loans, moves[i]);
    savings += s.credit - s.debit;
    loans += l.debit - l.credit;
    return {
      month: range.month,
      savings_balance: nairaFigure(savings),
      loan_portfolio: nairaFigure(loans),
      deposits: nairaFigure(s.credit),
      withdrawals: nairaFigure(s.debit),
      disbursed: nairaFigure(l.debit),
      repaid: nairaFigure(l.credit),
    };
  });
}

/** Pending or Rejected; an approved loan by its repayment: Running, Completed or Incomplete. */
const statusName = (loan: LoanRecord) =>
  loan.status === LOAN_STATUS.PENDING || loan.status === LOAN_STATUS.REJECTED
    ? LOAN_STATUS_LABELS[loan.status]
    : statusLabel(
        LOAN_REPAYMENT_STATUS_LABELS,
        loan.is_paid,
        LOAN_REPAYMENT_STATUS_LABELS[LOAN_REPAYMENT_STATUS.RUNNING],
      );

function principalOwed(loan: LoanRecord): KoboSum {
  return (loan.schedule ?? []).reduce(
    (sum, row) => (row.is_paid === SCHEDULE_LINE_STATUS.PAID ? sum : sum + BigInt(row.principal - row.principal_paid)),
    0n,
  );
}

type Bucket = AnalysisReport['portfolio_at_risk'][number]['bucket'];
const bucketOf = (days: number): Bucket => (days <= 30 ? '1-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+');

/** Loans by product and status (applied by the end date), and the portfolio at risk at the end date. */
export function loanFigures(
  loans: LoanRecord[],
  end: string,
): Pick<AnalysisReport, 'loans_by_product' | 'loans_by_status' | 'portfolio_at_risk' | 'portfolio'> {
  const byProduct = new Map<
    string,
    { product_id: string; product_name: string; count: number; amount: KoboSum; outstanding: KoboSum }
  >();
  const byStatus = new Map<string, { status: string; count: number; amount: KoboSum }>();
  const par = new Map<Bucket, { loans: number; overdue: KoboSum; outstanding: KoboSum }>(
    ['1-30', '31-60', '61-90', '90+'].map((b) => [b as Bucket, { loans: 0, overdue: 0n, outstanding: 0n }]),
  );
  let outstanding = 0n;
  let atRisk = 0n;
  for (const loan of loans.filter((l) => l.date <= end)) {
    const running = loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED;
    const owed = running ? principalOwed(loan) : 0n;
    const product = byProduct.get(loan.product_id) ?? {
      product_id: loan.product_id,
      product_name: loan.product_name,
      count: 0,
      amount: 0n,
      outstanding: 0n,
    };
    product.count += 1;
    product.amount += BigInt(loan.loan_amount);
    product.outstanding += owed;
    byProduct.set(loan.product_id, product);
    const status = statusName(loan);
    const s = byStatus.get(status) ?? { status, count: 0, amount: 0n };
    s.count += 1;
    s.amount += BigInt(loan.loan_amount);
    byStatus.set(status, s);
    if (!running) continue;
    outstanding += owed;
    // Installments due before the end date and not fully paid; the oldest one says how late the loan is.
    const late = (loan.schedule ?? []).filter(
      (row) => row.is_paid !== SCHEDULE_LINE_STATUS.PAID && row.payment_month < end,
    );
    if (late.length === 0) continue;
    const bucket = par.get(bucketOf(daysBetween(late[0].payment_month, end)))!;
    bucket.loans += 1;
    bucket.overdue += late.reduce(
      (sum, row) => sum + BigInt(row.principal - row.principal_paid + row.interest - row.interest_paid),
      0n,
    );
    bucket.outstanding += owed;
    atRisk += owed;
  }
  return {
    loans_by_product: [...byProduct.values()].map((p) => ({
      ...p,
      amount: nairaFigure(p.amount),
      outstanding: nairaFigure(p.outstanding),
    })),
    loans_by_status: [...byStatus.values()].map((s) => ({ ...s, amount: nairaFigure(s.amount) })),
    portfolio_at_risk: [...par.entries()].map(([bucket, v]) => ({
      bucket,
      loans: v.loans,
      overdue: nairaFigure(v.overdue),
      outstanding: nairaFigure(v.outstanding),
    })),
    // Percent with 2 decimals, rounded half up.
    portfolio: {
      outstanding: nairaFigure(outstanding),
      at_risk: nairaFigure(atRisk),
      par_percent: ratioPercent(atRisk, outstanding),
    },
  };
}

/** The ten members with the most savings, from the savings totals kept with every posting. */
async function topSavers(cooperativeId: string): Promise<AnalysisReport['top_savers']> {
  const members = await listMembers(cooperativeId);
  const totals = await savingsOfMembers(
    cooperativeId,
    members.map((m) => m.id),
  );
  return members
    .map((m) => ({
      member_id: m.id,
      name: `${m.firstname} ${m.lastname}`,
      balance: koboOf(totals.get(m.id)?.balance),
    }))
    .filter((m) => m.balance > 0n)
    .sort((a, b) => (b.balance > a.balance ? 1 : b.balance < a.balance ? -1 : a.member_id.localeCompare(b.member_id)))
    .slice(0, 10)
    .map((m) => ({ ...m, balance: nairaFigure(m.balance) }));
}

export async function analysisReport(
  cooperativeId: string,
  accounts: PortfolioAccounts,
  start: string,
  end: string,
): Promise<AnalysisReport> {
  const [months, loans, savers] = await Promise.all([
    monthlySeries(cooperativeId, accounts, start, end),
    cooperativeLoans(cooperativeId),
    topSavers(cooperativeId),
  ]);
  return { start_date: start, end_date: end, months, ...loanFigures(loans, end), top_savers: savers };
}
