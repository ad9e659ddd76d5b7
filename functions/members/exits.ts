import type { ExitSettlementView, MemberExitView } from '@coopledger/shared/member-exit-views';
import { today } from '@coopledger/shared/dates';
import { payOff } from '@coopledger/shared/loan-schedule';
import { formatNaira, kobo, koboOf, nairaFigure, storedKobo } from '@coopledger/shared/money';
import { OFFSET_MODE, OFFSET_TYPE } from '@coopledger/shared/schemas/loan-offsets';
import {
  MEMBER_EXIT_STATUS,
  MEMBER_EXIT_STATUS_LABELS,
  MEMBER_STATUS,
  SAVINGS_PLAN_STATUS,
  USER_STATUS,
  isActive,
} from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import { newId, referenceNumber } from '#core/ids';
import { countChange } from '#core/list-counter-entity';
import type { Effect, PostingLine } from '#core/ledger';
import { post, postingItemCount } from '#core/ledger';
import { glCodeByPurpose } from '../chart/chart-store.ts';
import { closeConnections } from '../chat/connection-store.ts';
import { statsUpdate } from '../cooperatives/cooperative-stats-entity.ts';
import { loanInterestGl } from '../loans/approval.ts';
import { loanRepaymentUpdate } from '../loans/loan-entity.ts';
import { OFFSETS_LIST, offsetPutEffect } from '../loans/offset-entity.ts';
import { loanDueAfter, planDueGone } from '../payroll/due-entity.ts';
import { summaryUpdate } from '../savings/member-savings-entity.ts';
import { memberMonthEffects } from '../savings/member-month-entity.ts';
import { putMemberTransaction } from '../savings/member-transaction-entity.ts';
import { planClosure } from '../savings/plan-entity.ts';
import { setupOf } from '../savings/plans.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import { setIdentityEnabled } from '../users/identity-provider.ts';
import { userUpdate } from '../users/user-entity.ts';
import type { ExitSettlementRecord, MemberExitRecord } from './exit-entity.ts';
import { exitDecision, exitRequestPuts, findExit, memberExits } from './exit-entity.ts';
import type { Settlement } from './exit-settlement.ts';
import { readSettlement } from './exit-settlement.ts';
import { memberExitMove } from './member-entity.ts';
import { memberSearchWrites } from './member-search-entity.ts';
import type { MemberRecord } from './member-store.ts';
import { findMember } from './member-store.ts';
import { statusField } from './member-service.ts';

/**
 * Member exit (issue 23; docs/decisions.md 2026-11-27 "Member exit"). A member asks to leave (or
 * staff ask for them): a pending request, one at a time. An admin approves it: ONE ledger posting
 * (idempotency key `member-exit-<exit id>`) whose transaction also closes every plan (balance, lien
 * and available to 0, inactive, its payroll due item gone), pays every running loan off (the
 * engine's payOff on the date, Completed, lien released, due item gone), writes the member's
 * transactions and totals, marks the member exited and inactive with their sign-in user, and moves
 * the request to Approved:
 *
 *   Dr each plan's savings setup member_balance_gl        the plan's balance
 *   Cr each loan's setup principal_gl                      the principal paid off
 *   Cr Interest on Loans (purpose loan_interest)           the interest paid off
 *   Cr the charges account (purpose charges)               the exit charge
 *   Cr the chosen bank account's GL                        what is left (the payout)
 *
 * Then the member's sign-in is disabled in the pool and their chat connections closed. Records stay
 * where they are, readable by staff. A request is denied (admin) or cancelled (the member or staff)
 * without posting anything.
 */

export const exitKey = (exitId: string) => `member-exit-${exitId}`;

const fullName = (m: Pick<MemberRecord, 'firstname' | 'lastname'>) => [m.firstname, m.lastname].join(' ');

export function presentExit(e: MemberExitRecord): MemberExitView {
  const s = e.settlement;
  return {
    id: e.id,
    member_id: e.member_id,
    member_name: e.member_name,
    status: e.status,
    status_label: MEMBER_EXIT_STATUS_LABELS[e.status],
    reason: e.reason,
    requested_by: e.requested_by,
    created_at: e.created_at,
    decided_by: e.decided_by ?? null,
    decided_at: e.decided_at ?? null,
    decision_reason: e.decision_reason ?? null,
    settlement: s
      ? {
          date: s.date,
          bank_id: s.bank_id,
          savings_total: nairaFigure(s.savings_total),
          loans_total: nairaFigure(s.loans_total),
          exit_charge: nairaFigure(s.exit_charge),
          payout: nairaFigure(s.payout),
          reference_no: s.reference_no,
        }
      : null,
  };
}

/** The member's latest request (pending, or the decided one), if any. */
export async function latestExit(tenant: string, memberId: string): Promise<MemberExitRecord | undefined> {
  return (await memberExits(tenant, memberId))[0];
}

export function presentSettlement(
  member: MemberRecord,
  date: string,
  s: Settlement,
  exit: MemberExitRecord | undefined,
): ExitSettlementView {
  return {
    member: { id: member.id, name: fullName(member), status: member.status, exited_at: member.exited_at ?? null },
    date,
    plans: s.plans.map(({ plan, balance }) => ({
      id: plan.id,
      product_name: plan.product_name,
      balance: nairaFigure(balance),
      lien: nairaFigure(plan.lien),
    })),
    loans: s.loans.map(({ loan, quote }) => ({
      id: loan.id,
      product_name: loan.product_name,
      loan_balance: nairaFigure(loan.loan_balance),
      principal: nairaFigure(quote.principal),
      interest: nairaFigure(quote.interest),
      payoff: nairaFigure(quote.amount),
    })),
    dividends: s.dividends.map((d) => ({ id: d.id, from: d.from, to: d.to, amount: nairaFigure(d.amount) })),
    guarantees: s.guarantees.map(({ surety, loan }) => ({
      surety_id: surety.id,
      status: surety.status,
      loan_id: loan.id,
      borrower: { id: loan.member_id, name: loan.member_name },
      product_name: loan.product_name,
      loan_balance: nairaFigure(loan.loan_balance),
      loan_status: loan.status,
    })),
    savings_total: nairaFigure(s.savingsTotal),
    loans_total: nairaFigure(s.loansTotal),
    exit_charge: nairaFigure(s.exitCharge),
    dividends_total: nairaFigure(s.dividendsTotal),
    net: nairaFigure(s.net),
    shortfall: nairaFigure(s.shortfall),
    blockers: member.exited_at
      ? [`${fullName(member)} left the cooperative on ${member.exited_at.slice(0, 10)}`]
      : s.blockers,
    exit: exit ? presentExit(exit) : null,
  };
}

/** A member asks to leave (or staff ask for them): a pending request; 409 when one is open or they have left. */
export async function requestExit(
  tenant: string,
  memberId: string,
  reason: string | undefined,
  by: string,
): Promise<MemberExitRecord> {
  const member = await findMember(tenant, memberId, true);
  if (!member) throw notFound('Member');
  if (member.exited_at) throw conflict(`${fullName(member)} has already left the cooperative`);
  const exit: MemberExitRecord = {
    id: newId(),
    cooperative_id: tenant,
    member_id: member.id,
    member_name: fullName(member),
    status: MEMBER_EXIT_STATUS.PENDING,
    reason: reason ?? null,
    requested_by: by,
    created_at: nowIso(),
  };
  try {
    await transactWrite(exitRequestPuts(exit));
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict(`${fullName(member)} already has a pending exit request`);
    throw error;
  }
  return exit;
}

async function pendingExit(tenant: string, exitId: string): Promise<MemberExitRecord> {
  const exit = await findExit(tenant, exitId);
  if (!exit) throw notFound('Exit request');
  if (exit.status !== MEMBER_EXIT_STATUS.PENDING)
    throw conflict(
      `This exit request is ${MEMBER_EXIT_STATUS_LABELS[exit.status].toLowerCase()}; only a pending one can be decided`,
    );
  return exit;
}

const noLongerPending = () => conflict('This exit request is no longer pending; only a pending one can be decided');

/** Denies (admin) or cancels (the member or staff) a pending request; nothing is posted. */
export async function closeExit(
  tenant: string,
  exitId: string,
  to: typeof MEMBER_EXIT_STATUS.DENIED | typeof MEMBER_EXIT_STATUS.CANCELLED,
  by: string,
  reason: string | undefined,
  ownerOnly?: string,
): Promise<MemberExitRecord> {
  const exit = await pendingExit(tenant, exitId);
  if (ownerOnly && exit.member_id !== ownerOnly.toUpperCase())
    throw new AppError('FORBIDDEN', 'You may only cancel your own exit request');
  const at = nowIso();
  const decided = { by, at, reason: reason ?? null };
  try {
    await transactWrite(exitDecision(exit, to, decided, noLongerPending()).map((e) => e.item));
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw noLongerPending();
    throw error;
  }
  return { ...exit, status: to, decided_by: by, decided_at: at, decision_reason: decided.reason };
}

/** The GL line amount of a kobo figure (the settlement's figures are exact sums). */
const lineAmount = (value: bigint) => kobo(Number(value));

export interface ApproveExitInput {
  exit_id: string;
  bank_id: string;
  date?: string;
}

/**
 * Approves a pending exit whose settlement nothing blocks: the posting described above, once per
 * request (a replay or a second approval answers the exit already approved, `duplicate`).
 */
export async function approveExit(
  tenant: string,
  input: ApproveExitInput,
  by: string,
): Promise<{ exit: MemberExitRecord; duplicate: boolean }> {
  const found = await findExit(tenant, input.exit_id);
  if (!found) throw notFound('Exit request');
  if (found.status === MEMBER_EXIT_STATUS.APPROVED) return { exit: found, duplicate: true };
  const exit = await pendingExit(tenant, input.exit_id);
  const bank = await setupRecords.bankAccount.get(tenant, input.bank_id);
  if (!bank || !isActive(bank.status)) throw invalid('bank_id', 'Please select bank account');
  const date = input.date ?? today();
  const { member, settlement: s } = await readSettlement(tenant, exit.member_id, date);
  if (member.exited_at) throw conflict(`${fullName(member)} has already left the cooperative`);
  if (s.blockers.length > 0)
    throw new AppError('VALIDATION', `This exit cannot be approved yet. ${s.blockers.join('. ')}.`, {
      exit_id: s.blockers[0] ?? '',
    });

  const now = nowIso();
  const reference = referenceNumber('EXT', date);
  const changed = conflict(
    "The member's savings or loans changed while the exit was being posted; check the settlement and try again",
  );
  const lines: PostingLine[] = [];
  const effects: Effect[] = [];
  const transaction = (fields: {
    type: string;
    name: string;
    description: string;
    amount: number;
    savings_id: string;
    product_name: string;
    loan_id?: string;
    offset_id?: string;
  }) =>
    putMemberTransaction(tenant, {
      id: newId(),
      reference_no: reference,
      type: { name: fields.name },
      type_name: fields.type,
      description: fields.description,
      amount: fields.amount,
      transaction_date: date,
      savings_id: fields.savings_id,
      product_name: fields.product_name,
      member_id: member.id,
      ...(fields.loan_id ? { loan_id: fields.loan_id } : {}),
      ...(fields.offset_id ? { offset_id: fields.offset_id } : {}),
      created_at: now,
    });

  let available = 0n;
  let monthly = 0;
  let activePlans = 0;
  for (const { plan, balance } of s.plans) {
    const setup = await setupOf(tenant, plan);
    if (balance > 0n)
      lines.push({
        glCode: String(setup.member_balance_gl),
        side: 'D',
        amount: lineAmount(balance),
        description: `${plan.product_name} closed on exit`,
      });
    if (balance < 0n) throw conflict(`The ${plan.product_name} plan is overdrawn; it must be settled before the exit`);
    available += koboOf(plan.available);
    if (plan.status === SAVINGS_PLAN_STATUS.ACTIVE) {
      monthly += plan.amount;
      activePlans += 1;
    }
    effects.push(planClosure(plan, now, changed), { item: planDueGone(plan) });
    if (balance > 0n)
      effects.push({
        item: transaction({
          type: 'MEMBER_EXIT',
          name: 'Exit',
          description: `${plan.product_name} closed on leaving the cooperative: ${formatNaira(balance)}`,
          amount: Number(balance),
          savings_id: plan.id,
          product_name: plan.product_name,
        }),
      });
  }

  let interestTotal = 0;
  for (const { loan } of s.loans) {
    const setup = await setupRecords.loanSetup.get(tenant, loan.setup_id);
    if (!setup) throw conflict(`The loan setup of the ${loan.product_name} loan no longer exists`);
    const paid = payOff(loan.schedule, date);
    const { principal, interest, amount } = paid.quote;
    if (principal > 0)
      lines.push({
        glCode: String(setup.principal_gl),
        side: 'C',
        amount: kobo(principal),
        description: `${loan.product_name} principal paid off on exit`,
      });
    if (interest > 0)
      lines.push({
        glCode: await loanInterestGl(tenant),
        side: 'C',
        amount: kobo(interest),
        description: `${loan.product_name} interest paid off on exit`,
      });
    interestTotal += interest;
    // The lien's plan is closed (lien to 0) in the same transaction; the loan records the release.
    effects.push(
      loanRepaymentUpdate(
        tenant,
        loan,
        { rows: paid.rows, balance: 0, completed: true, releaseLien: true, now },
        changed,
      ),
      { item: loanDueAfter(loan, paid.rows, false) },
    );
    // The payoff is kept as a Full Offset from savings, so the loan's offset history and statement show it.
    const offsetId = newId();
    effects.push(
      offsetPutEffect({
        id: offsetId,
        cooperative_id: tenant,
        loan_id: loan.id,
        member_id: loan.member_id,
        member_name: loan.member_name,
        product_id: loan.product_id,
        product_name: loan.product_name,
        mode: OFFSET_MODE.SAVINGS,
        type: OFFSET_TYPE.FULL,
        initial_loan_amount: loan.loan_balance,
        offset_amount: amount,
        new_loan_amount: 0,
        principal_paid: principal,
        interest_paid: interest,
        bank_id: null,
        savings_id: null,
        savings_product_name: null,
        date,
        restructure_tenure: null,
        payment_start_date: null,
        loan_version: loan.version,
        reference_no: reference,
        posting_key: exitKey(exit.id),
        created_by: by,
        created_at: now,
      }),
      {
        item: transaction({
          type: 'EXIT_LOAN_PAYOFF',
          name: 'Loan Payoff',
          description: `${loan.product_name} paid off from savings on exit: principal ${formatNaira(principal)}, interest ${formatNaira(interest)}`,
          amount,
          savings_id: '',
          product_name: loan.product_name,
          loan_id: loan.id,
          offset_id: offsetId,
        }),
      },
    );
  }
  if (s.loans.length > 0) effects.push({ item: countChange(tenant, OFFSETS_LIST, s.loans.length) });

  if (s.exitCharge > 0) {
    const chargeGl = await glCodeByPurpose(tenant, 'charges');
    if (!chargeGl)
      throw conflict(
        'This cooperative has no active charges account (purpose charges, 502001) to credit the exit charge to',
      );
    lines.push({ glCode: chargeGl, side: 'C', amount: kobo(s.exitCharge), description: 'Exit charge' });
  }
  if (s.net > 0n)
    lines.push({
      glCode: String(bank.coa_id),
      side: 'C',
      amount: lineAmount(s.net),
      description: `Exit payout from ${bank.bank} ${bank.account_no}`,
    });

  if (s.savingsTotal !== 0n || activePlans > 0)
    effects.push({
      item: summaryUpdate(tenant, member.id, {
        balance: Number(storedKobo(0n - s.savingsTotal)),
        available: Number(storedKobo(0n - available)),
        monthly: 0 - monthly,
        plans: 0 - activePlans,
      }),
    });
  effects.push(
    ...memberMonthEffects(tenant, member.id, date, { savings: Number(0n - s.savingsTotal), interest: interestTotal }),
  );

  const record: ExitSettlementRecord = {
    date,
    bank_id: bank.id,
    savings_total: Number(s.savingsTotal),
    loans_total: Number(s.loansTotal),
    exit_charge: s.exitCharge,
    payout: Number(s.net),
    reference_no: reference,
  };
  const memberItems: TransactItem[] = [
    memberExitMove(member, exit.id, now),
    userUpdate({ tenant, id: member.id }, { status: USER_STATUS.INACTIVE, updated_at: now }),
    ...(member.status === MEMBER_STATUS.INACTIVE
      ? []
      : [statsUpdate(tenant, { [statusField(member.status)]: -1, [statusField(MEMBER_STATUS.INACTIVE)]: 1 })]),
    ...memberSearchWrites(member, {
      ...member,
      status: MEMBER_STATUS.INACTIVE,
      exited_at: now,
      exit_id: exit.id,
      updated_at: now,
    }),
  ];
  effects.push(
    ...memberItems.map((item): Effect => ({ item, onConditionFailed: changed })),
    ...exitDecision(
      exit,
      MEMBER_EXIT_STATUS.APPROVED,
      { by, at: now, reason: null, settlement: record },
      noLongerPending(),
    ),
  );

  const size = postingItemCount(lines, effects);
  if (size > 100)
    throw invalid(
      'exit_id',
      `This exit would touch ${size} records in one transaction, more than the 100 allowed (${s.plans.length} plans, ${s.loans.length} loans); pay some loans off by offset or close empty plans first`,
    );

  const approved: MemberExitRecord = {
    ...exit,
    status: MEMBER_EXIT_STATUS.APPROVED,
    decided_by: by,
    decided_at: now,
    decision_reason: null,
    settlement: record,
  };
  if (lines.length === 0) {
    // Nothing to move (no savings, no loans, no charge): the same changes without a journal.
    try {
      await transactWrite(effects.map((e) => e.item));
    } catch (error) {
      if (error instanceof TransactionConditionFailed) throw changed;
      throw error;
    }
  } else {
    const result = await post({
      cooperativeId: tenant,
      idempotencyKey: exitKey(exit.id),
      date,
      description: `Member exit ${reference}: ${fullName(member)} (${member.id})`,
      source: { type: 'MEMBER_EXIT', id: exit.id },
      reference,
      lines,
      effects,
      createdBy: by,
    });
    if (result.duplicate) {
      const posted = await findExit(tenant, exit.id);
      if (!posted) throw new AppError('CONFLICT', 'This exit is being posted; try again');
      return { exit: posted, duplicate: true };
    }
  }
  await setIdentityEnabled(member.id, false);
  await closeConnections(tenant, member.id);
  return { exit: approved, duplicate: false };
}
