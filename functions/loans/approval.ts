import { openRows } from '@coopledger/shared/loan-schedule';
import { compareKobo, formatNaira, kobo } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, invalid, notFound } from '#core/errors';
import { newId, referenceNumber } from '#core/ids';
import type { Effect } from '#core/ledger';
import { post } from '#core/ledger';
import { activityPut } from '#core/activity';
import { approvalStep } from '#core/four-eyes';
import { approvalRulesOf } from '#core/cooperative-rules';
import { setupRecords } from '../setup/setup-entity.ts';
import { bankAccountUnchanged, cachedBankAccount, forgetBankAccount } from '../setup/cached-setups.ts';
import { glCodeByPurpose } from '../chart/chart-store.ts';
import type { MemberTransaction } from '../savings/member-transaction-entity.ts';
import { putMemberTransaction } from '../savings/member-transaction-entity.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { planMovement } from '../savings/plan-entity.ts';
import { memberPlans } from '../savings/plan-entity.ts';
import { summaryUpdate } from '../savings/member-savings-entity.ts';
import { scheduleFor } from './applications.ts';
import type { LoanRecord } from './loan-entity.ts';
import {
  approvalEffect,
  findLoan,
  loanDeletion,
  loanStatusMove,
  markUpdate,
  rejectPendingLoan,
  recordLoanFirstApproval,
} from './loan-entity.ts';
import { loanDueAfter } from '../payroll/due-entity.ts';
import type { PaidStatus } from './loan-store.ts';
import { outstandingOf } from './loan-store.ts';
import { approvedSuretyCheck, suretiesByIds, suretyDeletions } from './surety-entity.ts';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_STATUS,
  SAVINGS_PLAN_STATUS,
  SURETY_STATUS,
  isActive,
} from '@coopledger/shared/statuses';
import { notice, noticeEffects } from '../notifications/notify.ts';

/**
 * Approval (disbursement through the ledger), rejection, the Running/Completed/Incomplete marks and
 * deletion of loans (DESIGN.md sections 4 and 5, docs/decisions.md "Loans").
 */

export const disbursementKey = (loanId: string) => `loan-disburse-${loanId}`;

export async function requireLoan(tenant: string, loanId: string): Promise<LoanRecord> {
  const loan = await findLoan(tenant, loanId);
  if (!loan) throw notFound('Loan');
  return loan;
}

function assertPending(loan: LoanRecord, action: 'approved' | 'rejected') {
  if (loan.status === LOAN_STATUS.APPROVED)
    throw conflict(`This loan has already been approved; only pending loans can be ${action}`);
  if (loan.status === LOAN_STATUS.REJECTED)
    throw conflict(`This loan has been rejected; only pending loans can be ${action}`);
}

/** The cooperative's Interest on Loans GL (the standard chart's account tagged loan_interest). */
export async function loanInterestGl(tenant: string): Promise<string> {
  const code = await glCodeByPurpose(tenant, 'loan_interest');
  if (!code)
    throw conflict(
      "This cooperative has no active Interest on Loans account (the standard chart's 501001) to credit loan interest to",
    );
  return code;
}

/** The member's savings plan with the largest available balance, if it can carry `amount`. */
async function lienPlan(tenant: string, memberId: string, amount: number): Promise<PlanRecord> {
  const plans = (await memberPlans(tenant, memberId))
    .filter((p) => p.status === SAVINGS_PLAN_STATUS.ACTIVE)
    .sort((a, b) => compareKobo(b.available, a.available));
  const best = plans[0];
  if (!best || best.available < amount) {
    throw conflict(
      `The loan needs a lien of ${formatNaira(amount)} on the member's savings, but no savings account of ${memberId} has that much available${best ? ` (the most is ${formatNaira(best.available)})` : ''}`,
    );
  }
  return best;
}

const lienPlaced = () => conflict('The savings account no longer has the available balance for the lien; try again');

/**
 * The lien placed with a loan: the plan's lien up and available down (only within available), and the member's totals.
 */
function lienPlace(tenant: string, plan: PlanRecord, amount: number, now: string): Effect[] {
  return [
    planMovement(
      plan,
      { lien: amount, available: -amount, updated_at: now, when: [{ attr: 'available', gte: amount }] },
      lienPlaced(),
    ),
    { item: summaryUpdate(tenant, plan.member_id, { available: -amount }) },
  ];
}

/**
 * The items that release a loan's lien (when it is completed): the plan's lien down and available
 * up, the member's totals, and the loan's lien marked released (so it is released once).
 */
export function lienRelease(tenant: string, loan: LoanRecord, now: string): TransactItem[] {
  if (!loan.lien || loan.lien.released || loan.lien.amount <= 0) return [];
  const { plan_id: planId, amount } = loan.lien;
  return [
    planMovement(
      { cooperative_id: tenant, id: planId },
      { lien: -amount, available: amount, updated_at: now, when: [{ attr: 'lien', gte: amount }] },
    ).item,
    summaryUpdate(tenant, loan.member_id, { available: amount }),
  ];
}

/**
 * Approves a pending loan whose two sureties approved: one ledger posting (idempotency key from the
 * loan id) with, in the same transaction, the loan's status 0 -> 1 and its stored schedule, a
 * condition that both current surety requests are still approved, the lien on savings when the
 * setup has one, and the member's transaction for the disbursement.
 *
 *   Dr setup.principal_gl          loan_amount
 *   Cr bank account GL             loan_amount - charge - upfront interest
 *   Cr charge posting_gl           charge
 *   Cr Interest on Loans (501001)  upfront interest
 */
export async function approveLoan(
  tenant: string,
  loanId: string,
  bankId: string,
  approvedBy: string,
): Promise<LoanRecord> {
  const [loan, rules] = await Promise.all([requireLoan(tenant, loanId), approvalRulesOf(tenant)]);
  assertPending(loan, 'approved');
  const sureties = await suretiesByIds(tenant, loan.surety_ids);
  if (sureties.length !== 2 || sureties.some((s) => s.status !== SURETY_STATUS.APPROVED)) {
    throw conflict('Both sureties must approve this loan before it can be approved');
  }
  if (approvalStep(rules, { ...loan, amount: kobo(loan.loan_amount) }, approvedBy) === 'first') {
    const mark = { by: approvedBy, at: nowIso() };
    await recordLoanFirstApproval(loan, mark);
    return { ...loan, first_approval: mark, updated_at: mark.at };
  }
  const bank = await cachedBankAccount(tenant, bankId);
  if (!bank || !isActive(bank.status)) throw invalid('bank_id', 'Please select bank account');
  const setup = await setupRecords.loanSetup.get(tenant, loan.setup_id);
  if (!setup) throw conflict('The loan setup of this loan no longer exists');

  const charge = loan.charge_amount > 0 ? await setupRecords.charge.get(tenant, loan.charge_id) : undefined;
  if (loan.charge_amount > 0 && !charge) throw conflict('The charge of this loan no longer exists');
  const upfrontGl = loan.upfront_amount > 0 ? await loanInterestGl(tenant) : undefined;
  const net = loan.loan_amount - loan.charge_amount - loan.upfront_amount;
  if (net <= 0) throw conflict('The charge and upfront interest take the whole loan; nothing is left to disburse');

  const lienAmount = Number(setup.lien ?? 0) === 1 ? Number(setup.lien_amount ?? 0) : 0;
  const plan = lienAmount > 0 ? await lienPlan(tenant, loan.member_id, lienAmount) : undefined;

  // The schedule is generated from the loan's own terms and stored with the approval.
  const schedule = scheduleFor({
    principal: loan.loan_amount,
    rate: loan.interest_rate,
    tenure: loan.tenure,
    tenureType: loan.tenure_type,
    method: loan.calculation_method_id,
    firstPaymentDate: loan.payment_start_date,
  });
  const rows = openRows(schedule.rows);
  const now = nowIso();
  const date = today();
  const reference = referenceNumber('LN', date);
  const lien = plan ? { plan_id: plan.id, amount: lienAmount, released: false } : null;

  const effects: Effect[] = [
    approvalEffect(loan, {
      bank_id: bankId,
      approved_by: approvedBy,
      approved_at: now,
      reference_no: reference,
      schedule: rows,
      loan_balance: outstandingOf(rows),
      total_interest: schedule.totals.interest,
      total_amount: schedule.totals.payment,
      lien,
    }),
    // The loan now repays: its payroll due item.
    { item: loanDueAfter(loan, rows, true) },
    ...loanStatusMove(loan, LOAN_STATUS.APPROVED).map((item): Effect => ({ item })),
    ...loan.surety_ids.map((id): Effect => ({
      item: approvedSuretyCheck({ cooperative_id: tenant, id }),
      onConditionFailed: conflict('Both sureties must approve this loan before it can be approved'),
    })),
  ];
  if (plan) effects.push(...lienPlace(tenant, plan, lienAmount, now));

  const txnId = newId();
  const deductions = [
    loan.charge_amount > 0 ? `charge ${formatNaira(loan.charge_amount)}` : '',
    loan.upfront_amount > 0 ? `upfront interest ${formatNaira(loan.upfront_amount)}` : '',
  ].filter(Boolean);
  const transaction: MemberTransaction = {
    id: txnId,
    reference_no: reference,
    type: { name: 'Loan Disbursement' },
    type_name: 'LOAN_DISBURSEMENT',
    description: `${loan.product_name} of ${formatNaira(loan.loan_amount)} disbursed${deductions.length ? ` less ${deductions.join(' and ')}` : ''}`,
    amount: net,
    transaction_date: date,
    savings_id: '',
    product_name: loan.product_name,
    member_id: loan.member_id,
    loan_id: loan.id,
    created_at: now,
  };
  effects.push({ item: putMemberTransaction(tenant, transaction) });
  // The bank account came from the instance's cache (setup/cached-setups.ts): still active, same GL.
  const bankChanged = conflict('The bank account changed while the loan was being approved; try again');
  effects.push({ item: bankAccountUnchanged(bank), onConditionFailed: bankChanged });
  const activity = activityPut();
  if (activity) effects.push({ item: activity.item });
  effects.push(...noticeEffects(tenant, loanNotice(loan, 'loan.approved')));

  const lines = [
    {
      glCode: String(setup.principal_gl),
      side: 'D' as const,
      amount: kobo(loan.loan_amount),
      description: `${loan.product_name} principal`,
    },
    { glCode: String(bank.coa_id), side: 'C' as const, amount: kobo(net), description: 'Disbursed to the member' },
  ];
  if (charge && loan.charge_amount > 0)
    lines.push({
      glCode: String(charge.posting_gl),
      side: 'C',
      amount: kobo(loan.charge_amount),
      description: charge.name,
    });
  if (upfrontGl && loan.upfront_amount > 0)
    lines.push({ glCode: upfrontGl, side: 'C', amount: kobo(loan.upfront_amount), description: 'Upfront interest' });

  const result = await post({
    cooperativeId: tenant,
    idempotencyKey: disbursementKey(loan.id),
    date,
    description: `Loan disbursement ${reference}: ${loan.member_name} (${loan.member_id}), ${loan.product_name}`,
    source: { type: 'LOAN_DISBURSEMENT', id: loan.id },
    reference,
    lines,
    effects,
    createdBy: approvedBy,
  }).catch((error: unknown) => {
    if (error === bankChanged) forgetBankAccount(tenant, bankId);
    throw error;
  });
  if (result.duplicate) throw conflict('This loan has already been approved; only pending loans can be approved');
  activity?.recorded();
  return {
    ...loan,
    status: LOAN_STATUS.APPROVED,
    is_paid: LOAN_REPAYMENT_STATUS.RUNNING,
    bank_id: bankId,
    approved_by: approvedBy,
    approved_at: now,
    schedule: rows,
    loan_balance: outstandingOf(rows),
    total_interest: schedule.totals.interest,
    total_amount: schedule.totals.payment,
    lien,
    version: loan.version + 1,
  };
}

/** The applicant's notification of their loan's approval or denial. */
function loanNotice(loan: LoanRecord, type: 'loan.approved' | 'loan.denied') {
  return {
    type,
    recipients: [loan.member_id],
    data: { amount: formatNaira(loan.loan_amount), product: loan.product_name, loan_id: loan.id },
  };
}

/** Rejects a pending loan; nothing is posted. */
export async function denyLoan(tenant: string, loanId: string, deniedBy: string): Promise<LoanRecord> {
  const loan = await requireLoan(tenant, loanId);
  assertPending(loan, 'rejected');
  const now = nowIso();
  await rejectPendingLoan(loan, deniedBy, now, notice(tenant, loanNotice(loan, 'loan.denied')));
  return { ...loan, status: LOAN_STATUS.REJECTED, rejected_at: now };
}

/**
 * Marks an approved loan Running (0), Completed (1) or Incomplete (2). Completing releases the lien
 * on savings in the same transaction; a lien once released is not placed again by a later mark.
 */
export async function markLoan(tenant: string, loanId: string, to: PaidStatus): Promise<LoanRecord> {
  const loan = await requireLoan(tenant, loanId);
  if (loan.status !== LOAN_STATUS.APPROVED)
    throw conflict('Only approved loans can be marked Running, Completed or Incomplete');
  if (loan.is_paid === to) return loan;
  const now = nowIso();
  const release = to === LOAN_REPAYMENT_STATUS.COMPLETED ? lienRelease(tenant, loan, now) : [];
  const lien = release.length > 0 && loan.lien ? { ...loan.lien, released: true } : (loan.lien ?? null);
  try {
    await transactWrite([
      markUpdate(loan, to, lien, now),
      loanDueAfter(loan, loan.schedule, to !== LOAN_REPAYMENT_STATUS.COMPLETED),
      ...release,
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict('The loan changed while it was being marked; try again');
    throw error;
  }
  return { ...loan, is_paid: to, lien, updated_at: now };
}

/** Deletes a pending or rejected loan with every surety request it ever had; a disbursed loan stays. */
export async function deleteLoan(tenant: string, loanId: string): Promise<void> {
  const loan = await requireLoan(tenant, loanId);
  if (loan.status === LOAN_STATUS.APPROVED) throw conflict('A disbursed loan cannot be deleted');
  const ids = [...new Set([...loan.all_surety_ids, ...loan.surety_ids])];
  const sureties = await suretiesByIds(tenant, ids);
  try {
    await transactWrite([...loanDeletion(loan), ...suretyDeletions(sureties)]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict('A disbursed loan cannot be deleted');
    throw error;
  }
}
