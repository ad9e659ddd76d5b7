import { kobo } from '@coopledger/shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../functions/core/ledger.ts';
import { call } from './support/api.ts';
import type { SuiteContext } from './support/crud-suite.ts';
import { created, crudSuite, newContext, withCoop } from './support/crud-suite.ts';
import { useRuntimeEnv } from './support/env.ts';
import { GL, chargeBody, createCharge } from './support/setup-records.ts';

beforeAll(() => useRuntimeEnv());

const categoryCode = (n: number) => `9${n}`;

const invalidCategory: [Record<string, unknown>, string, string][] = [
  [{ name: 'X', type: 'D', status: 1 }, 'code', 'Please enter a code'],
  [{ code: '95', type: 'D', status: 1 }, 'name', 'Please enter the name'],
  [{ code: '95', name: 'X', status: 1 }, 'type', 'Select a type'],
  [{ code: '95', name: 'X', type: 'Z', status: 1 }, 'type', 'Select a type'],
  [{ code: '95', name: 'X', type: 'D' }, 'status', 'Select status'],
];

const invalidSubCategory: [Record<string, unknown>, string, string][] = [
  [{ code: '199', category_id: '1', status: 1 }, 'name', 'Please enter the name'],
  [{ name: 'S', category_id: '1', status: 1 }, 'code', 'Please enter a code'],
  [{ code: '199', name: 'S', status: 1 }, 'category_id', 'Select Coa Category'],
  [{ code: '199', name: 'S', category_id: '8', status: 1 }, 'category_id', 'Select Coa Category'],
  [{ code: '199', name: 'S', category_id: '1' }, 'status', 'Select status'],
];

/** The last one names the cooperative's sub-category 104; the others fail on the form alone. */
const invalidLedger: [Record<string, unknown>, string, string][] = [
  [{ code: '104109', subcategory_id: '104', type: 'D', status: 1 }, 'name', 'Please enter the name'],
  [{ name: 'L', subcategory_id: '104', type: 'D', status: 1 }, 'code', 'Please enter a code'],
  [{ code: '104109', name: 'L', type: 'D', status: 1 }, 'subcategory_id', 'Select Coa Category'],
  [{ code: '104109', name: 'L', subcategory_id: '104', status: 1 }, 'type', 'Select account type'],
  [{ code: '104109', name: 'L', subcategory_id: '104', type: 'D' }, 'status', 'Select status'],
  [
    { code: '999001', name: 'L', subcategory_id: '104', type: 'D', status: 1 },
    'code',
    'The code must be the sub-category code 104 followed by 3 digits; generate it',
  ],
];

crudSuite({
  name: 'COA categories',
  base: '/cooperative/coa/categories',
  idParam: 'category_id',
  tenant: 'cooperative',
  valid: (n) => ({ code: categoryCode(n), name: `Category ${n}`, type: n % 2 ? 'D' : 'C', status: 1 }),
  shows: (body) => ({ id: body.code, code: body.code, name: body.name, type: body.type, status: 1 }),
  change: (body) => ({
    body: { name: `${String(body.name)} (renamed)`, type: 'C', status: 0 },
    shows: { code: body.code, name: `${String(body.name)} (renamed)`, type: 'C', status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first, name: 'Other' },
    message: `The code ${String(first.code)} is already used in this cooperative`,
  }),
  inUse: async (row, _refs, ctx) => {
    await created({ base: '/cooperative/coa/sub_categories' }, ctx, {
      code: `${row.id}01`,
      name: 'Sub',
      category_id: row.id,
      status: 1,
    });
    return `The category ${row.id} ${String(row.name)} has 1 sub-category(ies) and cannot be deleted`;
  },
  invalid: invalidCategory,
  searchOf: () => 'Category 3',
});

crudSuite({
  name: 'COA sub-categories',
  base: '/cooperative/coa/sub_categories',
  idParam: 'subcategory_id',
  tenant: 'cooperative',
  valid: (n) => ({ code: `1${n}9`, name: `Sub ${n}`, category_id: '1', status: 1 }),
  shows: (body) => ({
    id: body.code,
    name: body.name,
    category_id: '1',
    category: { name: 'Current Assets' },
    status: 1,
  }),
  change: (body) => ({
    body: { name: 'Moved', category_id: '2' },
    shows: { code: body.code, name: 'Moved', category_id: '2' },
  }),
  duplicate: () => ({
    body: { code: '101', name: 'Again', category_id: '1', status: 1 },
    message: 'The code 101 is already used in this cooperative',
  }),
  inUse: async (row, _refs, ctx) => {
    const code = await call<{ code: string }>('GET', '/cooperative/coa/generate-code', {
      token: ctx.token,
      query: withCoop(ctx, { subcategory_id: row.id }),
    });
    await created({ base: '/cooperative/coa' }, ctx, {
      code: code.body.data.code,
      name: 'Ledger',
      subcategory_id: row.id,
      type: 'D',
      status: 1,
    });
    return `The sub-category ${row.id} ${String(row.name)} has 1 ledger account(s) and cannot be deleted`;
  },
  invalid: invalidSubCategory,
  searchOf: () => 'Sub 3',
});

crudSuite({
  name: 'Ledger (GL) accounts',
  base: '/cooperative/coa',
  idParam: 'id',
  tenant: 'cooperative',
  // Sub-category 104 (Investments) holds 104001; codes 104002... are free.
  valid: (n) => ({ code: `10410${n}`, name: `Deposit ${n}`, subcategory_id: '104', type: 'D', status: 1 }),
  shows: (body) => ({
    id: body.code,
    code: body.code,
    name: body.name,
    type: 'D',
    sub_category_id: '104',
    category_id: '1',
    status: 1,
  }),
  change: (body) => ({
    body: { name: 'Treasury Bills', status: 0 },
    shows: { code: body.code, name: 'Treasury Bills', status: 0 },
  }),
  duplicate: () => ({
    body: { code: '104001', name: 'Again', subcategory_id: '104', type: 'D', status: 1 },
    message: 'The code 104001 is already used in this cooperative',
  }),
  inUse: async (row, _refs, ctx) => {
    await post({
      cooperativeId: ctx.coop!,
      idempotencyKey: `coa-test-${row.id}`,
      date: '2026-05-01',
      description: 'Placement',
      source: { type: 'TEST', id: row.id },
      lines: [
        { glCode: row.id, side: 'D', amount: kobo(500_00) },
        { glCode: GL.bank, side: 'C', amount: kobo(500_00) },
      ],
    });
    return `The GL account ${row.id} ${String(row.name)} has postings and cannot be deleted`;
  },
  invalid: invalidLedger,
  searchOf: () => 'Deposit 3',
});

// The platform's chart (a template, shared by every file): codes carry the suite's tag.
crudSuite({
  name: 'COA categories (platform)',
  base: '/coa/categories',
  idParam: 'category_id',
  tenant: 'platform',
  valid: (n, _refs, ctx) => ({ code: `K${ctx.tag}${n}`, name: `Category ${n} ${ctx.tag}`, type: 'D', status: 1 }),
  shows: (body) => ({
    id: body.code,
    code: body.code,
    name: body.name,
    type: 'D',
    status: 1,
    cooperative_id: null,
  }),
  change: (body) => ({
    body: { name: `${String(body.name)} (renamed)`, type: 'C', status: 0 },
    shows: { code: body.code, name: `${String(body.name)} (renamed)`, type: 'C', status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first, name: 'Other' },
    message: `The code ${String(first.code)} is already used on the platform`,
  }),
  inUse: async (row, _refs, ctx) => {
    await created({ base: '/coa/sub_categories' }, ctx, {
      code: `${row.id}1`,
      name: 'Sub',
      category_id: row.id,
      status: 1,
    });
    return `The category ${row.id} ${String(row.name)} has 1 sub-category(ies) and cannot be deleted`;
  },
  invalid: invalidCategory,
  searchOf: (body) => String(body.name),
});

/** The platform categories the platform sub-categories are in (made by the suite's prepare). */
const platformCategories = { first: '', firstName: '', second: '' };

crudSuite({
  name: 'COA sub-categories (platform)',
  base: '/coa/sub_categories',
  idParam: 'subcategory_id',
  tenant: 'platform',
  prepare: async (ctx) => {
    platformCategories.firstName = `Assets ${ctx.tag}`;
    const first = await created({ base: '/coa/categories' }, ctx, {
      code: `A${ctx.tag}`,
      name: platformCategories.firstName,
      type: 'D',
      status: 1,
    });
    const second = await created({ base: '/coa/categories' }, ctx, {
      code: `B${ctx.tag}`,
      name: `Liabilities ${ctx.tag}`,
      type: 'C',
      status: 1,
    });
    platformCategories.first = first.id;
    platformCategories.second = second.id;
    return { category: first.id };
  },
  valid: (n, refs, ctx) => ({
    code: `U${ctx.tag}${n}`,
    name: `Sub ${n} ${ctx.tag}`,
    category_id: refs.category,
    status: 1,
  }),
  shows: (body) => ({
    id: body.code,
    name: body.name,
    category_id: platformCategories.first,
    category: { name: platformCategories.firstName },
    status: 1,
  }),
  change: (body) => ({
    body: { name: 'Moved', category_id: platformCategories.second },
    shows: { code: body.code, name: 'Moved', category_id: platformCategories.second },
  }),
  duplicate: (first) => ({
    body: { ...first, name: 'Again' },
    message: `The code ${String(first.code)} is already used on the platform`,
  }),
  inUse: async (row, _refs, ctx) => {
    await created({ base: '/coa' }, ctx, {
      code: `${row.id}001`,
      name: 'Ledger',
      subcategory_id: row.id,
      type: 'D',
      status: 1,
    });
    return `The sub-category ${row.id} ${String(row.name)} has 1 ledger account(s) and cannot be deleted`;
  },
  invalid: invalidSubCategory,
  searchOf: (body) => String(body.name),
});

/** The platform category and sub-category the platform ledger accounts are in. */
const platformLedger = { category: '', sub: '' };

crudSuite({
  name: 'Ledger (GL) accounts (platform)',
  base: '/coa',
  idParam: 'id',
  tenant: 'platform',
  prepare: async (ctx) => {
    platformLedger.category = `G${ctx.tag}`;
    platformLedger.sub = `H${ctx.tag}`;
    await created({ base: '/coa/categories' }, ctx, {
      code: platformLedger.category,
      name: 'Assets',
      type: 'D',
      status: 1,
    });
    await created({ base: '/coa/sub_categories' }, ctx, {
      code: platformLedger.sub,
      name: 'Investments',
      category_id: platformLedger.category,
      status: 1,
    });
    return { sub: platformLedger.sub };
  },
  valid: (n, refs, ctx) => ({
    code: `${refs.sub}10${n}`,
    name: `Deposit ${n} ${ctx.tag}`,
    subcategory_id: refs.sub,
    type: 'D',
    status: 1,
  }),
  shows: (body) => ({
    id: body.code,
    code: body.code,
    name: body.name,
    type: 'D',
    sub_category_id: platformLedger.sub,
    category_id: platformLedger.category,
    status: 1,
  }),
  change: (body) => ({
    body: { name: 'Treasury Bills', status: 0 },
    shows: { code: body.code, name: 'Treasury Bills', status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first, name: 'Again' },
    message: `The code ${String(first.code)} is already used on the platform`,
  }),
  // The platform is never posted to: a template charge posting to the account keeps it.
  inUse: async (row, _refs, ctx) => {
    await created({ base: '/charge' }, ctx, { ...chargeBody(`Fee ${String(row.id)}`), posting_gl: row.id });
    return `The GL account ${row.id} ${String(row.name)} is used by 1 charge(s) and cannot be deleted`;
  },
  invalid: invalidLedger.slice(0, -1),
  searchOf: (body) => String(body.name),
});

describe('the chart of accounts', () => {
  let ctx: SuiteContext;
  beforeAll(async () => {
    ctx = await newContext('cooperative');
  });

  it('generates the next free GL code of a sub-category, and says why when it cannot', async () => {
    const first = await call<{ code: string }>('GET', '/cooperative/coa/generate-code', {
      token: ctx.token,
      query: withCoop(ctx, { subcategory_id: '101' }),
    });
    expect(first.body.data.code).toBe('101003');
    await created({ base: '/cooperative/coa' }, ctx, {
      code: '101003',
      name: 'Second Bank',
      subcategory_id: '101',
      type: 'D',
      status: 1,
    });
    const next = await call<{ code: string }>('GET', '/cooperative/coa/generate-code', {
      token: ctx.token,
      query: withCoop(ctx, { subcategory_id: '101' }),
    });
    expect(next.body.data.code).toBe('101004');

    const unknown = await call('GET', '/cooperative/coa/generate-code', {
      token: ctx.token,
      query: withCoop(ctx, { subcategory_id: '999' }),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: false, message: 'COA sub-category not found' });
  });

  it('filters sub-categories by category and ledger accounts by category and sub-category', async () => {
    const subs = await call<{ data: { code: string }[] }>('GET', '/cooperative/coa/sub_categories', {
      token: ctx.token,
      query: withCoop(ctx, { category_id: '3' }),
    });
    expect(subs.body.data.data.map((s) => s.code)).toEqual(['301', '302']);
    const ledgers = await call<{ data: { code: string }[] }>('GET', '/cooperative/coa', {
      token: ctx.token,
      query: withCoop(ctx, { category_id: '3', subcategory_id: '301' }),
    });
    expect(ledgers.body.data.data.map((s) => s.code)).toEqual(['301001', '301002']);
  });

  it('refuses to delete a GL account a setup posts to', async () => {
    await createCharge(ctx, 'Service Fee');
    const response = await call('DELETE', '/cooperative/coa', {
      token: ctx.token,
      query: withCoop(ctx, { id: GL.charges }),
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      `The GL account ${GL.charges} Loan Processing Charges is used by 1 charge(s) and cannot be deleted`,
    );
  });

  it('keeps the code of a category fixed', async () => {
    const response = await call('POST', '/cooperative/coa/categories/update', {
      token: ctx.token,
      body: { id: '1', code: '11', name: 'X', type: 'D', status: 1, cooperative_id: ctx.coop },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ code: 'The code of a category cannot be changed' });
  });
});
