import type { MemberTransactionView, TransactionOrderView } from '@coopledger/shared/savings-views';
import { CASH_IN_HAND, PAYMENT_MODE_CASH, PAYMENT_MODES } from '@coopledger/shared/lookups';
import { formatNaira, kobo, toNaira } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import type { TransactionOrderInput } from '@coopledger/shared/schemas/savings';
import { nowIso } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import { newId, referenceNumber } from '#core/ids';
import type { Effect, PostingLine } from '#core/ledger';
import { post } from '#core/ledger';
import { activityPut } from '#core/activity';
import type { BankAccountRecord, SavingsSetup } from '../setup/setup-entity.ts';
import {
  bankAccountUnchanged,
  cachedBankAccount,
  cachedSavingsSetup,
  forgetBankAccount,
  forgetSavingsSetup,
  savingsSetupUnchanged,
} from '../setup/cached-setups.ts';
import { ORDER_STATUS, ORDER_STATUS_LABELS, SAVINGS_PLAN_STATUS, SETUP_STATUS } from '@coopledger/shared/statuses';
import { summaryUpdate } from './member-savings-entity.ts';
import { memberMonthEffects } from './member-month-entity.ts';
import type { MemberTransaction } from './member-transaction-entity.ts';
import { putMemberTransaction } from './member-transaction-entity.ts';
import type { PlanMovement, PlanRecord, ScheduleItem } from './plan-entity.ts';
import { findPlan, payScheduleItem, planMovement, unpaidScheduleOf } from './plan-entity.ts';
import { requireActiveMember, setupOf } from './plans.ts';
import { monthFigures } from './savings-month-entity.ts';
import type { OrderRecord } from './order-entity.ts';
import { approveEffect, createPendingOrder, denyPendingOrder, getOrder, recordFirstApproval } from './order-entity.ts';
import { approvalRulesOf } from '#core/cooperative-rules';
import { approvalStep } from '#core/four-eyes';
import { glCodeByPurpose } from '../chart/chart-store.ts';
import type { NotificationEventInput } from '../notifications/notification-event-entity.ts';
import { notice, noticeEffects } from '../notifications/notify.ts';

/** At most this many schedule items are marked paid by one deposit (a transaction holds 100 items). */
const MAX_ITEMS_PER_DEPOSIT = 60;

export async function createOrder(
  tenant: string,
  plan: PlanRecord,
  input: TransactionOrderInput,
  createdBy: string,
): Promise<OrderRecord> {
  const mode = PAYMENT_MODES.find((m) => m.id === input.payment_mode_id);
  if (!mode) throw invalid('payment_mode_id', 'This field is required');
  if (plan.status !== SAVINGS_PLAN_STATUS.ACTIVE) throw new AppError('CONFLICT', 'This savings account is not active');
  if (input.transaction_type === 'WITHDRAWAL' && input.amount > plan.available) {
    throw new AppError('VALIDATION', 'Insufficient available balance', { amount: 'Insufficient available balance' });
  }
  const member = await requireActiveMember(tenant, plan.member_id);
  const id = newId();
  const date = input.date ?? today();
  const order = {
    id,
    cooperative_id: tenant,
    coop_id: member.id,
    member: { firstname: member.firstname, lastname: member.lastname },
    member_name: plan.member_name,
    savings_id: plan.id,
    product_name: plan.product_name,
    amount: input.amount,
    date,
    payment_mode_id: mode.id,
    payment_mode: { id: mode.id, name: mode.name },
    comment: input.comment,
    description: input.description,
    transaction_type: input.transaction_type,
    status: ORDER_STATUS.PENDING,
    created_by: createdBy,
    created_at: nowIso(),
  } satisfies OrderRecord;
  if (!(await createPendingOrder(order))) throw conflict('This order already exists');
  return order;
}

function assertPending(order: OrderRecord, action: 'approved' | 'denied') {
  if (order.status === ORDER_STATUS.APPROVED)
    throw conflict(`This order has already been approved; only pending orders can be ${action}`);
  if (order.status === ORDER_STATUS.DENIED)
    throw conflict(`This order has been denied; only pending orders can be ${action}`);
}

async function requireOrder(tenant: string, id: string): Promise<OrderRecord> {
  const order = await getOrder(tenant, id);
  if (!order) throw notFound('Transaction order');
  return order;
}

/**
 * Approves a pending order through the ledger (DESIGN.md sections 4 and 5), in one transaction with
 * the idempotency record (the order id), the journal and GL totals, and these effects: the order's
 * status 0 -> 1, the plan's balance and available (a withdrawal only within `available`), the
 * member's totals, the member transaction, the month's deposit/withdrawal figures and, for a
 * target plan, the schedule items the deposit pays; checks that the bank account and the savings
 * setup are still what the posting used (both come from the instance's cache, setup/cached-setups.ts);
 * and the approver's activity. A bank account or setup changed by another instance since it was
 * cached fails its check: both are forgotten and the approval is built again from fresh reads.
 */
export async function approveOrder(
  tenant: string,
  orderId: string,
  bankId: string,
  approvedBy: string,
): Promise<OrderRecord> {
  const cash = bankId === CASH_IN_HAND;
  const [first, firstBank, rules] = await Promise.all([
    requireOrder(tenant, orderId),
    cash ? undefined : cachedBankAccount(tenant, bankId),
    approvalRulesOf(tenant),
  ]);
  assertPending(first, 'approved');
  // Cash in hand is where cash is counted: only an order paid in cash goes there.
  if (cash && first.payment_mode_id !== PAYMENT_MODE_CASH) {
    throw invalid(
      'bank_id',
      `Cash in hand is only for orders paid in cash; this one is paid by ${first.payment_mode.name}`,
    );
  }
  if (approvalStep(rules, { ...first, amount: kobo(first.amount) }, approvedBy) === 'first') {
    const mark = { by: approvedBy, at: nowIso() };
    await recordFirstApproval(first, mark);
    return { ...first, first_approval: mark };
  }
  if (cash) return postOrder(tenant, first, await cashInHand(tenant), approvedBy, orderRetries());

  let bank = firstBank;
  for (let attempt = 1; ; attempt++) {
    if (!bank || bank.status !== SETUP_STATUS.ACTIVE) throw invalid('bank_id', 'Please select bank account');
    const retry = orderRetries();
    try {
      return await postOrder(tenant, first, bankSide(bank), approvedBy, retry);
    } catch (error) {
      if ((error !== retry.scheduleMoved && error !== retry.setupChanged) || attempt >= 5) throw error;
      bank = await cachedBankAccount(tenant, bankId);
    }
  }
}

const orderRetries = () => ({
  scheduleMoved: new AppError('CONFLICT', 'The payment schedule changed while the deposit was being posted; try again'),
  setupChanged: conflict('The bank account or savings setup changed while the order was being posted; try again'),
});

/**
 * Where an approved order's money is (Dr for a deposit, Cr for a withdrawal): a bank account's GL,
 * checked unchanged in the posting, or the chart's cash in hand account (CASH_IN_HAND), which the
 * ledger checks is active.
 */
interface CashSide {
  id: string;
  gl: string;
  unchanged?: BankAccountRecord;
}

const bankSide = (bank: BankAccountRecord): CashSide => ({ id: bank.id, gl: String(bank.coa_id), unchanged: bank });

async function cashInHand(tenant: string): Promise<CashSide> {
  const gl = await glCodeByPurpose(tenant, 'cash');
  if (!gl) throw conflict('The chart of accounts has no active Cash in Hand account (purpose cash); add one first');
  return { id: CASH_IN_HAND, gl };
}

async function postOrder(
  tenant: string,
  order: OrderRecord,
  side: CashSide,
  approvedBy: string,
  retry: { scheduleMoved: AppError; setupChanged: AppError },
): Promise<OrderRecord> {
  const bank = side.unchanged;
  const posting = await orderPosting(tenant, order, side.gl, side.id, approvedBy, retry.scheduleMoved, (plan) =>
    setupOf(tenant, plan, cachedSavingsSetup),
  );
  const activity = activityPut();
  const result = await post({
    cooperativeId: tenant,
    idempotencyKey: `order-${order.id}`,
    date: order.date,
    description: posting.description,
    source: posting.source,
    reference: posting.reference,
    lines: posting.lines,
    effects: [
      ...posting.effects,
      ...(bank ? [{ item: bankAccountUnchanged(bank), onConditionFailed: retry.setupChanged }] : []),
      { item: savingsSetupUnchanged(posting.setup), onConditionFailed: retry.setupChanged },
      ...(activity ? [{ item: activity.item }] : []),
      // An imported history is not news to the member.
      ...(order.source?.kind === 'savings-import' ? [] : noticeEffects(tenant, orderNotice(order, 'order.approved'))),
    ],
    createdBy: approvedBy,
    history: order.source?.kind === 'savings-import',
  }).catch((error: unknown) => {
    if (error === retry.setupChanged) {
      if (bank) forgetBankAccount(tenant, bank.id);
      forgetSavingsSetup(tenant, posting.setup.id);
    }
    throw error;
  });
  if (result.duplicate) throw conflict('This order has already been approved; only pending orders can be approved');
  activity?.recorded();
  return {
    ...order,
    status: ORDER_STATUS.APPROVED,
    reference_no: posting.reference,
    bank_id: side.id,
    approved_by: approvedBy,
    approved_at: posting.approvedAt,
  };
}

/** What approving an order posts: its balanced lines and the effects that land with them. */
export interface OrderPosting {
  /** The savings setup whose member balance GL the lines name. */
  setup: SavingsSetup;
  reference: string;
  /** When the approval was stamped on the order. */
  approvedAt: string;
  description: string;
  source: { type: 'SAVINGS_DEPOSIT' | 'SAVINGS_WITHDRAWAL'; id: string };
  lines: PostingLine[];
  effects: Effect[];
}

/**
 * The lines (Dr bank / Cr the setup's member balance GL, reversed for a withdrawal) and effects of an
 * approval: the order pending -> approved, the plan, the member's totals, the member transaction, the
 * month's figures and a target plan's schedule items. `approveOrder` posts them as the order's own
 * journal; the savings import adds them to its batch (functions/core/batch-ledger.ts). The plan's
 * setup comes from `setupFor` (a consistent read unless the caller checks it in its transaction).
 */
export async function orderPosting(
  tenant: string,
  order: OrderRecord,
  bankGl: string,
  bankId: string,
  approvedBy: string,
  scheduleMoved: AppError,
  setupFor: (plan: PlanRecord) => Promise<SavingsSetup> = (plan) => setupOf(tenant, plan),
): Promise<OrderPosting> {
  const plan = await findPlan(tenant, order.savings_id);
  if (!plan) throw notFound('Savings account');
  const setup = await setupFor(plan);
  const deposit = order.transaction_type === 'DEPOSIT';
  const now = nowIso();
  const reference = referenceNumber(deposit ? 'DEP' : 'WDL', order.date);
  const signed = deposit ? order.amount : -order.amount;

  const effects: Effect[] = [
    approveEffect(order, { reference_no: reference, bank_id: bankId, approved_by: approvedBy, approved_at: now }),
  ];

  // The plan: balance and available move together; a withdrawal only within the available balance.
  const movement: PlanMovement = { balance: signed, available: signed, updated_at: now };
  let planError: AppError = conflict('The savings account changed while the order was being posted; try again');
  const paidItems: ScheduleItem[] = [];
  if (deposit) {
    movement.last_payment = { amount: order.amount, date: order.date };
    if (plan.is_target) {
      let credit = (plan.schedule_credit ?? 0) + order.amount;
      for (const item of await unpaidScheduleOf(tenant, plan.id)) {
        if (paidItems.length >= MAX_ITEMS_PER_DEPOSIT || credit < item.amount) break;
        credit -= item.amount;
        paidItems.push(item);
      }
      movement.schedule_credit = credit;
      movement.when = [
        plan.schedule_credit === undefined
          ? { attr: 'schedule_credit', exists: false }
          : { attr: 'schedule_credit', eq: plan.schedule_credit },
      ];
      planError = scheduleMoved;
    }
  } else {
    movement.when = [{ attr: 'available', gte: order.amount }];
    planError = conflict('Insufficient available balance');
  }
  effects.push(planMovement(plan, movement, planError));
  effects.push({
    item: summaryUpdate(
      tenant,
      plan.member_id,
      { balance: signed, available: signed },
      deposit ? { last_payment: { amount: order.amount, date: order.date } } : {},
    ),
  });
  effects.push(...memberMonthEffects(tenant, plan.member_id, order.date, { savings: signed }));

  const transaction: MemberTransaction = {
    id: newId(),
    reference_no: reference,
    type: { name: deposit ? 'Deposit' : 'Withdrawal' },
    type_name: order.transaction_type,
    description:
      order.description ?? order.comment ?? `${deposit ? 'Deposit to' : 'Withdrawal from'} ${plan.product_name}`,
    amount: order.amount,
    transaction_date: order.date,
    savings_id: plan.id,
    product_name: plan.product_name,
    member_id: plan.member_id,
    order_id: order.id,
    created_at: now,
  };
  effects.push({ item: putMemberTransaction(tenant, transaction) });
  effects.push({
    item: monthFigures(tenant, order.date.slice(0, 7), deposit ? 'deposits' : 'withdrawals', order.amount),
  });
  for (const item of paidItems)
    effects.push(payScheduleItem(item, { paid_at: now, order_id: order.id }, scheduleMoved));

  const memberGl = String(setup.member_balance_gl);
  return {
    approvedAt: now,
    setup,
    description: `${deposit ? 'Deposit' : 'Withdrawal'} ${reference}: ${plan.member_name} (${plan.member_id}), ${plan.product_name}`,
    source: { type: deposit ? 'SAVINGS_DEPOSIT' : 'SAVINGS_WITHDRAWAL', id: order.id },
    reference,
    lines: deposit
      ? [
          { glCode: bankGl, side: 'D', amount: kobo(order.amount) },
          { glCode: memberGl, side: 'C', amount: kobo(order.amount) },
        ]
      : [
          { glCode: memberGl, side: 'D', amount: kobo(order.amount) },
          { glCode: bankGl, side: 'C', amount: kobo(order.amount) },
        ],
    effects,
  };
}

/** Denies a pending order; nothing is posted. */
export async function denyOrder(tenant: string, orderId: string, deniedBy: string): Promise<OrderRecord> {
  const order = await requireOrder(tenant, orderId);
  assertPending(order, 'denied');
  await denyPendingOrder(order, deniedBy, nowIso(), notice(tenant, orderNotice(order, 'order.denied')));
  return { ...order, status: ORDER_STATUS.DENIED };
}

/** The member's notification of their order's approval or denial. */
function orderNotice(order: OrderRecord, type: 'order.approved' | 'order.denied'): NotificationEventInput {
  return {
    type,
    recipients: [order.coop_id],
    data: {
      kind: order.transaction_type === 'WITHDRAWAL' ? 'withdrawal' : 'deposit',
      amount: formatNaira(order.amount),
      product: order.product_name,
      order_id: order.id,
    },
  };
}

export function presentOrder(order: OrderRecord): TransactionOrderView {
  return {
    id: order.id,
    coop_id: order.coop_id,
    member: order.member,
    member_name: order.member_name,
    savings_id: order.savings_id,
    savings: { id: order.savings_id, product: { name: order.product_name, product: { name: order.product_name } } },
    product_name: order.product_name,
    amount: toNaira(order.amount),
    date: order.date,
    created_at: order.created_at,
    payment_mode_id: order.payment_mode_id,
    payment_mode: order.payment_mode,
    comment: order.comment ?? null,
    description: order.description ?? null,
    cooperative_id: order.cooperative_id,
    transaction_type: order.transaction_type,
    status: order.status,
    status_name: ORDER_STATUS_LABELS[order.status],
    reference_no: order.reference_no ?? null,
    bank_id: order.bank_id ?? null,
    created_by: order.created_by,
    first_approval: order.first_approval ?? null,
    approved_by: order.approved_by ?? null,
  };
}

export function presentTransaction(t: MemberTransaction): MemberTransactionView {
  return {
    id: t.id,
    reference_no: t.reference_no,
    type: t.type,
    type_name: t.type_name,
    description: t.description,
    amount: toNaira(t.amount),
    transaction_date: t.transaction_date,
    savings_id: t.savings_id,
    product_name: t.product_name,
    created_at: t.created_at,
  };
}
