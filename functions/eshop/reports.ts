import { addDays, addMonths, lastDayOfMonth, today } from '@coopledger/shared/dates';
import type {
  EshopDashboardView,
  EshopLowStockView,
  EshopProductSalesView,
  EshopSalesFiguresView,
  EshopSalesReportView,
  EshopTransactionKind,
  EshopTransactionView,
} from '@coopledger/shared/eshop-report-views';
import { ESHOP_TRANSACTION_KINDS } from '@coopledger/shared/eshop-report-views';
import { koboOf, nairaFigure, sumKobo } from '@coopledger/shared/money';
import { ESHOP_ORDER_STATUS, PRODUCT_STATUS } from '@coopledger/shared/statuses';
import type { StorePeriod } from '@coopledger/shared/store-periods';
import { defaultStorePeriod, storePeriodIssue } from '@coopledger/shared/store-periods';
import type { Item } from '#core/db';
import { dateRange, entitiesIn, read } from '#core/entity';
import { invalid } from '#core/errors';
import { normalBalance } from '#core/gl-balances';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import type { RouteResult } from '#core/http';
import { ok, wantsDownload } from '#core/http';
import { keys } from '#core/keys';
import type { ListPage } from '#core/list-page';
import { pageRequest, partitionQuery, send } from '#core/list-page';
import type { MergedPartition } from '#core/merged-page';
import { mergedPage } from '#core/merged-page';
import { glTotalsFor } from '../chart/gl-total-entity.ts';
import { orderCount } from './order-entity.ts';
import { EshopProductEntity } from './product-entity.ts';
import { salesReportWorkbook, transactionsWorkbook, storeFile } from './report-files.ts';
import type { ProductSales, SalesDayRecord, SalesTotals } from './sales-entity.ts';
import { SaleEntryEntity, addSales, noSales, productSalesBetween, salesDays } from './sales-entity.ts';
import { StockMoveEntity, stocksOf } from './stock-entity.ts';
import { storeAccounts } from './store-accounts.ts';

/**
 * The store's dashboard and reports (issue 22; docs/decisions.md 2026-11-27 "Store dashboard and
 * reports"). Sales figures come from the sales summaries (sales-entity.ts), never from the orders;
 * the stock figures from the products and their stock items; orders by status from the orders'
 * counters; receivables by payroll from the E-shop receivable GL account's running total.
 */

/** The most rows a transactions download holds; a longer period is refused with 422. */
export const MAX_TRANSACTION_ROWS = 10_000;
/** How many products the dashboard ranks. */
const TOP_PRODUCTS = 5;

/** `from` and `to` (YYYY-MM-DD); the last 30 days to `to` (today by default) when left out. 422 past a year. */
export function storePeriod(ctx: RequestContext): StorePeriod {
  const to = ctx.query.to?.trim() || today();
  const from = ctx.query.from?.trim() || defaultStorePeriod(to).from;
  const issue = storePeriodIssue({ from, to });
  if (issue) throw invalid(issue.field, issue.message);
  return { from, to };
}

/** Summed figures as the API sends them, with net sales, net cost and margin. */
export function presentFigures(totals: SalesTotals): EshopSalesFiguresView {
  const netSales = totals.sales - totals.returns;
  const netCost = totals.cost - totals.returns_cost;
  return {
    orders: totals.orders,
    units: totals.units,
    sales: nairaFigure(totals.sales),
    cost: nairaFigure(totals.cost),
    returned_orders: totals.returned_orders,
    returned_units: totals.returned_units,
    returns: nairaFigure(totals.returns),
    returns_cost: nairaFigure(totals.returns_cost),
    net_sales: nairaFigure(netSales),
    net_cost: nairaFigure(netCost),
    margin: nairaFigure(netSales - netCost),
  };
}

/** Each date from `from` to `to`, inclusive. */
function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Each month (YYYY-MM) from `from`'s to `to`'s, inclusive. */
function eachMonth(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = addMonths(month, 1).slice(0, 7))
    months.push(month);
  return months;
}

/** Day records summed by the key `keyOf` gives (the day, or its month). */
function sumBy(days: SalesDayRecord[], keyOf: (date: string) => string): Map<string, SalesTotals> {
  const sums = new Map<string, SalesTotals>();
  for (const day of days) {
    const key = keyOf(day.date);
    sums.set(key, addSales(sums.get(key) ?? noSales(), day));
  }
  return sums;
}

const totalOf = (days: SalesDayRecord[]) => days.reduce((sum, day) => addSales(sum, day), noSales());

/** Products most net sales first, then by name. */
function ranked(products: ProductSales[]): ProductSales[] {
  const net = (p: ProductSales) => p.sales - p.returns;
  return [...products].sort((a, b) => {
    const difference = net(b) - net(a);
    return difference > 0n ? 1 : difference < 0n ? -1 : a.name.localeCompare(b.name);
  });
}

const presentProduct = (p: ProductSales): EshopProductSalesView => ({
  product_id: p.product_id,
  name: p.name,
  sku: p.sku,
  ...presentFigures(p),
});

/**
 * Every product with its stock: one Query of the products (gsi1, by name) and one BatchGet per 100
 * of their stock items. Bounded by the store's product count, which the dashboard states.
 */
async function stockFigures(tenant: string) {
  const products = await entitiesIn(EshopProductEntity, keys.eshopProductsPartition(tenant), { index: 'gsi1' });
  const stocks = await stocksOf(
    tenant,
    products.map((p) => p.id),
  );
  const lowStock: EshopLowStockView[] = [];
  for (const product of products) {
    const stock = stocks.get(product.id)!;
    // The stock list's rule (stock.ts), for the products members may order.
    if (product.status === PRODUCT_STATUS.ACTIVE && stock.available <= product.low_stock_quantity) {
      lowStock.push({
        product_id: product.id,
        name: product.name,
        sku: product.sku,
        on_hand: stock.on_hand,
        available: stock.available,
        low_stock_quantity: product.low_stock_quantity,
      });
    }
  }
  return {
    products: products.length,
    value: sumKobo([...stocks.values()].map((s) => s.value)),
    lowStock,
  };
}

/** The balance of the store's E-shop receivable account (a debit balance): what members owe through payroll. */
async function payrollReceivable(tenant: string) {
  const code = (await storeAccounts(tenant)).eshop_receivable;
  const [total] = await glTotalsFor(tenant, [code]);
  return normalBalance('D', total && { debit: koboOf(total.debit), credit: koboOf(total.credit) });
}

const ORDER_STATUSES = Object.values(ESHOP_ORDER_STATUS);

export async function storeDashboard(tenant: string, period: StorePeriod): Promise<EshopDashboardView> {
  const months = eachMonth(addMonths(period.to, -11), period.to);
  const [days, monthDays, products, stock, counts, receivable] = await Promise.all([
    salesDays(tenant, period.from, period.to),
    salesDays(tenant, `${months[0]}-01`, lastDayOfMonth(period.to)),
    productSalesBetween(tenant, period.from, period.to),
    stockFigures(tenant),
    Promise.all(ORDER_STATUSES.map((status) => orderCount(tenant, status))),
    payrollReceivable(tenant),
  ]);
  const byDay = sumBy(days, (date) => date);
  const byMonth = sumBy(monthDays, (date) => date.slice(0, 7));
  return {
    from: period.from,
    to: period.to,
    totals: presentFigures(totalOf(days)),
    sales_by_day: eachDay(period.from, period.to).map((date) => ({
      date,
      ...presentFigures(byDay.get(date) ?? noSales()),
    })),
    sales_by_month: months.map((month) => ({ month, ...presentFigures(byMonth.get(month) ?? noSales()) })),
    top_products: ranked(products).slice(0, TOP_PRODUCTS).map(presentProduct),
    low_stock: stock.lowStock,
    orders_by_status: ORDER_STATUSES.map((status, i) => ({ status, count: counts[i] })),
    stock_value: nairaFigure(stock.value),
    products: stock.products,
    receivables_by_payroll: nairaFigure(receivable),
  };
}

/** The sales report's grouping: by day (the days with sales or returns) or by month (every month of the period). */
function groupOf(ctx: RequestContext): 'day' | 'month' {
  const group = ctx.query.group?.trim().toLowerCase() || 'day';
  if (group !== 'day' && group !== 'month') throw invalid('group', 'Choose how to group the sales: day or month');
  return group;
}

export async function salesReport(
  tenant: string,
  period: StorePeriod,
  group: 'day' | 'month',
): Promise<EshopSalesReportView> {
  const [days, products] = await Promise.all([
    salesDays(tenant, period.from, period.to),
    productSalesBetween(tenant, period.from, period.to),
  ]);
  const periods =
    group === 'day'
      ? [...sumBy(days, (date) => date)].map(([date, sums]) => ({ period: date, ...presentFigures(sums) }))
      : (() => {
          const byMonth = sumBy(days, (date) => date.slice(0, 7));
          return eachMonth(period.from, period.to).map((month) => ({
            period: month,
            ...presentFigures(byMonth.get(month) ?? noSales()),
          }));
        })();
  return {
    from: period.from,
    to: period.to,
    group,
    products: ranked(products).map(presentProduct),
    periods,
    totals: presentFigures(totalOf(days)),
  };
}

/** The kinds a transactions report reads: the one asked for (`kind`), or every kind. */
function kindsOf(ctx: RequestContext): readonly EshopTransactionKind[] {
  const text = ctx.query.kind?.trim().toUpperCase();
  if (!text) return ESHOP_TRANSACTION_KINDS;
  const kind = ESHOP_TRANSACTION_KINDS.find((k) => k === text);
  if (!kind) throw invalid('kind', `Select a valid kind: ${ESHOP_TRANSACTION_KINDS.join(', ')}`);
  return [kind];
}

/**
 * The partitions of a transactions report, each read over the period only: deliveries and returns
 * from the store's sale entries of their kind, receipts, adjustments and damages from the stock
 * movements of their kind (gsi2 both, sorted `<date>#<time-ordered id>`).
 */
function transactionParts(tenant: string, kinds: readonly EshopTransactionKind[], period: StorePeriod) {
  return kinds.map((kind): MergedPartition => {
    const sale = kind === 'SALE' || kind === 'RETURN';
    const partition = sale
      ? keys.eshopSaleEntriesOfKindPartition(tenant, kind)
      : keys.eshopMovesOfKindPartition(tenant, kind);
    return {
      partition,
      query: partitionQuery(sale ? SaleEntryEntity : StockMoveEntity, partition, {
        index: 'gsi2',
        range: dateRange(period.from, period.to),
        reverse: true,
      }),
    };
  });
}

/** A transactions row: a sale entry or a stock movement, as read. */
function presentTransaction(stored: Item): EshopTransactionView {
  if (stored.entity === 'ESHOP_SALE_ENTRY') {
    const entry = read(SaleEntryEntity, stored);
    return {
      id: entry.id,
      kind: entry.kind,
      date: entry.date,
      order_id: entry.order_id,
      order_no: entry.order_no,
      member_id: entry.member_id,
      member_name: entry.member_name,
      payment_method: entry.payment_method,
      product_name: null,
      quantity: entry.units,
      amount: nairaFigure(entry.amount),
      cost: nairaFigure(entry.cost),
      detail: null,
      created_by: entry.created_by,
      created_at: entry.created_at,
    };
  }
  const move = read(StockMoveEntity, stored);
  return {
    id: move.id,
    kind: move.kind,
    date: move.date,
    order_id: move.order_id,
    order_no: null,
    member_id: null,
    member_name: null,
    payment_method: null,
    product_name: move.product_name,
    quantity: move.quantity,
    amount: null,
    cost: nairaFigure(move.value),
    detail: move.kind === 'RECEIPT' ? move.supplier : move.reason,
    created_by: move.created_by,
    created_at: move.created_at,
  };
}

/** One page of the period's transactions, newest first (the partitions merged; a cursor walks them). */
async function transactionPage(ctx: RequestContext, period: StorePeriod): Promise<ListPage<EshopTransactionView>> {
  const { tenant } = signedIn(ctx);
  const found = await mergedPage(transactionParts(tenant, kindsOf(ctx), period), pageRequest(ctx), {
    index: 'gsi2',
    sortBy: 'gsi2sk',
    reverse: true,
  });
  return { data: found.data.map(presentTransaction), meta: found.meta };
}

/** Every transaction of the period, newest first, for the download: 422 past MAX_TRANSACTION_ROWS. */
async function allTransactions(ctx: RequestContext, period: StorePeriod): Promise<EshopTransactionView[]> {
  const { tenant } = signedIn(ctx);
  const rows: Item[] = [];
  const tooMany = () =>
    invalid(
      'from',
      `This period holds more than ${MAX_TRANSACTION_ROWS.toLocaleString('en-US')} transactions; ` +
        'choose a shorter period to download it',
    );
  for (const { query } of transactionParts(tenant, kindsOf(ctx), period)) {
    let start: Record<string, unknown> | undefined;
    do {
      const result = await send(query, start, 1000);
      rows.push(...((result.Items ?? []) as Item[]));
      if (rows.length > MAX_TRANSACTION_ROWS) throw tooMany();
      start = result.LastEvaluatedKey;
    } while (start);
  }
  rows.sort((a, b) => String(b.gsi2sk).localeCompare(String(a.gsi2sk)));
  return rows.map(presentTransaction);
}

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

export const reportHandlers: RouteHandlers = {
  /** The store's dashboard for a period (from, to; the last 30 days by default). */
  ['GET /cooperative/e-shop/dashboard']: async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Store dashboard retrieved', await storeDashboard(tenant, storePeriod(ctx)));
  },

  /** The store's transactions of a period, newest first (kind; page or cursor); download=true: all, as .xlsx. */
  ['GET /cooperative/e-shop/report/transactions']: async (ctx): Promise<RouteResult> => {
    const period = storePeriod(ctx);
    if (wantsDownload(ctx.query))
      return storeFile(
        `eshop-transactions-${stamp()}.xlsx`,
        transactionsWorkbook(period, await allTransactions(ctx, period)),
      );
    const found = await transactionPage(ctx, period);
    return ok('Store transactions retrieved', { data: found.data, meta: found.meta });
  },

  /** Sales by product and by day or month (group) in a period, with totals; download=true: as .xlsx. */
  ['GET /cooperative/e-shop/report/sales']: async (ctx): Promise<RouteResult> => {
    const { tenant } = signedIn(ctx);
    const report = await salesReport(tenant, storePeriod(ctx), groupOf(ctx));
    if (wantsDownload(ctx.query)) return storeFile(`eshop-sales-${stamp()}.xlsx`, salesReportWorkbook(report));
    return ok('Sales report retrieved', report);
  },
};
