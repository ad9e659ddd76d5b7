import { describe, expect, it } from 'vitest';
import { loanSetupBody } from './loan-setup-form';

describe('the loan setup body', () => {
  it('sends whole numbers as integers and the charge amount as a decimal', () => {
    const body = loanSetupBody({
      tenure: '24',
      min_int_rate: '5',
      max_int_rate: '15',
      penal_charge: '2',
      status: '1',
      calculation_method_id: '3',
      charge_amount: '1.5',
      upfront: '0.25',
    });
    expect(body).toMatchObject({
      tenure: 24,
      min_int_rate: 5,
      max_int_rate: 15,
      penal_charge: 2,
      status: 1,
      calculation_method_id: 3,
      charge_amount: 1.5,
      upfront: 0.25,
    });
  });

  it('keeps text ids as text and turns numeric ids into integers', () => {
    expect(loanSetupBody({ product_id: '01JPRODUCT', charge_id: '7', principal_gl: '10101001' })).toMatchObject({
      product_id: '01JPRODUCT',
      charge_id: 7,
      principal_gl: '10101001',
    });
  });

  it('sends the eligibility limits as numbers and leaves them out when empty', () => {
    expect(loanSetupBody({ max_loan_multiple: '2.5', max_guarantees: '3' })).toMatchObject({
      max_loan_multiple: 2.5,
      max_guarantees: 3,
    });
    expect(loanSetupBody({ max_loan_multiple: '', max_guarantees: '' })).toMatchObject({
      max_loan_multiple: '',
      max_guarantees: '',
    });
  });
});
