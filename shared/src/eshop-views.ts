/**
 * The store's catalogue as the API sends it (issue 22, first slice). See functions/eshop for the
 * rules and docs/data-model.md "E-shop" for how it is kept.
 */
import type { NairaFigure } from './money.ts';
import type { ProductStatus } from './statuses.ts';

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
  description: string | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}
