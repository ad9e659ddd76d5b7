import type { NairaFigure } from '@coopledger/shared/money';
import { isActive } from '@coopledger/shared/statuses';
import type { EshopCategory, EshopProduct } from '../../api/eshop';
import type { Query } from '../../api/client';
import type { Choice } from '../../components/crud/field-defs';
import { formatNaira } from '../../format/money';

/** What a cell shows when the value is not there (a category deleted since, a price not shown). */
export const NOT_SHOWN = '\u2014';

/** A price in naira; the buying price is null for members and executives, and shown as a dash, never as ₦0. */
export function priceText(price: NairaFigure | null): string {
  return price === null ? NOT_SHOWN : formatNaira(price);
}

/** A quantity of items with its thousands separated: 1,000. */
export function quantityText(quantity: number): string {
  return quantity.toLocaleString('en-US');
}

/** The product's category by name; a dash when the category was deleted since. */
export function categoryText(product: Pick<EshopProduct, 'category'>): string {
  return product.category?.name ?? NOT_SHOWN;
}

/**
 * The categories as choices. For the product form, the active ones are offered and the inactive ones
 * shown but not offered (a product may stay in a category made inactive since, but not move into
 * one); the list's filter offers them all, since products may still be in an inactive one.
 */
export function categoryChoices(
  categories: readonly Pick<EshopCategory, 'id' | 'name' | 'status'>[],
  { offerInactive = false } = {},
): Choice[] {
  return categories.map((category) =>
    isActive(category.status)
      ? { value: category.id, label: category.name }
      : { value: category.id, label: `${category.name} (inactive)`, disabled: !offerInactive },
  );
}

/** The list's filters as the API takes them: a category and a status (1 or 0), each only when chosen. */
export function productFilters(categoryId: string | null, status: string | null): Query {
  const filters: Query = {};
  if (categoryId) filters.category_id = categoryId;
  if (status) filters.status = status;
  return filters;
}
