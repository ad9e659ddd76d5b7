import { describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { crudSuite, newContext, withCoop } from './support/crud-suite.ts';
import { GL, assetBody, bankAccountBody, createAssetType } from './support/setup-records.ts';

const accountNo = (n: number, tag: string) => `${parseInt(tag, 16) % 100000}${String(n).padStart(5, '0')}`;

crudSuite({
  name: 'Bank accounts',
  base: '/cooperative/bank-account',
  idParam: 'bank_id',
  tenant: 'cooperative',
  valid: (n, _refs, ctx) => bankAccountBody(accountNo(n, ctx.tag)),
  shows: (body) => ({
    bank_id: 33,
    bank: 'Zenith Bank',
    account_no: body.account_no,
    coa_id: GL.bank,
    coa: { code: GL.bank, sub_category_id: '101', subcategory: { category_id: '1' } },
    status: 1,
  }),
  change: () => ({ body: { bank_id: 33, coa_id: GL.cash, status: 0 }, shows: { coa_id: GL.cash, status: 0 } }),
  duplicate: (first) => ({
    body: { ...first, coa_id: GL.cash },
    message: `The account number ${String(first.account_no)} of Zenith Bank is already used in this cooperative`,
  }),
  inUse: async (row, _refs, ctx) => {
    const type = await createAssetType(ctx, `Computers ${ctx.tag}`);
    const asset = await call<{ id: string }>('POST', '/cooperative/asset', {
      token: ctx.token,
      body: { ...assetBody(type.id, 'Laptop'), cooperative_id: ctx.coop },
    });
    const approved = await call('POST', '/cooperative/asset/approve', {
      token: ctx.token,
      body: { asset_id: asset.body.data.id, bank_id: row.id, cooperative_id: ctx.coop },
    });
    expect(approved.status, approved.body.message).toBe(200);
    return `The bank account Zenith Bank ${String(row.account_no)} is used by 1 asset(s) and cannot be deleted`;
  },
  invalid: [
    [{ account_no: '0123456789', coa_id: GL.bank, status: 1 }, 'bank_id', 'Please select a bank'],
    [{ bank_id: 9999, account_no: '0123456789', coa_id: GL.bank, status: 1 }, 'bank_id', 'Please select a bank'],
    [{ bank_id: 33, coa_id: GL.bank, status: 1 }, 'account_no', 'Please enter an account number'],
    [{ bank_id: 33, account_no: '0123456789', status: 1 }, 'coa_id', 'Select a GL Account'],
    [{ bank_id: 33, account_no: '0123456789', coa_id: GL.bank }, 'status', 'Select status'],
  ],
  searchOf: (body) => String(body.account_no),
});

describe('bank accounts for members', () => {
  it("lets a member read their cooperative's bank accounts but not change them", async () => {
    const { tokenFor } = await import('./support/api.ts');
    const member = await tokenFor('DEMO0001');
    expect((await call('GET', '/cooperative/bank-account', { token: member })).status).toBe(200);
    expect(
      (await call('POST', '/cooperative/bank-account', { token: member, body: bankAccountBody('5555555555') })).status,
    ).toBe(403);
    const ctx = await newContext('cooperative');
    expect((await call('GET', '/cooperative/bank-account', { token: member, query: withCoop(ctx) })).status).toBe(403);
  });
});
