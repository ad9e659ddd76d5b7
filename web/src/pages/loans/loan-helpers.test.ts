import { describe, expect, it } from 'vitest';
import { loanApplicationSchema } from '@coopledger/shared/schemas/loans';
import { withoutBlanks } from '../../forms/zod-form';
import {
  applicationBody,
  chargeChoices,
  DEFAULT_TENURE_TYPE,
  emptyApplication,
  loanActions,
  loanProductChoices,
  loanStatusName,
  memberLoanActions,
  paidStatusName,
  previewBody,
  setupPrefill,
  suretyStatusName,
  tenureChoiceOf,
  tenureText,
} from './loan-helpers';

const personal = {
  product_id: 'prod-personal',
  product: { id: 'prod-personal', name: 'Personal Loan' },
  name: 'Personal Loan',
  tenure: 12,
  tenure_type: 'Month(s)',
  min_int_rate: 5,
  max_int_rate: 12,
  upfront: 1.5,
  source: 'External',
  penal_charge: 2,
  charge_id: 'charge-fee',
  charge_amount: 1,
  charge: { id: 'charge-fee', name: 'Loan Processing Fee', amount: 1 },
  calculation_method_id: 2,
  status: 1,
};

describe('status names', () => {
  it('reads loans 0 Pending, 1 Approved, 2 Rejected and repayment 0 Running, 1 Completed, 2 Incomplete', () => {
    expect([0, 1, 2].map(loanStatusName)).toEqual(['Pending', 'Approved', 'Rejected']);
    expect([0, 1, 2].map(paidStatusName)).toEqual(['Running', 'Completed', 'Incomplete']);
    expect([0, 1, 2].map(suretyStatusName)).toEqual(['Pending', 'Approved', 'Denied']);
    expect(loanStatusName(7)).toBe('Unknown');
  });
});

describe('tenure types', () => {
  it("shows the form's mistyped default as Month(s)", () => {
    expect(DEFAULT_TENURE_TYPE).toBe('Months(s)');
    expect(tenureChoiceOf('Months(s)')).toBe('Month(s)');
    expect(tenureChoiceOf('Month(s)')).toBe('Month(s)');
    expect(tenureChoiceOf('Year(s)')).toBe('Year(s)');
    expect(tenureChoiceOf('Weeks')).toBe('');
    expect(tenureText({ tenure: 2, tenure_type: 'Years' })).toBe('2 Year(s)');
  });
});

describe('loanProductChoices', () => {
  it('offers one product per active setup, by product id, sorted by name', () => {
    const car = { ...personal, product_id: 'prod-car', product: { id: 'prod-car', name: 'Car Loan' }, name: 'Car' };
    const inactive = { ...personal, product_id: 'prod-old', product: { id: 'prod-old', name: 'Old Loan' }, status: 0 };
    const duplicate = { ...personal, tenure: 24 };
    const choices = loanProductChoices([personal, inactive, car, duplicate]);
    expect(choices.map((c) => [c.value, c.label])).toEqual([
      ['prod-car', 'Car Loan'],
      ['prod-personal', 'Personal Loan'],
    ]);
    expect(choices[1]?.setup.tenure).toBe(12);
  });

  it('lists the charges the setups name once each', () => {
    expect(
      chargeChoices([personal, { ...personal, product_id: 'x' }, { ...personal, charge_id: null, charge: null }]),
    ).toEqual([{ value: 'charge-fee', label: 'Loan Processing Fee' }]);
  });
});

describe('setupPrefill', () => {
  it('fills tenure, tenure type, charge, charge amount, method, source, penal charge, upfront and the maximum rate', () => {
    expect(setupPrefill(personal)).toEqual({
      tenure: '12',
      tenure_type: 'Month(s)',
      charge_id: 'charge-fee',
      charge_amount: '1',
      calculation_method_id: '2',
      source: 'External',
      penal_charge: '2',
      upfront: '1.5',
      interest_rate: '12',
    });
  });

  it('keeps the default tenure type and Internal when the setup leaves them out', () => {
    const filled = setupPrefill({
      ...personal,
      tenure_type: '',
      source: '',
      calculation_method_id: null,
      charge_id: null,
    });
    expect(filled).toMatchObject({
      tenure_type: 'Months(s)',
      source: 'Internal',
      calculation_method_id: '',
      charge_id: '',
    });
  });
});

describe('applicationBody', () => {
  const values = {
    ...emptyApplication('2026-11-25'),
    ...setupPrefill(personal),
    loan_product_id: 'prod-personal',
    loan_amount: '250000.10',
    payment_start_date: '2027-01-01',
    surety1: ' DEMO0003 ',
    surety2: 'DEMO0004',
  };

  it('sends the spec payload in naira numbers with the applicant as coop_id', () => {
    expect(applicationBody(values, 'DEMO0001')).toEqual({
      loan_product_id: 'prod-personal',
      loan_amount: 250000.1,
      payment_start_date: '2027-01-01',
      date: '2026-11-25',
      calculation_method_id: 2,
      charge_id: 'charge-fee',
      charge_amount: 1,
      surety1: 'DEMO0003',
      surety2: 'DEMO0004',
      tenure: 12,
      tenure_type: 'Month(s)',
      interest_rate: 12,
      penal_charge: 2,
      upfront: 1.5,
      source: 'External',
      repayment_type: 'Salary',
      coop_id: 'DEMO0001',
    });
  });

  it('passes the shared application schema, which refuses an empty form with the spec messages', () => {
    expect(loanApplicationSchema.safeParse(withoutBlanks(values)).success).toBe(true);
    const empty = loanApplicationSchema.safeParse(withoutBlanks(emptyApplication('2026-11-25')));
    expect(empty.success).toBe(false);
    const messages = Object.fromEntries(
      (empty.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages.loan_product_id).toBe('Please select account');
    for (const field of [
      'loan_amount',
      'payment_start_date',
      'calculation_method_id',
      'charge_id',
      'charge_amount',
      'surety1',
      'surety2',
      'tenure',
    ]) {
      expect(messages[field]).toBe('This field is required');
    }
  });
});

describe('previewBody', () => {
  const complete = {
    loan_amount: '100000',
    interest_rate: '12',
    tenure: '12',
    tenure_type: 'Months(s)',
    calculation_method_id: '2',
    payment_start_date: '2027-01-01',
  };

  it('is the engine input once every field is usable', () => {
    expect(previewBody(complete)).toEqual({
      loan_amount: 100000,
      interest_rate: 12,
      tenure: 12,
      tenure_type: 'Months(s)',
      calculation_method_id: 2,
      payment_start_date: '2027-01-01',
    });
    expect(previewBody({ ...complete, interest_rate: '0' })?.interest_rate).toBe(0);
    expect(previewBody({ ...complete, loan_product_id: ' P1 ' })?.loan_product_id).toBe('P1');
  });

  it('is null while anything is missing or unreadable', () => {
    for (const [field, bad] of [
      ['loan_amount', ''],
      ['loan_amount', '0'],
      ['loan_amount', '12.345'],
      ['interest_rate', ''],
      ['interest_rate', '-1'],
      ['tenure', '1.5'],
      ['tenure', '0'],
      ['calculation_method_id', ''],
      ['payment_start_date', '2027-01'],
      ['tenure_type', ''],
    ] as const) {
      expect(previewBody({ ...complete, [field]: bad }), `${field}=${bad}`).toBeNull();
    }
  });
});

describe('loan actions', () => {
  it('offers Approve and Deny on a pending loan, and Delete on one not disbursed', () => {
    expect(loanActions({ status: 0, is_paid: 0 })).toEqual([
      'schedule',
      'sureties',
      'form',
      'approve',
      'deny',
      'delete',
    ]);
    expect(loanActions({ status: 2, is_paid: 0 })).toEqual(['schedule', 'sureties', 'form', 'delete']);
  });

  it('offers Mark as Completed when running and Mark as Running when completed, with Mark as Incomplete', () => {
    expect(loanActions({ status: 1, is_paid: 0 })).toEqual(['schedule', 'sureties', 'form', 'completed', 'incomplete']);
    expect(loanActions({ status: 1, is_paid: 1 })).toEqual(['schedule', 'sureties', 'form', 'running', 'incomplete']);
    expect(loanActions({ status: 1, is_paid: 2 })).toEqual(['schedule', 'sureties', 'form', 'running']);
  });

  it('gives the marks and delete in the member loan tab only to a cooperative-admin', () => {
    expect(memberLoanActions({ status: 1, is_paid: 0 }, false)).toEqual(['schedule', 'sureties']);
    expect(memberLoanActions({ status: 1, is_paid: 0 }, true)).toEqual(['schedule', 'sureties', 'completed', 'delete']);
    expect(memberLoanActions({ status: 1, is_paid: 1 }, true)).toEqual(['schedule', 'sureties', 'running', 'delete']);
    expect(memberLoanActions({ status: 0, is_paid: 0 }, true)).toEqual(['schedule', 'sureties', 'delete']);
  });
});
