import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $append, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ESHOP_PAYMENT_METHODS, ESHOP_RETURN_DESTINATIONS } from '@coopledger/shared/schemas/eshop';
import type { EshopOrderStatus } from '@coopledger/shared/statuses';
import { ESHOP_ORDER_STATUS, ESHOP_ORDER_STATUS_LABELS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { effect, entityDefaults, getEntities, getEntity, read, transactItem } from '#core/entity';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';
import { countChange, countMove, countedTotal, listCount } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, partitionCount, partitionQuery, queryPage } from '#core/list-page';
import { ListRefEntity, listRefPut } from '#core/list-ref-entity';

/**
 * An order of the store (docs/data-model.md "E-shop"): its lines priced when it was placed, how it is
 * paid, its status (ESHOP_ORDER_STATUS) and who moved it to each. Listed by when it was placed
 * (gsi1, every order) and in its status's list (gsi2, moved with each step), and in its member's
 * orders (list entries); each list is counted. Money in kobo.
 */
export const EshopOrderEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_ORDER',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    order_no: string(),
    member_id: string(),
    member_name: string(),
    items: list(
      map({
        product_id: string(),
        name: string(),
        sku: string(),
        quantity: number(),
        unit_price: number(),
        amount: number(),
        /** What the items cost the store (kobo at average cost), set at delivery. */
        cost: number().optional(),
      }),
    ),
    total: number(),
    payment_method: string().enum(...ESHOP_PAYMENT_METHODS),
    savings_id: anyOf(string(), nul()),
    savings_product_name: anyOf(string(), nul()),
    /** PAYROLL: the months the total is recovered over, and, once delivered, its installments (kobo). */
    payroll_months: number().optional(),
    installments: list(map({ date: string(), amount: number() })).optional(),
    bank_id: anyOf(string(), nul()),
    delivery_address: anyOf(string(), nul()),
    note: anyOf(string(), nul()),
    status: number().enum(...(Object.values(ESHOP_ORDER_STATUS) as EshopOrderStatus[])),
    history: list(map({ status: number(), by: string(), at: string(), comment: anyOf(string(), nul()) })),
    journal_id: anyOf(string(), nul()),
    /** A delivered order brought back (status Returned). */
    returned: map({
      reason: string(),
      returned_to: string().enum(...ESHOP_RETURN_DESTINATIONS),
      date: string(),
      refunded: number(),
      /** PAYROLL: what payroll had recovered (paid back from `bank_id`) and the installments cancelled. */
      recovered: number().optional(),
      cancelled: number().optional(),
      bank_id: string().optional(),
      journal_id: anyOf(string(), nul()),
      by: string(),
      at: string(),
    }).optional(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('ESHOP_ORDER').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.eshopOrder(cooperative_id, id),
});

export type EshopOrderRecord = FormattedItem<typeof EshopOrderEntity>;

/** The counted lists of orders: every order, and those of a status. */
const ORDERS_LIST = 'eshop-orders';
const statusList = (status: number) => `${ORDERS_LIST}#s${status}`;

/** How many orders are in a status now (its list's counter). */
export const orderCount = (tenant: string, status: EshopOrderStatus) => listCount(tenant, statusList(status));

/** An order, read consistently; undefined when there is none. */
export const getEshopOrder = (tenant: string, id: string) =>
  getEntity(EshopOrderEntity, keys.eshopOrder(tenant, id), true);

/** A new order's writes: the order (only if its id is new), its member's list entry and its counts. */
export function placeOrderItems(order: EshopOrderRecord): TransactItem[] {
  const tenant = order.cooperative_id;
  const put = EshopOrderEntity.build(PutTransaction)
    .item({ ...order, ...keys.eshopOrderIndex(tenant, order.status, order.created_at, order.id) })
    .options({ condition: { attr: 'id', exists: false } });
  return [
    transactItem(put.params()),
    listRefPut(keys.eshopMemberOrderRef(tenant, order.member_id, order.created_at, order.id), order.id),
    countChange(tenant, ORDERS_LIST, 1),
    countChange(tenant, statusList(order.status), 1),
  ];
}

/**
 * An order moved from the status it was read in to `to` (and into `to`'s list), with the step in its
 * history and any fields the step sets; only while it is still in the status read, so a step, and
 * what it releases or posts with it, happens once.
 */
export function orderStep(
  order: EshopOrderRecord,
  to: EshopOrderStatus,
  step: { by: string; at: string; comment: string | null },
  set: Partial<Pick<EshopOrderRecord, 'journal_id' | 'bank_id' | 'items' | 'returned' | 'installments'>> = {},
): Effect[] {
  const tenant = order.cooperative_id;
  const update = EshopOrderEntity.build(UpdateTransaction)
    .item({
      cooperative_id: tenant,
      id: order.id,
      status: to,
      history: $append([{ status: to, ...step }]),
      updated_at: step.at,
      ...keys.eshopOrderIndex(tenant, to, order.created_at, order.id),
      ...(set.journal_id !== undefined ? { journal_id: set.journal_id } : {}),
      ...(set.bank_id !== undefined ? { bank_id: set.bank_id } : {}),
      // Lists and maps are replaced whole, not merged.
      ...(set.items ? { items: $set(set.items) } : {}),
      ...(set.returned ? { returned: $set(set.returned) } : {}),
      ...(set.installments ? { installments: $set(set.installments) } : {}),
    })
    .options({ condition: { attr: 'status', eq: order.status } });
  return [
    effect(
      update.params(),
      conflict('This order was changed by someone else at the same time; open it again to see its status'),
    ),
    ...countMove(tenant, statusList(order.status), statusList(to)).map((item) => ({ item })),
  ];
}

/**
 * Holds only while an order is still Delivered: what undoes a payment recovered for it (a payroll
 * row's reversal) must not run once the order has been returned.
 */
export const orderStillDelivered = (tenant: string, orderId: string): TransactItem =>
  transactItem(
    EshopOrderEntity.build(ConditionCheck)
      .key({ cooperative_id: tenant, id: orderId })
      .condition({ attr: 'status', eq: ESHOP_ORDER_STATUS.DELIVERED })
      .params(),
  );

/** The label of an order's status, for messages. */
export const statusName = (status: EshopOrderStatus) => ESHOP_ORDER_STATUS_LABELS[status];

/** One page of the orders, newest first: every order (gsi1) or those of a status (gsi2), counted. */
export function eshopOrderPage(
  tenant: string,
  request: PageRequest,
  status?: EshopOrderStatus,
): Promise<ListPage<EshopOrderRecord>> {
  return status === undefined
    ? entityPage(EshopOrderEntity, keys.eshopOrdersPartition(tenant), request, {
        index: 'gsi1',
        reverse: true,
        total: countedTotal(tenant, ORDERS_LIST),
      })
    : entityPage(EshopOrderEntity, keys.eshopOrdersOfStatusPartition(tenant, status), request, {
        index: 'gsi2',
        reverse: true,
        total: countedTotal(tenant, statusList(status)),
      });
}

/** One page of a member's orders, newest first (their list entries and one BatchGet; a COUNT Query for the total). */
export async function memberOrderPage(
  tenant: string,
  memberId: string,
  request: PageRequest,
): Promise<ListPage<EshopOrderRecord>> {
  const partition = keys.eshopMemberOrdersPartition(tenant, memberId);
  const refs = await queryPage(
    partitionQuery(ListRefEntity, partition, { reverse: true }),
    partition,
    request,
    undefined,
    partitionCount(ListRefEntity, partition),
  );
  const ids = refs.data.map((ref) => read(ListRefEntity, ref).id);
  const found =
    ids.length === 0
      ? []
      : await getEntities(
          EshopOrderEntity,
          ids.map((id) => keys.eshopOrder(tenant, id)),
        );
  const byId = new Map(found.map((o) => [o.id, o]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []), meta: refs.meta };
}
