import type { StockMovementKind, StockMovementView } from '@coopledger/shared/eshop-views';
import { MAX_PRODUCT_QUANTITY } from '@coopledger/shared/schemas/eshop';
import { multipleOf, nairaFigure, parseNaira } from '@coopledger/shared/money';
import { PRODUCT_STATUS, PRODUCT_STATUS_LABELS } from '@coopledger/shared/statuses';
import { formatNaira } from '../../format/money';

/** How the stock screens read a movement, a quantity and a receipt's value; no React here. */

export const MOVEMENT_KIND_LABELS: Readonly<Record<StockMovementKind, string>> = {
  RECEIPT: 'Receipt',
  ADJUSTMENT: 'Count adjusted',
  DAMAGE: 'Damage',
  SALE: 'Sale',
  RETURN: 'Return',
};

/** The kind filter of the movements: every kind, or one. */
export const ALL_KINDS = { value: 'all', label: 'All kinds' };
export const MOVEMENT_KIND_CHOICES = [
  ALL_KINDS,
  ...(Object.keys(MOVEMENT_KIND_LABELS) as StockMovementKind[]).map((kind) => ({
    value: kind,
    label: MOVEMENT_KIND_LABELS[kind],
  })),
];

/** The status filter of the stock list: every product, or the Active or Inactive ones. */
export const ALL_PRODUCTS = { value: 'all', label: 'All products' };
export const PRODUCT_STATUS_CHOICES = [
  ALL_PRODUCTS,
  ...[PRODUCT_STATUS.ACTIVE, PRODUCT_STATUS.INACTIVE].map((status) => ({
    value: String(status),
    label: PRODUCT_STATUS_LABELS[status],
  })),
];

const COUNT = new Intl.NumberFormat('en-NG');

/** A number of items: 1,250. */
export const itemCount = (quantity: number) => COUNT.format(quantity);

/** A signed change of stock: +7 in, -1 out. */
export const signedQuantity = (quantity: number) => (quantity > 0 ? `+${itemCount(quantity)}` : itemCount(quantity));

/**
 * What else a movement says: the supplier and unit cost of a receipt, the reason of an adjustment, a
 * damage or a return.
 */
export function movementDetail(move: StockMovementView): string {
  if (move.kind === 'RECEIPT') {
    const cost = move.unit_cost === null ? '' : ` at ${formatNaira(move.unit_cost)} each`;
    return `From ${move.supplier ?? 'a supplier'}${cost}`;
  }
  if (move.kind === 'SALE') return 'Delivered to a member';
  return move.reason ?? '—';
}

/**
 * What a receipt of `quantity` items at `unitCost` naira (both as typed) is worth, to the kobo, as
 * naira text; null until both are usable (a whole quantity of 1 or more, an amount with at most 2 decimals).
 */
export function receiptValue(quantity: string, unitCost: string): string | null {
  const count = Number(quantity.trim());
  const cost = parseNaira(unitCost);
  if (!quantity.trim() || !Number.isInteger(count) || count < 1 || count > MAX_PRODUCT_QUANTITY) return null;
  if (cost === undefined || cost <= 0) return null;
  return formatNaira(nairaFigure(multipleOf(cost, count)));
}
