import type { LoanOffsetView } from '@coopledger/shared/loan-views';
import type { LoanRow, PayoffQuote } from '@coopledger/shared/loan-schedule';
import { LoanScheduleError, openRows, payOff, payoffQuote, restructure } from '@coopledger/shared/loan-schedule';
import { LOAN_OFFSET_MODES, LOAN_OFFSET_TYPES } from '@coopledger/shared/lookups';
import { compareKobo, formatNaira, kobo, koboOf, toNaira } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import type { LoanOffsetInput } from '@coopledger/shared/schemas/loan-offsets';
import { OFFSET_MODE, OFFSET_TYPE } from '@coopledger/shared/schemas/loan-offsets';
import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import { newId, referenceNumber } from '#core/ids';
import type { Effect, PostingLine } from '#core/ledger';
import { post } from '#core/ledger';
import { setupRecords } from '../setup/setup-entity.ts';
import type { MemberTransaction } from '../savings/member-transaction-entity.ts';
import { putMemberTransaction } from '../savings/member-transaction-entity.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { planMovement } from '../savings/plan-entity.ts';
import { setupOf } from '../savings/plans.ts';
import { memberPlans } from '../savings/plan-entity.ts';
import { summaryUpdate } from '../savings/member-savings-entity.ts';
import { lienRelease, loanInterestGl } from './approval.ts';
import type { LoanRecord } from './loan-entity.ts';
import { findLoan, loanRepaymentUpdate } from './loan-entity.ts';
import { loanDueAfter } from '../payroll/due-entity.ts';
import { outstandingOf } from './loan-store.ts';
import type { LoanOffsetRecord } from './offset-entity.ts';
import { findOffset, offsetCountEffect, offsetPutEffect } from './offset-entity.ts';
import { memberMonthEffects } from '../savings/member-month-entity.ts';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_STATUS,
  SAVINGS_PLAN_STATUS,
  SCHEDULE_LINE_STATUS,
  isActive,
} from '@coopledger/shared/statuses';

/**
 * Loan offsets (DESIGN.md sections 4 and 5; docs/decisions.md "Loan offsets"): a member repays part
 * or all of a running loan at once, with money received into a cooperative bank account (mode 1) or
 * taken from their own savings (mode 2).
 *
 * Each offset is ONE ledger posting (idempotency key `loan-offset-<offset id>`) whose transaction
 * also holds the loan's new schedule and balance (under the loan's `version` condition, so two
 * offsets or an offset and a repayment cannot both apply to the same schedule), the offset record,
 * the savings plan and member totals (mode 2, only within the available balance), the lien release
 * (type 2) and the member's transaction:
 *
 *   Dr bank account GL (mode 1) or the savings setup's member_balance_gl (mode 2)   amount paid
 *   Cr the loan setup's principal_gl                                                principal paid
 *   Cr Interest on Loans (the standard chart's 501001, purpose loan_interest)       interest paid
 *
 * Type 2 (Full Offset) pays the engine's payoff quote on the date (`payOff`): all unpaid principal,
 * the interest of installments due and of the month in progress; the loan completes (is_paid 1,
 * balance 0) and its lien on savings is released. Types 1 and 3 (`restructure`) pay the interest
 * due first, then principal; the principal left is re-amortised with the loan's rate and method
 * over `restructure_tenure` months from `payment_start_date`: the stored schedule becomes the
 * settled rows followed by the new ones, and the balance is recomputed from it. Type 1 may spread
 * the rest over at most the installments the loan had left on the date (the loan ends no later);
 * type 3 takes any tenure.
 */

export const offsetKey = (offsetId: string) => `loan-offset-${offsetId}`;

const modeOf = (id: number) => LOAN_OFFSET_MODES.find((m) => m.id === id);
const typeOf = (id: number) => LOAN_OFFSET_TYPES.find((t) => t.id === id);

/** A loan that can be offset: approved and not completed (Running or Incomplete). */
export function assertOffsettable(loan: LoanRecord): void {
  if (loan.status !== LOAN_STATUS.APPROVED) throw conflict('Only an approved loan can be offset');
  if (loan.is_paid === LOAN_REPAYMENT_STATUS.COMPLETED)
    throw conflict('This loan is completed; there is nothing left to offset');
}

export const isOffsettable = (loan: LoanRecord) =>
  loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED;

/** Unpaid installments falling after `date`: the most a Partial Offset (type 1) spreads the rest over. */
export function installmentsLeft(rows: readonly LoanRow[], date: string): number {
  return rows.filter((row) => row.is_paid === SCHEDULE_LINE_STATUS.NOT_PAID && row.payment_month > date).length;
}

/**
 * The offset date: today when not given; never before the loan's application. The posting-date
 * rule (a real day, not in the future, not before the opening date) is the `date` field's
 * (schemas/loan-offsets.ts, and the query's in offset-routes.ts).
 */
export function offsetDate(loan: Pick<LoanRecord, 'date'>, date: string | undefined): string {
  const day = date ?? today();
  if (day < loan.date)
    throw invalid('date', `The offset date cannot be before the loan's application date (${loan.date})`);
  return day;
}

export interface OffsetDetail {
  loan_id: string;
  product: { id: string; name: string };
  loan_amount: number;
  loan_balance: number;
  date: string;
  payoff: { principal: number; interest: number; amount: number };
  remaining_installments: number;
}

/** What the offset form shows for a loan on a date (naira). */
export function offsetDetail(loan: LoanRecord, date: string): OffsetDetail {
  const quote: PayoffQuote = payoffQuote(loan.schedule, date);
  return {
    loan_id: loan.id,
    product: { id: loan.product_id, name: loan.product_name },
    loan_amount: toNaira(loan.loan_amount),
    loan_balance: toNaira(loan.loan_balance),
    date,
    payoff: { principal: toNaira(quote.principal), interest: toNaira(quote.interest), amount: toNaira(quote.amount) },
    remaining_installments: installmentsLeft(loan.schedule, date),
  };
}

interface Settlement {
  rows: LoanRow[];
  amount: number;
  principalPaid: number;
  interestPaid: number;
  newBalance: number;
}

/** The loan's schedule after the offset, and what the offset pays, by the engine. */
function settle(loan: LoanRecord, input: LoanOffsetInput, date: string): Settlement {
  try {
    if (input.offset_type === OFFSET_TYPE.FULL) {
      const result = payOff(loan.schedule, date);
      if (result.quote.amount <= 0) throw conflict('Nothing is left to pay on this loan');
      return {
        rows: result.rows,
        amount: result.quote.amount,
        principalPaid: result.quote.principal,
        interestPaid: result.quote.interest,
        newBalance: 0,
      };
    }
    const tenure = input.restructure_tenure ?? 0;
    if (input.offset_type === OFFSET_TYPE.PARTIAL) {
      const left = installmentsLeft(loan.schedule, date);
      if (left === 0) {
        throw invalid(
          'restructure_tenure',
          'The loan has no installments left after this date; choose Partial Offset and Restructure to set a new tenure',
        );
      }
      if (tenure > left) {
        throw invalid(
          'restructure_tenure',
          `A partial offset spreads the rest over at most the ${left} installments left; choose Partial Offset and Restructure for a longer tenure`,
        );
      }
    }
    const result = restructure({
      rows: loan.schedule,
      date,
      offsetAmount: input.offset_amount ?? 0,
      annualRatePercent: loan.interest_rate,
      method: loan.calculation_method_id,
      tenure,
      tenureUnit: 'month',
      firstPaymentDate: input.payment_start_date ?? '',
    });
    const rows = [...result.rows, ...openRows(result.schedule.rows)];
    return {
      rows,
      amount: input.offset_amount ?? 0,
      principalPaid: result.principalPaid,
      interestPaid: result.interestPaid,
      newBalance: outstandingOf(rows),
    };
  } catch (error) {
    if (error instanceof LoanScheduleError) throw invalid(error.field, error.message);
    throw error;
  }
}

interface SavingsSource {
  plan: PlanRecord;
  memberBalanceGl: string;
}

/**
 * The savings plan an offset from savings (mode 2) is taken from: the member's active plan with the
 * largest available balance, which must cover the whole amount (an offset is not split across
 * plans). A Full Offset releases the loan's lien in the same transaction, so the lien plan counts
 * with that lien freed.
 */
async function savingsSource(
  tenant: string,
  loan: LoanRecord,
  amount: number,
  lienFreed: number,
): Promise<SavingsSource> {
  const usable = (plan: PlanRecord) =>
    koboOf(plan.available) + BigInt(lienFreed > 0 && plan.id === loan.lien?.plan_id ? lienFreed : 0);
  const plans = (await memberPlans(tenant, loan.member_id))
    .filter((p) => p.status === SAVINGS_PLAN_STATUS.ACTIVE)
    .sort((a, b) => compareKobo(usable(b), usable(a)));
  const best = plans[0];
  if (!best) throw invalid('offset_amount', `${loan.member_name} has no active savings account to offset from`);
  if (usable(best) < amount) {
    throw invalid(
      'offset_amount',
      `The amount to offset (${formatNaira(amount)}) is more than the available savings balance: the most available in one account is ${formatNaira(usable(best))} (${best.product_name})`,
    );
  }
  const setup = await setupOf(tenant, best);
  return { plan: best, memberBalanceGl: String(setup.member_balance_gl) };
}

const overdrawn = () =>
  conflict('Insufficient available balance: the savings account changed while the offset was being posted');

/**
 * Mode 2's savings items: the plan's balance and available down by the amount, conditioned on
 * `available >= amount` (available is kept equal to balance - lien), and the member's totals. When a
 * Full Offset also releases a lien, the release is folded into the same items (a transaction may
 * touch each item once): the lien plan's lien and available, and the same member totals.
 */
function savingsItems(
  tenant: string,
  loan: LoanRecord,
  plan: PlanRecord,
  amount: number,
  lienFreed: number,
  now: string,
): Effect[] {
  const lienPlanId = lienFreed > 0 ? loan.lien?.plan_id : undefined;
  const effects: Effect[] = [];
  if (lienPlanId === plan.id) {
    const movement = { balance: -amount, lien: -lienFreed, available: lienFreed - amount, updated_at: now };
    effects.push(
      planMovement(
        plan,
        {
          ...movement,
          when: [
            { attr: 'available', gte: amount - lienFreed },
            { attr: 'lien', gte: lienFreed },
          ],
        },
        overdrawn(),
      ),
    );
  } else {
    effects.push(
      planMovement(
        plan,
        { balance: -amount, available: -amount, updated_at: now, when: [{ attr: 'available', gte: amount }] },
        overdrawn(),
      ),
    );
    if (lienPlanId) {
      effects.push(
        planMovement(
          { cooperative_id: tenant, id: lienPlanId },
          { lien: -lienFreed, available: lienFreed, updated_at: now, when: [{ attr: 'lien', gte: lienFreed }] },
        ),
      );
    }
  }
  effects.push({ item: summaryUpdate(tenant, loan.member_id, { balance: -amount, available: lienFreed - amount }) });
  return effects;
}

export interface OffsetResult {
  offset: LoanOffsetRecord;
  /** True when this offset id had already been posted: nothing was written this time. */
  duplicate: boolean;
}

/** Posts an offset once per offset id (a replay answers the offset already posted). */
export async function postOffset(
  tenant: string,
  input: LoanOffsetInput,
  createdBy: string,
  memberId?: string,
): Promise<OffsetResult> {
  const offsetId = input.offset_id ?? newId();
  if (input.offset_id) {
    const existing = await findOffset(tenant, offsetId);
    if (existing) {
      if (existing.loan_id !== input.loan_id) throw conflict('This offset id has already been used for another loan');
      return { offset: existing, duplicate: true };
    }
  }
  const loan = await findLoan(tenant, input.loan_id);
  if (!loan) throw notFound('Loan');
  if (memberId && loan.member_id !== memberId.toUpperCase())
    throw invalid('loan_id', 'This loan belongs to another member');
  assertOffsettable(loan);
  if (input.loan_balance !== undefined && input.loan_balance !== loan.loan_balance) {
    throw conflict(
      `The loan balance has changed since the form was filled (it is now ${formatNaira(loan.loan_balance)}); choose the loan again`,
    );
  }
  const date = offsetDate(loan, input.date);
  const settlement = settle(loan, input, date);
  const full = input.offset_type === OFFSET_TYPE.FULL;
  const lienFreed = full && loan.lien && !loan.lien.released && loan.lien.amount > 0 ? loan.lien.amount : 0;

  let debitGl: string;
  let bankId: string | null = null;
  let source: SavingsSource | undefined;
  if (input.offset_mode === OFFSET_MODE.BANK) {
    const bank = await setupRecords.bankAccount.get(tenant, input.bank_id ?? '');
    if (!bank || !isActive(bank.status)) throw invalid('bank_id', 'Please select bank account');
    debitGl = String(bank.coa_id);
    bankId = bank.id;
  } else {
    source = await savingsSource(tenant, loan, settlement.amount, lienFreed);
    debitGl = source.memberBalanceGl;
  }
  const setup = await setupRecords.loanSetup.get(tenant, loan.setup_id);
  if (!setup) throw conflict('The loan setup of this loan no longer exists');
  const interestGl = settlement.interestPaid > 0 ? await loanInterestGl(tenant) : undefined;

  const now = nowIso();
  const reference = referenceNumber('LOF', date);
  const type = typeOf(input.offset_type);
  const mode = modeOf(input.offset_mode);
  const offset: LoanOffsetRecord = {
    id: offsetId,
    cooperative_id: tenant,
    loan_id: loan.id,
    member_id: loan.member_id,
    member_name: loan.member_name,
    product_id: loan.product_id,
    product_name: loan.product_name,
    mode: input.offset_mode,
    type: input.offset_type,
    initial_loan_amount: loan.loan_balance,
    offset_amount: settlement.amount,
    new_loan_amount: settlement.newBalance,
    principal_paid: settlement.principalPaid,
    interest_paid: settlement.interestPaid,
    bank_id: bankId,
    savings_id: source?.plan.id ?? null,
    savings_product_name: source?.plan.product_name ?? null,
    date,
    restructure_tenure: full ? null : (input.restructure_tenure ?? null),
    payment_start_date: full ? null : (input.payment_start_date ?? null),
    loan_version: loan.version,
    reference_no: reference,
    posting_key: offsetKey(offsetId),
    created_by: createdBy,
    created_at: now,
  };

  const loanChanged = conflict(
    'The loan changed while the offset was being posted (another offset or repayment); check its balance and try again',
  );
  const releaseLien = full && lienFreed > 0 && loan.lien !== null && loan.lien !== undefined;
  // Mode 2 folds the release into its own savings items (one update per item per transaction).
  const lienItems: TransactItem[] =
    releaseLien && input.offset_mode === OFFSET_MODE.BANK ? lienRelease(tenant, loan, now) : [];
  const effects: Effect[] = [
    loanRepaymentUpdate(
      tenant,
      loan,
      { rows: settlement.rows, balance: settlement.newBalance, completed: full, releaseLien, now },
      loanChanged,
    ),
    // The payroll due item: what is owed now, or none once the loan is completed.
    { item: loanDueAfter(loan, settlement.rows, !full) },
    ...lienItems.map((item): Effect => ({
      item,
      onConditionFailed: conflict('The lien on savings changed while the offset was being posted; try again'),
    })),
  ];
  if (source) effects.push(...savingsItems(tenant, loan, source.plan, settlement.amount, lienFreed, now));

  const txnId = newId();
  const from = source ? `from ${source.plan.product_name}` : 'by bank';
  const transaction: MemberTransaction = {
    id: txnId,
    reference_no: reference,
    type: { name: 'Loan Offset' },
    type_name: 'LOAN_OFFSET',
    description: `${type?.name ?? 'Offset'} of ${loan.product_name} ${from}: principal ${formatNaira(settlement.principalPaid)}, interest ${formatNaira(settlement.interestPaid)}`,
    amount: settlement.amount,
    transaction_date: date,
    savings_id: source?.plan.id ?? '',
    product_name: source?.plan.product_name ?? loan.product_name,
    member_id: loan.member_id,
    loan_id: loan.id,
    offset_id: offsetId,
    created_at: now,
  };
  effects.push({ item: putMemberTransaction(tenant, transaction) });
  effects.push(
    ...memberMonthEffects(tenant, loan.member_id, date, {
      savings: source ? -settlement.amount : 0,
      interest: settlement.interestPaid,
    }),
  );
  const lines: PostingLine[] = [
    {
      glCode: debitGl,
      side: 'D',
      amount: kobo(settlement.amount),
      description: source ? `Offset from ${source.plan.product_name}` : 'Offset received',
    },
  ];
  if (settlement.principalPaid > 0)
    lines.push({
      glCode: String(setup.principal_gl),
      side: 'C',
      amount: kobo(settlement.principalPaid),
      description: `${loan.product_name} principal`,
    });
  if (interestGl && settlement.interestPaid > 0)
    lines.push({
      glCode: interestGl,
      side: 'C',
      amount: kobo(settlement.interestPaid),
      description: `${loan.product_name} interest`,
    });

  effects.push(offsetPutEffect(offset), offsetCountEffect(offset));

  const result = await post({
    cooperativeId: tenant,
    idempotencyKey: offsetKey(offsetId),
    date,
    description:
      `Loan offset ${reference}: ${loan.member_name} (${loan.member_id}), ${loan.product_name}, ${type?.name ?? ''} ${mode ? `from ${mode.name}` : ''}`.trim(),
    source: { type: 'LOAN_OFFSET', id: offsetId },
    reference,
    lines,
    effects,
    createdBy,
  });
  if (result.duplicate) {
    const posted = await findOffset(tenant, offsetId);
    if (!posted) throw new AppError('CONFLICT', 'This offset is being posted; try again');
    return { offset: posted, duplicate: true };
  }
  return { offset, duplicate: false };
}

/** The history row (spec 000 section 3, "Loan offset record"), amounts in naira. */
export function presentOffset(o: LoanOffsetRecord): LoanOffsetView {
  return {
    id: o.id,
    reference_no: o.reference_no,
    loan_id: o.loan_id,
    loan: { id: o.loan_id, product: { id: o.product_id, name: o.product_name } },
    member_id: o.member_id,
    member: { id: o.member_id, name: o.member_name },
    initial_loan_amount: toNaira(o.initial_loan_amount),
    offset_amount: toNaira(o.offset_amount),
    new_loan_amount: toNaira(o.new_loan_amount),
    principal_paid: toNaira(o.principal_paid),
    interest_paid: toNaira(o.interest_paid),
    type: { id: o.type, name: typeOf(o.type)?.name ?? String(o.type) },
    mode: { id: o.mode, name: modeOf(o.mode)?.name ?? String(o.mode) },
    bank_id: o.bank_id,
    savings_id: o.savings_id,
    savings: o.savings_id ? { id: o.savings_id, product: { name: o.savings_product_name ?? '' } } : null,
    date: o.date,
    restructure_tenure: o.restructure_tenure,
    payment_start_date: o.payment_start_date,
    created_at: o.created_at,
  };
}
