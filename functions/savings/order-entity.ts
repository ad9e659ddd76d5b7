import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { TRANSACTION_TYPES } from '@coopledger/shared/schemas/savings';
import type { TransactionType } from '@coopledger/shared/schemas/savings';
import { ORDER_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, countQuery, transactWrite } from '#core/db';
import {
  appTable,
  dateRange,
  effect,
  entityDefaults,
  getEntities,
  getEntity,
  transition,
  transactItem,
  writeEffects,
  writeItem,
  entitiesIn,
} from '#core/entity';
import { countChange, countedTotal } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, partitionQuery, openEnded } from '#core/list-page';
import { ListRefEntity, listRefPut } from '#core/list-ref-entity';
import { mergedPage } from '#core/merged-page';
import { read } from '#core/entity';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';

/**
 * The savings transaction order (a deposit or a withdrawal waiting for staff): its key, its stored
 * record, its statuses (ORDER_STATUS), its queries and its builders. docs/data-model.md, "Transaction order".
 */
export const OrderEntity = new Entity({
  ...entityDefaults,
  name: 'TRANSACTION_ORDER',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    /** The member's number. */
    coop_id: string(),
    member: map({ firstname: string(), lastname: string() }),
    member_name: string(),
    savings_id: string(),
    product_name: string(),
    /** Kobo. */
    amount: number(),
    /** The day the money moves, YYYY-MM-DD. */
    date: string(),
    payment_mode_id: number(),
    payment_mode: map({ id: number(), name: string() }),
    comment: string().optional(),
    description: string().optional(),
    transaction_type: string().enum(...TRANSACTION_TYPES),
    status: number().enum(ORDER_STATUS.PENDING, ORDER_STATUS.APPROVED, ORDER_STATUS.DENIED),
    reference_no: string().optional(),
    bank_id: string().optional(),
    /** Set on the orders a savings import writes: history, which may lie before the opening date. */
    source: map({ kind: string().enum('savings-import'), id: string(), type: string(), row: number() }).optional(),
    created_by: string(),
    created_at: string(),
    /** The first of two approvals, when the amount needs two (core/four-eyes.ts). */
    first_approval: map({ by: string(), at: string() }).optional(),
    approved_by: string().optional(),
    approved_at: string().optional(),
    denied_by: string().optional(),
    denied_at: string().optional(),
    /** The application's own entity name (not Toolbox's). */
    entity: string().const('TRANSACTION_ORDER').hidden(),
    /** Orders of a type by date. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /** Pending orders of a type, only while pending (approve and deny remove them). */
    gsi2pk: string().optional().hidden(),
    gsi2sk: string().optional().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.transactionOrder(cooperative_id, id),
});

export type OrderRecord = FormattedItem<typeof OrderEntity>;
type NewOrder = Omit<InputItem<typeof OrderEntity>, 'entity' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'>;

export function getOrder(tenant: string, id: string, consistent = true): Promise<OrderRecord | undefined> {
  return getEntity(OrderEntity, keys.transactionOrder(tenant, id), consistent);
}

/** The orders of several ids that exist (BatchGetItem, eventually consistent), each checked; in no particular order. */
export function ordersByIds(tenant: string, ids: string[]): Promise<OrderRecord[]> {
  return getEntities(
    OrderEntity,
    ids.map((id) => keys.transactionOrder(tenant, id)),
  );
}

/**
 * A new order, under the condition that its id is new. A pending order is also listed in the pending
 * index; an imported order (approved at once) is not.
 */
export function putOrder(order: NewOrder, options: { pending: boolean }) {
  const { cooperative_id: tenant, transaction_type: type, date, id } = order;
  return OrderEntity.build(PutTransaction)
    .item({
      ...order,
      ...keys.transactionOrderIndex(tenant, type, date, id),
      ...(options.pending ? keys.pendingOrderIndex(tenant, type, date, id) : {}),
    })
    .options({ condition: { attr: 'id', exists: false } });
}

/** The list name of a type's orders (a counter: `meta.total` of the type's list). */
export const ordersList = (type: TransactionType) => `orders#${type}`;

/**
 * Writes a new order with its member list entry and its type's count, in one transaction; false
 * when an order with its id exists.
 */
async function createOrder(order: NewOrder, pending: boolean): Promise<boolean> {
  const { cooperative_id: tenant, transaction_type: type, coop_id: memberId, date, id } = order;
  try {
    await transactWrite([
      transactItem(putOrder(order, { pending }).params()),
      listRefPut(keys.memberOrderRef(tenant, memberId, type, date, id), id),
      countChange(tenant, ordersList(type), 1),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed && error.failedIndexes.includes(0)) return false;
    throw error;
  }
}

/** Writes a new pending order; false when an order with its id exists. */
export function createPendingOrder(order: NewOrder): Promise<boolean> {
  return createOrder(order, true);
}

/** Writes an imported order (not pending-listed); false when an order with its id exists. */
export function createImportedOrder(order: NewOrder): Promise<boolean> {
  return createOrder(order, false);
}

export interface Approval {
  reference_no: string;
  bank_id: string;
  approved_by: string;
  approved_at: string;
}

/** The ledger effect of an approval: status pending -> approved, out of the pending index. */
export function approveEffect(order: Pick<OrderRecord, 'cooperative_id' | 'id'>, by: Approval): Effect {
  const update = transition(
    OrderEntity,
    { cooperative_id: order.cooperative_id, id: order.id },
    ORDER_STATUS.PENDING,
    ORDER_STATUS.APPROVED,
    {
      ...by,
      gsi2pk: $remove(),
      gsi2sk: $remove(),
    },
  );
  return effect(update.params(), conflict('This order is no longer pending; only pending orders can be approved'));
}

/** Records the first of two approvals of a pending order; a 409 when it is no longer pending or has one. */
export async function recordFirstApproval(
  order: Pick<OrderRecord, 'cooperative_id' | 'id'>,
  mark: { by: string; at: string },
): Promise<void> {
  const update = OrderEntity.build(UpdateTransaction)
    .item({ cooperative_id: order.cooperative_id, id: order.id, first_approval: $set(mark) })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: ORDER_STATUS.PENDING },
          { attr: 'first_approval', exists: false },
        ],
      },
    });
  await writeItem(update.params(), conflict('This order was approved or changed meanwhile; reload it and try again'));
}

/** Denies a pending order (status pending -> denied, out of the pending index); a 409 when it is no longer pending. */
export async function denyPendingOrder(
  order: Pick<OrderRecord, 'cooperative_id' | 'id'>,
  deniedBy: string,
  at: string,
  /** What else lands with the denial (the member's notification). */
  also: TransactItem[] = [],
): Promise<void> {
  const update = transition(
    OrderEntity,
    { cooperative_id: order.cooperative_id, id: order.id },
    ORDER_STATUS.PENDING,
    ORDER_STATUS.DENIED,
    {
      denied_by: deniedBy,
      denied_at: at,
      gsi2pk: $remove(),
      gsi2sk: $remove(),
    },
  );
  const refused = conflict('This order is no longer pending; only pending orders can be denied');
  if (also.length === 0) {
    await writeItem(update.params(), refused);
    return;
  }
  await writeEffects([effect(update.params(), refused), ...also.map((item) => ({ item }))], refused);
}

/** Orders of a type by order date (one Query of gsi1, `to` inclusive), newest first; `limit` reads one page. */
export function ordersOf(
  tenant: string,
  type: TransactionType,
  from?: string,
  to?: string,
  limit?: number,
): Promise<OrderRecord[]> {
  return entitiesIn(OrderEntity, keys.ordersPartition(tenant, type), {
    index: 'gsi1',
    range: dateRange(from, to),
    reverse: true,
    limit,
  });
}

/**
 * One page of the orders of a type, newest order date first (docs/decisions.md 2026-11-26 "Money
 * lists in DynamoDB"): without a member search, one Query of the type's partition (gsi1), with the
 * date range as a sort key range and the type's counter as total (a date range has none: what was
 * seen); with the members a search found, their list entries by date, merged, and the page's orders
 * in one BatchGet.
 */
export async function orderPage(
  tenant: string,
  type: TransactionType,
  request: PageRequest,
  filter: { from?: string; to?: string; memberIds?: string[] },
): Promise<ListPage<OrderRecord>> {
  const { from, to, memberIds } = filter;
  const range = dateRange(from, to);
  if (memberIds === undefined) {
    const page = await entityPage(OrderEntity, keys.ordersPartition(tenant, type), request, {
      index: 'gsi1',
      range,
      reverse: true,
      total: range ? 0 : countedTotal(tenant, ordersList(type)),
    });
    return range ? openEnded(page) : page;
  }
  const parts = memberIds.map((memberId) => {
    const partition = keys.memberOrdersPartition(tenant, memberId, type);
    return { partition, query: partitionQuery(ListRefEntity, partition, { range, reverse: true }) };
  });
  const refs = await mergedPage(parts, request, { sortBy: 'sk', reverse: true });
  const ids = refs.data.map((ref) => read(ListRefEntity, ref).id);
  const byId = new Map((await ordersByIds(tenant, ids)).map((order) => [order.id, order]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []), meta: refs.meta };
}

/** Every pending order of a type (a Query of gsi2, which lists an order only while it is pending). */
export function pendingOrdersOfType(tenant: string, type: TransactionType): Promise<OrderRecord[]> {
  return entitiesIn(OrderEntity, keys.pendingOrdersPartition(tenant, type), { index: 'gsi2' });
}

/** How many orders of a type are pending (a COUNT Query of gsi2). */
export function pendingOrderCount(tenant: string, type: TransactionType): Promise<number> {
  const query = appTable
    .build(QueryCommand)
    .query({ index: 'gsi2', partition: keys.pendingOrdersPartition(tenant, type) });
  const { TableName: _name, ...input } = query.params();
  return countQuery(input);
}
