import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from './support/api.ts';
import { created, crudSuite, newContext } from './support/crud-suite.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { PlatformGl } from './support/setup-records.ts';
import {
  GL,
  createCategory,
  createCharge,
  createProduct,
  loanSetupBody,
  platformChart,
  platformLoanSetupBody,
  platformTemplates,
} from './support/setup-records.ts';
import { putSetup } from '../../functions/core/setup-store.ts';

beforeAll(() => useRuntimeEnv());

const invalid: [Record<string, unknown>, string, string][] = [
  [{ ...loanSetupBody('', 'c'), product_id: '' }, 'product_id', 'Please select product type'],
  [{ ...loanSetupBody('p', 'c'), name: '' }, 'name', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), tenure: undefined }, 'tenure', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), tenure_type: undefined }, 'tenure_type', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), min_int_rate: '' }, 'min_int_rate', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), max_int_rate: undefined }, 'max_int_rate', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), charge_id: undefined }, 'charge_id', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), charge_amount: '' }, 'charge_amount', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), calculation_method_id: undefined }, 'calculation_method_id', 'This field is required'],
  [{ ...loanSetupBody('p', 'c'), principal_gl: undefined }, 'principal_gl', 'Select Principal GL'],
  [
    { ...loanSetupBody('p', 'c'), interest_receivable_gl: undefined },
    'interest_receivable_gl',
    'Select member balance GL',
  ],
  [{ ...loanSetupBody('p', 'c'), loan_write_off_gl: undefined }, 'loan_write_off_gl', 'Select GL account'],
  [{ ...loanSetupBody('p', 'c'), source_account: undefined }, 'source_account', 'Select GL account'],
  [{ ...loanSetupBody('p', 'c'), status: undefined }, 'status', 'Select status'],
  [{ ...loanSetupBody('p', 'c'), tenure: '12.5' }, 'tenure', 'Must be a whole number'],
  [
    { ...loanSetupBody('p', 'c'), min_int_rate: 20, max_int_rate: 10 },
    'max_int_rate',
    'The maximum interest rate must not be below the minimum',
  ],
];

const products: Record<string, string> = {};

crudSuite({
  name: 'Loan setups',
  base: '/cooperative/product-setup/loans',
  idParam: 'setup_id',
  tenant: 'cooperative',
  prepare: async (ctx) => {
    const category = await createCategory(ctx, 'Loans');
    const charge = await createCharge(ctx);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9]) products[n] = (await createProduct(ctx, category.id, `Loan ${n}`)).id;
    return { charge: charge.id };
  },
  valid: (n, refs) => loanSetupBody(products[n], refs.charge, `Loan product ${n}`),
  shows: (body) => ({
    product_id: body.product_id,
    name: body.name,
    tenure: 12,
    tenure_type: 'Month(s)',
    min_int_rate: 5,
    max_int_rate: 12,
    penal_charge: 2,
    charge_amount: 1.25,
    lien: 1,
    lien_amount: 5000,
    calculation_method_id: 2,
    calculation_method: 'Reducing Balance (Equal Installments)',
    principal_gl: GL.loans,
    status: 1,
  }),
  change: () => ({
    body: { tenure: '24', max_int_rate: '15', status: '0' },
    shows: { tenure: 24, max_int_rate: 15, status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first, name: 'Another name' },
    message: 'This product already has a loan setup',
  }),
  invalid,
  searchOf: (body) => String(body.name),
});

/** The platform suite's own products and chart (its records are templates under the shared platform tenant). */
const platformProducts: Record<string, string> = {};
let platformGl: PlatformGl;

crudSuite({
  name: 'Loan setups (platform)',
  base: '/product-setup/loans',
  idParam: 'setup_id',
  tenant: 'platform',
  prepare: async (ctx) => {
    platformGl = (await platformChart(ctx)).gl;
    const made = await platformTemplates(
      ctx,
      platformGl,
      'Loans',
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `Loan ${n}`),
    );
    made.products.forEach((id, index) => (platformProducts[index + 1] = id));
    return { charge: made.charge.id };
  },
  valid: (n, refs, ctx) =>
    platformLoanSetupBody(platformProducts[n], refs.charge, platformGl, `Loan product ${n} ${ctx.tag}`),
  shows: (body) => ({
    product_id: body.product_id,
    name: body.name,
    tenure: 12,
    tenure_type: 'Month(s)',
    min_int_rate: 5,
    max_int_rate: 12,
    penal_charge: 2,
    charge_amount: 1.25,
    lien: 1,
    lien_amount: 5000,
    calculation_method_id: 2,
    calculation_method: 'Reducing Balance (Equal Installments)',
    principal_gl: platformGl.loans,
    source_account: platformGl.bank,
    status: 1,
    cooperative_id: null,
  }),
  change: () => ({
    body: { tenure: '24', max_int_rate: '15', status: '0' },
    shows: { tenure: 24, max_int_rate: 15, status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first, name: 'Another name' },
    message: 'This product already has a loan setup',
  }),
  invalid,
  searchOf: (body) => String(body.name),
});

describe('loan setups as the forms send them', () => {
  it('takes integers for ids, tenure, rates, penal charge and status, and a decimal charge amount', async () => {
    const ctx = await newContext('cooperative');
    const category = await createCategory(ctx, 'Loans');
    const product = await createProduct(ctx, category.id, 'Car Loan');
    const charge = await createCharge(ctx);
    const setup = await created({ base: '/cooperative/product-setup/loans' }, ctx, {
      ...loanSetupBody(product.id, charge.id),
      tenure: '6',
      min_int_rate: '4',
      max_int_rate: '9',
      penal_charge: '1',
      status: '1',
      charge_amount: '2.5',
      calculation_method_id: '1',
    });
    expect(setup).toMatchObject({
      tenure: 6,
      min_int_rate: 4,
      max_int_rate: 9,
      penal_charge: 1,
      status: 1,
      charge_amount: 2.5,
      calculation_method: 'Flat Rate',
    });
  });

  it("shows 'Not Set' for a setup without a calculation method", async () => {
    const ctx = await newContext('cooperative');
    const category = await createCategory(ctx, 'Loans');
    const product = await createProduct(ctx, category.id, 'Legacy Loan');
    // A record stored before loan setups had a calculation method: every other attribute a setup stores.
    const legacy = await putSetup(ctx.coop!, 'LOAN_SETUP', {
      product_id: product.id,
      name: 'Legacy',
      tenure: 12,
      tenure_type: 'Month(s)',
      min_int_rate: 5,
      max_int_rate: 9,
      charge_id: null,
      lien_amount: 0,
      principal_gl: '1001',
      interest_receivable_gl: '1002',
      status: 1,
    });
    const response = await call<{ calculation_method: string }>('GET', '/cooperative/product-setup/loans/single', {
      token: ctx.token,
      query: { cooperative_id: ctx.coop, setup_id: legacy.id },
    });
    expect(response.body.data.calculation_method).toBe('Not Set');
  });

  it("serves the seeded loan setup to a member's loan application", async () => {
    const response = await call<{ data: { name: string; charge: { name: string } | null }[] }>(
      'GET',
      '/cooperative/product-setup/loans',
      { token: await tokenFor('DEMO0001') },
    );
    expect(response.status).toBe(200);
    const personal = response.body.data.data.find((s) => s.name === 'Personal Loan');
    expect(personal?.charge?.name).toBe('Loan Processing Fee');
  });
});
