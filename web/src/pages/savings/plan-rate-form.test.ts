import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import type { FormValues } from '../../api/entities';
import { keepValuesResolver, withoutBlanks } from '../../forms/zod-form';
import type { ProductChoice } from './savings-helpers';
import { planRateHint, planSchema, planSchemaFor } from './savings-helpers';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FormValues>;

/** A plan as the form holds it, on a product whose setup pays 3% a year. */
const plan = (credit_interest: string, savings_product_id = 'regular'): FormValues => ({
  savings_product_id,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  amount: '2500',
  credit_interest,
  frequency: 'Monthly',
});

const messages = (productRate: boolean, rate: number | undefined, values: FormValues) => {
  const result = planSchema(productRate, rate).safeParse(withoutBlanks(values));
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
};

describe("the plan form's credit interest for staff opening a member's plan", () => {
  it("refuses a rate above the product's with the server's message", () => {
    expect(messages(false, 3, plan('3.01'))).toEqual({
      credit_interest: "The credit interest must be between 0% and 3%, the product's rate",
    });
    expect(messages(false, 3, plan('100'))).toEqual({
      credit_interest: "The credit interest must be between 0% and 3%, the product's rate",
    });
  });

  it("accepts any rate from 0 up to the product's", () => {
    for (const rate of ['0', '1.5', '2.99', '3']) expect(messages(false, 3, plan(rate))).toEqual({});
  });

  it('still asks for a rate and refuses a negative one', () => {
    expect(messages(false, 3, plan(''))).toEqual({ credit_interest: 'This field is required' });
    expect(Object.keys(messages(false, 3, plan('-1')))).toEqual(['credit_interest']);
  });

  it('checks the rate against the product the form names', async () => {
    const products: ProductChoice[] = [
      { value: 'regular', label: 'Regular Savings', creditInterest: 3 },
      { value: 'targeted', label: 'Targeted', creditInterest: 5 },
    ];
    const resolve = keepValuesResolver(planSchemaFor(products, false), { blankIsMissing: true });
    expect((await resolve(plan('4', 'regular'), undefined, options)).errors.credit_interest?.message).toBe(
      "The credit interest must be between 0% and 3%, the product's rate",
    );
    expect((await resolve(plan('4', 'targeted'), undefined, options)).errors).toEqual({});
  });

  it("says the product's rate is the most it may be", () => {
    expect(planRateHint(false, 3)).toBe("At most 3% (the product's rate)");
    expect(planRateHint(false, undefined)).toBe("At most the product's rate");
  });
});

describe("the plan form's credit interest on one's own plan", () => {
  it('does not stop the form on the read-only rate, which the server sets', () => {
    expect(messages(true, 3, plan('100'))).toEqual({});
    expect(messages(true, undefined, plan(''))).toEqual({});
  });

  it('still checks the fields the member fills in', () => {
    expect(messages(true, undefined, { ...plan(''), savings_product_id: '', frequency: '' })).toEqual({
      savings_product_id: 'Please select product type',
      frequency: 'Select frequency',
    });
  });

  it("says the rate is the product's", () => {
    expect(planRateHint(true, 3)).toBe("The product's rate");
    expect(planRateHint(true, undefined)).toBe("The product's rate, filled in when you choose a product");
  });
});
