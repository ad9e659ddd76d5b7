import { z } from 'zod';
import { requiredText, statusFlag } from './common.ts';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeCharacters } from '../text.ts';
import { idRef, isBlank, nairaField } from './fields.ts';
import { ACTIVE_STATUS } from '../statuses.ts';
import type { ActiveStatus } from '../statuses.ts';

/** An active status, as a number or as its text. */
const ACTIVE_VALUES: readonly unknown[] = Object.values(ACTIVE_STATUS).flatMap((status) => [status, String(status)]);

/** E-shop product category (spec 001 section 5). */
export const eshopCategorySchema = z.object({
  name: requiredText('Please enter the product category name', 120),
  status: z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: 'Please select a product category status' });
      return z.NEVER;
    }
    if (!ACTIVE_VALUES.includes(v)) {
      ctx.addIssue({ code: 'custom', message: 'Please select a valid status' });
      return z.NEVER;
    }
    return Number(v) as ActiveStatus;
  }),
  description: requiredText('Please enter a product category description', 500),
});
export type EshopCategoryInput = z.infer<typeof eshopCategorySchema>;

/** The most of one product a quantity field takes (a bound, so no figure is absurd). */
export const MAX_PRODUCT_QUANTITY = 1_000_000;

/** A whole number of items from `min` to MAX_PRODUCT_QUANTITY (number or text on the wire). */
const quantityField = (label: string, min: number) =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v) || (typeof v !== 'string' && typeof v !== 'number')) {
      ctx.addIssue({ code: 'custom', message: `Please enter the ${label}` });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isInteger(n) || n < min || n > MAX_PRODUCT_QUANTITY) {
      ctx.addIssue({
        code: 'custom',
        message: `The ${label} must be a whole number from ${min} to ${MAX_PRODUCT_QUANTITY.toLocaleString('en-US')}`,
      });
      return z.NEVER;
    }
    return n;
  });

/** A SKU as typed: letters, digits, dots, dashes and underscores; unique per cooperative in any case. */
const skuField = requiredText('Please enter the SKU', 40).pipe(
  z.string().regex(/^[A-Za-z0-9._-]+$/, 'The SKU may only contain letters, digits, dots, dashes and underscores'),
);

/** An optional description of up to 1,000 characters; blank or null is none. */
const descriptionField = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    if (isBlank(v)) return undefined;
    if (typeof v !== 'string') {
      ctx.addIssue({ code: 'custom', message: 'The description must be text' });
      return z.NEVER;
    }
    const text = v.trim();
    if (text.length > 1000) {
      ctx.addIssue({ code: 'custom', message: 'The description must be at most 1,000 characters' });
      return z.NEVER;
    }
    if (hasUnsafeCharacters(text)) {
      ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE });
      return z.NEVER;
    }
    return text;
  });

/**
 * A product of a cooperative's store (issue 22; the spec's Add Product form has no validation, so
 * these messages are ours). Prices are naira on the wire with at most 2 decimals, kobo here.
 */
export const eshopProductSchema = z.object({
  name: requiredText('Please enter the product name', 120),
  sku: skuField,
  category_id: idRef('Please select a product category'),
  status: statusFlag('Please select the product status'),
  buying_price: nairaField('Please enter the buying price').refine(
    (kobo) => kobo > 0,
    'The buying price must be more than 0',
  ),
  selling_price: nairaField('Please enter the selling price'),
  max_purchase_quantity: quantityField('maximum purchase quantity', 1),
  low_stock_quantity: quantityField('low stock warning quantity', 0),
  description: descriptionField,
});
export type EshopProductInput = z.infer<typeof eshopProductSchema>;
