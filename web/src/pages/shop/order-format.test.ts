import { describe, expect, it } from 'vitest';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { itemsText, mayCancel, orderStatusText, orderStatusType, paymentText } from './order-format';

const line = (name: string, quantity: number) => ({
  product_id: name,
  name,
  sku: name,
  quantity,
  unit_price: 1,
  amount: quantity,
  cost: null,
});

describe("the member's orders as they read", () => {
  it('lists the items with their quantities', () => {
    expect(itemsText({ items: [line('Sugar 1kg', 2), line('Vegetable oil 5L', 1)] })).toBe(
      '2 x Sugar 1kg, 1 x Vegetable oil 5L',
    );
  });

  it('names the payment, and the plan paid from', () => {
    expect(
      paymentText({ payment_method: 'SAVINGS', savings_product_name: 'Regular Savings', payroll_months: null }),
    ).toBe('From savings (Regular Savings)');
    expect(paymentText({ payment_method: 'ON_DELIVERY', savings_product_name: null, payroll_months: null })).toBe(
      'Cash or bank on delivery',
    );
    expect(paymentText({ payment_method: 'PAYROLL', savings_product_name: null, payroll_months: 6 })).toBe(
      'Payroll deduction over 6 months',
    );
  });

  it('labels each status, and offers Cancel only while the order is Pending', () => {
    expect(orderStatusText(ESHOP_ORDER_STATUS.PENDING)).toBe('Pending');
    expect(orderStatusText(ESHOP_ORDER_STATUS.ON_THE_WAY)).toBe('On the Way');
    expect(orderStatusText(42)).toBe('Unknown');
    expect(orderStatusType(ESHOP_ORDER_STATUS.DELIVERED)).toBe('success');
    expect(orderStatusType(ESHOP_ORDER_STATUS.CANCELLED)).toBe('stopped');
    expect(mayCancel({ status: ESHOP_ORDER_STATUS.PENDING })).toBe(true);
    for (const status of [
      ESHOP_ORDER_STATUS.CONFIRMED,
      ESHOP_ORDER_STATUS.ON_THE_WAY,
      ESHOP_ORDER_STATUS.DELIVERED,
      ESHOP_ORDER_STATUS.CANCELLED,
      ESHOP_ORDER_STATUS.REJECTED,
    ])
      expect(mayCancel({ status })).toBe(false);
  });
});
