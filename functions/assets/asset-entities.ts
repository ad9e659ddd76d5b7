import type { AssetView, DepreciationRowView } from '@coopledger/shared/asset-views';
import { straightLineSchedule } from '@coopledger/shared/depreciation';
import { toNaira } from '@coopledger/shared/money';
import { DEPRECIATION_METHODS, assetSchema, assetTypeSchema } from '@coopledger/shared/schemas/assets';
import { conflict } from '#core/errors';
import type { EntityConfig, EntityContext } from '../setup/crud.ts';
import { setupStore, uniqueValue } from '../setup/crud.ts';
import type { AssetRecord, AssetTypeRecord } from './asset-entity.ts';
import { assetRecords } from './asset-entity.ts';
import { glRef } from '../setup/related.ts';
import { referencesTo } from '../setup/references.ts';
import { ASSET_STATUS, ASSET_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';

/** Asset types (the GL accounts of a class of fixed assets) and assets (pending, approved, denied). */
export const assetTypes: EntityConfig<typeof assetTypeSchema, AssetTypeRecord> = {
  label: 'Asset type',
  plural: 'Asset types',
  idParam: 'id',
  schema: assetTypeSchema,
  store: setupStore(assetRecords.assetType),
  build: async (input, ctx) => {
    await ctx.related.requireGl('fixed_asset_gl', input.fixed_asset_gl, 'This field is required');
    await ctx.related.requireGl('dep_expense_gl', input.dep_expense_gl, 'This field is required');
    await ctx.related.requireGl('accumulated_dep_gl', input.accumulated_dep_gl, 'This field is required');
    return { ...input };
  },
  present: async (r, ctx) => ({
    id: r.id,
    name: r.name,
    fixed_asset_gl: r.fixed_asset_gl,
    dep_expense_gl: r.dep_expense_gl,
    accumulated_dep_gl: r.accumulated_dep_gl,
    fixed_asset: await glRef(ctx.related, r.fixed_asset_gl),
    dep_expense: await glRef(ctx.related, r.dep_expense_gl),
    accumulated_dep: await glRef(ctx.related, r.accumulated_dep_gl),
    status: r.status,
    cooperative_id: r.cooperative_id,
  }),
  unique: (fields, ctx) => [uniqueValue(ctx, 'name', 'name', fields.name)],
  searchText: (r) => r.name,
  inUse: async (r, ctx) => referencesTo(ctx, 'asset_type', r.id, `The asset type ${r.name}`),
};

async function presentAsset(r: AssetRecord, ctx: EntityContext): Promise<AssetView> {
  const type = await ctx.related.setup('ASSET_TYPE', r.asset_type_id);
  return {
    id: r.id,
    name: r.name,
    asset_type_id: r.asset_type_id,
    asset_type: type ? { id: type.id, name: type.name } : null,
    calculation_method_id: r.calculation_method_id,
    calculation_method: DEPRECIATION_METHODS.find((m) => m.id === r.calculation_method_id)?.name ?? 'Not Set',
    initial_cost: toNaira(r.initial_cost),
    residual_value: toNaira(r.residual_value),
    useful_life: r.useful_life,
    rate_of_depreciation: r.rate_of_depreciation,
    date_purchased: r.date_purchased,
    status: r.status,
    status_name: statusLabel(ASSET_STATUS_LABELS, r.status),
    bank_id: r.bank_id ?? null,
    journal_id: r.journal_id ?? null,
    cooperative_id: r.cooperative_id,
    created_at: r.created_at,
  };
}

/** The asset's straight-line schedule, in naira for the wire. */
export function depreciationSchedule(r: AssetRecord): DepreciationRowView[] {
  return straightLineSchedule({
    cost: r.initial_cost,
    residual: r.residual_value,
    usefulLife: r.useful_life,
    datePurchased: r.date_purchased,
  }).map((row) => ({
    ...row,
    opening_value: toNaira(row.opening_value),
    depreciation: toNaira(row.depreciation),
    accumulated_depreciation: toNaira(row.accumulated_depreciation),
    closing_value: toNaira(row.closing_value),
  }));
}

const stillPending = (action: string) => ({
  expression: '#status = :pending',
  names: { '#status': 'status' },
  values: { ':pending': ASSET_STATUS.PENDING },
  error: conflict(`Only pending assets can be ${action}`),
});

export const assets: EntityConfig<typeof assetSchema, AssetRecord> = {
  label: 'Asset',
  plural: 'Assets',
  idParam: 'id',
  schema: assetSchema,
  store: setupStore(assetRecords.asset),
  build: async (input, ctx, existing) => {
    await ctx.related.requireSetup('ASSET_TYPE', 'asset_type_id', input.asset_type_id, 'Please select the asset type');
    return existing ? { ...input } : { ...input, status: ASSET_STATUS.PENDING };
  },
  present: presentAsset,
  presentOne: async (r, ctx) => ({ ...(await presentAsset(r, ctx)), depreciation_schedule: depreciationSchedule(r) }),
  searchText: (r) => r.name,
  filters: { status: (r, status) => String(r.status) === status },
  beforeUpdate: (existing) => {
    if (existing.status !== ASSET_STATUS.PENDING) throw conflict('Only pending assets can be changed');
  },
  updateCondition: () => stillPending('changed'),
  // An approved asset's cost is in the ledger; it stays (a disposal would be its own posting).
  inUse: async (r) =>
    r.status === ASSET_STATUS.APPROVED
      ? `The asset ${r.name} is approved and posted to the ledger, so it cannot be deleted`
      : undefined,
  deleteCondition: () => ({
    expression: '#status <> :approved',
    names: { '#status': 'status' },
    values: { ':approved': ASSET_STATUS.APPROVED },
    error: conflict('The asset is approved and posted to the ledger, so it cannot be deleted'),
  }),
};
