import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import type { FormValues } from '../../api/entities';
import { keepValuesResolver, withoutBlanks } from '../../forms/zod-form';
import type { LoanProductChoice } from './loan-helpers';
import { applicationSchema, applicationSchemaFor, emptyApplication, penalText, rateHint } from './loan-helpers';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FormValues>;
const TODAY = '2026-11-25';
/** A product lending at 5% to 12% a year. */
const range = { min_int_rate: 5, max_int_rate: 12 };

/** A complete application as the form holds it. */
const application = (changes: Partial<FormValues>): FormValues => ({
  ...emptyApplication(TODAY),
  loan_product_id: 'prod-personal',
  loan_amount: '250000',
  payment_start_date: '2027-01-01',
  calculation_method_id: '2',
  charge_id: 'charge-fee',
  charge_amount: '1',
  surety1: 'DEMO0003',
  surety2: 'DEMO0004',
  tenure: '12',
  interest_rate: '12',
  penal_charge: '0',
  upfront: '0',
  ...changes,
});

const messages = (ownLoan: boolean, setup: typeof range | undefined, values: FormValues) => {
  const result = applicationSchema(ownLoan, setup, TODAY).safeParse(withoutBlanks(values));
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
};

describe('penalText', () => {
  it("shows the setup's penal charge in its unit, as the loan form prints it", () => {
    expect(penalText({ penal_charge: 2, penal_type: 'Percentage' })).toBe('2%');
    expect(penalText({ penal_charge: 2.5, penal_type: 'Percentage' })).toBe('2.5%');
    expect(penalText({ penal_charge: 500, penal_type: 'Flat' })).toBe('₦500.00');
  });

  it('shows None for no charge or the None type', () => {
    expect(penalText({ penal_charge: 0, penal_type: 'Percentage' })).toBe('None');
    expect(penalText({ penal_charge: 5, penal_type: 'None' })).toBe('None');
  });
});

describe('staff applying for a member', () => {
  it("refuses a rate outside the product's range with the server's message", () => {
    expect(messages(false, range, application({ interest_rate: '12.5' }))).toEqual({
      interest_rate: 'The interest rate must be between 5% and 12%',
    });
    expect(messages(false, range, application({ interest_rate: '4.99' }))).toEqual({
      interest_rate: 'The interest rate must be between 5% and 12%',
    });
  });

  it('accepts a rate within the range, ends included, or none (the server then takes the maximum)', () => {
    for (const rate of ['5', '8.25', '12', ''])
      expect(messages(false, range, application({ interest_rate: rate }))).toEqual({});
  });

  it("refuses an application date after today with the server's message, and takes today or earlier", () => {
    expect(messages(false, range, application({ date: '2026-11-26' }))).toEqual({
      date: 'The date must not be in the future',
    });
    expect(messages(false, range, application({ date: TODAY }))).toEqual({});
    expect(messages(false, range, application({ date: '2025-03-01' }))).toEqual({});
  });

  it('checks the rate against the product the form names, on the day it checks', async () => {
    const car = {
      value: 'prod-car',
      label: 'Car Loan',
      setup: { min_int_rate: 8, max_int_rate: 20 },
    } as LoanProductChoice;
    const personal = { value: 'prod-personal', label: 'Personal Loan', setup: range } as LoanProductChoice;
    const resolve = keepValuesResolver(
      applicationSchemaFor([car, personal], false, () => TODAY),
      { blankIsMissing: true },
    );
    expect(
      (await resolve(application({ interest_rate: '15' }), undefined, options)).errors.interest_rate?.message,
    ).toBe('The interest rate must be between 5% and 12%');
    expect(
      (await resolve(application({ loan_product_id: 'prod-car', interest_rate: '15' }), undefined, options)).errors,
    ).toEqual({});
    expect((await resolve(application({ date: '2026-12-01' }), undefined, options)).errors.date?.message).toBe(
      'The date must not be in the future',
    );
  });

  it("says the product's range", () => {
    expect(rateHint(false, range)).toBe('Between 5% and 12% a year');
  });
});

describe('an applicant applying for their own loan', () => {
  it('is not stopped by the read-only rate and date, which the server sets', () => {
    expect(messages(true, range, application({ interest_rate: '30', date: '2026-12-01' }))).toEqual({});
  });

  it("says the rate is the product's", () => {
    expect(rateHint(true, range)).toBe("The product's rate");
    expect(rateHint(true, undefined)).toBe("The product's rate, filled in when you choose a product");
  });
});
