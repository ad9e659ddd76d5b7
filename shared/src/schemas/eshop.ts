import { z } from 'zod';
import { optionalText, requiredText, statusFlag } from './common.ts';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeCharacters } from '../text.ts';
import { choice, idRef, isBlank, nairaField, optionalIdRef } from './fields.ts';
import { postingDate } from './posting-date.ts';
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
const quantityField = (label: string, min: number, max = MAX_PRODUCT_QUANTITY) =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v) || (typeof v !== 'string' && typeof v !== 'number')) {
      ctx.addIssue({ code: 'custom', message: `Please enter the ${label}` });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({
        code: 'custom',
        message: `The ${label} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`,
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

/**
 * A receipt of stock (issue 22): so many items bought at a unit cost from a supplier on a day, paid
 * from a bank account of the cooperative (Dr Inventory, Cr the bank's GL).
 */
export const stockReceiptSchema = z.object({
  product_id: idRef('Please select a product'),
  quantity: quantityField('quantity received', 1),
  unit_cost: nairaField('Please enter the unit cost').refine((kobo) => kobo > 0, 'The unit cost must be more than 0'),
  supplier: requiredText('Please enter the supplier', 120),
  date: postingDate('Please enter the date of the receipt'),
  bank_id: idRef('Please select the bank account the stock was paid from'),
  reference: optionalText(60),
});
export type StockReceiptInput = z.infer<typeof stockReceiptSchema>;

/** Why stock left the shelves other than by a sale, or came back to them. */
const reasonField = requiredText('Please enter the reason', 255);

/** The signed change of a stock count: a whole number, not 0. */
const changeField = z.unknown().transform((v, ctx) => {
  const message = `The quantity must be a whole number from -${MAX_PRODUCT_QUANTITY.toLocaleString('en-US')} to ${MAX_PRODUCT_QUANTITY.toLocaleString('en-US')}, not 0`;
  if (isBlank(v) || (typeof v !== 'string' && typeof v !== 'number')) {
    ctx.addIssue({ code: 'custom', message: 'Please enter the quantity' });
    return z.NEVER;
  }
  const n = typeof v === 'number' ? v : Number(v.trim());
  if (!Number.isInteger(n) || n === 0 || Math.abs(n) > MAX_PRODUCT_QUANTITY) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return n;
});

/**
 * An adjustment of a stock count (a count found more or fewer items than the books): the signed
 * change and its reason, posted at the stock's average cost against the Inventory loss GL.
 */
export const stockAdjustmentSchema = z.object({
  product_id: idRef('Please select a product'),
  quantity: changeField,
  reason: reasonField,
  date: postingDate('Please enter the date of the adjustment'),
});
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

/** Damaged stock written off (Dr Inventory loss, Cr Inventory at the stock's average cost). */
export const stockDamageSchema = z.object({
  product_id: idRef('Please select a product'),
  quantity: quantityField('quantity damaged', 1),
  reason: reasonField,
  date: postingDate('Please enter the date of the damage'),
});
export type StockDamageInput = z.infer<typeof stockDamageSchema>;

/** A product shows at most this many pictures, each at most MAX_PRODUCT_IMAGE_BYTES. */
export const MAX_PRODUCT_IMAGES = 4;
export const MAX_PRODUCT_IMAGE_BYTES = 2 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPE_MESSAGE = 'The picture must be an image file (JPEG, PNG, GIF or WebP)';

/**
 * How a member pays for an order (issue 22): from a savings plan, by deduction from salary over some
 * months (recovered by the payroll runs), or cash or bank transfer on delivery.
 */
export const ESHOP_PAYMENT_METHODS = ['SAVINGS', 'PAYROLL', 'ON_DELIVERY'] as const;
export type EshopPaymentMethod = (typeof ESHOP_PAYMENT_METHODS)[number];
export const ESHOP_PAYMENT_METHOD_LABELS: Readonly<Record<EshopPaymentMethod, string>> = {
  SAVINGS: 'From savings',
  PAYROLL: 'Payroll deduction',
  ON_DELIVERY: 'Cash or bank on delivery',
};

/** The most months a cooperative may spread a payroll-paid order over (its own setting is at most this). */
export const MAX_PAYROLL_MONTHS = 24;
/** The months a cooperative's store offers until its admin changes the setting. */
export const DEFAULT_PAYROLL_MONTHS = 6;

/** The store's settings: the months an order paid by payroll deduction may be spread over (0: not offered). */
export const eshopSettingsSchema = z.object({
  payroll_max_months: quantityField('most months of payroll deduction', 0, MAX_PAYROLL_MONTHS),
});
export type EshopSettingsInput = z.infer<typeof eshopSettingsSchema>;

/** The most lines an order takes (each line moves its product's stock in the order's transactions). */
export const MAX_ORDER_LINES = 10;

const orderLine = z.object(
  {
    product_id: idRef('Please select a product'),
    quantity: quantityField('quantity', 1),
  },
  'Each item must name a product and a quantity',
);

/** A member's order: its items, and how it is paid (the savings plan it is taken from). */
export const eshopOrderSchema = z
  .object({
    items: z
      .array(orderLine, 'Please add at least one item to the order')
      .min(1, 'Please add at least one item to the order')
      .max(MAX_ORDER_LINES, `An order takes at most ${MAX_ORDER_LINES} different products`),
    payment_method: choice(ESHOP_PAYMENT_METHODS, 'Please choose how to pay: SAVINGS, PAYROLL or ON_DELIVERY'),
    savings_id: optionalIdRef(),
    /** PAYROLL: the months the total is spread over (at most the store's setting, checked on the server). */
    payroll_months: quantityField('number of months', 1, MAX_PAYROLL_MONTHS).optional(),
    delivery_address: optionalText(255),
    note: optionalText(500),
  })
  .superRefine((order, ctx) => {
    const seen = new Set<string>();
    order.items.forEach((line, index) => {
      if (seen.has(line.product_id))
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'product_id'],
          message: 'This product is already in the order',
        });
      seen.add(line.product_id);
    });
    if (order.payment_method === 'SAVINGS' && !order.savings_id)
      ctx.addIssue({ code: 'custom', path: ['savings_id'], message: 'Please select the savings account to pay from' });
    if (order.payment_method === 'PAYROLL' && order.payroll_months === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['payroll_months'],
        message: 'Please choose over how many months of salary to pay',
      });
  });
export type EshopOrderInput = z.infer<typeof eshopOrderSchema>;

/** The steps staff move an order by (the statuses they lead to). */
export const ESHOP_ORDER_ACTIONS = ['confirm', 'dispatch', 'deliver', 'reject', 'cancel'] as const;
export type EshopOrderAction = (typeof ESHOP_ORDER_ACTIONS)[number];

/** A step of an order; delivery of an order paid on delivery names the bank account the money went to. */
export const eshopOrderActionSchema = z.object({
  order_id: idRef('Please select an order'),
  action: choice(ESHOP_ORDER_ACTIONS, 'Please choose an action: confirm, dispatch, deliver, reject or cancel'),
  bank_id: optionalIdRef(),
  date: postingDate('Please enter the date').optional(),
  comment: optionalText(255),
});
export type EshopOrderActionInput = z.infer<typeof eshopOrderActionSchema>;

/** Where a returned order's items go: back on the shelves, or written off as damaged. */
export const ESHOP_RETURN_DESTINATIONS = ['STOCK', 'DAMAGES'] as const;
export type EshopReturnDestination = (typeof ESHOP_RETURN_DESTINATIONS)[number];

/**
 * A delivered order brought back (the whole order): its items restocked or written off, its total
 * refunded the way it was paid (into the savings plan, from the bank account it was paid into, or,
 * paid by payroll, by cancelling the installments not yet recovered and paying back what was
 * recovered from the bank account named here).
 */
export const eshopOrderReturnSchema = z.object({
  order_id: idRef('Please select an order'),
  returned_to: choice(ESHOP_RETURN_DESTINATIONS, 'Please choose where the items go: STOCK or DAMAGES'),
  reason: requiredText('Please enter the reason for the return', 255),
  bank_id: optionalIdRef(),
  date: postingDate('Please enter the date').optional(),
});
export type EshopOrderReturnInput = z.infer<typeof eshopOrderReturnSchema>;

/** A customer blocked from ordering (0) or let order again (1). */
export const eshopCustomerStatusSchema = z.object({
  member_id: idRef('Please select a customer'),
  status: statusFlag('Please select the status: 1 for Active or 0 for Block'),
});
