import { describe, expect, it } from 'vitest';
import { installmentText, repaymentTerms } from './surety-requests-table';

const loan = {
  id: 'L1',
  member: { id: 'DEMO0001', name: 'Ada Obi' },
  product: { id: 'P1', name: 'Personal Loan' },
  loan_amount: 300000,
  total_amount: 319855.63,
  tenure: 12,
  tenure_type: 'Month(s)',
  installment: 26654.64,
  status: 0 as const,
};

describe('what a surety is asked to back', () => {
  it('names the installment and the tenure in one phrase, and the total with interest in the dialog', () => {
    expect(installmentText(loan)).toBe('12 month(s) at ₦26,654.64');
    expect(repaymentTerms(loan)).toBe(
      'It is repaid over 12 month(s), ₦26,654.64 an installment, ₦319,855.63 with interest in all.',
    );
  });
});
