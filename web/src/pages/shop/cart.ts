import type { Kobo, KoboSum, NairaFigure } from '@coopledger/shared/money';
import { multipleOf, nairaFigure, sumKobo, toKobo } from '@coopledger/shared/money';
import type { EshopOrderInput, EshopPaymentMethod } from '@coopledger/shared/schemas/eshop';
import { MAX_ORDER_LINES, MAX_PRODUCT_QUANTITY, eshopOrderSchema } from '@coopledger/shared/schemas/eshop';
import { storeInstallments } from '@coopledger/shared/store-installments';
import type { ShopOrderBody, ShopProduct } from '../../api/shop';

/**
 * The member's cart and checkout, without React: lines of products with the quantity as typed,
 * amounts and the total worked in kobo, the order's body as the API takes it (checked with the
 * server's own schema), and the field messages of a refusal put back on the cart's lines and the
 * checkout's fields. The server prices the order again and has the last word on maximums and stock.
 */

export interface CartLine {
  product_id: string;
  name: string;
  sku: string;
  /** Naira, the selling price the catalogue showed. */
  unit_price: NairaFigure;
  max_purchase_quantity: number;
  /** As typed in the cart (a whole number from 1 once it is checked). */
  quantity: string;
}

export type Cart = readonly CartLine[];

/** A quantity as typed, as a whole number from 1 to MAX_PRODUCT_QUANTITY; undefined when it is not one. */
export function quantityOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= MAX_PRODUCT_QUANTITY ? n : undefined;
}

/** Whether a quantity of the catalogue's Add to cart is one the product may be ordered in (1 to its maximum). */
export function addableQuantity(text: string, product: Pick<ShopProduct, 'max_purchase_quantity'>): number | undefined {
  const n = quantityOf(text);
  return n !== undefined && n <= product.max_purchase_quantity ? n : undefined;
}

/** Whether a product can still be added: it is in the cart already, or the cart has room for another product. */
export const hasRoomFor = (cart: Cart, productId: string): boolean =>
  cart.some((line) => line.product_id === productId) || cart.length < MAX_ORDER_LINES;

/**
 * The cart with `quantity` more of a product: added to its line when it has one (the server refuses
 * more than the product's maximum, at that line), else a new line at the end. A product beyond the
 * order's MAX_ORDER_LINES different products leaves the cart as it is.
 */
export function addToCart(
  cart: Cart,
  product: Pick<ShopProduct, 'id' | 'name' | 'sku' | 'selling_price' | 'max_purchase_quantity'>,
  quantity: number,
): Cart {
  const existing = cart.find((line) => line.product_id === product.id);
  if (existing) {
    const total = Math.min((quantityOf(existing.quantity) ?? 0) + quantity, MAX_PRODUCT_QUANTITY);
    return cart.map((line) => (line === existing ? { ...line, quantity: String(total) } : line));
  }
  if (!hasRoomFor(cart, product.id)) return cart;
  return [
    ...cart,
    {
      product_id: product.id,
      name: product.name,
      sku: product.sku,
      unit_price: product.selling_price,
      max_purchase_quantity: product.max_purchase_quantity,
      quantity: String(quantity),
    },
  ];
}

/** The cart with a line's quantity as typed (checked when the order is placed). */
export const changeQuantity = (cart: Cart, productId: string, quantity: string): Cart =>
  cart.map((line) => (line.product_id === productId ? { ...line, quantity } : line));

export const removeFromCart = (cart: Cart, productId: string): Cart =>
  cart.filter((line) => line.product_id !== productId);

/** A line's amount in kobo: its unit price times its quantity; nothing while the quantity is not a number. */
export function lineAmount(line: CartLine): Kobo | undefined {
  const quantity = quantityOf(line.quantity);
  return quantity === undefined ? undefined : multipleOf(toKobo(line.unit_price), quantity);
}

/** The cart's total in kobo, of the lines with a quantity. */
export const cartTotal = (cart: Cart): KoboSum => sumKobo(cart.map((line) => lineAmount(line) ?? 0));

/** A kobo amount as the naira figure the formatters show. */
export const figureOf = (kobo: Kobo | KoboSum): NairaFigure => nairaFigure(kobo);

/** The checkout's fields besides the cart. */
export interface Checkout {
  payment_method: EshopPaymentMethod;
  savings_id: string;
  /** PAYROLL: the months of salary the total is spread over. */
  payroll_months: string;
  delivery_address: string;
  note: string;
}

/** The fields of the checkout a message may be about, beside the cart's lines. */
export type CheckoutField = 'payment_method' | 'savings_id' | 'payroll_months' | 'delivery_address' | 'note';
const CHECKOUT_FIELDS: readonly CheckoutField[] = [
  'payment_method',
  'savings_id',
  'payroll_months',
  'delivery_address',
  'note',
];

/** Messages put where they belong: a line's (by product id), a checkout field's, or the order's as a whole. */
export interface PlacedMessages {
  lines: Record<string, string>;
  fields: Partial<Record<CheckoutField, string>>;
  /** About the order as a whole (`items`: none, or too many products), or a field the screen does not show. */
  other: string[];
}

/**
 * The messages of a refusal (field name to message, `items.<index>.quantity` for a line) on the
 * lines of the cart as it was sent and the checkout's fields: the first message of each place.
 */
export function placeMessages(errors: Readonly<Record<string, string>>, sent: Cart): PlacedMessages {
  const placed: PlacedMessages = { lines: {}, fields: {}, other: [] };
  for (const [field, message] of Object.entries(errors)) {
    const line = /^items\.(\d+)(?:\.|$)/.exec(field);
    const productId = line ? sent[Number(line[1])]?.product_id : undefined;
    const checkoutField = CHECKOUT_FIELDS.find((name) => name === field);
    if (productId !== undefined) placed.lines[productId] ??= message;
    else if (checkoutField) placed.fields[checkoutField] ??= message;
    else if (!placed.other.includes(message)) placed.other.push(message);
  }
  return placed;
}

/**
 * What each month's payroll deducts for an order of `total` kobo over `months` months: the smallest
 * and largest installment (the odd kobo go to the first ones; shared/src/store-installments.ts).
 */
export function installmentAmounts(
  total: KoboSum,
  months: number,
): { low: NairaFigure; high: NairaFigure } | undefined {
  const kobo = Number(total);
  if (!Number.isSafeInteger(kobo) || kobo <= 0 || !Number.isInteger(months) || months < 1) return undefined;
  const plan = storeInstallments(kobo, months, '2000-01-01');
  return { low: nairaFigure(plan[plan.length - 1].amount), high: nairaFigure(plan[0].amount) };
}

/** Blank text is not given: the schema leaves an optional field out rather than checking an empty one. */
const given = (text: string) => (text.trim() === '' ? undefined : text);

/**
 * The order's body from the cart and the checkout, checked with the server's own schema: the body
 * to send, or the messages of what is wrong, placed as a refusal's would be. A plan is sent only
 * when paying from savings.
 */
export function orderBody(
  cart: Cart,
  checkout: Checkout,
): { body: ShopOrderBody; messages?: undefined } | { body?: undefined; messages: PlacedMessages } {
  const input = {
    items: cart.map((line) => ({ product_id: line.product_id, quantity: quantityOf(line.quantity) ?? line.quantity })),
    payment_method: checkout.payment_method,
    savings_id: checkout.payment_method === 'SAVINGS' ? given(checkout.savings_id) : undefined,
    payroll_months: checkout.payment_method === 'PAYROLL' ? given(checkout.payroll_months) : undefined,
    delivery_address: given(checkout.delivery_address),
    note: given(checkout.note),
  };
  const checked = eshopOrderSchema.safeParse(input);
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
    return { messages: placeMessages(errors, cart) };
  }
  const order: EshopOrderInput = checked.data;
  return {
    body: {
      items: order.items,
      payment_method: order.payment_method,
      ...(order.savings_id ? { savings_id: order.savings_id } : {}),
      ...(order.payroll_months ? { payroll_months: order.payroll_months } : {}),
      ...(order.delivery_address ? { delivery_address: order.delivery_address } : {}),
      ...(order.note ? { note: order.note } : {}),
    },
  };
}
