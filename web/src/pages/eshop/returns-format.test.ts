import { describe, expect, it } from 'vitest';
import { RETURN_DESTINATION_CHOICES, refundTarget, returnQuestion, returnedToLabel } from './returns-format';

describe('returns and refunds', () => {
  it('names where the items went: back to stock or damages', () => {
    expect(RETURN_DESTINATION_CHOICES).toEqual([
      { value: 'STOCK', label: 'Back to stock' },
      { value: 'DAMAGES', label: 'Damages' },
    ]);
    expect(returnedToLabel('DAMAGES')).toBe('Damages');
    expect(returnedToLabel('ELSEWHERE')).toBe('ELSEWHERE');
  });

  it('refunds into the savings plan the order was paid from, or out of the bank account it was paid into', () => {
    const fromSavings = { payment_method: 'SAVINGS' as const, savings_product_name: 'Regular Savings' };
    expect(refundTarget(fromSavings, 'GTBank - 1020304050')).toBe('Regular Savings');
    const onDelivery = { payment_method: 'ON_DELIVERY' as const, savings_product_name: null };
    expect(refundTarget(onDelivery, 'GTBank - 1020304050')).toBe('GTBank - 1020304050');
    expect(refundTarget(onDelivery, undefined)).toBe('Bank account');
    const byPayroll = { payment_method: 'PAYROLL' as const, savings_product_name: null };
    expect(refundTarget(byPayroll, 'GTBank - 1020304050')).toBe('payroll deductions and GTBank - 1020304050');
    expect(refundTarget(byPayroll, undefined)).toBe('payroll deductions');
  });

  it('says what a return does before it is taken', () => {
    const order = {
      order_no: 'SHP-1',
      member_name: 'Chinedu Eze',
      total: 4200,
      payment_method: 'ON_DELIVERY' as const,
    };
    expect(returnQuestion(order, 'GTBank - 1020304050')).toBe(
      'Take back order SHP-1 of Chinedu Eze? The whole order comes back and ₦4,200.00 is refunded from GTBank - 1020304050. This cannot be undone.',
    );
    expect(returnQuestion({ ...order, payment_method: 'SAVINGS' }, 'Regular Savings')).toBe(
      "Take back order SHP-1 of Chinedu Eze? The whole order comes back and ₦4,200.00 goes back into the member's Regular Savings account. This cannot be undone.",
    );
    expect(returnQuestion({ ...order, payment_method: 'PAYROLL' }, 'payroll deductions')).toBe(
      'Take back order SHP-1 of Chinedu Eze? The whole order comes back and of its ₦4,200.00, the payroll installments not yet deducted are cancelled and what was deducted is paid back from the bank account chosen. This cannot be undone.',
    );
  });
});
