import type { TransactionType } from '../../shared/src/schemas/savings.ts';
import { addDays } from '../../shared/src/dates.ts';
import { PAYMENT_MODES } from '../../shared/src/lookups.ts';
import type { OrderStatus } from '../../shared/src/statuses.ts';
import { ORDER_STATUS } from '../../shared/src/statuses.ts';
import type { TransactItem } from '../../functions/core/db.ts';
import { newId, referenceNumber } from '../../functions/core/ids.ts';
import { keys } from '../../functions/core/keys.ts';
import { listRefPut } from '../../functions/core/list-ref-entity.ts';
import { putOrder } from '../../functions/savings/order-entity.ts';
import type { OrderRecord } from '../../functions/savings/order-entity.ts';
import { putMemberTransaction } from '../../functions/savings/member-transaction-entity.ts';
import { fullName } from '../../functions/savings/plans.ts';
import { mix } from './reports.ts';

/**
 * The deposit and withdrawal orders of the list bench's cooperatives, in the application's shapes:
 * ORDERS_PER_MEMBER orders per member, each written as the app's builders write it (putOrder with its
 * type-by-date index, and the pending index while pending; the member's order list entry,
 * listRefPut; for an approved order, its member transaction, putMemberTransaction, as the approval
 * writes it). The orders are the same in every run (dates counted back from the run's day), so the
 * lists' answers can be worked out from them without reading the table.
 */

export const ORDERS_PER_MEMBER = 10;
/** Approved and denied orders lie in the last two years; pending ones in the last month. */
export const HISTORY_DAYS = 730;
export const PENDING_DAYS = 30;
export const PRODUCT_NAME = 'Regular Savings';

export interface BenchOrder {
  /** The member's index in its cooperative. */
  member: number;
  type: TransactionType;
  status: OrderStatus;
  date: string;
  /** Kobo. */
  amount: number;
  paymentMode: (typeof PAYMENT_MODES)[number];
}

/**
 * Order `index` (0 to ORDERS_PER_MEMBER - 1) of member `member`: 85% approved, 10% pending, 5%
 * denied; three deposits to one withdrawal; 1,000 to 100,000 naira.
 */
export function orderAt(member: number, index: number, today: string): BenchOrder {
  const i = member * ORDERS_PER_MEMBER + index;
  const roll = mix(i, 11) % 100;
  const status = roll < 85 ? ORDER_STATUS.APPROVED : roll < 95 ? ORDER_STATUS.PENDING : ORDER_STATUS.DENIED;
  const daysBack = mix(i, 13) % (status === ORDER_STATUS.PENDING ? PENDING_DAYS : HISTORY_DAYS);
  return {
    member,
    type: mix(i, 12) % 4 === 0 ? 'WITHDRAWAL' : 'DEPOSIT',
    status,
    date: addDays(today, -daysBack),
    amount: (1000 + (mix(i, 14) % 99_001)) * 100,
    paymentMode: PAYMENT_MODES[mix(i, 15) % PAYMENT_MODES.length],
  };
}

/** The orders of member `member`. */
export const ordersOfMember = (member: number, today: string): BenchOrder[] =>
  Array.from({ length: ORDERS_PER_MEMBER }, (_, index) => orderAt(member, index, today));

export interface OrderCounts {
  DEPOSIT: number;
  WITHDRAWAL: number;
  approved: number;
  pending: number;
  denied: number;
}

/** What a cooperative of `members` members holds: the true counts its list counters are set to. */
export function countOrders(members: number, today: string): OrderCounts {
  const counts: OrderCounts = { DEPOSIT: 0, WITHDRAWAL: 0, approved: 0, pending: 0, denied: 0 };
  for (let m = 0; m < members; m++) {
    for (const order of ordersOfMember(m, today)) {
      counts[order.type]++;
      if (order.status === ORDER_STATUS.APPROVED) counts.approved++;
      else if (order.status === ORDER_STATUS.PENDING) counts.pending++;
      else counts.denied++;
    }
  }
  return counts;
}

export interface BenchMember {
  /** The member number (the member's id). */
  number: string;
  firstname: string;
  lastname: string;
}

const itemOf = (write: TransactItem) => write.Put?.Item as Record<string, unknown>;

/**
 * The items of one order as the app leaves them: the order (as created, then approved or denied
 * in place: approval and denial set their fields and take it out of the pending index), its
 * member list entry and, once approved, the member transaction the approval writes.
 */
export function orderItems(
  cooperativeId: string,
  member: BenchMember,
  savingsId: string,
  order: BenchOrder,
  by: string,
): Record<string, unknown>[] {
  const id = newId();
  const deposit = order.type === 'DEPOSIT';
  const approved = order.status === ORDER_STATUS.APPROVED;
  const reference = approved ? referenceNumber(deposit ? 'DEP' : 'WDL', order.date) : undefined;
  const record: OrderRecord = {
    id,
    cooperative_id: cooperativeId,
    coop_id: member.number,
    member: { firstname: member.firstname, lastname: member.lastname },
    member_name: fullName(member),
    savings_id: savingsId,
    product_name: PRODUCT_NAME,
    amount: order.amount,
    date: order.date,
    payment_mode_id: order.paymentMode.id,
    payment_mode: { id: order.paymentMode.id, name: order.paymentMode.name },
    transaction_type: order.type,
    status: order.status,
    created_by: by,
    created_at: `${order.date}T08:00:00.000Z`,
    ...(approved
      ? { reference_no: reference, bank_id: 'BENCHBANK', approved_by: by, approved_at: `${order.date}T14:00:00.000Z` }
      : {}),
    ...(order.status === ORDER_STATUS.DENIED ? { denied_by: by, denied_at: `${order.date}T14:00:00.000Z` } : {}),
  };
  const items = [
    itemOf(putOrder(record, { pending: order.status === ORDER_STATUS.PENDING }).params()),
    itemOf(listRefPut(keys.memberOrderRef(cooperativeId, member.number, order.type, order.date, id), id)),
  ];
  if (reference) {
    items.push(
      itemOf(
        putMemberTransaction(cooperativeId, {
          id: newId(),
          reference_no: reference,
          type: { name: deposit ? 'Deposit' : 'Withdrawal' },
          type_name: order.type,
          description: `${deposit ? 'Deposit to' : 'Withdrawal from'} ${PRODUCT_NAME}`,
          amount: order.amount,
          transaction_date: order.date,
          savings_id: savingsId,
          product_name: PRODUCT_NAME,
          member_id: member.number,
          order_id: id,
          created_at: `${order.date}T14:00:00.000Z`,
        }),
      ),
    );
  }
  return items;
}

/** Every order item of a cooperative's first `members` members, member by member (one savings plan id each). */
export function* orderItemsOf(
  cooperativeId: string,
  members: number,
  memberAt: (i: number) => BenchMember,
  today: string,
  by: string,
): Generator<Record<string, unknown>> {
  for (let m = 0; m < members; m++) {
    const member = memberAt(m);
    const savingsId = newId();
    for (const order of ordersOfMember(m, today)) yield* orderItems(cooperativeId, member, savingsId, order, by);
  }
}
