import { describe, expect, it } from 'vitest';
import { loanIdentity, methodOf, parseLoanRow } from './import-rows.ts';

const row = (values: Record<string, string>, n = 2) => ({
  row: n,
  values: {
    member: 'DEMO0001',
    loan_product: 'Personal Loan',
    loan_amount: '120000',
    interest_rate: '12',
    tenure: '12',
    tenure_type: 'Month(s)',
    calculation_method: '1',
    payment_start_date: '2026-02-01',
    disbursement_date: '2026-01-10',
    amount_repaid: '30000',
    ...values,
  },
});

describe('loan import rows', () => {
  it('reads the calculation method as 1, 2 or 3, its name or its code', () => {
    expect(methodOf('2')).toBe(2);
    expect(methodOf(' flat rate ')).toBe(1);
    expect(methodOf('Reducing Balance (Equal Principal)')).toBe(3);
    expect(methodOf('reducing_equal_installment')).toBe(2);
    expect(methodOf('4')).toBeUndefined();
    expect(methodOf('')).toBeUndefined();
  });

  it('parses a good row to kobo with the schedule the engine builds', () => {
    const { ok, errors } = parseLoanRow(row({ tenure_type: 'months' }), '2026-11-25');
    expect(errors).toEqual([]);
    expect(ok).toMatchObject({
      loan_amount: 12_000_000,
      amount_repaid: 3_000_000,
      tenure_type: 'Month(s)',
      calculation_method_id: 1,
      interest_rate: 12,
    });
    expect(ok!.schedule.totals).toEqual({ principal: 12_000_000, interest: 1_440_000, payment: 13_440_000 });
    expect(ok!.schedule.rows).toHaveLength(12);
  });

  it('treats an empty amount repaid as 0 and refuses more than the total', () => {
    expect(parseLoanRow(row({ amount_repaid: '' }), '2026-11-25').ok?.amount_repaid).toBe(0);
    expect(parseLoanRow(row({ amount_repaid: '134400' }), '2026-11-25').errors).toEqual([]);
    expect(parseLoanRow(row({ amount_repaid: '134400.01' }), '2026-11-25').errors).toEqual([
      { row: 2, column: 'amount_repaid', message: 'The amount repaid must not exceed the total to repay, ₦134,400.00' },
    ]);
  });

  it('names the column of every bad cell', () => {
    const { ok, errors } = parseLoanRow(
      row({
        member: '',
        loan_amount: '0',
        interest_rate: 'twelve',
        tenure: '1.5',
        tenure_type: 'Weeks',
        calculation_method: '9',
        payment_start_date: '2026-01-05',
        disbursement_date: '2026-01-10',
      }),
      '2026-11-25',
    );
    expect(ok).toBeUndefined();
    expect(errors.map((e) => e.column).sort()).toEqual([
      'calculation_method',
      'interest_rate',
      'loan_amount',
      'member',
      'payment_start_date',
      'tenure',
      'tenure_type',
    ]);
    expect(errors.find((e) => e.column === 'payment_start_date')?.message).toBe(
      'The payment start date must be after the disbursement date',
    );
  });

  it('turns the engine refusing a tenure into an error on the tenure column', () => {
    expect(parseLoanRow(row({ tenure: '101', tenure_type: 'Year(s)' }), '2026-11-25').errors).toEqual([
      { row: 2, column: 'tenure', message: 'The tenure must not exceed 100 years' },
    ]);
  });

  it('gives the same loan the same id, whatever the amount repaid, and another loan another id', () => {
    const a = parseLoanRow(row({}), '2026-11-25').ok!;
    const b = parseLoanRow(row({ amount_repaid: '0' }, 7), '2026-11-25').ok!;
    const c = parseLoanRow(row({ loan_amount: '120000.01' }), '2026-11-25').ok!;
    const id = (r: typeof a) => loanIdentity('COOP1', { ...r, member_id: 'demo0001', product_id: 'P1' });
    expect(id(a)).toMatch(/^IML[0-9a-f]{40}$/);
    expect(id(b)).toBe(id(a));
    expect(id(c)).not.toBe(id(a));
    expect(loanIdentity('COOP2', { ...a, member_id: 'DEMO0001', product_id: 'P1' })).not.toBe(id(a));
  });
});
