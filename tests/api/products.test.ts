import { describe, expect, it } from 'vitest';
import { call, tokenFor } from './support/api.ts';
import { created, crudSuite, newContext, withCoop } from './support/crud-suite.ts';
import {
  chargeBody,
  createCharge,
  createSavingsSetup,
  platformChart,
  platformSavingsSetupBody,
} from './support/setup-records.ts';

const invalid: [Record<string, unknown>, string, string][] = [
  [{ name: 'Gold', status: 1 }, 'category_id', 'Please select a category'],
  [{ category_id: 'NOPE', name: 'Gold', status: 1 }, 'category_id', 'Please select a category'],
  [{ category_id: 'x', status: 1 }, 'name', 'Please enter a name'],
  [{ category_id: 'x', name: 'Gold' }, 'status', 'Please select the status'],
];

crudSuite({
  name: 'Products',
  base: '/cooperative/product',
  idParam: 'product_id',
  tenant: 'cooperative',
  prepare: async (ctx) => {
    const savings = await created({ base: '/cooperative/product/category' }, ctx, { name: 'Savings', status: 1 });
    const loans = await created({ base: '/cooperative/product/category' }, ctx, { name: 'Loans', status: 1 });
    return { savings: savings.id, loans: loans.id };
  },
  valid: (n, refs, ctx) => ({ category_id: refs.savings, name: `Product ${n} ${ctx.tag}`, status: 1 }),
  shows: (body) => ({
    name: body.name,
    product_category_id: body.category_id,
    category: { name: 'Savings' },
    status: 1,
  }),
  change: (body) => ({
    body: { name: `${String(body.name)} Plus`, status: 0 },
    shows: { name: `${String(body.name)} Plus`, status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first },
    message: `The name ${String(first.name)} is already used in this cooperative`,
  }),
  inUse: async (row, _refs, ctx) => {
    const charge = await createCharge(ctx, `Fee for ${String(row.name)}`);
    await createSavingsSetup(ctx, row.id, charge.id);
    return `The product ${String(row.name)} is used by 1 savings setup(s) and cannot be deleted`;
  },
  invalid,
  searchOf: (body) => String(body.name),
});

/** The platform category the platform suite's products are in, named by the suite's tag. */
let platformCategory = '';

// The platform's templates, in a category of the platform's own.
crudSuite({
  name: 'Products (platform)',
  base: '/product',
  idParam: 'product_id',
  tenant: 'platform',
  prepare: async (ctx) => {
    platformCategory = `Savings ${ctx.tag}`;
    const savings = await created({ base: '/product/category' }, ctx, { name: platformCategory, status: 1 });
    return { savings: savings.id };
  },
  valid: (n, refs, ctx) => ({ category_id: refs.savings, name: `Product ${n} ${ctx.tag}`, status: 1 }),
  shows: (body) => ({
    name: body.name,
    product_category_id: body.category_id,
    category: { name: platformCategory },
    status: 1,
  }),
  change: (body) => ({
    body: { name: `${String(body.name)} Plus`, status: 0 },
    shows: { name: `${String(body.name)} Plus`, status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first },
    message: `The name ${String(first.name)} is already used on the platform`,
  }),
  inUse: async (row, _refs, ctx) => {
    const { gl } = await platformChart(ctx);
    const charge = await created({ base: '/charge' }, ctx, {
      ...chargeBody(`Fee for ${String(row.name)}`),
      posting_gl: gl.charges,
    });
    await created({ base: '/product-setup/savings' }, ctx, platformSavingsSetupBody(row.id, charge.id, gl));
    return `The product ${String(row.name)} is used by 1 savings setup(s) and cannot be deleted`;
  },
  invalid,
  searchOf: (body) => String(body.name),
});

describe('products by category', () => {
  it("finds a category's active products by its name, as the setup and member forms do", async () => {
    const ctx = await newContext('cooperative');
    const savings = await created({ base: '/cooperative/product/category' }, ctx, { name: 'Savings', status: 1 });
    const loans = await created({ base: '/cooperative/product/category' }, ctx, { name: 'Loans', status: 1 });
    await created({ base: '/cooperative/product' }, ctx, { category_id: savings.id, name: 'Regular', status: 1 });
    await created({ base: '/cooperative/product' }, ctx, { category_id: savings.id, name: 'Dormant', status: 0 });
    await created({ base: '/cooperative/product' }, ctx, { category_id: loans.id, name: 'Car Loan', status: 1 });

    const byName = await call<{ name: string }[]>('GET', '/cooperative/product/by-category', {
      token: ctx.token,
      query: withCoop(ctx, { category_name: 'savings' }),
    });
    expect(byName.body.data.map((p) => p.name)).toEqual(['Regular']);
    const byId = await call<{ name: string }[]>('GET', '/cooperative/product/by-category', {
      token: ctx.token,
      query: withCoop(ctx, { category_id: loans.id }),
    });
    expect(byId.body.data.map((p) => p.name)).toEqual(['Car Loan']);
    const filtered = await call<{ data: { name: string }[] }>('GET', '/cooperative/product', {
      token: ctx.token,
      query: withCoop(ctx, { category_id: loans.id }),
    });
    expect(filtered.body.data.data.map((p) => p.name)).toEqual(['Car Loan']);
  });

  it('serves the seeded savings products to a member', async () => {
    const response = await call<{ name: string }[]>('GET', '/cooperative/product/by-category', {
      token: await tokenFor('DEMO0001'),
      query: { category_name: 'Savings' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.map((p) => p.name)).toEqual(expect.arrayContaining(['Regular Savings', 'Targeted']));
  });
});
