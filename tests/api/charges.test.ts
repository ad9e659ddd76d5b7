import { describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { created, crudSuite, newContext, withCoop } from './support/crud-suite.ts';
import {
  GL,
  chargeBody,
  createCategory,
  createProduct,
  createSavingsSetup,
  platformChart,
  platformSavingsSetupBody,
} from './support/setup-records.ts';
import type { PlatformGl } from './support/setup-records.ts';

const suite = {
  idParam: 'charge_id',
  valid: (n: number, _refs: Record<string, string>, ctx: { tag: string }) => chargeBody(`Charge ${n} ${ctx.tag}`),
  shows: (body: Record<string, unknown>) => ({ name: body.name, amount: 1.5, posting_gl: GL.charges, status: 1 }),
  change: (body: Record<string, unknown>) => ({
    body: { amount: '2.75', status: 0 },
    shows: { name: body.name, amount: 2.75, status: 0 },
  }),
  invalid: [
    [{ amount: 1, posting_gl: GL.charges, status: 1 }, 'name', 'Please enter the name'],
    [{ name: 'Fee', posting_gl: GL.charges, status: 1 }, 'amount', 'Please enter an amount'],
    [{ name: 'Fee', amount: 1, status: 1 }, 'posting_gl', 'Select GL Account'],
    [{ name: 'Fee', amount: 1, posting_gl: '999999', status: 1 }, 'posting_gl', 'Select GL Account'],
    [{ name: 'Fee', amount: 1, posting_gl: GL.charges }, 'status', 'Select status'],
  ] as [Record<string, unknown>, string, string][],
  searchOf: (body: Record<string, unknown>) => String(body.name),
};

crudSuite({
  ...suite,
  name: 'Charges (cooperative)',
  base: '/cooperative/charge',
  tenant: 'cooperative',
  duplicate: (first) => ({
    body: chargeBody(String(first.name)),
    message: `The name ${String(first.name)} is already used in this cooperative`,
  }),
  inUse: async (row, _refs, ctx) => {
    const category = await createCategory(ctx, `Savings ${ctx.tag}`);
    const product = await createProduct(ctx, category.id, `Regular ${ctx.tag}`);
    await createSavingsSetup(ctx, product.id, row.id);
    return `The charge ${String(row.name)} is used by 1 savings setup(s) and cannot be deleted`;
  },
});

// The platform's templates: their posting GL is an account of the platform's own chart.
crudSuite({
  ...suite,
  name: 'Charges (platform)',
  base: '/charge',
  tenant: 'platform',
  prepare: async (ctx) => {
    const chart = await platformChart(ctx);
    return { ...chart.gl };
  },
  valid: (n, refs, ctx) => ({ ...chargeBody(`Charge ${n} ${ctx.tag}`), posting_gl: refs.charges }),
  shows: (body) => ({ name: body.name, amount: 1.5, posting_gl: body.posting_gl, status: 1, cooperative_id: null }),
  duplicate: (first) => ({
    body: { ...first },
    message: `The name ${String(first.name)} is already used on the platform`,
  }),
  inUse: async (row, refs, ctx) => {
    const category = await created({ base: '/product/category' }, ctx, { name: `Savings ${ctx.tag}`, status: 1 });
    const product = await created({ base: '/product' }, ctx, {
      category_id: category.id,
      name: `Regular ${ctx.tag}`,
      status: 1,
    });
    const gl = refs as PlatformGl;
    await created({ base: '/product-setup/savings' }, ctx, platformSavingsSetupBody(product.id, row.id, gl));
    return `The charge ${String(row.name)} is used by 1 savings setup(s) and cannot be deleted`;
  },
});

describe('Charges (platform templates)', () => {
  it('keeps platform charges apart from cooperatives', async () => {
    const ctx = await newContext('platform');
    // The platform's chart starts empty: a platform charge needs a platform GL account first.
    const refused = await call('POST', '/charge', { token: ctx.token, body: chargeBody(`Template ${ctx.tag}`) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.posting_gl).toBe('Select GL Account');

    await call('POST', '/coa/categories', {
      token: ctx.token,
      body: { code: `P${ctx.tag}`.slice(0, 6), name: 'Income', type: 'C', status: 1 },
    });
    const sub = await call<{ id: string }>('POST', '/coa/sub_categories', {
      token: ctx.token,
      body: { code: `Q${ctx.tag}`.slice(0, 6), name: 'Fees', category_id: `P${ctx.tag}`.slice(0, 6), status: 1 },
    });
    const code = await call<{ code: string }>('GET', '/coa/generate-code', {
      token: ctx.token,
      query: { subcategory_id: sub.body.data.id },
    });
    await call('POST', '/coa', {
      token: ctx.token,
      body: { code: code.body.data.code, name: 'Fees', subcategory_id: sub.body.data.id, type: 'C', status: 1 },
    });
    const made = await call<{ id: string; cooperative_id: string | null }>('POST', '/charge', {
      token: ctx.token,
      body: { ...chargeBody(`Template ${ctx.tag}`), posting_gl: code.body.data.code },
    });
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data.cooperative_id).toBeNull();

    const coop = await newContext('cooperative');
    const listed = await call<{ data: { id: string }[] }>('GET', '/cooperative/charge', {
      token: coop.token,
      query: withCoop(coop, { per_page: 100 }),
    });
    expect(listed.body.data.data.map((c) => c.id)).not.toContain(made.body.data.id);
  });
});
