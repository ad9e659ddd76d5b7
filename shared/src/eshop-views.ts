/**
 * The store's catalogue as the API sends it (issue 22, first slice). See functions/eshop for the
 * rules and docs/data-model.md "E-shop" for how it is kept.
 */
import type { NairaFigure } from './money.ts';
import type { EshopPaymentMethod, EshopReturnDestination } from './schemas/eshop.ts';
import type { EshopCustomerStatus, EshopOrderStatus, ProductStatus } from './statuses.ts';

export interface EshopProductView {
  id: string;
  product_id: string;
  cooperative_id: string;
  name: string;
  /** As typed; unique in the cooperative whatever its case. */
  sku: string;
  category_id: string;
  /** The platform's e-shop category; null if it was deleted since. */
  category: { id: string; name: string } | null;
  /** 1 Active (shown to members and executives), 0 Inactive (staff only). */
  status: ProductStatus;
  /** Naira; what the store pays. Staff only: null for members and executives. */
  buying_price: NairaFigure | null;
  /** Naira; what a member pays. */
  selling_price: NairaFigure;
  max_purchase_quantity: number;
  low_stock_quantity: number;
  /** How many may still be ordered: the stock orders have not reserved (0 before the first receipt). */
  in_stock: number;
  /** Up to four pictures, first shown first: short-lived links to the stored images. */
  images: { id: string; url: string }[];
  description: string | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** A product's stock (issue 22): what is on the shelves, what orders have not reserved, and its value at cost. */
export interface StockView {
  product_id: string;
  name: string;
  sku: string;
  status: ProductStatus;
  /** Items on the shelves (reserved ones included). */
  on_hand: number;
  /** Items orders have not reserved: what members may still order. */
  available: number;
  /** Items reserved by orders not yet delivered. */
  reserved: number;
  /** Naira; the stock on hand at its average cost. */
  value: NairaFigure;
  /** Naira; the average cost of one item (0 with no stock). */
  average_cost: NairaFigure;
  low_stock_quantity: number;
  /** True when what is available is at or below the product's low stock warning. */
  low_stock: boolean;
}

export type StockMovementKind = 'RECEIPT' | 'ADJUSTMENT' | 'DAMAGE' | 'SALE' | 'RETURN';

/** One movement of stock, kept for good. */
export interface StockMovementView {
  id: string;
  product_id: string;
  product_name: string;
  kind: StockMovementKind;
  /** Signed: items in (+) or out (-). */
  quantity: number;
  /** Naira, signed like the quantity: the value at cost. */
  value: NairaFigure;
  /** Naira; a receipt's unit cost. */
  unit_cost: NairaFigure | null;
  supplier: string | null;
  bank_id: string | null;
  reason: string | null;
  order_id: string | null;
  date: string;
  journal_id: string | null;
  created_by: string;
  created_at: string;
}

export interface EshopOrderLineView {
  product_id: string;
  name: string;
  sku: string;
  quantity: number;
  /** Naira, the selling price when the order was placed. */
  unit_price: NairaFigure;
  /** Naira. */
  amount: NairaFigure;
  /** Naira; what the items cost the store (their average cost at delivery); null before delivery. */
  cost: NairaFigure | null;
}

/** A delivered order brought back: where its items went and how it was refunded. */
export interface EshopOrderReturnView {
  reason: string;
  /** STOCK: back on the shelves; DAMAGES: written off as damaged. */
  returned_to: EshopReturnDestination;
  /** The day of the refund's posting. */
  date: string;
  /** Naira, the order's total, refunded the way it was paid. */
  refunded: NairaFigure;
  /**
   * PAYROLL: of the total, what payroll had already recovered (paid back from the bank account
   * `bank_id`) and the installments not yet recovered, cancelled; null for other payments.
   */
  payroll: { recovered: NairaFigure; cancelled: NairaFigure; bank_id: string | null } | null;
  journal_id: string | null;
  by: string;
  at: string;
}

export interface EshopOrderStepView {
  status: EshopOrderStatus;
  by: string;
  at: string;
  comment: string | null;
}

/** An order of the store. */
export interface EshopOrderView {
  id: string;
  order_no: string;
  cooperative_id: string;
  member_id: string;
  member_name: string;
  items: EshopOrderLineView[];
  /** Naira. */
  total: NairaFigure;
  payment_method: EshopPaymentMethod;
  savings_id: string | null;
  savings_product_name: string | null;
  /** PAYROLL: the months of salary it is recovered over; null for other payments. */
  payroll_months: number | null;
  /** PAYROLL, once delivered: its monthly installments (naira) by the month-end whose payroll deducts them. */
  installments: { date: string; amount: NairaFigure }[] | null;
  bank_id: string | null;
  delivery_address: string | null;
  note: string | null;
  status: EshopOrderStatus;
  /** Who moved it to each status, and when (placed first). */
  history: EshopOrderStepView[];
  journal_id: string | null;
  /** Set when a delivered order was returned (status Returned). */
  returned: EshopOrderReturnView | null;
  created_at: string;
  updated_at: string;
}

/** A customer of the store: a member of the cooperative who has ordered. */
export interface EshopCustomerView {
  member_id: string;
  name: string;
  email: string;
  phone: string;
  /** Orders placed (whatever became of them). */
  orders: number;
  /** Naira: what their delivered orders came to, less refunds. */
  total_ordered: NairaFigure;
  /** When they placed their first order. */
  since: string;
  /** 1 Active, 0 Block (may not order). */
  status: EshopCustomerStatus;
}

/** The store's settings. */
export interface EshopSettingsView {
  /** The most months an order paid by payroll deduction may be spread over; 0 when the store does not offer it. */
  payroll_max_months: number;
  updated_by: string | null;
  updated_at: string | null;
}
