import { businessDate, today } from '@coopledger/shared/dates';
import { statementPeriodIssue } from '@coopledger/shared/statement-periods';
import type { KoboSum } from '@coopledger/shared/money';
import { figureKobo, koboOf } from '@coopledger/shared/money';
import { LOAN_STATUS } from '@coopledger/shared/statuses';
import { invalid, notFound } from '#core/errors';
import { readObject } from '#core/import-files';
import { logger } from '#core/logger';
import { sniffImage } from '#core/stored-files';
import { getCooperative } from '../cooperatives/cooperative-entity.ts';
import { memberDividends } from '../dividends/member-dividends.ts';
import type { LoanRecord } from '../loans/loan-store.ts';
import { memberLoans } from '../loans/loan-store.ts';
import type { LoanOffsetRecord } from '../loans/offset-entity.ts';
import { findOffset } from '../loans/offset-entity.ts';
import type { MemberTransaction } from '../savings/member-transaction-entity.ts';
import { PLAN_MOVEMENT_SIGNS, memberTransactionsOf } from '../savings/member-transaction-entity.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { memberPlans } from '../savings/plan-entity.ts';
import { getDepartment } from '../setup/setup-entity.ts';
import type { MemberRecord } from './member-entity.ts';
import { getMember } from './member-entity.ts';

/**
 * A member's statement of a period (issue 23; docs/decisions.md 2026-11-27 "Member statements"):
 * each savings plan's opening balance, transactions with a running balance and closing balance; each
 * loan's disbursement, repayments and balances at the start and end; the dividends paid; the totals.
 *
 * Balances are worked back from the ones the app keeps (a plan's `balance`, a loan's `loan_balance`)
 * through the member's transactions dated after the day in question: the closing balance is the
 * current one less what moved after the period, the opening balance the closing one less what moved
 * in it. Only the member's transactions from the period's start on are read (one Query of their
 * partition's date range), so the figures agree with the subledgers without reading the whole history.
 */

export type StatementFormat = 'pdf' | 'xlsx';

export interface StatementPeriod {
  start: string;
  end: string;
}

/**
 * The period and format of a statement request: the period as shared/src/statement-periods.ts
 * rules it (required calendar dates, in order, not after today, under five years); format pdf (the
 * default) or xlsx.
 */
export function statementRequest(query: Record<string, string | undefined>): StatementPeriod & {
  format: StatementFormat;
} {
  const issue = statementPeriodIssue(query, today());
  if (issue) throw invalid(issue.field, issue.message);
  const format = (query.format ?? 'pdf').trim().toLowerCase();
  if (format !== 'pdf' && format !== 'xlsx') throw invalid('format', 'The format must be pdf or xlsx');
  return { start: String(query.start_date).trim(), end: String(query.end_date).trim(), format };
}

export interface StatementLine {
  date: string;
  reference: string;
  description: string;
  debit: KoboSum;
  credit: KoboSum;
  balance: KoboSum;
}

export interface PlanStatement {
  id: string;
  product_name: string;
  opening: KoboSum;
  lines: StatementLine[];
  closing: KoboSum;
}

export interface LoanRepaymentLine {
  date: string;
  reference: string;
  /** Paid (a reversal: negative). */
  amount: KoboSum;
  how: string;
}

export interface LoanStatement {
  id: string;
  product_name: string;
  /** The day it was disbursed. */
  disbursed_on: string;
  principal: KoboSum;
  /** Principal and interest owed once disbursed (the schedule's total). */
  total_amount: KoboSum;
  disbursed_in_period: boolean;
  opening: KoboSum;
  repayments: LoanRepaymentLine[];
  closing: KoboSum;
}

export interface DividendLine {
  paid_on: string;
  description: string;
  paid_into: string;
  amount: KoboSum;
}

export interface MemberStatement {
  cooperative: { name: string; primary_color: string | undefined; logo?: Buffer };
  member: {
    name: string;
    number: string;
    staff_id: string;
    department: string;
    email: string;
    phone: string;
  };
  period: StatementPeriod;
  plans: PlanStatement[];
  loans: LoanStatement[];
  dividends: DividendLine[];
  totals: { savings_closing: KoboSum; loans_outstanding: KoboSum; dividends_paid: KoboSum };
  generated_at: string;
}

const ascending = (a: MemberTransaction, b: MemberTransaction) =>
  a.transaction_date.localeCompare(b.transaction_date) || a.id.localeCompare(b.id);

const sum = (values: Iterable<KoboSum>) => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/** A transaction's signed change to its plan's balance; 0 for one that moves no plan. */
function planChange(t: MemberTransaction): KoboSum {
  if (!t.savings_id) return 0n;
  const sign = PLAN_MOVEMENT_SIGNS[t.type_name];
  if (!sign) {
    logger.warn('member transaction of an unknown type on a savings plan', { id: t.id, type: t.type_name });
    return 0n;
  }
  return sign === 1 ? koboOf(t.amount) : 0n - koboOf(t.amount);
}

/**
 * A plan's statement from its current balance and the member's transactions from the period's start
 * on (any order).
 */
export function planStatement(
  plan: Pick<PlanRecord, 'id' | 'product_name' | 'balance'>,
  transactions: readonly MemberTransaction[],
  period: StatementPeriod,
): PlanStatement {
  const own = transactions.filter((t) => t.savings_id === plan.id && t.transaction_date >= period.start);
  const after = own.filter((t) => t.transaction_date > period.end);
  const within = own.filter((t) => t.transaction_date <= period.end).sort(ascending);
  const closing = koboOf(plan.balance) - sum(after.map(planChange));
  const opening = closing - sum(within.map(planChange));
  let balance = opening;
  const lines = within.map((t): StatementLine => {
    const change = planChange(t);
    balance += change;
    return {
      date: t.transaction_date,
      reference: t.reference_no,
      description: t.description,
      debit: change < 0n ? 0n - change : 0n,
      credit: change > 0n ? change : 0n,
      balance,
    };
  });
  return { id: plan.id, product_name: plan.product_name, opening, lines, closing };
}

/** The day a loan was disbursed: its disbursement transaction's, else its approval's (an imported loan: its date). */
function disbursedOn(loan: LoanRecord, transactions: readonly MemberTransaction[]): string {
  const posted = transactions.find((t) => t.loan_id === loan.id && t.type_name === 'LOAN_DISBURSEMENT');
  if (posted) return posted.transaction_date;
  return loan.approved_at && !loan.imported ? businessDate(loan.approved_at) : loan.date;
}

/**
 * A repayment transaction's signed change to its loan's balance (principal and interest owed): a
 * payroll repayment lowers it by what was paid, its reversal raises it again, an offset moves it from
 * the offset's balance before to its balance after (a full offset or a restructure changes the
 * interest owed too). 0 for the disbursement and anything else.
 */
function loanChange(t: MemberTransaction, offsets: ReadonlyMap<string, LoanOffsetRecord>): KoboSum {
  if (t.type_name === 'LOAN_REPAYMENT') return 0n - koboOf(t.amount);
  if (t.type_name === 'PAYROLL_REVERSAL') return koboOf(t.amount);
  // A payoff on leaving the cooperative is a Full Offset from savings (functions/members/exits.ts).
  if (t.type_name === 'LOAN_OFFSET' || t.type_name === 'EXIT_LOAN_PAYOFF') {
    const offset = t.offset_id ? offsets.get(t.offset_id) : undefined;
    if (offset) return koboOf(offset.new_loan_amount) - koboOf(offset.initial_loan_amount);
    return 0n - koboOf(t.amount);
  }
  return 0n;
}

function howPaid(t: MemberTransaction): string {
  if (t.type_name === 'LOAN_REPAYMENT') return 'Payroll deduction';
  if (t.type_name === 'PAYROLL_REVERSAL') return 'Payroll deduction reversed';
  if (t.type_name === 'EXIT_LOAN_PAYOFF') return 'Paid off from savings on leaving';
  return t.savings_id ? `Offset from savings (${t.product_name})` : 'Offset by bank';
}

/**
 * A disbursed loan's statement (undefined when disbursed after the period) from its current balance,
 * the member's transactions from the period's start on and the offsets they name.
 */
export function loanStatement(
  loan: LoanRecord,
  transactions: readonly MemberTransaction[],
  offsets: ReadonlyMap<string, LoanOffsetRecord>,
  period: StatementPeriod,
): LoanStatement | undefined {
  if (loan.status !== LOAN_STATUS.APPROVED) return undefined;
  const disbursed = disbursedOn(loan, transactions);
  if (disbursed > period.end) return undefined;
  const own = transactions.filter(
    (t) => t.loan_id === loan.id && t.transaction_date >= period.start && loanChange(t, offsets) !== 0n,
  );
  const after = own.filter((t) => t.transaction_date > period.end);
  const within = own.filter((t) => t.transaction_date <= period.end).sort(ascending);
  const closing = koboOf(loan.loan_balance) - sum(after.map((t) => loanChange(t, offsets)));
  const inPeriod = disbursed >= period.start;
  const opening = inPeriod ? 0n : closing - sum(within.map((t) => loanChange(t, offsets)));
  return {
    id: loan.id,
    product_name: loan.product_name,
    disbursed_on: disbursed,
    principal: koboOf(loan.loan_amount),
    total_amount: koboOf(loan.total_amount),
    disbursed_in_period: inPeriod,
    opening,
    // What was paid (an offset's balance may fall by more: a restructure recomputes the interest).
    repayments: within.map((t) => ({
      date: t.transaction_date,
      reference: t.reference_no,
      amount: t.type_name === 'PAYROLL_REVERSAL' ? 0n - koboOf(t.amount) : koboOf(t.amount),
      how: howPaid(t),
    })),
    closing,
  };
}

const fullName = (m: MemberRecord) => [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' ');

async function logoOf(key: string | undefined): Promise<Buffer | undefined> {
  if (!key) return undefined;
  try {
    const bytes = await readObject(key);
    const image = sniffImage(bytes);
    return image && (image.extension === 'png' || image.extension === 'jpg') ? bytes : undefined;
  } catch (error) {
    logger.warn('could not read the cooperative logo for a statement', { key, error });
    return undefined;
  }
}

/** Everything a member's statement of `period` shows, read from the stores (404 for a member the cooperative lacks). */
export async function memberStatement(
  tenant: string,
  memberId: string,
  period: StatementPeriod,
): Promise<MemberStatement> {
  const member = await getMember(tenant, memberId);
  if (!member) throw notFound('Member');
  const [cooperative, plans, loans, transactions, dividends, department] = await Promise.all([
    getCooperative(tenant),
    memberPlans(tenant, member.id),
    memberLoans(tenant, member.id),
    memberTransactionsOf(tenant, member.id, { from: period.start }),
    memberDividends(tenant, member.id),
    member.work_info?.department_id ? getDepartment(tenant, member.work_info.department_id) : undefined,
  ]);
  const offsetIds = [...new Set(transactions.flatMap((t) => (t.offset_id ? [t.offset_id] : [])))];
  const offsets = new Map(
    (await Promise.all(offsetIds.map((id) => findOffset(tenant, id)))).flatMap((o) => (o ? [[o.id, o] as const] : [])),
  );
  // Plans opened after the period are left off (nothing of theirs is in it).
  const planStatements = plans
    .filter((plan) => plan.start_date <= period.end)
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id.localeCompare(b.id))
    .map((plan) => planStatement(plan, transactions, period));
  // Loans settled before the period (nothing owed at its start or end, nothing paid in it) are left off.
  const loanStatements = [...loans]
    .reverse()
    .flatMap((loan) => loanStatement(loan, transactions, offsets, period) ?? [])
    .filter((l) => l.disbursed_in_period || l.opening !== 0n || l.closing !== 0n || l.repayments.length > 0);
  const paid = dividends.dividends.filter(
    (d) => d.paid && d.paid_on !== null && d.paid_on >= period.start && d.paid_on <= period.end,
  );
  const dividendLines = paid.map((d): DividendLine => ({
    paid_on: d.paid_on as string,
    description:
      d.from && d.to
        ? `Dividend for ${d.from} to ${d.to}`
        : `Dividend${d.approved_at ? ` approved ${businessDate(d.approved_at)}` : ''}`,
    paid_into: d.paid_into === 'savings' ? 'Savings' : 'Bank',
    amount: figureKobo(d.amount) ?? 0n,
  }));
  return {
    cooperative: {
      name: cooperative?.name ?? '',
      primary_color: cooperative?.colors.primary_color,
      logo: await logoOf(cooperative?.logo_key),
    },
    member: {
      name: fullName(member),
      number: member.id,
      staff_id: member.staff_id ?? '',
      department: department ? String(department.name) : '',
      email: member.email,
      phone: member.phone,
    },
    period,
    plans: planStatements,
    loans: loanStatements,
    dividends: dividendLines,
    totals: {
      savings_closing: sum(planStatements.map((p) => p.closing)),
      loans_outstanding: sum(loanStatements.map((l) => l.closing)),
      dividends_paid: sum(dividendLines.map((d) => d.amount)),
    },
    generated_at: new Date().toISOString(),
  };
}
