import type { PayoffQuote } from '@coopledger/shared/loan-schedule';
import { LoanScheduleError, payoffQuote } from '@coopledger/shared/loan-schedule';
import type { KoboSum } from '@coopledger/shared/money';
import { formatNaira, koboOf, sumKobo } from '@coopledger/shared/money';
import {
  DIVIDEND_STATUS,
  LOAN_REPAYMENT_STATUS,
  LOAN_STATUS,
  SAVINGS_PLAN_STATUS,
  SURETY_STATUS,
} from '@coopledger/shared/statuses';
import { TRANSACTION_TYPES } from '@coopledger/shared/schemas/savings';
import { invalid, notFound } from '#core/errors';
import { findCooperative } from '../cooperatives/cooperative-store.ts';
import { allDeclarations, memberLinesOf, paymentRowOf } from '../dividends/declaration-entity.ts';
import type { LoanRecord } from '../loans/loan-entity.ts';
import { loansByIds, memberLoans } from '../loans/loan-entity.ts';
import { stillGuarantees } from '../loans/sureties.ts';
import type { SuretyRecord } from '../loans/surety-entity.ts';
import { memberSureties } from '../loans/surety-entity.ts';
import type { OrderRecord } from '../savings/order-entity.ts';
import { pendingOrdersOfType } from '../savings/order-entity.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { memberPlans } from '../savings/plan-entity.ts';
import type { MemberRecord } from './member-store.ts';
import { findMember } from './member-store.ts';

/**
 * A member's exit settlement (issue 23; docs/decisions.md 2026-11-27 "Member exit"): what the
 * member's savings (every plan that is active or holds money) leave once every running loan is paid
 * off on the date (the loan engine's full-offset quote: unpaid principal and the interest due), the
 * cooperative's exit charge is taken and the dividends declared to them and not yet paid are added.
 * `settle` is the arithmetic (pure, tested by hand); `readSettlement` reads what it needs.
 *
 * What stops an exit (`blockers`): a shortfall (the loans and the charge are more than the savings),
 * a guarantee the member still gives on another member's loan, a dividend declared to them and not
 * yet paid (paid first into savings, it is then part of the savings), and a loan application of
 * theirs still pending.
 */

export interface ExitPlan {
  plan: PlanRecord;
  balance: KoboSum;
}

export interface ExitLoan {
  loan: LoanRecord;
  quote: PayoffQuote;
}

export interface ExitDividend {
  id: string;
  from: string | null;
  to: string | null;
  amount: number;
}

export interface ExitGuarantee {
  surety: SuretyRecord;
  loan: LoanRecord;
}

export interface SettlementParts {
  memberName: string;
  plans: ExitPlan[];
  loans: ExitLoan[];
  /** Kobo. */
  exitCharge: number;
  dividends: ExitDividend[];
  guarantees: ExitGuarantee[];
  pendingLoans: LoanRecord[];
  /** Deposits and withdrawals of the member still waiting for a decision. */
  pendingOrders: Pick<OrderRecord, 'transaction_type' | 'amount' | 'product_name'>[];
}

export interface Settlement extends SettlementParts {
  savingsTotal: KoboSum;
  loansTotal: KoboSum;
  dividendsTotal: KoboSum;
  /** savings - loan payoffs - exit charge + dividends. */
  net: KoboSum;
  shortfall: KoboSum;
  blockers: string[];
}

/** The settlement's figures and what blocks it, from its parts. */
export function settle(parts: SettlementParts): Settlement {
  const savingsTotal = sumKobo(parts.plans.map((p) => p.balance));
  const loansTotal = sumKobo(parts.loans.map((l) => l.quote.amount));
  const dividendsTotal = sumKobo(parts.dividends.map((d) => d.amount));
  const net = savingsTotal + dividendsTotal - loansTotal - koboOf(parts.exitCharge);
  const shortfall = net < 0n ? 0n - net : 0n;
  const blockers: string[] = [];
  if (shortfall > 0n)
    blockers.push(
      `The loans and the exit charge are more than the savings: ${parts.memberName} is short by ${formatNaira(shortfall)}; settle that first`,
    );
  for (const { loan } of parts.guarantees) {
    blockers.push(
      loan.status === LOAN_STATUS.PENDING
        ? `${parts.memberName} is a surety on the pending ${loan.product_name} application of ${loan.member_name} (${loan.member_id}); it must be answered, replaced or decided first`
        : `${parts.memberName} guarantees the running ${loan.product_name} of ${loan.member_name} (${loan.member_id}); the guarantee must be replaced or released first`,
    );
  }
  for (const d of parts.dividends)
    blockers.push(
      `A dividend${d.from ? ` for ${d.from} to ${d.to}` : ''} of ${formatNaira(d.amount)} is declared to ${parts.memberName} and not yet paid; pay it first (it then counts in the savings)`,
    );
  for (const loan of parts.pendingLoans)
    blockers.push(
      `The ${loan.product_name} application of ${parts.memberName} is pending; approve, reject or delete it first`,
    );
  for (const order of parts.pendingOrders)
    blockers.push(
      `A ${order.transaction_type === 'DEPOSIT' ? 'deposit' : 'withdrawal'} of ${formatNaira(order.amount)} to the ${order.product_name} plan of ${parts.memberName} is pending; approve or deny it first`,
    );
  return { ...parts, savingsTotal, loansTotal, dividendsTotal, net, shortfall, blockers };
}

const running = (loan: LoanRecord) =>
  loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED;

/** The plans an exit closes: the active ones and any other that still holds money. */
const closable = (plan: PlanRecord) => plan.status === SAVINGS_PLAN_STATUS.ACTIVE || koboOf(plan.balance) !== 0n;

/** The member's dividends declared (Approved) and not yet paid to them. */
async function unpaidDividends(tenant: string, memberId: string): Promise<ExitDividend[]> {
  const approved = (await allDeclarations(tenant)).filter((d) => d.status === DIVIDEND_STATUS.APPROVED);
  if (approved.length === 0) return [];
  const lines = await memberLinesOf(
    tenant,
    approved.map((d) => d.id),
    memberId,
  );
  const unpaid: ExitDividend[] = [];
  for (const d of approved) {
    const line = lines.get(d.id);
    if (!line || line.amount <= 0) continue;
    // A payment into savings that started may have paid this member already.
    if (d.pay_mode === 'savings' && d.pay_status !== undefined && (await paymentRowOf(tenant, d.id, memberId)))
      continue;
    unpaid.push({ id: d.id, from: d.from ?? null, to: d.to ?? null, amount: line.amount });
  }
  return unpaid;
}

/**
 * The member's pending deposits and withdrawals: approved after the exit they would move a closed plan.
 * Read from the cooperative's pending orders (the pending index, which holds only orders awaiting a
 * decision: a few at a time), not from the member's whole order history.
 */
async function pendingOrdersOf(tenant: string, memberId: string): Promise<OrderRecord[]> {
  const pending = await Promise.all(TRANSACTION_TYPES.map((type) => pendingOrdersOfType(tenant, type)));
  return pending.flat().filter((order) => order.coop_id === memberId);
}

/** The guarantees the member gives on other members' loans that are not yet repaid. */
async function guaranteesOf(tenant: string, memberId: string): Promise<ExitGuarantee[]> {
  const requests = (await memberSureties(tenant, memberId)).filter(
    (s) => !s.released_at && (s.status === SURETY_STATUS.APPROVED || s.status === SURETY_STATUS.PENDING),
  );
  const loans = await loansByIds(
    tenant,
    requests.map((s) => s.loan_id),
  );
  return requests.flatMap((surety) => {
    const loan = loans.get(surety.loan_id);
    return stillGuarantees(surety, loan) ? [{ surety, loan }] : [];
  });
}

export interface ReadSettlement {
  member: MemberRecord;
  settlement: Settlement;
}

/** Reads a member's settlement on `date` (consistently: the approval posts from it). */
export async function readSettlement(tenant: string, memberId: string, date: string): Promise<ReadSettlement> {
  const member = await findMember(tenant, memberId, true);
  if (!member) throw notFound('Member');
  const [cooperative, plans, loans, dividends, guarantees, pendingOrders] = await Promise.all([
    findCooperative(tenant),
    memberPlans(tenant, member.id),
    memberLoans(tenant, member.id),
    unpaidDividends(tenant, member.id),
    guaranteesOf(tenant, member.id),
    pendingOrdersOf(tenant, member.id),
  ]);
  const runningLoans = loans.filter(running);
  for (const loan of runningLoans)
    if (date < loan.date)
      throw invalid('date', `The exit date cannot be before the ${loan.product_name} loan's date (${loan.date})`);
  let quotes: ExitLoan[];
  try {
    quotes = runningLoans.map((loan) => ({ loan, quote: payoffQuote(loan.schedule, date) }));
  } catch (error) {
    if (error instanceof LoanScheduleError) throw invalid('date', error.message);
    throw error;
  }
  const name = [member.firstname, member.lastname].filter(Boolean).join(' ');
  const settlement = settle({
    memberName: name,
    plans: plans.filter(closable).map((plan) => ({ plan, balance: koboOf(plan.balance) })),
    loans: quotes,
    exitCharge: cooperative?.exit_charge ?? 0,
    dividends,
    guarantees,
    pendingLoans: loans.filter((l) => l.status === LOAN_STATUS.PENDING),
    pendingOrders,
  });
  return { member, settlement };
}
