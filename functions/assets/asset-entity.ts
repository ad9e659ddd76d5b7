import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ASSET_STATUS } from '@coopledger/shared/statuses';
import { effect, entityDefaults, read, transition, writeItem } from '#core/entity';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';
import type { SetupRecord } from '#core/setup-store';
import type { EntityStore } from '../setup/crud.ts';
import { setupStore } from '../setup/crud.ts';

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

export type AssetEntityRecord = FormattedItem<typeof AssetEntity>;
type AssetKey = Pick<AssetEntityRecord, 'cooperative_id' | 'id'>;

/**
 * The setup store of assets with every record read checked against the schema. The record handed
 * on is the stored one (keys aside): the setup machinery writes an edited record back whole.
 */
export function assetStore<R extends SetupRecord>(): EntityStore<R> {
  const store = setupStore<R>('ASSET');
  return {
    ...store,
    list: async (tenant) => (await store.list(tenant)).map((record) => (read(AssetEntity, record), record)),
    get: async (tenant, id) => {
      const record = await store.get(tenant, id);
      if (record) read(AssetEntity, record);
      return record;
    },
  };
}

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
