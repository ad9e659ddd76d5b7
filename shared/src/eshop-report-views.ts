/**
 * The store's dashboard and reports as the API sends them (issue 22; docs/decisions.md 2026-11-27
 * "Store dashboard and reports"). Sales figures come from the sales summaries kept with each
 * delivery and return, never from reading the orders. Money as naira figures.
 */
import type { NairaFigure } from './money.ts';
import type { EshopOrderStatus } from './statuses.ts';

/** Sales figures of a day, a month, a product or a whole period. */
export interface EshopSalesFiguresView {
  /** Orders delivered. */
  orders: number;
  /** Items delivered. */
  units: number;
  /** What the deliveries were sold for (gross sales). */
  sales: NairaFigure;
  /** What the delivered items cost (at average cost when delivered). */
  cost: NairaFigure;
  /** Orders returned (on the day the return was posted). */
  returned_orders: number;
  returned_units: number;
  /** What was refunded. */
  returns: NairaFigure;
  /** What the returned items had cost. */
  returns_cost: NairaFigure;
  /** Sales less returns. */
  net_sales: NairaFigure;
  /** Cost less the returns' cost. */
  net_cost: NairaFigure;
  /** Net sales less net cost. */
  margin: NairaFigure;
}

export interface EshopSalesDayView extends EshopSalesFiguresView {
  /** YYYY-MM-DD */
  date: string;
}

export interface EshopSalesMonthView extends EshopSalesFiguresView {
  /** YYYY-MM */
  month: string;
}

/** A product's sales over a period; `name` and `sku` as at its latest sale or return. */
export interface EshopProductSalesView extends EshopSalesFiguresView {
  product_id: string;
  name: string;
  sku: string;
}

/** A product whose available stock is at or below its low stock warning. */
export interface EshopLowStockView {
  product_id: string;
  name: string;
  sku: string;
  on_hand: number;
  available: number;
  low_stock_quantity: number;
}

/** GET /cooperative/e-shop/dashboard */
export interface EshopDashboardView {
  /** The period (YYYY-MM-DD, inclusive). */
  from: string;
  to: string;
  /** The period's figures. */
  totals: EshopSalesFiguresView;
  /** Every day of the period, days without sales at 0. */
  sales_by_day: EshopSalesDayView[];
  /** The 12 months to the period's end month, months without sales at 0. */
  sales_by_month: EshopSalesMonthView[];
  /** At most 5 products with the most net sales in the period, most first. */
  top_products: EshopProductSalesView[];
  /** The products whose available stock is at or below their low stock warning, by name. */
  low_stock: EshopLowStockView[];
  /** How many orders are in each status now. */
  orders_by_status: { status: EshopOrderStatus; count: number }[];
  /** The stock on hand at cost, every product's. */
  stock_value: NairaFigure;
  /** How many products the stock figures cover (every product of the store). */
  products: number;
  /** The balance of the store's E-shop receivable GL account: what members owe through payroll. */
  receivables_by_payroll: NairaFigure;
}

/** GET /cooperative/e-shop/report/sales */
export interface EshopSalesReportView {
  from: string;
  to: string;
  group: 'day' | 'month';
  /** Each product sold or returned in the period, most net sales first. */
  products: EshopProductSalesView[];
  /** Each day or month of the period (a period's first and last month may be partial), oldest first. */
  periods: (EshopSalesFiguresView & { period: string })[];
  totals: EshopSalesFiguresView;
}

export const ESHOP_TRANSACTION_KINDS = ['SALE', 'RETURN', 'RECEIPT', 'ADJUSTMENT', 'DAMAGE'] as const;
export type EshopTransactionKind = (typeof ESHOP_TRANSACTION_KINDS)[number];
/** How the transactions report names each kind (on the screen and in its .xlsx). */
export const ESHOP_TRANSACTION_KIND_LABELS: Readonly<Record<EshopTransactionKind, string>> = {
  SALE: 'Sale',
  RETURN: 'Return',
  RECEIPT: 'Stock receipt',
  ADJUSTMENT: 'Count adjusted',
  DAMAGE: 'Damage',
};

/** One row of GET /cooperative/e-shop/report/transactions: a delivery, a return or a movement of stock. */
export interface EshopTransactionView {
  id: string;
  kind: EshopTransactionKind;
  /** The posting date. */
  date: string;
  /** A sale's or return's order; null for stock receipts, adjustments and damages. */
  order_id: string | null;
  order_no: string | null;
  member_id: string | null;
  member_name: string | null;
  payment_method: string | null;
  /** A receipt's, adjustment's or damage's product; null for a sale or return (an order of several). */
  product_name: string | null;
  /** Items: sold or returned; or moved in (+) or out (-) of stock. */
  quantity: number;
  /** A sale's total or a return's refund; null for stock movements. */
  amount: NairaFigure | null;
  /** What a sale's or return's items cost; a stock movement's value at cost, signed like its quantity. */
  cost: NairaFigure;
  /** A receipt's supplier, an adjustment's or damage's reason. */
  detail: string | null;
  created_by: string;
  created_at: string;
}
