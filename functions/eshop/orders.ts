import type { EshopCustomerView, EshopOrderReturnView, EshopOrderView } from '@coopledger/shared/eshop-views';
import { today } from '@coopledger/shared/dates';
import { compareKobo, formatNaira, kobo, koboOf, nairaFigure } from '@coopledger/shared/money';
import type { EshopOrderAction, EshopOrderInput, EshopOrderReturnInput } from '@coopledger/shared/schemas/eshop';
import {
  eshopCustomerStatusSchema,
  eshopOrderActionSchema,
  eshopOrderReturnSchema,
  eshopOrderSchema,
} from '@coopledger/shared/schemas/eshop';
import type { EshopOrderStatus } from '@coopledger/shared/statuses';
import {
  ESHOP_CUSTOMER_STATUS,
  ESHOP_ORDER_STATUS,
  MEMBER_STATUS,
  PRODUCT_STATUS,
  SAVINGS_PLAN_STATUS,
  SETUP_STATUS,
} from '@coopledger/shared/statuses';
import { nowIso } from '#core/db';
import { getByKeys, writeEffects } from '#core/entity';
import { keys } from '#core/keys';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import { newId, referenceNumber } from '#core/ids';
import type { Effect } from '#core/ledger';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { MemberEntity } from '../members/member-entity.ts';
import { memberMonthEffects } from '../savings/member-month-entity.ts';
import { summaryUpdate } from '../savings/member-savings-entity.ts';
import { putMemberTransaction } from '../savings/member-transaction-entity.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { PlanEntity, findPlan, planMovement } from '../savings/plan-entity.ts';
import { setupOf } from '../savings/plans.ts';
import { bankAccountUnchanged } from '../setup/cached-setups.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import type { EshopCustomerRecord } from './customer-entity.ts';
import {
  EshopCustomerEntity,
  customerOrdered,
  customerPage,
  customerSpent,
  getCustomer,
  setCustomerStatus,
} from './customer-entity.ts';
import type { EshopOrderRecord } from './order-entity.ts';
import {
  eshopOrderPage,
  getEshopOrder,
  memberOrderPage,
  orderStep,
  placeOrderItems,
  statusName,
} from './order-entity.ts';
import { EshopProductEntity, productCheck } from './product-entity.ts';
import {
  StockEntity,
  costOf,
  countMoves,
  emptyStock,
  putStockMove,
  releaseStock,
  reserveStock,
  stockIn,
  stockOut,
  stocksOf,
} from './stock-entity.ts';
import type { StoreAccounts } from './store-accounts.ts';
import { saleSummaryEffects } from './sales-entity.ts';
import { storeAccounts } from './store-accounts.ts';
import type { EshopSettings } from './settings-entity.ts';
import { EshopSettingsEntity, settingsOf } from './settings-entity.ts';
import { findOrderDue, orderDueAfter, orderDueGone, orderDuePut, orderOwed } from '../payroll/due-entity.ts';
import type { StoreInstallment } from '@coopledger/shared/store-installments';
import { storeInstallments } from '@coopledger/shared/store-installments';
import { postStore, withinLimit } from './store-posting.ts';

/**
 * Orders of the store (issue 22; docs/decisions.md 2026-11-27 "Store stock and orders").
 *
 * A member places an order: each line's product must be Active, at most its maximum purchase
 * quantity, and available; the order reserves its stock (available down, conditioned on enough being
 * available, so two members after the last unit cannot both get it) and, when paid from savings,
 * holds the total on the chosen plan as a lien (available down, conditioned on the available
 * balance). Nothing is posted until delivery. Staff confirm, dispatch and deliver it; delivery posts
 * the sale (Dr the member's savings GL or the bank, Cr Sales) and its cost (Dr Cost of goods sold,
 * Cr Inventory at the stock's average cost), takes the items off the shelves and, from savings, the
 * held amount off the plan. A cancelled or rejected order gives its stock and its hold back, once
 * (the step is conditioned on the status it was read in).
 */

const BASE = '/cooperative/e-shop/order';

/** An order as the API sends it; members never see what the items cost the store. */
export function presentOrder(order: EshopOrderRecord, forStaff = true): EshopOrderView {
  return {
    id: order.id,
    order_no: order.order_no,
    cooperative_id: order.cooperative_id,
    member_id: order.member_id,
    member_name: order.member_name,
    items: order.items.map((line) => ({
      product_id: line.product_id,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unit_price: nairaFigure(line.unit_price),
      amount: nairaFigure(line.amount),
      cost: forStaff && line.cost !== undefined ? nairaFigure(line.cost) : null,
    })),
    total: nairaFigure(order.total),
    payment_method: order.payment_method,
    savings_id: order.savings_id,
    savings_product_name: order.savings_product_name,
    payroll_months: order.payroll_months ?? null,
    installments: order.installments?.map((i) => ({ date: i.date, amount: nairaFigure(i.amount) })) ?? null,
    bank_id: order.bank_id,
    delivery_address: order.delivery_address,
    note: order.note,
    status: order.status,
    history: order.history.map((step) => ({ ...step, status: step.status as EshopOrderStatus })),
    journal_id: order.journal_id,
    returned: order.returned ? presentReturn(order.returned, order.payment_method) : null,
    created_at: order.created_at,
    updated_at: order.updated_at,
  };
}

function presentReturn(
  returned: NonNullable<EshopOrderRecord['returned']>,
  paidBy: EshopOrderRecord['payment_method'],
): EshopOrderReturnView {
  const { recovered, cancelled, bank_id, ...rest } = returned;
  return {
    ...rest,
    refunded: nairaFigure(returned.refunded),
    payroll:
      paidBy === 'PAYROLL'
        ? { recovered: nairaFigure(recovered ?? 0), cancelled: nairaFigure(cancelled ?? 0), bank_id: bank_id ?? null }
        : null,
  };
}

const blockedCustomer = () =>
  new AppError('FORBIDDEN', 'You are blocked from ordering in the store; please contact your cooperative');

function presentCustomer(c: EshopCustomerRecord): EshopCustomerView {
  return {
    member_id: c.member_id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    orders: c.orders,
    total_ordered: nairaFigure(c.spent),
    since: c.since,
    status: c.status,
  };
}

/** The line's field a refusal is about. */
const lineField = (index: number, field: 'product_id' | 'quantity') => `items.${index}.${field}`;

/** A member's plan to pay from: theirs, active, and with the total available. */
function payingPlan(plan: PlanRecord | undefined, memberId: string, total: number): PlanRecord {
  if (!plan || plan.member_id.toUpperCase() !== memberId.toUpperCase())
    throw invalid('savings_id', 'Please select one of your own savings accounts');
  if (plan.status !== SAVINGS_PLAN_STATUS.ACTIVE)
    throw invalid('savings_id', `Your ${plan.product_name} account is not active; please select another`);
  if (compareKobo(plan.available, total) < 0) {
    throw invalid(
      'savings_id',
      `Insufficient available balance: the order comes to ${formatNaira(total)} and your ${plan.product_name} account has ${formatNaira(koboOf(plan.available))} available`,
    );
  }
  return plan;
}

/** The months an order paid by payroll deduction is spread over: at most what the store's settings allow. */
function payrollMonthsOf(input: EshopOrderInput, settings: EshopSettings): number {
  const max = settings.payroll_max_months;
  if (max === 0) throw invalid('payment_method', 'The store does not take payment by payroll deduction');
  const months = input.payroll_months ?? 0;
  if (months > max)
    throw invalid('payroll_months', `Payroll deduction can be spread over at most ${max} month${max === 1 ? '' : 's'}`);
  return months;
}

/** Places a member's order (see the module's note): the order, Pending. */
export async function placeOrder(
  tenant: string,
  memberNumber: string,
  input: EshopOrderInput,
): Promise<EshopOrderRecord> {
  const memberId = memberNumber.toUpperCase();
  const ids = input.items.map((line) => line.product_id);
  // Everything the order is checked against, in one consistent BatchGetItem.
  const planKey =
    input.payment_method === 'SAVINGS' && input.savings_id ? keys.savingsPlan(tenant, input.savings_id) : undefined;
  const find = await getByKeys(
    [
      keys.member(tenant, memberId),
      keys.eshopCustomer(tenant, memberId),
      ...ids.flatMap((id) => [keys.eshopProduct(tenant, id), keys.eshopStock(tenant, id)]),
      ...(planKey ? [planKey] : []),
      ...(input.payment_method === 'PAYROLL' ? [keys.eshopSettings(tenant)] : []),
    ],
    true,
  );
  const member = find(MemberEntity, keys.member(tenant, memberId));
  const customer = find(EshopCustomerEntity, keys.eshopCustomer(tenant, memberId));
  const products = new Map(
    ids.flatMap((id) => find(EshopProductEntity, keys.eshopProduct(tenant, id)) ?? []).map((p) => [p.id, p]),
  );
  const stocks = new Map(
    ids.map((id) => [id, find(StockEntity, keys.eshopStock(tenant, id)) ?? emptyStock(tenant, id)]),
  );
  const plan = planKey && find(PlanEntity, planKey);
  if (!member || member.status !== MEMBER_STATUS.APPROVED)
    throw new AppError('FORBIDDEN', 'Only approved members of the cooperative can order from the store');
  if (customer?.status === ESHOP_CUSTOMER_STATUS.BLOCKED) throw blockedCustomer();

  const lines = input.items.map((line, index) => {
    const product = products.get(line.product_id);
    if (!product || product.status !== PRODUCT_STATUS.ACTIVE)
      throw invalid(lineField(index, 'product_id'), 'This product is not available in the store');
    if (line.quantity > product.max_purchase_quantity) {
      throw invalid(
        lineField(index, 'quantity'),
        `You can order at most ${product.max_purchase_quantity} of ${product.name} at a time`,
      );
    }
    const available = stocks.get(product.id)?.available ?? 0;
    if (line.quantity > available) {
      throw invalid(
        lineField(index, 'quantity'),
        available === 0 ? `${product.name} is out of stock` : `Only ${available} of ${product.name} left in stock`,
      );
    }
    return {
      product,
      line: {
        product_id: product.id,
        name: product.name,
        sku: product.sku,
        quantity: line.quantity,
        unit_price: product.selling_price,
        amount: withinLimit(
          BigInt(product.selling_price) * BigInt(line.quantity),
          lineField(index, 'quantity'),
          `${line.quantity} x ${product.name}`,
        ),
      },
    };
  });
  const total = withinLimit(
    lines.reduce((sum, l) => sum + BigInt(l.line.amount), 0n),
    'items',
    'The order',
  );
  const paying = input.payment_method === 'SAVINGS' ? payingPlan(plan, memberId, total) : undefined;
  const payrollMonths =
    input.payment_method === 'PAYROLL'
      ? payrollMonthsOf(input, settingsOf(find(EshopSettingsEntity, keys.eshopSettings(tenant))))
      : undefined;

  const now = nowIso();
  const order: EshopOrderRecord = {
    cooperative_id: tenant,
    id: newId(),
    order_no: referenceNumber('SHP', today()),
    member_id: memberId,
    member_name: [member.firstname, member.lastname].filter(Boolean).join(' '),
    items: lines.map((l) => l.line),
    total,
    payment_method: input.payment_method,
    savings_id: paying?.id ?? null,
    savings_product_name: paying?.product_name ?? null,
    ...(payrollMonths ? { payroll_months: payrollMonths } : {}),
    bank_id: null,
    delivery_address: input.delivery_address ?? null,
    note: input.note ?? null,
    status: ESHOP_ORDER_STATUS.PENDING,
    history: [{ status: ESHOP_ORDER_STATUS.PENDING, by: memberNumber, at: now, comment: null }],
    journal_id: null,
    created_at: now,
    updated_at: now,
  };
  const effects: Effect[] = [
    ...placeOrderItems(order).map((item) => ({ item })),
    ...customerOrdered(
      tenant,
      customer,
      { member_id: memberId, name: order.member_name, email: member.email, phone: member.phone },
      now,
      blockedCustomer(),
    ),
    ...lines.flatMap(({ product, line }) => [
      {
        item: productCheck(tenant, product.id, { sellingPrice: product.selling_price }),
        onConditionFailed: conflict(
          `${product.name} was changed (its price or availability) while you were ordering; please review your cart`,
        ),
      },
      reserveStock(
        tenant,
        product.id,
        line.quantity,
        conflict(`${product.name} sold out while you were ordering; please check what is left and order again`),
      ),
    ]),
  ];
  if (paying) {
    effects.push(
      planMovement(
        paying,
        { lien: total, available: 0 - total, updated_at: now, when: [{ attr: 'available', gte: total }] },
        conflict('Insufficient available balance: your savings account changed while you were ordering'),
      ),
      { item: summaryUpdate(tenant, memberId, { available: 0 - total }) },
    );
  }
  await writeEffects(effects, conflict('Your order could not be placed because something changed; please try again'));
  return order;
}

/** What each step may start from, and the status it leads to. */
const STEPS: Record<EshopOrderAction, { from: readonly EshopOrderStatus[]; to: EshopOrderStatus }> = {
  confirm: { from: [ESHOP_ORDER_STATUS.PENDING], to: ESHOP_ORDER_STATUS.CONFIRMED },
  dispatch: { from: [ESHOP_ORDER_STATUS.CONFIRMED], to: ESHOP_ORDER_STATUS.ON_THE_WAY },
  deliver: { from: [ESHOP_ORDER_STATUS.CONFIRMED, ESHOP_ORDER_STATUS.ON_THE_WAY], to: ESHOP_ORDER_STATUS.DELIVERED },
  reject: { from: [ESHOP_ORDER_STATUS.PENDING], to: ESHOP_ORDER_STATUS.REJECTED },
  cancel: {
    from: [ESHOP_ORDER_STATUS.PENDING, ESHOP_ORDER_STATUS.CONFIRMED, ESHOP_ORDER_STATUS.ON_THE_WAY],
    to: ESHOP_ORDER_STATUS.CANCELLED,
  },
};

const ACTION_NAMES: Record<EshopOrderAction, string> = {
  confirm: 'confirmed',
  dispatch: 'sent on the way',
  deliver: 'delivered',
  reject: 'rejected',
  cancel: 'cancelled',
};

/** 409 unless the order may take this step from its status. */
function assertStep(order: EshopOrderRecord, action: EshopOrderAction): void {
  const status = order.status;
  if (STEPS[action].from.includes(status)) return;
  const allowed = STEPS[action].from.map(statusName).join(' or ');
  throw conflict(`This order is ${statusName(status)}; only a ${allowed} order can be ${ACTION_NAMES[action]}`);
}

/** What a cancelled or rejected order gives back: its reserved stock and the savings it held. */
function releaseEffects(order: EshopOrderRecord, at: string): Effect[] {
  const tenant = order.cooperative_id;
  const effects = order.items.map((line) => releaseStock(tenant, line.product_id, line.quantity));
  if (order.payment_method === 'SAVINGS' && order.savings_id) {
    effects.push(
      planMovement(
        { cooperative_id: tenant, id: order.savings_id },
        { lien: -order.total, available: order.total, updated_at: at, when: [{ attr: 'lien', gte: order.total }] },
      ),
      { item: summaryUpdate(tenant, order.member_id, { available: order.total }) },
    );
  }
  return effects;
}

/** Ends an order before delivery (cancelled or rejected), giving back its stock and savings hold once. */
async function endOrder(
  order: EshopOrderRecord,
  to: EshopOrderStatus,
  step: { by: string; at: string; comment: string | null },
): Promise<void> {
  await writeEffects(
    [...orderStep(order, to, step), ...releaseEffects(order, step.at)],
    conflict('This order was changed by someone else at the same time; open it again to see its status'),
  );
}

/**
 * What a delivery takes from the plan an order is paid from, or a refund puts back: the plan's
 * balance (with the lien held since the order was placed, or the available balance), the member's
 * totals and month figures, and a line of their history.
 */
function savingsEffects(
  order: EshopOrderRecord,
  plan: PlanRecord,
  kind: 'purchase' | 'refund',
  date: string,
  at: string,
): Effect[] {
  const tenant = order.cooperative_id;
  const purchase = kind === 'purchase';
  const signed = purchase ? -order.total : order.total;
  const items = order.items.map((l) => `${l.quantity} x ${l.name}`).join(', ');
  return [
    purchase
      ? planMovement(
          plan,
          { balance: signed, lien: signed, updated_at: at, when: [{ attr: 'lien', gte: order.total }] },
          conflict('The savings held for this order changed; open the order again'),
        )
      : planMovement(plan, { balance: signed, available: signed, updated_at: at }),
    {
      item: summaryUpdate(
        tenant,
        order.member_id,
        purchase ? { balance: signed } : { balance: signed, available: signed },
      ),
    },
    ...memberMonthEffects(tenant, order.member_id, date, { savings: signed }),
    {
      item: putMemberTransaction(tenant, {
        id: newId(),
        reference_no: order.order_no,
        type: { name: purchase ? 'E-shop purchase' : 'E-shop refund' },
        type_name: purchase ? 'ESHOP_PURCHASE' : 'ESHOP_REFUND',
        description: `E-shop order ${order.order_no}${purchase ? '' : ' refunded'}: ${items}`,
        amount: order.total,
        transaction_date: date,
        savings_id: plan.id,
        product_name: plan.product_name,
        member_id: order.member_id,
        order_id: order.id,
        created_at: at,
      }),
    },
  ];
}

/**
 * An active bank account of the cooperative to refund from: the one the order was paid into (a 409
 * when it is gone or inactive), or one the staff chose (a 422 on `bank_id`).
 */
async function refundBank(tenant: string, bankId: string | null | undefined, whose: 'paid into' | 'chosen') {
  const bank = bankId ? await setupRecords.bankAccount.get(tenant, bankId) : undefined;
  if (!bank) {
    if (whose === 'chosen') throw invalid('bank_id', 'Please select bank account');
    throw conflict('The bank account this order was paid into no longer exists; it cannot be refunded');
  }
  if (bank.status !== SETUP_STATUS.ACTIVE) {
    if (whose === 'chosen') throw invalid('bank_id', `The bank account ${bank.bank} is inactive; select another`);
    throw conflict(
      `The bank account this order was paid into (${bank.bank}) is inactive; activate it to refund the order`,
    );
  }
  return bank;
}

/**
 * How a return refunds an order, the way it was paid: into the savings plan (Dr Sales, Cr the plan's
 * savings GL, the plan and the member's totals up); from the bank account it was paid into (Dr Sales,
 * Cr the bank's GL); or, paid by payroll deduction, the installments not yet recovered cancelled
 * (Dr Sales, Cr E-shop receivable; the due item deleted under its version, so a payroll row recovering
 * it at the same time makes one of the two fail and try again) and what payroll had recovered paid
 * back from the bank account the staff name (Dr Sales, Cr the bank's GL).
 */
async function refundOf(
  order: EshopOrderRecord,
  input: EshopOrderReturnInput,
  accounts: StoreAccounts,
  date: string,
  at: string,
): Promise<{
  pairs: { debit: string; credit: string; amount: number; description: string }[];
  effects: Effect[];
  payroll?: { recovered: number; cancelled: number; bank_id?: string };
}> {
  const tenant = order.cooperative_id;
  const refundPair = (credit: string, amount: number, description = 'Refund') => ({
    debit: accounts.sales,
    credit,
    amount,
    description,
  });
  const bankUnchanged = (bank: NonNullable<Awaited<ReturnType<typeof setupRecords.bankAccount.get>>>): Effect => ({
    item: bankAccountUnchanged(bank),
    onConditionFailed: conflict('The bank account changed; please try again'),
  });
  if (order.payment_method === 'SAVINGS') {
    const plan = order.savings_id ? await findPlan(tenant, order.savings_id) : undefined;
    if (!plan) throw conflict('The savings account this order was paid from no longer exists; it cannot be refunded');
    const gl = String((await setupOf(tenant, plan)).member_balance_gl);
    return { pairs: [refundPair(gl, order.total)], effects: savingsEffects(order, plan, 'refund', date, at) };
  }
  if (order.payment_method === 'ON_DELIVERY') {
    const bank = await refundBank(tenant, order.bank_id, 'paid into');
    return { pairs: [refundPair(String(bank.coa_id), order.total)], effects: [bankUnchanged(bank)] };
  }
  const due = await findOrderDue(tenant, order.member_id, order.id);
  const cancelled = orderOwed(due);
  const recovered = order.total - cancelled;
  const changed = conflict('A payroll run recovered this order at the same time; please try again');
  const effects: Effect[] = [
    due
      ? { item: orderDueAfter(tenant, due, {}), onConditionFailed: changed }
      : { item: orderDueGone(tenant, order.member_id, order.id), onConditionFailed: changed },
  ];
  const pairs = [refundPair(accounts.eshop_receivable, cancelled, 'Payroll installments cancelled')];
  let bankId: string | undefined;
  if (recovered > 0) {
    if (!input.bank_id) {
      throw invalid(
        'bank_id',
        `Please select the bank account to pay back the ${formatNaira(recovered)} already deducted from salary`,
      );
    }
    const bank = await refundBank(tenant, input.bank_id, 'chosen');
    bankId = bank.id;
    pairs.push(refundPair(String(bank.coa_id), recovered, 'Payroll deductions paid back'));
    effects.push(bankUnchanged(bank));
  }
  return { pairs, effects, payroll: { recovered, cancelled, ...(bankId ? { bank_id: bankId } : {}) } };
}

/**
 * Takes back a delivered order, whole: the refund the way it was paid (Dr Sales, Cr the plan's
 * savings GL with the plan and the member's totals up, or Cr the bank account it was paid into) and
 * the goods at what they cost at delivery (Dr Inventory, Cr Cost of goods sold), back on the shelves
 * or, sent to damages, written off at once (Dr Inventory loss, Cr Inventory) with a RETURN and a
 * DAMAGE movement; the order Returned, all in one transaction.
 */
async function returnOrder(
  order: EshopOrderRecord,
  input: EshopOrderReturnInput,
  step: { by: string; at: string; comment: string | null },
): Promise<EshopOrderRecord> {
  const tenant = order.cooperative_id;
  const date = input.date ?? today();
  const accounts = await storeAccounts(tenant);
  const refund = await refundOf(order, input, accounts, date, step.at);
  const costs = order.items.map((line) => line.cost ?? 0);
  const totalCost = costs.reduce((sum, cost) => sum + cost, 0);
  const damaged = input.returned_to === 'DAMAGES';
  let returned: EshopOrderRecord | undefined;
  await postStore({
    cooperativeId: tenant,
    idempotencyKey: `eshop-return-${order.id}`,
    date,
    description: `E-shop order ${order.order_no} returned by ${order.member_name} (${order.member_id}): ${input.reason}`,
    source: { type: 'ESHOP_RETURN', id: order.id },
    reference: order.order_no,
    createdBy: step.by,
    pairs: [
      ...refund.pairs,
      { debit: accounts.inventory, credit: accounts.cost_of_sales, amount: totalCost, description: 'Goods returned' },
      ...(damaged
        ? [
            {
              debit: accounts.inventory_loss,
              credit: accounts.inventory,
              amount: totalCost,
              description: 'Returned goods written off as damaged',
            },
          ]
        : []),
    ],
    effects: (journalId) => {
      const record = {
        reason: input.reason,
        returned_to: input.returned_to,
        date,
        refunded: order.total,
        ...refund.payroll,
        journal_id: journalId,
        by: step.by,
        at: step.at,
      };
      returned = {
        ...order,
        status: ESHOP_ORDER_STATUS.RETURNED,
        history: [...order.history, { status: ESHOP_ORDER_STATUS.RETURNED, ...step }],
        returned: record,
        updated_at: step.at,
      };
      const move = (line: EshopOrderRecord['items'][number], kind: 'RETURN' | 'DAMAGE', cost: number) =>
        putStockMove(tenant, {
          id: newId(),
          product_id: line.product_id,
          product_name: line.name,
          kind,
          quantity: kind === 'RETURN' ? line.quantity : -line.quantity,
          value: kind === 'RETURN' ? cost : 0 - cost,
          reason: `Returned with order ${order.order_no}: ${input.reason}`,
          order_id: order.id,
          date,
          journal_id: journalId,
          created_by: step.by,
          created_at: step.at,
        });
      return [
        ...orderStep(order, ESHOP_ORDER_STATUS.RETURNED, step, { returned: record }),
        customerSpent(tenant, order.member_id, 0 - order.total, step.at),
        ...refund.effects,
        ...order.items.flatMap((line, index) =>
          damaged
            ? [{ item: move(line, 'RETURN', costs[index]) }, { item: move(line, 'DAMAGE', costs[index]) }]
            : [
                stockIn(tenant, line.product_id, line.quantity, kobo(costs[index]), step.at),
                { item: move(line, 'RETURN', costs[index]) },
              ],
        ),
        ...countMoves(tenant, {
          RETURN: order.items.length,
          ...(damaged ? { DAMAGE: order.items.length } : {}),
        }).map((item) => ({ item })),
        ...saleSummaryEffects(order, 'RETURN', { date, at: step.at, by: step.by, journalId }),
      ];
    },
  });
  return returned!;
}

/**
 * Delivers an order: the sale and its cost posted on `date`, the items off the shelves at their
 * average cost (each line's stock conditioned on the version its cost was read from), and, from
 * savings, the held amount taken off the plan; the order Delivered, all in one transaction.
 */
async function deliverOrder(
  order: EshopOrderRecord,
  step: { by: string; at: string; comment: string | null },
  date: string,
  bankId: string | undefined,
): Promise<EshopOrderRecord> {
  const tenant = order.cooperative_id;
  const ids = order.items.map((line) => line.product_id);
  const [accounts, stocks] = await Promise.all([storeAccounts(tenant), stocksOf(tenant, ids, true)]);

  let paidFrom: string;
  const payment: Effect[] = [];
  let bank: Awaited<ReturnType<typeof setupRecords.bankAccount.get>>;
  let installments: StoreInstallment[] | undefined;
  if (order.payment_method === 'SAVINGS') {
    const plan = order.savings_id ? await findPlan(tenant, order.savings_id) : undefined;
    if (!plan) throw conflict('The savings account this order is paid from no longer exists');
    const setup = await setupOf(tenant, plan);
    paidFrom = String(setup.member_balance_gl);
    payment.push(...savingsEffects(order, plan, 'purchase', date, step.at));
  } else if (order.payment_method === 'PAYROLL') {
    // Owed by the member until the payroll runs recover it, month by month.
    paidFrom = accounts.eshop_receivable;
    installments = storeInstallments(order.total, order.payroll_months ?? 1, date).filter((i) => i.amount > 0);
    payment.push({
      item: orderDuePut(tenant, {
        id: order.id,
        order_no: order.order_no,
        member_id: order.member_id,
        date,
        total: order.total,
        owed_by_date: Object.fromEntries(installments.map((i) => [i.date, i.amount])),
      }),
    });
  } else {
    if (!bankId) throw invalid('bank_id', 'Please select the bank account the payment was received into');
    bank = await setupRecords.bankAccount.get(tenant, bankId);
    if (!bank || bank.status !== SETUP_STATUS.ACTIVE) throw invalid('bank_id', 'Please select bank account');
    paidFrom = String(bank.coa_id);
    payment.push({
      item: bankAccountUnchanged(bank),
      onConditionFailed: conflict('The bank account changed; please try again'),
    });
  }

  const costs = order.items.map((line) => costOf(stocks.get(line.product_id)!, line.quantity));
  const totalCost = costs.reduce((sum, cost) => sum + cost, 0);
  let delivered: EshopOrderRecord | undefined;
  await postStore({
    cooperativeId: tenant,
    idempotencyKey: `eshop-order-${order.id}`,
    date,
    description: `E-shop order ${order.order_no} delivered to ${order.member_name} (${order.member_id})`,
    source: { type: 'ESHOP_SALE', id: order.id },
    reference: order.order_no,
    createdBy: step.by,
    pairs: [
      { debit: paidFrom, credit: accounts.sales, amount: order.total, description: 'Sale' },
      {
        debit: accounts.cost_of_sales,
        credit: accounts.inventory,
        amount: totalCost,
        description: 'Cost of goods sold',
      },
    ],
    effects: (journalId) => {
      const items = order.items.map((line, index) => ({ ...line, cost: costs[index] }));
      delivered = {
        ...order,
        items,
        status: ESHOP_ORDER_STATUS.DELIVERED,
        history: [...order.history, { status: ESHOP_ORDER_STATUS.DELIVERED, ...step }],
        journal_id: journalId,
        bank_id: bank?.id ?? null,
        ...(installments ? { installments } : {}),
        updated_at: step.at,
      };
      return [
        customerSpent(tenant, order.member_id, order.total, step.at),
        ...orderStep(order, ESHOP_ORDER_STATUS.DELIVERED, step, {
          journal_id: journalId,
          bank_id: bank?.id ?? null,
          items,
          ...(installments ? { installments } : {}),
        }),
        ...payment,
        ...order.items.flatMap((line, index) => [
          stockOut(stocks.get(line.product_id)!, line.quantity, costs[index], step.at, { reserved: true }),
          {
            item: putStockMove(tenant, {
              id: newId(),
              product_id: line.product_id,
              product_name: line.name,
              kind: 'SALE',
              quantity: -line.quantity,
              value: 0 - costs[index],
              order_id: order.id,
              date,
              journal_id: journalId,
              created_by: step.by,
              created_at: step.at,
            }),
          },
        ]),
        ...countMoves(tenant, { SALE: order.items.length }).map((item) => ({ item })),
        ...saleSummaryEffects({ ...order, items }, 'SALE', { date, at: step.at, by: step.by, journalId }),
      ];
    },
  });
  return delivered!;
}

function orderIdOf(ctx: RequestContext): string {
  const value = ctx.query.order_id ?? ctx.body.order_id ?? ctx.query.id;
  const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!id) throw invalid('order_id', 'Please select an order');
  return id;
}

async function requireOrder(tenant: string, id: string): Promise<EshopOrderRecord> {
  const order = await getEshopOrder(tenant, id);
  if (!order) throw notFound('Order');
  return order;
}

/** The status filter of the orders list: blank for all, else one of ESHOP_ORDER_STATUS. */
function statusFilter(ctx: RequestContext): EshopOrderStatus | undefined {
  const text = ctx.query.status?.trim();
  if (!text) return undefined;
  const status = Object.values(ESHOP_ORDER_STATUS).find((s) => String(s) === text);
  if (status === undefined) throw invalid('status', 'Select a valid order status');
  return status;
}

export const orderHandlers: RouteHandlers = {
  /** Staff: every order of the store, or those of a status, newest first. */
  [`GET ${BASE}`]: async (ctx) => {
    const { tenant } = signedIn(ctx);
    const found = await eshopOrderPage(tenant, pageRequest(ctx), statusFilter(ctx));
    return ok('Orders retrieved', { data: found.data.map((o) => presentOrder(o)), meta: found.meta });
  },

  [`GET ${BASE}/single`]: async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Order retrieved', presentOrder(await requireOrder(tenant, orderIdOf(ctx))));
  },

  /** Staff: moves an order one step (confirm, dispatch, deliver, reject, cancel). */
  [`POST ${BASE}/status`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(eshopOrderActionSchema, ctx.body);
    const order = await requireOrder(tenant, input.order_id);
    assertStep(order, input.action);
    const step = { by: identity.loginId, at: nowIso(), comment: input.comment ?? null };
    const { to } = STEPS[input.action];
    let next: EshopOrderRecord;
    if (input.action === 'deliver') {
      next = await deliverOrder(order, step, input.date ?? today(), input.bank_id);
    } else if (to === ESHOP_ORDER_STATUS.CANCELLED || to === ESHOP_ORDER_STATUS.REJECTED) {
      await endOrder(order, to, step);
      next = { ...order, status: to, history: [...order.history, { status: to, ...step }], updated_at: step.at };
    } else {
      await writeEffects(orderStep(order, to, step), conflict('This order was changed at the same time'));
      next = { ...order, status: to, history: [...order.history, { status: to, ...step }], updated_at: step.at };
    }
    return ok(`Order ${order.order_no} ${ACTION_NAMES[input.action]}`, presentOrder(next));
  },

  /** Staff: takes back a delivered order (restocked or sent to damages) and refunds it the way it was paid. */
  [`POST ${BASE}/return`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(eshopOrderReturnSchema, ctx.body);
    const order = await requireOrder(tenant, input.order_id);
    if (order.status !== ESHOP_ORDER_STATUS.DELIVERED) {
      throw conflict(`This order is ${statusName(order.status)}; only a Delivered order can be returned`);
    }
    const returned = await returnOrder(order, input, { by: identity.loginId, at: nowIso(), comment: input.reason });
    return ok(`Order ${order.order_no} returned and ${formatNaira(order.total)} refunded`, presentOrder(returned));
  },

  /** Staff: the store's customers (members who have ordered), newest first. */
  ['GET /cooperative/e-shop/customer']: async (ctx) => {
    const { tenant } = signedIn(ctx);
    const found = await customerPage(tenant, pageRequest(ctx));
    return ok('Customers retrieved', { data: found.data.map(presentCustomer), meta: found.meta });
  },

  /** Staff: blocks a customer from ordering (0) or lets them order again (1). */
  ['POST /cooperative/e-shop/customer/status']: async (ctx) => {
    const { tenant } = signedIn(ctx);
    const input = validate(eshopCustomerStatusSchema, ctx.body);
    if (!(await setCustomerStatus(tenant, input.member_id, input.status, nowIso()))) throw notFound('Customer');
    const customer = (await getCustomer(tenant, input.member_id))!;
    const blocked = customer.status === ESHOP_CUSTOMER_STATUS.BLOCKED;
    return ok(
      `${customer.name} ${blocked ? 'is blocked from ordering' : 'may order again'}`,
      presentCustomer(customer),
    );
  },

  /** A member's order: placed from the shop, Pending. */
  ['POST /member/e-shop/order']: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const order = await placeOrder(tenant, identity.loginId, validate(eshopOrderSchema, ctx.body));
    return ok(`Order ${order.order_no} placed`, presentOrder(order, false), 201);
  },

  /** A member's own orders, newest first. */
  ['GET /member/e-shop/order']: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const found = await memberOrderPage(tenant, identity.loginId, pageRequest(ctx));
    return ok('Your orders retrieved', { data: found.data.map((o) => presentOrder(o, false)), meta: found.meta });
  },

  /** A member cancels their own order while it is Pending. */
  ['POST /member/e-shop/order/cancel']: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const order = await getEshopOrder(tenant, orderIdOf(ctx));
    if (!order || order.member_id !== identity.loginId.toUpperCase()) throw notFound('Order');
    if (order.status !== ESHOP_ORDER_STATUS.PENDING) {
      throw conflict(`This order is ${statusName(order.status)}; you can cancel an order only while it is Pending`);
    }
    const step = { by: identity.loginId, at: nowIso(), comment: 'Cancelled by the member' };
    await endOrder(order, ESHOP_ORDER_STATUS.CANCELLED, step);
    const next = {
      ...order,
      status: ESHOP_ORDER_STATUS.CANCELLED,
      history: [...order.history, { status: ESHOP_ORDER_STATUS.CANCELLED, ...step }],
      updated_at: step.at,
    };
    return ok(`Order ${order.order_no} cancelled`, presentOrder(next, false));
  },
};
