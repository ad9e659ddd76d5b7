import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { call } from './support/api.ts';
import type { SuiteContext } from './support/crud-suite.ts';
import { created, crudSuite, newContext, withCoop } from './support/crud-suite.ts';
import { useRuntimeEnv } from './support/env.ts';
import { GL, assetBody, createAssetType, createBankAccount } from './support/setup-records.ts';

beforeAll(() => useRuntimeEnv());

interface AssetRow {
  id: string;
  status: number;
  status_name: string;
  journal_id: string | null;
  depreciation_schedule: {
    year: number;
    depreciation: number;
    closing_value: number;
    accumulated_depreciation: number;
  }[];
}

crudSuite({
  name: 'Assets',
  base: '/cooperative/asset',
  idParam: 'id',
  tenant: 'cooperative',
  prepare: async (ctx) => ({
    type: (await createAssetType(ctx, 'Furniture')).id,
    bank: (await createBankAccount(ctx, '1234567890')).id,
  }),
  valid: (n, refs) => assetBody(refs.type, `Desk ${n}`),
  shows: (body) => ({
    name: body.name,
    initial_cost: 1200000,
    residual_value: 200000,
    useful_life: 5,
    status: 0,
    status_name: 'Pending',
    calculation_method: 'Straight Line',
    asset_type: { name: 'Furniture' },
  }),
  change: () => ({
    body: { initial_cost: '1500000', useful_life: '3' },
    shows: { initial_cost: 1500000, useful_life: 3, status: 0 },
  }),
  inUse: async (row, refs, ctx) => {
    const approved = await call('POST', '/cooperative/asset/approve', {
      token: ctx.token,
      body: { asset_id: row.id, bank_id: refs.bank, cooperative_id: ctx.coop },
    });
    expect(approved.status, approved.body.message).toBe(200);
    return `The asset ${String(row.name)} is approved and posted to the ledger, so it cannot be deleted`;
  },
  invalid: [
    [{ ...assetBody('t', 'x'), name: '' }, 'name', 'Please enter the name'],
    [{ ...assetBody('t', 'x'), asset_type_id: undefined }, 'asset_type_id', 'Please select the asset type'],
    [
      { ...assetBody('t', 'x'), calculation_method_id: undefined },
      'calculation_method_id',
      'Please select the calculation method',
    ],
    [{ ...assetBody('t', 'x'), initial_cost: '' }, 'initial_cost', 'Please enter the initial cost'],
    [{ ...assetBody('t', 'x'), residual_value: undefined }, 'residual_value', 'Please enter the residual value'],
    [{ ...assetBody('t', 'x'), useful_life: undefined }, 'useful_life', 'Please enter the useful life'],
    [
      { ...assetBody('t', 'x'), rate_of_depreciation: undefined },
      'rate_of_depreciation',
      'Please enter the rate of depreciation',
    ],
    [{ ...assetBody('t', 'x'), date_purchased: '' }, 'date_purchased', 'Please enter the date purchased'],
    [
      { ...assetBody('t', 'x'), residual_value: '2000000' },
      'residual_value',
      'The residual value must not exceed the initial cost',
    ],
    [{ ...assetBody('NOPE', 'x') }, 'asset_type_id', 'Please select the asset type'],
  ],
  searchOf: (body) => String(body.name),
});

describe('approving and denying assets', () => {
  let ctx: SuiteContext;
  let type = '';
  let bank = '';
  beforeAll(async () => {
    ctx = await newContext('cooperative');
    type = (await createAssetType(ctx, 'Vehicles')).id;
    bank = (await createBankAccount(ctx, '9988776655')).id;
  });

  const approve = (assetId: string, bankId = bank) =>
    call<AssetRow>('POST', '/cooperative/asset/approve', {
      token: ctx.token,
      body: { asset_id: assetId, bank_id: bankId, cooperative_id: ctx.coop },
    });
  const deny = (assetId: string) =>
    call<AssetRow>('POST', '/cooperative/asset/deny', {
      token: ctx.token,
      body: { asset_id: assetId, cooperative_id: ctx.coop },
    });
  const glTotal = async (code: string) =>
    (await getItem<{ debit: number; credit: number }>(keys.glTotal(ctx.coop!, code), true)) ?? { debit: 0, credit: 0 };

  it('posts the cost once on approval (Dr fixed asset GL, Cr the bank GL) and shows the schedule', async () => {
    const asset = await created({ base: '/cooperative/asset' }, ctx, assetBody(type, 'Bus'));
    const response = await approve(asset.id);

    expect(response.status, response.body.message).toBe(200);
    expect(response.body.message).toBe('Asset approved successfully');
    expect(response.body.data).toMatchObject({ status: 1, status_name: 'Approved' });
    expect(response.body.data.journal_id).toBeTruthy();
    expect(await glTotal(GL.fixedAssets)).toMatchObject({ debit: 1_200_000_00, credit: 0 });
    expect(await glTotal(GL.bank)).toMatchObject({ debit: 0, credit: 1_200_000_00 });
    expect(response.body.data.depreciation_schedule.map((r) => r.depreciation)).toEqual([
      200000, 200000, 200000, 200000, 200000,
    ]);
    expect(response.body.data.depreciation_schedule.at(-1)?.closing_value).toBe(200000);

    const again = await approve(asset.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only pending assets can be approved');
    expect(await glTotal(GL.fixedAssets)).toMatchObject({ debit: 1_200_000_00 });
    const changed = await call('POST', '/cooperative/asset/update', {
      token: ctx.token,
      body: { ...assetBody(type, 'Bus'), id: asset.id, cooperative_id: ctx.coop },
    });
    expect(changed.status).toBe(409);
  });

  it('posts once when approvals race', async () => {
    const asset = await created({ base: '/cooperative/asset' }, ctx, {
      ...assetBody(type, 'Van'),
      initial_cost: '300000',
      residual_value: '0',
    });
    const before = await glTotal(GL.fixedAssets);
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(asset.id)));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect((await glTotal(GL.fixedAssets)).debit - before.debit).toBe(300_000_00);
  });

  it('denies a pending asset without posting, and only a pending one', async () => {
    const asset = await created({ base: '/cooperative/asset' }, ctx, assetBody(type, 'Truck'));
    const before = await glTotal(GL.fixedAssets);
    const response = await deny(asset.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 2, status_name: 'Denied' });
    expect(await glTotal(GL.fixedAssets)).toEqual(before);
    expect((await deny(asset.id)).body.message).toBe('Only pending assets can be denied');
    expect((await approve(asset.id)).body.message).toBe('Only pending assets can be approved');
  });

  it('needs a bank account of the cooperative', async () => {
    const asset = await created({ base: '/cooperative/asset' }, ctx, assetBody(type, 'Car'));
    const response = await approve(asset.id, 'NOPE');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ bank_id: 'Please select a bank' });
    const single = await call<AssetRow>('GET', '/cooperative/asset/single', {
      token: ctx.token,
      query: withCoop(ctx, { id: asset.id }),
    });
    expect(single.body.data.status).toBe(0);
    expect(single.body.data.depreciation_schedule).toHaveLength(5);
  });
});
