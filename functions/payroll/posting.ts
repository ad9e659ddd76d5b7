import type { LoanRow, RowAllocation } from '@coopledger/shared/loan-schedule';
import { applyRepayment } from '@coopledger/shared/loan-schedule';
import type { KoboSum } from '@coopledger/shared/money';
import { formatNaira, kobo } from '@coopledger/shared/money';
import type { BatchRowInput } from '#core/batch-ledger';
import { postBatchRow, settleBatch } from '#core/batch-ledger';
import { noticeEffects } from '../notifications/notify.ts';
import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import { AppError, conflict } from '#core/errors';
import { newId, referenceNumber } from '#core/ids';
import type { Effect, PostingLine } from '#core/ledger';
import { setupRecords } from '../setup/setup-entity.ts';
import type { LoanSetup } from '../loans/applications.ts';
import { loanInterestGl } from '../loans/approval.ts';
import type { LoanRecord } from '../loans/loan-store.ts';
import { loanReversalUpdate } from '../loans/loan-entity.ts';
import { findLoan, loanRepaymentUpdate, outstandingOf } from '../loans/loan-store.ts';
import type { MemberTransaction } from '../savings/member-transaction-entity.ts';
import { putMemberTransaction } from '../savings/member-transaction-entity.ts';
import { summaryUpdate } from '../savings/member-savings-entity.ts';
import { memberMonthEffects } from '../savings/member-month-entity.ts';
import type { PlanEntity, PlanRecord, ScheduleItem } from '../savings/plan-entity.ts';
import {
  findPlan,
  payScheduleItem,
  planMovement,
  unpaidScheduleOf,
  unpayScheduleItem,
} from '../savings/plan-entity.ts';
import type { SavingsSetup } from '../setup/setup-entity.ts';
import { settledDeposits } from '../savings/savings-month-entity.ts';
import { getEshopOrder, orderStillDelivered } from '../eshop/order-entity.ts';
import { storeAccounts } from '../eshop/store-accounts.ts';
import { allocate } from './allocation.ts';
import type { DueOrder } from './due-entity.ts';
import { findOrderDue, orderDueAfter, orderDueRestored, takeInstallments } from './due-entity.ts';
import { loanDueAfter } from './due-entity.ts';
import type { LoanDue, OrderDue, PlanDue } from './dues.ts';
import { isRepaying, loanDueBy, owedOnOrBefore } from './dues.ts';
import type { PayrollRun } from './runs.ts';
import { periodLabel, reversalBatchKey } from './runs.ts';
import type { PayrollRowContent, PayrollRowRecord } from './row-entity.ts';
import {
  ESHOP_ORDER_STATUS,
  LOAN_REPAYMENT_STATUS,
  SAVINGS_PLAN_STATUS,
  SCHEDULE_LINE_STATUS,
} from '@coopledger/shared/statuses';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';

/**
 * Posting one payroll row, and reversing it (DESIGN.md section 4; docs/decisions.md "Payroll
 * deductions"). A row is ONE batch row of the ledger (functions/core/batch-ledger.ts): in one
 * transaction its row item (written once per period, generation and member), the loans' schedules
 * and balances (under their version), the savings plans, the member's totals and transactions, and
 * its balanced GL lines added to the batch's accumulator:
 *
 *   Dr the bank account's GL                  amount received
 *   Cr each loan setup's principal_gl         principal repaid
 *   Cr Interest on Loans (501001)             interest repaid
 *   Cr E-shop receivable                      store orders' installments recovered
 *   Cr each savings setup's member_balance_gl  savings deposited (the excess included)
 *
 * The run's last step settles the batch as one summarised journal.
 */

/** What the validation planned for a row: the file's amount and the dues it found. */
export interface RowPlan {
  row: number;
  member_id: string;
  member_name: string;
  received: number;
  expected: number;
  loans: LoanDue[];
  plans: PlanDue[];
  /** Store orders paid by payroll deduction (absent from row plans written before the store had them). */
  orders?: OrderDue[];
  primary_plan_id: string | null;
}

interface OrderPosted {
  order_id: string;
  order_no: string;
  amount: number;
  /** What the row took off each installment, by payment date. */
  paid: Record<string, number>;
  /** The order's due item once the row was posted: its version, or gone (nothing left owed). */
  version_after: number;
  completed: boolean;
  /** The due item's fields, to put it back if a reversal finds it gone. */
  date: string;
  total: number;
}

interface LoanPosted {
  loan_id: string;
  product_name: string;
  amount: number;
  principal: number;
  interest: number;
  allocations: RowAllocation[];
  version_after: number;
  completed: boolean;
  lien_released: { plan_id: string; amount: number } | null;
}

interface PlanPosted {
  plan_id: string;
  product_name: string;
  amount: number;
  target?: { credit_before: number; credit_after: number; items: { pk: string; sk: string }[] };
}

/** The GL accounts rows post to, read once per chunk. */
export class PostingAccounts {
  private readonly loanSetups = new Map<string, Promise<LoanSetup | undefined>>();
  private readonly savingsSetups = new Map<string, Promise<SavingsSetup | undefined>>();
  private interest?: Promise<string>;
  constructor(private readonly tenant: string) {}

  async principalGl(loan: LoanRecord): Promise<string> {
    if (!this.loanSetups.has(loan.setup_id))
      this.loanSetups.set(loan.setup_id, setupRecords.loanSetup.get(this.tenant, loan.setup_id));
    const setup = await this.loanSetups.get(loan.setup_id);
    if (!setup) throw conflict(`The loan setup of ${loan.product_name} no longer exists`);
    return String(setup.principal_gl);
  }

  async memberBalanceGl(plan: PlanRecord): Promise<string> {
    if (!this.savingsSetups.has(plan.setup_id))
      this.savingsSetups.set(plan.setup_id, setupRecords.savingsSetup.get(this.tenant, plan.setup_id));
    const setup = await this.savingsSetups.get(plan.setup_id);
    if (!setup) throw conflict(`The savings setup of ${plan.product_name} no longer exists`);
    return String(setup.member_balance_gl);
  }

  interestGl(): Promise<string> {
    this.interest ??= loanInterestGl(this.tenant);
    return this.interest;
  }

  async storeReceivableGl(): Promise<string> {
    return (await storeAccounts(this.tenant)).eshop_receivable;
  }
}

/** At most this many Targeted schedule items are marked paid by one row (the rest stays as the plan's credit). */
const MAX_TARGET_ITEMS = 20;

interface PlanChange {
  plan: PlanRecord;
  deposit: number;
  /** Lien released (positive) or placed again by a reversal (negative). */
  lienFreed: number;
  last_payment?: { amount: number; date: string };
  schedule_credit?: number;
  /** What must still hold of the plan read (status, schedule credit, lien, available). */
  when: Condition<typeof PlanEntity>[];
  error: AppError;
}

const newChange = (plan: PlanRecord): PlanChange => ({ plan, deposit: 0, lienFreed: 0, when: [], error: planChanged });

function planUpdate(change: PlanChange, now: string): Effect {
  const { deposit, lienFreed, last_payment, schedule_credit, when } = change;
  return planMovement(
    change.plan,
    {
      balance: deposit,
      available: deposit + lienFreed,
      lien: -lienFreed,
      last_payment,
      schedule_credit,
      updated_at: now,
      when,
    },
    change.error,
  );
}

const loanChanged = new AppError('CONFLICT', 'A loan changed while the payroll row was being posted');
const planChanged = new AppError('CONFLICT', 'A savings plan changed while the payroll row was being posted');
const orderChanged = new AppError('CONFLICT', 'A store order changed while the payroll row was being posted');

export type RowOutcome = 'posted' | 'already' | 'nothing';

/**
 * Posts one row once. The loans and plans are read again and the amount allocated against what is
 * due now (a loan repaid since the validation takes less; the rest flows on as the rule says). A
 * concurrent change to a loan or plan is retried from the reads.
 */
export async function postPayrollRow(
  run: PayrollRun,
  plan: RowPlan,
  shard: number,
  accounts: PostingAccounts,
): Promise<RowOutcome> {
  if (plan.received <= 0) return 'nothing';
  for (let attempt = 1; ; attempt++) {
    try {
      const input = await rowPosting(run, plan, shard, accounts);
      const { duplicate } = await postBatchRow(input);
      return duplicate ? 'already' : 'posted';
    } catch (error) {
      if (error !== loanChanged && error !== planChanged && error !== orderChanged) throw error;
      if (attempt >= 5)
        throw conflict(`Row ${plan.row} (${plan.member_id}): ${(error as AppError).message}; upload the file again`);
    }
  }
}

async function rowPosting(
  run: PayrollRun,
  rowPlan: RowPlan,
  shard: number,
  accounts: PostingAccounts,
): Promise<BatchRowInput> {
  const tenant = run.cooperative_id;
  const date = run.posting_date;
  const now = nowIso();
  const planIds = [
    ...new Set([...rowPlan.plans.map((p) => p.plan_id), ...(rowPlan.primary_plan_id ? [rowPlan.primary_plan_id] : [])]),
  ];
  // The loans, plans and orders are read together; the row's conditions catch any change after the reads.
  const [foundLoans, foundPlans, foundOrders] = await Promise.all([
    Promise.all(rowPlan.loans.map((l) => findLoan(tenant, l.loan_id))),
    Promise.all(planIds.map((id) => findPlan(tenant, id))),
    Promise.all((rowPlan.orders ?? []).map((o) => findOrderDue(tenant, rowPlan.member_id, o.order_id))),
  ]);
  const orders = foundOrders.filter((o): o is DueOrder => o !== undefined);
  const loans = foundLoans.filter((l): l is LoanRecord => l !== undefined);
  const plans = new Map(foundPlans.filter((p): p is PlanRecord => p !== undefined).map((p) => [p.id, p]));
  const active = (id: string) =>
    plans.get(id)?.status === SAVINGS_PLAN_STATUS.ACTIVE && plans.get(id)?.member_id === rowPlan.member_id;
  const primary = rowPlan.primary_plan_id && active(rowPlan.primary_plan_id) ? rowPlan.primary_plan_id : null;
  const loanClaims = loans.map((l) => ({
    id: l.id,
    due: isRepaying(l) && l.member_id === rowPlan.member_id ? loanDueBy(l.schedule, run.end_date) : 0,
  }));
  const planClaims = rowPlan.plans.map((p) => ({ id: p.plan_id, due: active(p.plan_id) ? p.due : 0 }));
  // A returned order has no due item any more, and one recovered since owes less.
  const orderClaims = orders.map((o) => ({ id: o.id, due: owedOnOrBefore(o.owed_by_date, run.end_date) }));
  const dueNow = [...loanClaims, ...orderClaims, ...planClaims].reduce((s, c) => s + c.due, 0);
  if (rowPlan.received > dueNow && !primary) {
    throw conflict(
      `Row ${rowPlan.row} (${rowPlan.member_id}): no active savings plan is left to take the ${formatNaira(rowPlan.received - dueNow)} above what is due; open a plan and upload the file again`,
    );
  }
  const share = allocate(rowPlan.received, loanClaims, planClaims, primary, orderClaims);
  const lines: PostingLine[] = [
    { glCode: run.bank_gl, side: 'D', amount: kobo(rowPlan.received), description: `Payroll ${periodLabel(run)}` },
  ];
  const credit = (glCode: string, amount: number, description: string) => {
    if (amount <= 0) return;
    const line = lines.find((l) => l.glCode === glCode && l.side === 'C');
    if (line) line.amount = kobo(line.amount + amount);
    else lines.push({ glCode, side: 'C', amount: kobo(amount), description });
  };
  const effects: Effect[] = [];
  const changes = new Map<string, PlanChange>();
  const changeOf = (planRecord: PlanRecord): PlanChange => {
    let change = changes.get(planRecord.id);
    if (!change) {
      change = newChange(planRecord);
      changes.set(planRecord.id, change);
    }
    return change;
  };
  const txns: MemberTransaction[] = [];
  const label = periodLabel(run);

  const loansPosted: LoanPosted[] = [];
  for (const { id, amount } of share.loans) {
    const loan = loans.find((l) => l.id === id)!;
    const result = applyRepayment(loan.schedule, amount);
    const principal = result.allocations.reduce((s, a) => s + a.principal, 0);
    const interest = result.allocations.reduce((s, a) => s + a.interest, 0);
    const completed = result.outstanding === 0;
    const lienReleased: LoanPosted['lien_released'] =
      completed && loan.lien && !loan.lien.released && loan.lien.amount > 0
        ? { plan_id: loan.lien.plan_id, amount: loan.lien.amount }
        : null;
    const lienPlan = lienReleased
      ? (plans.get(lienReleased.plan_id) ?? (await findPlan(tenant, lienReleased.plan_id)))
      : undefined;
    effects.push(
      loanRepaymentUpdate(
        tenant,
        loan,
        { rows: result.rows, balance: result.outstanding, completed, releaseLien: lienPlan !== undefined, now },
        loanChanged,
      ),
      { item: loanDueAfter(loan, result.rows, !completed) },
    );
    if (lienReleased && lienPlan) {
      plans.set(lienPlan.id, lienPlan);
      changeOf(lienPlan).lienFreed += lienReleased.amount;
    }
    credit(await accounts.principalGl(loan), principal, `${loan.product_name} principal`);
    if (interest > 0) credit(await accounts.interestGl(), interest, `${loan.product_name} interest`);
    txns.push({
      id: newId(),
      reference_no: referenceNumber('PAY', date),
      type: { name: 'Loan Repayment' },
      type_name: 'LOAN_REPAYMENT',
      description: `Payroll deduction ${label}: ${loan.product_name} principal ${formatNaira(principal)}, interest ${formatNaira(interest)}${completed ? ' (loan completed)' : ''}`,
      amount,
      transaction_date: date,
      savings_id: '',
      product_name: loan.product_name,
      member_id: rowPlan.member_id,
      loan_id: loan.id,
      payroll_run_id: run.id,
      created_at: now,
    });
    loansPosted.push({
      loan_id: loan.id,
      product_name: loan.product_name,
      amount,
      principal,
      interest,
      allocations: result.allocations,
      version_after: loan.version + 1,
      completed,
      lien_released: lienPlan ? lienReleased : null,
    });
  }

  const ordersPosted: OrderPosted[] = [];
  for (const { id, amount } of share.orders) {
    const due = orders.find((o) => o.id === id)!;
    const { after, paid } = takeInstallments(due.owed_by_date, amount);
    const completed = Object.values(after).every((owed) => owed === 0);
    effects.push({ item: orderDueAfter(tenant, due, after), onConditionFailed: orderChanged });
    credit(await accounts.storeReceivableGl(), amount, 'E-shop installments');
    txns.push({
      id: newId(),
      reference_no: referenceNumber('PAY', date),
      type: { name: 'E-shop installment' },
      type_name: 'ESHOP_INSTALLMENT',
      description: `Payroll deduction ${label}: E-shop order ${due.order_no}${completed ? ' (paid in full)' : ''}`,
      amount,
      transaction_date: date,
      savings_id: '',
      product_name: 'E-shop',
      member_id: rowPlan.member_id,
      order_id: due.id,
      payroll_run_id: run.id,
      created_at: now,
    });
    ordersPosted.push({
      order_id: due.id,
      order_no: due.order_no,
      amount,
      paid,
      version_after: due.version + 1,
      completed,
      date: due.date,
      total: due.total,
    });
  }

  const plansPosted: PlanPosted[] = [];
  for (const { id, amount } of share.plans) {
    const planRecord = plans.get(id)!;
    const change = changeOf(planRecord);
    change.deposit += amount;
    change.last_payment = { amount, date };
    if (!change.when.some((c) => 'attr' in c && c.attr === 'status'))
      change.when.push({ attr: 'status', eq: SAVINGS_PLAN_STATUS.ACTIVE });
    const posted: PlanPosted = { plan_id: id, product_name: planRecord.product_name, amount };
    if (planRecord.is_target) {
      const before = planRecord.schedule_credit ?? 0;
      let creditLeft = before + amount;
      const paid: ScheduleItem[] = [];
      for (const item of await unpaidScheduleOf(tenant, id)) {
        if (paid.length >= MAX_TARGET_ITEMS || creditLeft < item.amount) break;
        creditLeft -= item.amount;
        paid.push(item);
      }
      change.schedule_credit = creditLeft;
      change.when.push(
        planRecord.schedule_credit === undefined
          ? { attr: 'schedule_credit', exists: false }
          : { attr: 'schedule_credit', eq: before },
      );
      for (const item of paid)
        effects.push(payScheduleItem(item, { paid_at: now, payroll_run_id: run.id }, planChanged));
      posted.target = {
        credit_before: before,
        credit_after: creditLeft,
        items: paid.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })),
      };
    }
    credit(await accounts.memberBalanceGl(planRecord), amount, `${planRecord.product_name} savings`);
    txns.push({
      id: newId(),
      reference_no: referenceNumber('PAY', date),
      type: { name: 'Deposit' },
      type_name: 'DEPOSIT',
      description: `Payroll deduction ${label}${id === primary && share.excess > 0 ? ` (includes ${formatNaira(share.excess)} above what was due)` : ''}`,
      amount,
      transaction_date: date,
      savings_id: id,
      product_name: planRecord.product_name,
      member_id: rowPlan.member_id,
      payroll_run_id: run.id,
      created_at: now,
    });
    plansPosted.push(posted);
  }

  for (const change of changes.values()) {
    if (change.lienFreed > 0) change.when.push({ attr: 'lien', gte: change.lienFreed });
    effects.push(planUpdate(change, now));
  }
  const deposits = share.toSavings;
  const lienFreed = [...changes.values()].reduce((s, c) => s + c.lienFreed, 0);
  effects.push({
    item: summaryUpdate(
      tenant,
      rowPlan.member_id,
      { balance: deposits, available: deposits + lienFreed },
      deposits > 0 ? { last_payment: { amount: deposits, date } } : {},
    ),
  });
  effects.push(
    ...memberMonthEffects(tenant, rowPlan.member_id, date, {
      savings: deposits,
      interest: loansPosted.reduce((sum, loan) => sum + loan.interest, 0),
    }),
  );
  effects.push(...txns.map((txn) => ({ item: putMemberTransaction(tenant, txn) })));

  const record: PayrollRowContent = {
    run_id: run.id,
    row: rowPlan.row,
    member_id: rowPlan.member_id,
    member_name: rowPlan.member_name,
    received: rowPlan.received,
    expected: rowPlan.expected,
    to_loans: share.toLoans,
    to_store: share.toStore,
    to_savings: share.toSavings,
    excess: share.excess,
    shortfall: share.shortfall,
    loans: loansPosted,
    orders: ordersPosted,
    plans: plansPosted,
    posting_date: date,
  };
  // The member hears of it with the row's own transaction: a replayed row tells nobody twice.
  effects.push(
    ...noticeEffects(tenant, {
      type: 'payroll.posted',
      recipients: [rowPlan.member_id],
      data: { period: label, amount: formatNaira(rowPlan.received) },
    }),
  );
  return {
    cooperativeId: tenant,
    batchKey: run.batch_key,
    rowKey: rowPlan.member_id,
    shard,
    lines,
    counters: { deposits, deposits_count: plansPosted.length },
    record,
    effects,
  };
}

/** A loan's rows with a row's allocations taken off again. */
export function unpayRows(rows: readonly LoanRow[], allocations: readonly RowAllocation[]): LoanRow[] {
  return rows.map((row) => {
    const allocation = allocations.find((a) => a.n === row.n);
    if (!allocation) return { ...row };
    const interestPaid = row.interest_paid - allocation.interest;
    const principalPaid = row.principal_paid - allocation.principal;
    if (interestPaid < 0 || principalPaid < 0)
      throw new Error(`Installment ${row.n} holds less than the payroll paid on it`);
    return {
      ...row,
      interest_paid: interestPaid,
      principal_paid: principalPaid,
      is_paid: SCHEDULE_LINE_STATUS.NOT_PAID,
    };
  });
}

/** What an order owes with a reversed row's installments added back. */
function addInstallments(owed: Readonly<Record<string, number>>, paid: Readonly<Record<string, number>>) {
  const after: Record<string, number> = { ...owed };
  for (const [date, amount] of Object.entries(paid)) after[date] = (after[date] ?? 0) + amount;
  return after;
}

/** Why a posted row cannot be reversed now (a later repayment on its loan, savings spent); empty when it can. */
export async function reversalProblems(run: PayrollRun, record: PayrollRowRecord): Promise<string[]> {
  const tenant = run.cooperative_id;
  const problems: string[] = [];
  for (const loan of record.loans) {
    const current = await findLoan(tenant, loan.loan_id);
    if (!current) problems.push(`The loan ${loan.loan_id} no longer exists`);
    else if (current.version !== loan.version_after)
      problems.push(
        `The ${loan.product_name} loan ${loan.loan_id} has changed since this payroll (a later repayment or offset)`,
      );
  }
  for (const order of record.orders ?? []) {
    const [due, placed] = await Promise.all([
      findOrderDue(tenant, record.member_id, order.order_id),
      getEshopOrder(tenant, order.order_id),
    ]);
    if (placed?.status !== ESHOP_ORDER_STATUS.DELIVERED)
      problems.push(`The E-shop order ${order.order_no} has been returned since this payroll`);
    else if (order.completed ? due !== undefined : due?.version !== order.version_after)
      problems.push(`The E-shop order ${order.order_no} has been paid or changed since this payroll`);
  }
  const need = new Map<string, number>();
  for (const plan of record.plans) need.set(plan.plan_id, (need.get(plan.plan_id) ?? 0) + plan.amount);
  for (const loan of record.loans)
    if (loan.lien_released)
      need.set(loan.lien_released.plan_id, (need.get(loan.lien_released.plan_id) ?? 0) + loan.lien_released.amount);
  for (const [planId, amount] of need) {
    const plan = await findPlan(tenant, planId);
    const target = record.plans.find((p) => p.plan_id === planId)?.target;
    if (!plan) problems.push(`The savings plan ${planId} no longer exists`);
    else if (plan.available < amount)
      problems.push(
        `The ${plan.product_name} savings hold ${formatNaira(plan.available)} available, less than the ${formatNaira(amount)} this payroll put there`,
      );
    else if (target && (plan.schedule_credit ?? 0) !== target.credit_after)
      problems.push(`The ${plan.product_name} payment schedule has been paid since this payroll`);
  }
  return problems;
}

/** Reverses one posted row once (its own batch row in the run's reversal batch). */
export async function reversePayrollRow(run: PayrollRun, record: PayrollRowRecord, shard: number): Promise<RowOutcome> {
  const tenant = run.cooperative_id;
  const now = nowIso();
  const date = run.posting_date;
  const effects: Effect[] = [];
  const changes = new Map<string, PlanChange>();
  const changeOf = async (planId: string): Promise<PlanChange> => {
    let change = changes.get(planId);
    if (!change) {
      const plan = await findPlan(tenant, planId);
      if (!plan)
        throw conflict(
          `The savings plan ${planId} of ${record.member_id} no longer exists; the payroll cannot be reversed`,
        );
      change = newChange(plan);
      changes.set(planId, change);
    }
    return change;
  };
  const txns: MemberTransaction[] = [];
  const label = periodLabel(run);
  for (const posted of record.loans) {
    const loan = await findLoan(tenant, posted.loan_id);
    if (!loan || loan.version !== posted.version_after) {
      throw conflict(
        `Row ${record.row} (${record.member_id}): the ${posted.product_name} loan has changed since this payroll (a later repayment or offset); it cannot be reversed`,
      );
    }
    const rows = unpayRows(loan.schedule, posted.allocations);
    const holdLien = Boolean(posted.lien_released && loan.lien);
    if (posted.lien_released && holdLien)
      (await changeOf(posted.lien_released.plan_id)).lienFreed -= posted.lien_released.amount;
    effects.push(
      loanReversalUpdate(
        tenant,
        loan,
        { rows, balance: outstandingOf(rows), reopen: posted.completed, holdLien, now },
        conflict(
          `Row ${record.row} (${record.member_id}): the ${posted.product_name} loan changed while the reversal was being posted; reverse the run again`,
        ),
      ),
      // Repaying again when the payroll had completed it, or when it was still running.
      { item: loanDueAfter(loan, rows, posted.completed || loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED) },
    );
    txns.push({
      id: newId(),
      reference_no: referenceNumber('PAR', date),
      type: { name: 'Reversal' },
      type_name: 'PAYROLL_REVERSAL',
      description: `Reversal of payroll deduction ${label}: ${posted.product_name} principal ${formatNaira(posted.principal)}, interest ${formatNaira(posted.interest)}`,
      amount: posted.amount,
      transaction_date: date,
      savings_id: '',
      product_name: posted.product_name,
      member_id: record.member_id,
      loan_id: posted.loan_id,
      payroll_run_id: run.id,
      created_at: now,
    });
  }
  for (const posted of record.orders ?? []) {
    const changed = conflict(
      `Row ${record.row} (${record.member_id}): the E-shop order ${posted.order_no} has been paid, returned or changed since this payroll; it cannot be reversed`,
    );
    const current = await findOrderDue(tenant, record.member_id, posted.order_id);
    if (posted.completed ? current !== undefined : current?.version !== posted.version_after) throw changed;
    const { order_id: id, order_no, date: deliveredOn, total, paid } = posted;
    effects.push(
      {
        item: current
          ? orderDueAfter(tenant, current, addInstallments(current.owed_by_date, paid))
          : orderDueRestored(tenant, {
              id,
              order_no,
              member_id: record.member_id,
              date: deliveredOn,
              total,
              owed_by_date: paid,
              version: posted.version_after + 1,
            }),
        onConditionFailed: changed,
      },
      { item: orderStillDelivered(tenant, id), onConditionFailed: changed },
    );
    txns.push({
      id: newId(),
      reference_no: referenceNumber('PAR', date),
      type: { name: 'Reversal' },
      type_name: 'PAYROLL_REVERSAL',
      description: `Reversal of payroll deduction ${label}: E-shop order ${order_no}`,
      amount: posted.amount,
      transaction_date: date,
      savings_id: '',
      product_name: 'E-shop',
      member_id: record.member_id,
      order_id: id,
      payroll_run_id: run.id,
      created_at: now,
    });
  }
  for (const posted of record.plans) {
    const change = await changeOf(posted.plan_id);
    change.deposit -= posted.amount;
    if (posted.target) {
      change.schedule_credit = posted.target.credit_before;
      change.when.push({ attr: 'schedule_credit', eq: posted.target.credit_after });
      const scheduleChanged = conflict(
        `Row ${record.row} (${record.member_id}): the ${posted.product_name} payment schedule changed since this payroll; it cannot be reversed`,
      );
      for (const item of posted.target.items) effects.push(unpayScheduleItem(item, scheduleChanged));
    }
    txns.push({
      id: newId(),
      reference_no: referenceNumber('PAR', date),
      type: { name: 'Reversal' },
      type_name: 'PAYROLL_REVERSAL',
      description: `Reversal of payroll deduction ${label}`,
      amount: posted.amount,
      transaction_date: date,
      savings_id: posted.plan_id,
      product_name: posted.product_name,
      member_id: record.member_id,
      payroll_run_id: run.id,
      created_at: now,
    });
  }
  for (const change of changes.values()) {
    const need = -(change.deposit + change.lienFreed);
    change.when.push({ attr: 'available', gte: need });
    change.error = conflict(
      `Row ${record.row} (${record.member_id}): the ${change.plan.product_name} savings changed since this payroll (they no longer hold the ${formatNaira(need)} it put there, or its payment schedule was paid since); reverse the run again once they do`,
    );
    effects.push(planUpdate(change, now));
  }
  const deposits = record.to_savings;
  const lienPlaced = -[...changes.values()].reduce((s, c) => s + c.lienFreed, 0);
  effects.push({
    item: summaryUpdate(tenant, record.member_id, { balance: -deposits, available: -(deposits + lienPlaced) }),
  });
  effects.push(
    ...memberMonthEffects(tenant, record.member_id, date, {
      savings: -deposits,
      interest: -record.loans.reduce((sum, loan) => sum + loan.interest, 0),
    }),
  );
  effects.push(...txns.map((txn) => ({ item: putMemberTransaction(tenant, txn) })));
  const { duplicate } = await postBatchRow({
    cooperativeId: tenant,
    batchKey: reversalBatchKey(run.batch_key),
    rowKey: record.member_id,
    shard,
    lines: record.lines.map((l) => ({ glCode: l.gl_code, side: l.dc === 'D' ? 'C' : 'D', amount: kobo(l.amount) })),
    counters: { deposits: -deposits, deposits_count: -record.plans.length },
    record: { run_id: run.id, row: record.row, member_id: record.member_id, reversed_row: record.row_key },
    effects,
  });
  return duplicate ? 'already' : 'posted';
}

/** The month's savings deposit figures (staff dashboard) move with each settlement. */
function depositFigures(tenant: string, month: string, counters: Map<string, KoboSum>): TransactItem[] {
  const amount = counters.get('deposits') ?? 0n;
  const count = counters.get('deposits_count') ?? 0n;
  if (amount === 0n && count === 0n) return [];
  return [settledDeposits(tenant, month, amount, Number(count))];
}

/** Posts the rows posted so far (by this run or one before it in the period) as one summarised journal. */
export function settleRun(run: PayrollRun, reversal = false) {
  return settleBatch({
    cooperativeId: run.cooperative_id,
    batchKey: reversal ? reversalBatchKey(run.batch_key) : run.batch_key,
    date: run.posting_date,
    description: `${reversal ? 'Reversal of payroll deductions' : 'Payroll deductions'} ${periodLabel(run)}`,
    source: { type: reversal ? 'PAYROLL_REVERSAL' : 'PAYROLL', id: run.id },
    reference: referenceNumber(reversal ? 'PAR' : 'PAY', run.posting_date),
    createdBy: run.reversed_by && reversal ? run.reversed_by : run.created_by,
    counterEffects: (counters) => depositFigures(run.cooperative_id, run.posting_date.slice(0, 7), counters),
  });
}
