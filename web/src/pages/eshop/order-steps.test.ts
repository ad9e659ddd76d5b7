import { describe, expect, it } from 'vitest';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import {
  eshopOrderPath,
  itemsSummary,
  orderStatusLabel,
  orderStatusType,
  orderSteps,
  paymentText,
  stepNeedsBank,
  stepQuestion,
} from './order-steps';
import { orderView } from './order-view.fixture';

const order = orderView;

describe('the steps an order may take', () => {
  it("offers only the server's steps from each status", () => {
    expect(orderSteps(ESHOP_ORDER_STATUS.PENDING)).toEqual(['confirm', 'reject', 'cancel']);
    expect(orderSteps(ESHOP_ORDER_STATUS.CONFIRMED)).toEqual(['dispatch', 'deliver', 'cancel']);
    expect(orderSteps(ESHOP_ORDER_STATUS.ON_THE_WAY)).toEqual(['deliver', 'cancel']);
  });

  it('offers nothing once an order is delivered, cancelled, rejected or returned, or of a status it does not know', () => {
    for (const status of [
      ESHOP_ORDER_STATUS.DELIVERED,
      ESHOP_ORDER_STATUS.CANCELLED,
      ESHOP_ORDER_STATUS.REJECTED,
      ESHOP_ORDER_STATUS.RETURNED,
      42,
    ])
      expect(orderSteps(status)).toEqual([]);
  });

  it('asks for a bank account only to deliver an order paid on delivery', () => {
    expect(stepNeedsBank(order(), 'deliver')).toBe(true);
    expect(stepNeedsBank(order({ payment_method: 'SAVINGS' }), 'deliver')).toBe(false);
    expect(stepNeedsBank(order(), 'dispatch')).toBe(false);
    expect(stepNeedsBank(order(), 'cancel')).toBe(false);
  });

  it('says what a step does before it is taken', () => {
    expect(stepQuestion(order(), 'confirm')).toBe(
      'Confirm order SHP-20261127-0001 of Chinedu Eze (₦105,400.00)? Its items stay reserved for the member.',
    );
    expect(stepQuestion(order(), 'deliver')).toContain('money received into the bank account chosen');
    const fromSavings = order({ payment_method: 'SAVINGS', savings_product_name: 'Regular Savings' });
    expect(stepQuestion(fromSavings, 'deliver')).toContain("paid from the member's Regular Savings account");
    expect(stepQuestion(fromSavings, 'cancel')).toContain('the savings held for it are released');
    expect(stepQuestion(order(), 'reject')).not.toContain('savings');
  });
});

describe('how an order reads', () => {
  it('names each status, and an unknown one as Unknown', () => {
    expect(orderStatusLabel(ESHOP_ORDER_STATUS.ON_THE_WAY)).toBe('On the Way');
    expect(orderStatusLabel(ESHOP_ORDER_STATUS.DELIVERED)).toBe('Delivered');
    expect(orderStatusLabel(42)).toBe('Unknown');
  });

  it('shows waiting, moving, done and ended orders apart', () => {
    expect(orderStatusType(ESHOP_ORDER_STATUS.PENDING)).toBe('pending');
    expect(orderStatusType(ESHOP_ORDER_STATUS.ON_THE_WAY)).toBe('in-progress');
    expect(orderStatusType(ESHOP_ORDER_STATUS.DELIVERED)).toBe('success');
    expect(orderStatusType(ESHOP_ORDER_STATUS.REJECTED)).toBe('error');
    expect(orderStatusType(ESHOP_ORDER_STATUS.CANCELLED)).toBe('stopped');
  });

  it('names the payment, with the savings plan it is taken from', () => {
    expect(paymentText(order())).toBe('Cash or bank on delivery');
    expect(paymentText(order({ payment_method: 'SAVINGS', savings_product_name: 'Regular Savings' }))).toBe(
      'From savings (Regular Savings)',
    );
    expect(paymentText(order({ payment_method: 'PAYROLL', payroll_months: 3 }))).toBe(
      'Payroll deduction over 3 months',
    );
    expect(paymentText(order({ payment_method: 'PAYROLL', payroll_months: 1 }))).toBe('Payroll deduction over 1 month');
    expect(paymentText(order({ payment_method: 'SAVINGS' }))).toBe('From savings');
  });

  it('sums up the lines and links the order', () => {
    expect(itemsSummary(order().items)).toBe('2 x Rice 50kg, 1 x Sugar 1kg');
    expect(itemsSummary([])).toBe('');
    expect(eshopOrderPath('01J/X')).toBe('/e-shop/orders/01J%2FX');
  });
});

describe('delivering an order paid by payroll deduction', () => {
  it('says how many months of salary will recover it', () => {
    expect(stepQuestion(order({ payment_method: 'PAYROLL', payroll_months: 3 }), 'deliver')).toBe(
      'Deliver order SHP-20261127-0001 of Chinedu Eze (₦105,400.00)? The member then owes it in 3 monthly payroll deductions from next month, and the items leave the stock.',
    );
    expect(stepNeedsBank(order({ payment_method: 'PAYROLL', payroll_months: 3 }), 'deliver')).toBe(false);
  });
});
