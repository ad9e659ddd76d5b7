import { describe, expect, it } from 'vitest';
import { MAX_ORDER_LINES } from '@coopledger/shared/schemas/eshop';
import type { Cart, Checkout } from './cart';
import {
  addToCart,
  addableQuantity,
  cartTotal,
  changeQuantity,
  figureOf,
  hasRoomFor,
  lineAmount,
  installmentAmounts,
  orderBody,
  placeMessages,
  quantityOf,
  removeFromCart,
} from './cart';

const product = (id: string, name: string, price: number | string, max: number) => ({
  id,
  name,
  sku: id.toUpperCase(),
  selling_price: price,
  max_purchase_quantity: max,
});

const SUGAR = product('sugar', 'Sugar 1kg', 1400, 10);
const OIL = product('oil', 'Vegetable oil 5L', 12500, 4);
const RICE = product('rice', 'Rice 50kg', 52000, 2);

const ON_DELIVERY: Checkout = {
  payment_method: 'ON_DELIVERY',
  savings_id: '',
  payroll_months: '',
  delivery_address: '',
  note: '',
};

describe('adding to the cart', () => {
  it('adds a product as a new line at the end, with its price and maximum', () => {
    const cart = addToCart(addToCart([], SUGAR, 2), OIL, 1);

    expect(cart).toEqual([
      {
        product_id: 'sugar',
        name: 'Sugar 1kg',
        sku: 'SUGAR',
        unit_price: 1400,
        max_purchase_quantity: 10,
        quantity: '2',
      },
      {
        product_id: 'oil',
        name: 'Vegetable oil 5L',
        sku: 'OIL',
        unit_price: 12500,
        max_purchase_quantity: 4,
        quantity: '1',
      },
    ]);
  });

  it("adds to a product's line, past its maximum too (the server refuses it at that line)", () => {
    const cart = addToCart(addToCart([], RICE, 2), RICE, 1);

    expect(cart).toHaveLength(1);
    expect(cart[0].quantity).toBe('3');
  });

  it('adds to a line whose quantity was being retyped as if it held none', () => {
    const cart = addToCart(changeQuantity(addToCart([], SUGAR, 2), 'sugar', ''), SUGAR, 3);

    expect(cart[0].quantity).toBe('3');
  });

  it(`takes at most ${MAX_ORDER_LINES} different products, and more of one already in it`, () => {
    let cart: Cart = [];
    for (let n = 0; n < MAX_ORDER_LINES; n += 1) cart = addToCart(cart, product(`p${n}`, `Product ${n}`, 100, 5), 1);

    expect(hasRoomFor(cart, 'another')).toBe(false);
    expect(addToCart(cart, product('another', 'Another', 100, 5), 1)).toBe(cart);
    expect(hasRoomFor(cart, 'p3')).toBe(true);
    expect(addToCart(cart, product('p3', 'Product 3', 100, 5), 2)[3].quantity).toBe('3');
  });

  it("offers Add to cart for a whole number from 1 to the product's maximum", () => {
    expect(addableQuantity('2', RICE)).toBe(2);
    expect(addableQuantity(' 1 ', RICE)).toBe(1);
    expect(addableQuantity('3', RICE)).toBeUndefined();
    expect(addableQuantity('0', RICE)).toBeUndefined();
    expect(addableQuantity('1.5', SUGAR)).toBeUndefined();
    expect(addableQuantity('', SUGAR)).toBeUndefined();
    expect(addableQuantity('-1', SUGAR)).toBeUndefined();
  });
});

describe('changing the cart', () => {
  it("keeps a line's quantity as typed, and removes a line", () => {
    const cart = addToCart(addToCart([], SUGAR, 2), OIL, 1);

    expect(changeQuantity(cart, 'oil', '4')[1].quantity).toBe('4');
    expect(changeQuantity(cart, 'oil', '')[1].quantity).toBe('');
    expect(changeQuantity(cart, 'oil', '4')[0]).toBe(cart[0]);
    expect(removeFromCart(cart, 'sugar').map((line) => line.product_id)).toEqual(['oil']);
  });

  it('reads a quantity as a whole number from 1 to the most a quantity field takes', () => {
    expect(quantityOf('3')).toBe(3);
    expect(quantityOf('1000000')).toBe(1_000_000);
    expect(quantityOf('1000001')).toBeUndefined();
    expect(quantityOf('0')).toBeUndefined();
    expect(quantityOf('2e1')).toBeUndefined();
  });
});

describe('amounts and the total in kobo', () => {
  it('works each line and the total to the kobo', () => {
    const cart = addToCart(addToCart([], SUGAR, 2), OIL, 1);

    expect(cart.map(lineAmount)).toEqual([2_800_00, 12_500_00]);
    expect(cartTotal(cart)).toBe(15_300_00n);
    expect(figureOf(cartTotal(cart))).toBe(15300);
  });

  it('multiplies prices with kobo exactly, where naira floats would not', () => {
    // 0.07 x 3 is 0.21000000000000002 in floating point.
    const cart = addToCart(addToCart([], product('pin', 'Pin', 0.07, 10), 3), product('clip', 'Clip', 19.99, 10), 3);

    expect(cart.map(lineAmount)).toEqual([21, 59_97]);
    expect(cartTotal(cart)).toBe(60_18n);
    expect(figureOf(cartTotal(cart))).toBe(60.18);
  });

  it('leaves out a line whose quantity is not a number yet', () => {
    const cart = changeQuantity(addToCart(addToCart([], SUGAR, 2), OIL, 1), 'oil', '');

    expect(lineAmount(cart[1])).toBeUndefined();
    expect(cartTotal(cart)).toBe(2_800_00n);
    expect(cartTotal([])).toBe(0n);
  });

  it('takes a price sent as decimal text', () => {
    expect(lineAmount(addToCart([], product('big', 'Big', '90071992547.41', 5), 2)[0])).toBe(18_014_398_509_482);
  });
});

describe("a refusal's messages on the cart and the checkout", () => {
  const sent = addToCart(addToCart(addToCart([], SUGAR, 2), OIL, 1), RICE, 3);

  it('puts an item message on the line sent at that index', () => {
    const placed = placeMessages(
      {
        'items.2.quantity': 'You can order at most 2 of Rice 50kg at a time',
        'items.0.product_id': 'This product is not available in the store',
      },
      sent,
    );

    expect(placed).toEqual({
      lines: {
        rice: 'You can order at most 2 of Rice 50kg at a time',
        sugar: 'This product is not available in the store',
      },
      fields: {},
      other: [],
    });
  });

  it("puts the savings plan's message on its field, and keeps what has no place for the order as a whole", () => {
    const placed = placeMessages(
      {
        savings_id: 'Insufficient available balance: the order comes to ₦15,300.00',
        note: 'Must be at most 500 characters',
        items: 'An order takes at most 10 different products',
        'items.7.quantity': 'Only 1 of Kettle left in stock',
        cursor: 'Something else',
      },
      sent,
    );

    expect(placed.fields).toEqual({
      savings_id: 'Insufficient available balance: the order comes to ₦15,300.00',
      note: 'Must be at most 500 characters',
    });
    expect(placed.lines).toEqual({});
    expect(placed.other).toEqual([
      'An order takes at most 10 different products',
      'Only 1 of Kettle left in stock',
      'Something else',
    ]);
  });
});

describe("the order's body", () => {
  const cart = addToCart(addToCart([], SUGAR, 2), OIL, 1);

  it('sends products and whole quantities, and the plan when paying from savings', () => {
    const placed = orderBody(cart, {
      payment_method: 'SAVINGS',
      savings_id: 'plan-1',
      payroll_months: '3',
      delivery_address: ' 14 Broad Street, Lagos ',
      note: '',
    });

    expect(placed).toEqual({
      body: {
        items: [
          { product_id: 'sugar', quantity: 2 },
          { product_id: 'oil', quantity: 1 },
        ],
        payment_method: 'SAVINGS',
        savings_id: 'plan-1',
        delivery_address: '14 Broad Street, Lagos',
      },
    });
  });

  it('sends the months of salary when paying by payroll deduction, and asks for them when missing', () => {
    const byPayroll = { ...ON_DELIVERY, payment_method: 'PAYROLL' as const, savings_id: 'plan-1' };
    expect(orderBody(cart, { ...byPayroll, payroll_months: '3' }).body).toEqual({
      items: [
        { product_id: 'sugar', quantity: 2 },
        { product_id: 'oil', quantity: 1 },
      ],
      payment_method: 'PAYROLL',
      payroll_months: 3,
    });
    expect(orderBody(cart, byPayroll).messages?.fields).toEqual({
      payroll_months: 'Please choose over how many months of salary to pay',
    });
  });

  it("splits a total into the payroll's monthly installments, the odd kobo first", () => {
    // ₦1,000.00 over 3 months: 333.34, 333.33, 333.33; over 4 months 250.00 each.
    expect(installmentAmounts(100_000n, 3)).toEqual({ low: 333.33, high: 333.34 });
    expect(installmentAmounts(100_000n, 4)).toEqual({ low: 250, high: 250 });
    expect(installmentAmounts(0n, 3)).toBeUndefined();
    expect(installmentAmounts(100_000n, Number(''))).toBeUndefined();
  });

  it('leaves out a plan chosen before switching to payment on delivery', () => {
    expect(orderBody(cart, { ...ON_DELIVERY, savings_id: 'plan-1' }).body).toEqual({
      items: [
        { product_id: 'sugar', quantity: 2 },
        { product_id: 'oil', quantity: 1 },
      ],
      payment_method: 'ON_DELIVERY',
    });
  });

  it("gives the server schema's messages, placed, for what cannot be sent", () => {
    const wrongQuantity = orderBody(changeQuantity(cart, 'oil', '1.5'), ON_DELIVERY);
    const noPlan = orderBody(cart, { ...ON_DELIVERY, payment_method: 'SAVINGS' });

    expect(wrongQuantity.body).toBeUndefined();
    expect(wrongQuantity.messages).toEqual({
      lines: { oil: 'The quantity must be a whole number from 1 to 1,000,000' },
      fields: {},
      other: [],
    });
    expect(noPlan.messages).toEqual({
      lines: {},
      fields: { savings_id: 'Please select the savings account to pay from' },
      other: [],
    });
    expect(orderBody([], ON_DELIVERY).messages?.other).toEqual(['Please add at least one item to the order']);
  });
});
