import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ASSET_STATUS } from '@coopledger/shared/statuses';
import { effect, entityDefaults, transition, writeItem } from '#core/entity';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';
import { setupFrame, setupKey, setupReads, setupStatus } from '../setup/setup-entity.ts';

/**
 * An asset type, a setup record of kind ASSET_TYPE (created, edited and deleted through the setup
 * machinery: asset-entities.ts): the GL accounts of a class of fixed assets. docs/data-model.md,
 * "Setup records".
 */
export const AssetTypeEntity = new Entity({
  ...entityDefaults,
  name: 'ASSET_TYPE',
  schema: item({
    ...setupFrame('ASSET_TYPE'),
    name: string(),
    /** GL codes: the asset's cost, the depreciation expense, the accumulated depreciation. */
    fixed_asset_gl: string(),
    dep_expense_gl: string(),
    accumulated_dep_gl: string(),
    status: setupStatus(),
  }),
  computeKey: setupKey('ASSET_TYPE'),
});

export type AssetTypeRecord = FormattedItem<typeof AssetTypeEntity>;

/**
 * A fixed asset, a setup record of kind ASSET (created, edited and deleted through the setup
 * machinery: asset-entities.ts): its key, its stored record, its statuses (ASSET_STATUS) and the
 * builders of its approval and denial. docs/data-model.md, "ASSET". Toolbox never creates an
 * asset, so the schema leaves out the application's `entity` attribute the setup store writes.
 */
export const AssetEntity = new Entity({
  ...entityDefaults,
  name: 'ASSET',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    name: string(),
    asset_type_id: string(),
    /** DEPRECIATION_METHODS (1 straight line). */
    calculation_method_id: number(),
    /** Kobo. */
    initial_cost: number(),
    residual_value: number(),
    /** Years. */
    useful_life: number(),
    rate_of_depreciation: number(),
    date_purchased: string(),
    status: number().enum(ASSET_STATUS.PENDING, ASSET_STATUS.APPROVED, ASSET_STATUS.DENIED),
    /** The bank account whose GL paid the cost (set on approval). */
    bank_id: string().optional(),
    journal_id: string().optional(),
    approved_at: string().optional(),
    approved_by: string().optional(),
    denied_at: string().optional(),
    denied_by: string().optional(),
    created_at: string(),
    updated_at: string(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.setup(cooperative_id, 'ASSET', id),
});

export type AssetRecord = FormattedItem<typeof AssetEntity>;
type AssetKey = Pick<AssetRecord, 'cooperative_id' | 'id'>;

/** The checked reads of asset types and assets (the setup machinery's stores, setup/related.ts). */
export const assetRecords = {
  assetType: setupReads(AssetTypeEntity, 'ASSET_TYPE'),
  asset: setupReads(AssetEntity, 'ASSET'),
};

export interface AssetApproval {
  bank_id: string;
  approved_by: string;
  approved_at: string;
}

/**
 * The ledger effect of an approval: status pending -> approved, with the bank account; a 409 when no longer pending.
 */
export function approveEffect(asset: AssetKey, by: AssetApproval): Effect {
  const update = transition(
    AssetEntity,
    { cooperative_id: asset.cooperative_id, id: asset.id },
    ASSET_STATUS.PENDING,
    ASSET_STATUS.APPROVED,
    { ...by, updated_at: by.approved_at },
  );
  return effect(update.params(), conflict('Only pending assets can be approved'));
}

/** Records the approval's journal on the asset (known only once posted; a convenience for the screens). */
export async function recordJournal(asset: AssetKey, journalId: string): Promise<void> {
  await writeItem(
    AssetEntity.build(UpdateTransaction)
      .item({ cooperative_id: asset.cooperative_id, id: asset.id, journal_id: journalId })
      .params(),
  );
}

/** Denies a pending asset (status pending -> denied); a 409 when it is no longer pending. */
export async function denyPendingAsset(asset: AssetKey, deniedBy: string, at: string): Promise<void> {
  const update = transition(
    AssetEntity,
    { cooperative_id: asset.cooperative_id, id: asset.id },
    ASSET_STATUS.PENDING,
    ASSET_STATUS.DENIED,
    {
      denied_by: deniedBy,
      denied_at: at,
      updated_at: at,
    },
  );
  await writeItem(update.params(), conflict('Only pending assets can be denied'));
}
