import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { lastDayOfMonth, nextMonth, previousMonth } from '@coopledger/shared/dates';
import type { KoboSum } from '@coopledger/shared/money';
import { koboOf } from '@coopledger/shared/money';
import { dateRange, entitiesIn, entityDefaults, tableKeyAttributes, transactItem } from '#core/entity';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';
import { newId } from '#core/ids';
import type { EshopOrderRecord } from './order-entity.ts';

/**
 * The store's sales summaries (docs/decisions.md 2026-11-27 "Store dashboard and reports";
 * docs/data-model.md "E-shop"): what the dashboard and the sales report read instead of the orders.
 * Every delivery ADDs, in its own transaction, to the cooperative's figures of its posting date and
 * to each of its products' figures of that date and of that month; every return ADDs to the
 * "returned" figures of the date it is posted on (gross sales, returns and net are all there). Each
 * delivery and return also writes one entry of the store's transactions (the transactions report).
 * Money in kobo; a running sum is a bigint past 2^53 (`number().big()`).
 */

const money = () => number().big().optional();
const count = () => number().optional();

/** The figures a day (or a product's day or month) keeps; an attribute is absent until first ADDed. */
const figures = {
  /** Deliveries: orders, items, what they were sold for and what they cost at average cost. */
  orders: count(),
  units: count(),
  sales: money(),
  cost: money(),
  /** Returns posted that day: orders, items, what was refunded and the cost put back. */
  returned_orders: count(),
  returned_units: count(),
  returns: money(),
  returns_cost: money(),
};

/** The cooperative's sales of one day. */
export const SalesDayEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_SALES_DAY',
  schema: item({
    ...tableKeyAttributes(),
    cooperative_id: string(),
    date: string(),
    ...figures,
    entity: string().const('ESHOP_SALES_DAY').hidden(),
  }),
});

/** A product's sales of one day (`period` YYYY-MM-DD) or of one month (`period` YYYY-MM). */
export const ProductSalesEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_PRODUCT_SALES',
  schema: item({
    ...tableKeyAttributes(),
    cooperative_id: string(),
    product_id: string(),
    /** The product's name and SKU at its latest sale or return. */
    name: string(),
    sku: string(),
    period: string(),
    ...figures,
    entity: string().const('ESHOP_PRODUCT_SALES').hidden(),
  }),
});

export const SALE_KINDS = ['SALE', 'RETURN'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** One delivery (SALE) or return (RETURN) of an order: a row of the store's transactions. */
export const SaleEntryEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_SALE_ENTRY',
  schema: item({
    ...tableKeyAttributes(),
    id: string(),
    kind: string().enum(...SALE_KINDS),
    order_id: string(),
    order_no: string(),
    member_id: string(),
    member_name: string(),
    payment_method: string(),
    /** Kobo: the order's total (sold, or refunded). */
    amount: number(),
    /** Kobo: what the items cost at delivery. */
    cost: number(),
    units: number(),
    /** The posting date. */
    date: string(),
    journal_id: anyOf(string(), nul()),
    created_by: string(),
    created_at: string(),
    entity: string().const('ESHOP_SALE_ENTRY').hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
});

export type SalesDayRecord = FormattedItem<typeof SalesDayEntity>;
export type ProductSalesRecord = FormattedItem<typeof ProductSalesEntity>;
export type SaleEntryRecord = FormattedItem<typeof SaleEntryEntity>;

/** Who posted a delivery or return, when, on which date and under which journal. */
export interface SalePosting {
  date: string;
  at: string;
  by: string;
  journalId: string | null;
}

/**
 * The summaries' writes of an order delivered (SALE, its lines' `cost` set) or returned (RETURN): the
 * day's figures, each line's product day and month figures, and the transactions entry, to go in the
 * delivery's or return's transaction. Each order has at most MAX_ORDER_LINES lines, so this adds at
 * most 2 + 2 x 10 items.
 */
export function saleSummaryEffects(order: EshopOrderRecord, kind: SaleKind, posting: SalePosting): Effect[] {
  const tenant = order.cooperative_id;
  const sale = kind === 'SALE';
  const costs = order.items.map((line) => line.cost ?? 0);
  const cost = costs.reduce((sum, c) => sum + c, 0);
  const units = order.items.reduce((sum, line) => sum + line.quantity, 0);
  const add = (orders: number, items: number, amount: number, atCost: number) =>
    sale
      ? { orders: $add(orders), units: $add(items), sales: $add(amount), cost: $add(atCost) }
      : {
          returned_orders: $add(orders),
          returned_units: $add(items),
          returns: $add(amount),
          returns_cost: $add(atCost),
        };
  const day = SalesDayEntity.build(UpdateTransaction).item({
    ...keys.eshopSalesDay(tenant, posting.date),
    cooperative_id: tenant,
    date: posting.date,
    entity: 'ESHOP_SALES_DAY',
    ...add(1, units, order.total, cost),
  });
  const month = posting.date.slice(0, 7);
  const products = order.items.flatMap((line, index) =>
    [
      { key: keys.eshopProductSalesDay(tenant, posting.date, line.product_id), period: posting.date },
      { key: keys.eshopProductSalesMonth(tenant, month, line.product_id), period: month },
    ].map(({ key, period }) =>
      ProductSalesEntity.build(UpdateTransaction).item({
        ...key,
        cooperative_id: tenant,
        product_id: line.product_id,
        name: line.name,
        sku: line.sku,
        period,
        entity: 'ESHOP_PRODUCT_SALES',
        ...add(1, line.quantity, line.amount, costs[index]),
      }),
    ),
  );
  const id = newId();
  const entry = SaleEntryEntity.build(PutTransaction)
    .item({
      ...keys.eshopSaleEntry(tenant, posting.date, id),
      ...keys.eshopSaleEntryIndex(tenant, kind, posting.date, id),
      id,
      kind,
      order_id: order.id,
      order_no: order.order_no,
      member_id: order.member_id,
      member_name: order.member_name,
      payment_method: order.payment_method,
      amount: order.total,
      cost,
      units,
      date: posting.date,
      journal_id: posting.journalId,
      created_by: posting.by,
      created_at: posting.at,
      entity: 'ESHOP_SALE_ENTRY',
    })
    .options({ condition: { attr: 'pk', exists: false } });
  return [day, ...products, entry].map((built) => ({ item: transactItem(built.params()) }));
}

/** Summed figures (kobo as exact sums). */
export interface SalesTotals {
  orders: number;
  units: number;
  sales: KoboSum;
  cost: KoboSum;
  returned_orders: number;
  returned_units: number;
  returns: KoboSum;
  returns_cost: KoboSum;
}

export const noSales = (): SalesTotals => ({
  orders: 0,
  units: 0,
  sales: 0n,
  cost: 0n,
  returned_orders: 0,
  returned_units: 0,
  returns: 0n,
  returns_cost: 0n,
});

/** Adds a stored item's figures to `into`. */
export function addSales(into: SalesTotals, stored: Partial<Record<keyof SalesTotals, unknown>>): SalesTotals {
  into.orders += Number(stored.orders ?? 0);
  into.units += Number(stored.units ?? 0);
  into.sales += koboOf(stored.sales);
  into.cost += koboOf(stored.cost);
  into.returned_orders += Number(stored.returned_orders ?? 0);
  into.returned_units += Number(stored.returned_units ?? 0);
  into.returns += koboOf(stored.returns);
  into.returns_cost += koboOf(stored.returns_cost);
  return into;
}

/** The cooperative's day figures from `from` to `to` (inclusive): one Query of at most the period's days. */
export const salesDays = (tenant: string, from: string, to: string): Promise<SalesDayRecord[]> =>
  entitiesIn(SalesDayEntity, keys.eshopSalesDaysPartition(tenant), { range: dateRange(from, to) });

/** A product's figures over a period, with its latest name and SKU. */
export interface ProductSales extends SalesTotals {
  product_id: string;
  name: string;
  sku: string;
}

/**
 * Each product's figures from `from` to `to` (inclusive), as the ledger's balances are read
 * (core/gl-balances.ts): the whole months from the month items (one Query), the partial months at
 * the edges from the day items (one Query each). A period of a year reads at most 12 x the products
 * sold plus the products sold on the days of its two partial months, however many orders there were.
 */
export async function productSalesBetween(tenant: string, from: string, to: string): Promise<ProductSales[]> {
  const fromMonth = from.slice(0, 7);
  const toMonth = to.slice(0, 7);
  const days = (first: string, last: string) =>
    entitiesIn(ProductSalesEntity, keys.eshopProductSalesDaysPartition(tenant, first.slice(0, 7)), {
      range: dateRange(first, last),
    });
  const reads: Promise<ProductSalesRecord[]>[] = [];
  if (fromMonth === toMonth) {
    reads.push(days(from, to));
  } else {
    const firstWhole = from.endsWith('-01') ? fromMonth : nextMonth(fromMonth);
    const lastWhole = to === lastDayOfMonth(toMonth) ? toMonth : previousMonth(toMonth);
    if (firstWhole <= lastWhole)
      reads.push(
        entitiesIn(ProductSalesEntity, keys.eshopProductSalesMonthsPartition(tenant), {
          range: { between: [`${firstWhole}#`, `${lastWhole}#~`] },
        }),
      );
    if (firstWhole !== fromMonth) reads.push(days(from, lastDayOfMonth(fromMonth)));
    if (lastWhole !== toMonth) reads.push(days(`${toMonth}-01`, to));
  }
  const byProduct = new Map<string, ProductSales & { seen: string }>();
  for (const records of await Promise.all(reads)) {
    for (const record of records) {
      const found = byProduct.get(record.product_id) ?? {
        ...noSales(),
        product_id: record.product_id,
        name: record.name,
        sku: record.sku,
        seen: '',
      };
      addSales(found, record);
      // The name of the latest period read is the product's latest name.
      if (record.period >= found.seen)
        Object.assign(found, { name: record.name, sku: record.sku, seen: record.period });
      byProduct.set(record.product_id, found);
    }
  }
  return [...byProduct.values()].map(({ seen: _seen, ...sales }) => sales);
}
