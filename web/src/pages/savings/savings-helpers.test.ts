import { describe, expect, it } from 'vitest';
import { changeAmountSchema, savingsPlanSchema, transactionOrderSchema } from '@coopledger/shared/schemas/savings';
import {
  availableBalance,
  changeAmountBody,
  orderBody,
  planActions,
  planBody,
  planLabel,
  productChoices,
  requesterName,
  requestStatusName,
  scheduleStatusName,
} from './savings-helpers';

describe('availableBalance', () => {
  it('is the ledger balance minus the lien, exact to the kobo', () => {
    expect(availableBalance({ balance: 0.3, lien: 0.1 })).toBe(0.2);
    expect(availableBalance({ balance: 12_345.67, lien: 2_345.68 })).toBe(9_999.99);
    expect(availableBalance({ balance: 5000, lien: 0 })).toBe(5000);
  });

  it('can be negative when a lien exceeds the balance', () => {
    expect(availableBalance({ balance: 100, lien: 250.5 })).toBe(-150.5);
  });
});

describe('planActions', () => {
  const regular = { product_name: 'Regular Savings', is_target: false };
  const targeted = { product_name: 'Targeted', is_target: true };

  it('hides Withdraw from a cooperative-member only', () => {
    expect(planActions(regular, 'cooperative-member')).toEqual(['deposit']);
    expect(planActions(regular, 'cooperative-executive')).toEqual(['deposit', 'withdraw']);
    expect(planActions(regular, 'cooperative-admin')).toEqual(['deposit', 'withdraw']);
  });

  it('offers the Payment Schedule only on a Targeted plan', () => {
    expect(planActions(targeted, 'cooperative-member')).toEqual(['deposit', 'schedule']);
    expect(planActions(targeted, 'cooperative-accountant')).toEqual(['deposit', 'withdraw', 'schedule']);
    // The product name decides even when the flag is missing (spec: "a product named Targeted").
    expect(planActions({ product_name: ' targeted ', is_target: false }, 'cooperative-admin')).toContain('schedule');
  });
});

describe('request bodies', () => {
  it('sends a plan in naira exactly as typed, with the member', () => {
    const values = {
      savings_product_id: ' p1 ',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      amount: '1,500.05',
      credit_interest: '2.5',
      frequency: 'Monthly',
    };
    expect(savingsPlanSchema.safeParse(values).success).toBe(true);
    expect(planBody(values, 'DEMO0001')).toEqual({
      coop_id: 'DEMO0001',
      savings_product_id: 'p1',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      amount: 1500.05,
      credit_interest: 2.5,
      frequency: 'Monthly',
    });
  });

  it('sends a change of amount with its comment', () => {
    const values = { savings_id: 's1', amount: '0.1', comment: ' Salary increase ' };
    expect(changeAmountSchema.safeParse(values).success).toBe(true);
    expect(changeAmountBody(values, 'DEMO0003')).toEqual({
      coop_id: 'DEMO0003',
      savings_id: 's1',
      amount: 0.1,
      comment: 'Salary increase',
    });
  });

  it('dates a deposit and leaves a withdrawal to the server; a blank comment is left out', () => {
    const values = { savings_id: 's1', amount: '250.75', date: '2026-03-04', payment_mode_id: '2', comment: '' };
    const deposit = orderBody(values, 'DEMO0001', 'deposit');
    expect(deposit).toEqual({
      coop_id: 'DEMO0001',
      savings_id: 's1',
      amount: 250.75,
      date: '2026-03-04',
      payment_mode_id: 2,
      transaction_type: 'DEPOSIT',
    });
    expect(transactionOrderSchema.safeParse(deposit).success).toBe(true);
    const withdrawal = orderBody({ ...values, comment: 'School fees' }, 'DEMO0001', 'withdrawal');
    expect(withdrawal).toEqual({
      coop_id: 'DEMO0001',
      savings_id: 's1',
      amount: 250.75,
      payment_mode_id: 2,
      transaction_type: 'WITHDRAWAL',
      comment: 'School fees',
    });
  });

  it('refuses to send an amount the schema would not have passed', () => {
    expect(() => changeAmountBody({ savings_id: 's1', amount: '1.005', comment: 'x' }, 'M')).toThrow(RangeError);
  });
});

describe('the shared schemas give the spec messages', () => {
  it('savings account form', () => {
    const result = savingsPlanSchema.safeParse({});
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({
      savings_product_id: 'Please select product type',
      start_date: 'This field is required',
      end_date: 'This field is required',
      amount: 'This field is required',
      credit_interest: 'This field is required',
      frequency: 'Select frequency',
    });
  });
});

describe('productChoices', () => {
  it('lists each product of an active setup once, with the setup credit interest', () => {
    const setups = [
      { product_id: 'b', product: { id: 'b', name: 'Targeted' }, credit_interest: 5, status: 1 },
      { product_id: 'a', product: { id: 'a', name: 'Regular Savings' }, credit_interest: 2.5, status: 1 },
      { product_id: 'c', product: { id: 'c', name: 'Old Plan' }, credit_interest: 1, status: 0 },
      { product_id: 'a', product: { id: 'a', name: 'Regular Savings' }, credit_interest: 9, status: 1 },
    ];
    expect(productChoices(setups)).toEqual([
      { value: 'a', label: 'Regular Savings', creditInterest: 2.5 },
      { value: 'b', label: 'Targeted', creditInterest: 5 },
    ]);
  });
});

describe('labels', () => {
  it('names statuses, plans and requesters', () => {
    expect([0, 1, 2].map((status) => requestStatusName({ status: status as 0 | 1 | 2 }))).toEqual([
      'Pending',
      'Approved',
      'Denied',
    ]);
    expect([0, 1].map(scheduleStatusName)).toEqual(['Not Paid', 'Paid']);
    expect(planLabel({ product_name: 'Regular Savings', amount: 2000, start_date: '2026-01-05' })).toBe(
      'Regular Savings, ₦2,000.00 from 05 Jan 2026',
    );
    expect(requesterName({ member: { firstname: 'Ada', lastname: 'Obi' }, coop_id: 'DEMO0001' })).toBe('Ada Obi');
    expect(requesterName({ coop_id: 'DEMO0001' })).toBe('DEMO0001');
  });
});
