import { crudSuite } from './support/crud-suite.ts';
import { GL, assetBody, assetTypeBody } from './support/setup-records.ts';
import { call } from './support/api.ts';

crudSuite({
  name: 'Asset types',
  base: '/cooperative/asset/type',
  idParam: 'id',
  tenant: 'cooperative',
  valid: (n, _refs, ctx) => assetTypeBody(`Equipment ${n} ${ctx.tag}`),
  shows: (body) => ({
    name: body.name,
    fixed_asset_gl: GL.fixedAssets,
    fixed_asset: { code: GL.fixedAssets, name: 'Office Equipment' },
    dep_expense: { name: 'Depreciation Expense' },
    accumulated_dep: { name: 'Accumulated Depreciation' },
    status: 1,
  }),
  change: () => ({
    body: { fixed_asset_gl: '201003', status: 0 },
    shows: { fixed_asset_gl: '201003', fixed_asset: { name: 'Motor Vehicles' }, status: 0 },
  }),
  duplicate: (first) => ({
    body: { ...first },
    message: `The name ${String(first.name)} is already used in this cooperative`,
  }),
  inUse: async (row, _refs, ctx) => {
    await call('POST', '/cooperative/asset', {
      token: ctx.token,
      body: { ...assetBody(row.id, 'Printer'), cooperative_id: ctx.coop },
    });
    return `The asset type ${String(row.name)} is used by 1 asset(s) and cannot be deleted`;
  },
  invalid: [
    [{ ...assetTypeBody(''), name: '' }, 'name', 'This field is required'],
    [{ ...assetTypeBody('T'), fixed_asset_gl: undefined }, 'fixed_asset_gl', 'This field is required'],
    [{ ...assetTypeBody('T'), dep_expense_gl: '' }, 'dep_expense_gl', 'This field is required'],
    [{ ...assetTypeBody('T'), accumulated_dep_gl: undefined }, 'accumulated_dep_gl', 'This field is required'],
    [{ ...assetTypeBody('T'), accumulated_dep_gl: '000000' }, 'accumulated_dep_gl', 'This field is required'],
    [{ ...assetTypeBody('T'), status: undefined }, 'status', 'Select status'],
  ],
  searchOf: (body) => String(body.name),
});
