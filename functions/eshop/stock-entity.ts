import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { StockMovementKind } from '@coopledger/shared/eshop-views';
import type { Kobo } from '@coopledger/shared/money';
import { shareOf } from '@coopledger/shared/money';
import type { TransactItem } from '#core/db';
import { effect, entityDefaults, getEntities, getEntity, tableKeyAttributes, transactItem } from '#core/entity';
import type { AppError } from '#core/errors';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';
import { countChange, countedTotal } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, openEnded } from '#core/list-page';

/**
 * A product's stock (docs/data-model.md "E-shop"): one item beside the product, made by its first
 * receipt. `on_hand` is what is on the shelves; `available` what orders have not reserved (on hand
 * less reserved); `value` the stock on hand at cost (kobo), so its average cost is value / on_hand.
 * Every change ADDs to these in the transaction of its posting or order step. A change that takes
 * stock out at cost (a delivery, a damage, a count found short) is priced from a read of the item and
 * conditioned on its `version` being the one read, so two of them at once cannot both price from the
 * same figures; reservations and releases move `available` only and need no version.
 */
export const StockEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_STOCK',
  schema: item({
    ...tableKeyAttributes(),
    cooperative_id: string(),
    product_id: string(),
    on_hand: number(),
    available: number(),
    value: number().big(),
    version: number(),
    updated_at: string(),
    entity: string().const('ESHOP_STOCK').hidden(),
  }),
});

/** The key and the named attributes every write of a stock item sets (its first write creates it). */
const stockKey = (tenant: string, productId: string) => ({
  ...keys.eshopStock(tenant, productId),
  cooperative_id: tenant,
  product_id: productId,
  entity: 'ESHOP_STOCK' as const,
});

export type StockRecord = FormattedItem<typeof StockEntity>;

/** A check, in a product's delete, that it never had stock (no receipt, so no order either). */
export const neverStockedCheck = (tenant: string, productId: string): TransactItem =>
  transactItem(
    StockEntity.build(ConditionCheck)
      .key(keys.eshopStock(tenant, productId))
      .condition({ attr: 'pk', exists: false })
      .params(),
  );

/** A product's stock before its first receipt. */
export const emptyStock = (tenant: string, productId: string): StockRecord => ({
  cooperative_id: tenant,
  product_id: productId,
  on_hand: 0,
  available: 0,
  value: 0,
  version: 0,
  updated_at: '',
});

/** A product's stock, read consistently (the figures a change is priced from); empty before its first receipt. */
export async function stockOf(tenant: string, productId: string): Promise<StockRecord> {
  return (await getEntity(StockEntity, keys.eshopStock(tenant, productId), true)) ?? emptyStock(tenant, productId);
}

/** The stock of several products (one BatchGet), by product id; a product never stocked has empty stock. */
export async function stocksOf(tenant: string, productIds: string[], consistent = false) {
  const found =
    productIds.length === 0
      ? []
      : await getEntities(
          StockEntity,
          productIds.map((id) => keys.eshopStock(tenant, id)),
          consistent,
        );
  const byId = new Map(found.map((s) => [s.product_id, s]));
  return new Map(productIds.map((id) => [id, byId.get(id) ?? emptyStock(tenant, id)]));
}

/** What `quantity` items of this stock cost at its average cost (all of its value when they are all of it). */
export function costOf(stock: Pick<StockRecord, 'on_hand' | 'value'>, quantity: number): Kobo {
  return shareOf(stock.value, quantity, stock.on_hand);
}

const stockChanged = () => conflict('The stock of this product changed at the same time; please try again');

/**
 * Items and value in: on hand, available and value up. A receipt, priced by its own unit cost, has no
 * condition; a count found more, priced from `read`, holds only while the stock is the version read.
 */
export function stockIn(
  tenant: string,
  productId: string,
  quantity: number,
  value: Kobo,
  at: string,
  read?: StockRecord,
): Effect {
  const update = StockEntity.build(UpdateTransaction)
    .item({
      ...stockKey(tenant, productId),
      on_hand: $add(quantity),
      available: $add(quantity),
      value: $add(value),
      version: $add(1),
      updated_at: at,
    })
    .options(
      read
        ? {
            condition: read.version === 0 ? { attr: 'version', exists: false } : { attr: 'version', eq: read.version },
          }
        : {},
    );
  return effect(update.params(), read ? stockChanged() : undefined);
}

/**
 * Items out at cost, priced from `read`: on hand and value down, and available too unless an order
 * reserved them already (`reserved`); only while the stock is still the version read and, for
 * unreserved items, while that many are available.
 */
export function stockOut(
  read: StockRecord,
  quantity: number,
  value: Kobo,
  at: string,
  options: { reserved: boolean; short?: AppError },
): Effect {
  const update = StockEntity.build(UpdateTransaction)
    .item({
      ...stockKey(read.cooperative_id, read.product_id),
      on_hand: $add(-quantity),
      ...(options.reserved ? {} : { available: $add(-quantity) }),
      value: $add(0 - value),
      version: $add(1),
      updated_at: at,
    })
    .options({
      condition: {
        and: [
          { attr: 'version', eq: read.version },
          ...(options.reserved ? [] : [{ attr: 'available', gte: quantity } as const]),
        ],
      },
    });
  return effect(update.params(), stockChanged());
}

/** An order's reservation: available down, only while that many are available (`short` otherwise). */
export function reserveStock(tenant: string, productId: string, quantity: number, short: AppError): Effect {
  const update = StockEntity.build(UpdateTransaction)
    .item({ ...stockKey(tenant, productId), available: $add(-quantity) })
    .options({ condition: { attr: 'available', gte: quantity } });
  return effect(update.params(), short);
}

/** A reservation given back (an order cancelled or rejected): available up. */
export function releaseStock(tenant: string, productId: string, quantity: number): Effect {
  const update = StockEntity.build(UpdateTransaction).item({
    ...stockKey(tenant, productId),
    available: $add(quantity),
  });
  return effect(update.params());
}

/** A movement of stock, kept for good: listed by date for the cooperative, its product (gsi1) and its kind (gsi2). */
export const StockMoveEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_STOCK_MOVE',
  schema: item({
    ...tableKeyAttributes(),
    id: string(),
    product_id: string(),
    product_name: string(),
    kind: string().enum('RECEIPT', 'ADJUSTMENT', 'DAMAGE', 'SALE', 'RETURN'),
    /** Signed: in (+) or out (-). */
    quantity: number(),
    /** Kobo, signed like the quantity: the value at cost. */
    value: number(),
    /** Kobo. */
    unit_cost: anyOf(number(), nul()),
    supplier: anyOf(string(), nul()),
    bank_id: anyOf(string(), nul()),
    reason: anyOf(string(), nul()),
    order_id: anyOf(string(), nul()),
    date: string(),
    journal_id: anyOf(string(), nul()),
    created_by: string(),
    created_at: string(),
    entity: string().const('ESHOP_STOCK_MOVE').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
});

export type StockMoveRecord = FormattedItem<typeof StockMoveEntity>;
export type NewStockMove = Omit<StockMoveRecord, 'unit_cost' | 'supplier' | 'bank_id' | 'reason' | 'order_id'> &
  Partial<Pick<StockMoveRecord, 'unit_cost' | 'supplier' | 'bank_id' | 'reason' | 'order_id'>>;

/** The counted lists of movements: all of a cooperative's, and those of a kind. */
const MOVES_LIST = 'eshop-moves';
const kindList = (kind: StockMovementKind) => `${MOVES_LIST}#${kind}`;

/** The Put of a new movement (only if its key is new). */
export function putStockMove(tenant: string, move: NewStockMove): TransactItem {
  const put = StockMoveEntity.build(PutTransaction)
    .item({
      unit_cost: null,
      supplier: null,
      bank_id: null,
      reason: null,
      order_id: null,
      ...move,
      ...keys.eshopStockMove(tenant, move.date, move.id),
      ...keys.eshopStockMoveIndex(tenant, move.product_id, move.kind, move.date, move.id),
    })
    .options({ condition: { attr: 'pk', exists: false } });
  return transactItem(put.params());
}

/** The counts of new movements by kind: the cooperative's counter and each kind's, one item each however many. */
export function countMoves(tenant: string, counts: Partial<Record<StockMovementKind, number>>): TransactItem[] {
  const kinds = Object.entries(counts).filter(([, n]) => n) as [StockMovementKind, number][];
  const all = kinds.reduce((sum, [, n]) => sum + n, 0);
  return all === 0
    ? []
    : [countChange(tenant, MOVES_LIST, all), ...kinds.map(([kind, n]) => countChange(tenant, kindList(kind), n))];
}

/**
 * One page of movements, newest first: the cooperative's (counted), a kind's (counted) or a
 * product's (gsi1; what was seen, a product's movements have no counter).
 */
export async function stockMovePage(
  tenant: string,
  request: PageRequest,
  filter: { productId?: string; kind?: StockMovementKind },
): Promise<ListPage<StockMoveRecord>> {
  if (filter.productId) {
    return openEnded(
      await entityPage(StockMoveEntity, keys.eshopProductMovesPartition(tenant, filter.productId), request, {
        index: 'gsi1',
        reverse: true,
        total: 0,
      }),
    );
  }
  if (filter.kind) {
    return entityPage(StockMoveEntity, keys.eshopMovesOfKindPartition(tenant, filter.kind), request, {
      index: 'gsi2',
      reverse: true,
      total: countedTotal(tenant, kindList(filter.kind)),
    });
  }
  return entityPage(StockMoveEntity, keys.eshopStockMovesPartition(tenant), request, {
    reverse: true,
    total: countedTotal(tenant, MOVES_LIST),
  });
}
