import { describe, expect, it } from 'vitest';
import { call, tokenFor } from './support/api.ts';
import { created, crudSuite, newContext, withCoop } from './support/crud-suite.ts';
import type { PlatformGl } from './support/setup-records.ts';
import {
  GL,
  createCategory,
  createCharge,
  createProduct,
  platformChart,
  platformSavingsSetupBody,
  platformTemplates,
  savingsSetupBody,
} from './support/setup-records.ts';

const invalid: [Record<string, unknown>, string, string][] = [
  [{ ...savingsSetupBody('', 'c'), product_id: undefined }, 'product_id', 'Please select product type'],
  [{ ...savingsSetupBody('p', 'c'), opening_balance: '' }, 'opening_balance', 'This field is required'],
  [{ ...savingsSetupBody('p', 'c'), closing_balance: undefined }, 'closing_balance', 'This field is required'],
  [{ ...savingsSetupBody('p', 'c'), credit_interest: undefined }, 'credit_interest', 'This field is required'],
  [{ ...savingsSetupBody('p', 'c'), start_date: '' }, 'start_date', 'This field is required'],
  [{ ...savingsSetupBody('p', 'c'), end_date: undefined }, 'end_date', 'This field is required'],
  [{ ...savingsSetupBody('p', 'c'), charge_id: '' }, 'charge_id', 'This field is required'],
  [{ ...savingsSetupBody('p', 'c'), charge_amount: undefined }, 'charge_amount', 'This field is required'],
  [{ ...savingsSetupBody('p', 'c'), principal_gl: '' }, 'principal_gl', 'Select Principal GL'],
  [{ ...savingsSetupBody('p', 'c'), member_balance_gl: undefined }, 'member_balance_gl', 'Select member balance GL'],
  [{ ...savingsSetupBody('p', 'c'), interest_expense_gl: undefined }, 'interest_expense_gl', 'Select GL account'],
  [{ ...savingsSetupBody('p', 'c'), interest_payable_gl: undefined }, 'interest_payable_gl', 'Select GL account'],
  [{ ...savingsSetupBody('p', 'c'), fixed_dep_gl: undefined }, 'fixed_dep_gl', 'Select GL account'],
  [{ ...savingsSetupBody('p', 'c'), status: undefined }, 'status', 'Select status'],
  [
    { ...savingsSetupBody('p', 'c'), opening_balance: '10.555' },
    'opening_balance',
    'Enter an amount in naira with at most 2 decimals',
  ],
];

/** Each test body needs a product of its own (one setup per product), made on demand. */
const products: Record<string, string> = {};

crudSuite({
  name: 'Savings setups',
  base: '/cooperative/product-setup/savings',
  idParam: 'setup_id',
  tenant: 'cooperative',
  prepare: async (ctx) => {
    const category = await createCategory(ctx, 'Savings');
    const charge = await createCharge(ctx);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9])
      products[n] = (await createProduct(ctx, category.id, `Savings ${n}`)).id;
    return { charge: charge.id, category: category.id };
  },
  valid: (n, refs) => savingsSetupBody(products[n], refs.charge),
  shows: (body) => ({
    product_id: body.product_id,
    opening_balance: 1000.5,
    closing_balance: 0,
    start_date: '2026-01-01',
    end_date: '2030-12-31',
    credit_interest: 3.5,
    charge_id: body.charge_id,
    charge_amount: 1.5,
    principal_gl: GL.bank,
    member_balance_gl: GL.savings,
    status: 1,
  }),
  change: () => ({
    body: { credit_interest: '4', closing_balance: '250000.25', charge_amount: 99 },
    shows: { credit_interest: 4, closing_balance: 250000.25, charge_amount: 1.5 },
  }),
  duplicate: (first) => ({ body: { ...first }, message: 'This product already has a savings setup' }),
  invalid,
});

/** The platform suite's own products and chart (its records are templates under the shared platform tenant). */
const platformProducts: Record<string, string> = {};
let platformGl: PlatformGl;

crudSuite({
  name: 'Savings setups (platform)',
  base: '/product-setup/savings',
  idParam: 'setup_id',
  tenant: 'platform',
  prepare: async (ctx) => {
    platformGl = (await platformChart(ctx)).gl;
    const made = await platformTemplates(
      ctx,
      platformGl,
      'Savings',
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `Savings ${n}`),
    );
    made.products.forEach((id, index) => (platformProducts[index + 1] = id));
    return { charge: made.charge.id };
  },
  valid: (n, refs) => platformSavingsSetupBody(platformProducts[n], refs.charge, platformGl),
  shows: (body) => ({
    product_id: body.product_id,
    opening_balance: 1000.5,
    closing_balance: 0,
    start_date: '2026-01-01',
    end_date: '2030-12-31',
    credit_interest: 3.5,
    charge_id: body.charge_id,
    charge_amount: 1.5,
    principal_gl: platformGl.bank,
    member_balance_gl: platformGl.savings,
    status: 1,
    cooperative_id: null,
  }),
  change: () => ({
    body: { credit_interest: '4', closing_balance: '250000.25', charge_amount: 99 },
    shows: { credit_interest: 4, closing_balance: 250000.25, charge_amount: 1.5 },
  }),
  duplicate: (first) => ({ body: { ...first }, message: 'This product already has a savings setup' }),
  invalid,
});

describe('savings setup references', () => {
  it('refuses a GL account that is not in the chart, and takes the charge amount from the charge', async () => {
    const ctx = await newContext('cooperative');
    const category = await createCategory(ctx, 'Savings');
    const product = await createProduct(ctx, category.id, 'Regular');
    const charge = await createCharge(ctx);
    const badGl = await call('POST', '/cooperative/product-setup/savings', {
      token: ctx.token,
      body: { ...savingsSetupBody(product.id, charge.id), principal_gl: '999999', cooperative_id: ctx.coop },
    });
    expect(badGl.status).toBe(422);
    expect(badGl.body.errors).toEqual({ principal_gl: 'Select Principal GL' });
    const unknownProduct = await call('POST', '/cooperative/product-setup/savings', {
      token: ctx.token,
      body: { ...savingsSetupBody('NOPE', charge.id), cooperative_id: ctx.coop },
    });
    expect(unknownProduct.body.errors).toEqual({ product_id: 'Please select product type' });

    const setup = await created({ base: '/cooperative/product-setup/savings' }, ctx, {
      ...savingsSetupBody(product.id, charge.id),
      charge_amount: 42,
    });
    expect(setup).toMatchObject({ charge_amount: 1.5, product: { name: 'Regular' }, charge: { name: charge.name } });
  });

  it("serves the seeded setups to a member's savings plan form", async () => {
    const response = await call<{ data: { product: { name: string } }[] }>(
      'GET',
      '/cooperative/product-setup/savings',
      { token: await tokenFor('DEMO0001') },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.data.map((s) => s.product.name)).toEqual(
      expect.arrayContaining(['Regular Savings', 'Targeted']),
    );
    const refused = await call('DELETE', '/cooperative/product-setup/savings', {
      token: await tokenFor('DEMO0001'),
      query: { setup_id: 'X' },
    });
    expect(refused.status).toBe(403);
  });

  it('keeps platform setups under the platform', async () => {
    const ctx = await newContext('platform');
    const listed = await call<{ data: unknown[] }>('GET', '/product-setup/savings', {
      token: ctx.token,
      query: withCoop(ctx),
    });
    expect(listed.status).toBe(200);
  });
});
