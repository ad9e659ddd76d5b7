import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { DEFAULT_PAYROLL_MONTHS } from '@coopledger/shared/schemas/eshop';
import { entityDefaults, getEntity, tableKeyAttributes, writeItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The store's settings (docs/data-model.md "E-shop"): the most months a member may spread an order
 * paid by payroll deduction over (0: the store does not offer it). A cooperative without the item
 * offers DEFAULT_PAYROLL_MONTHS.
 */
export const EshopSettingsEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_SETTINGS',
  schema: item({
    ...tableKeyAttributes(),
    payroll_max_months: number(),
    updated_by: string(),
    updated_at: string(),
    entity: string().const('ESHOP_SETTINGS').hidden(),
  }),
});

export type EshopSettingsRecord = FormattedItem<typeof EshopSettingsEntity>;

export interface EshopSettings {
  payroll_max_months: number;
  updated_by: string | null;
  updated_at: string | null;
}

/** The settings as stored, or the defaults. */
export function settingsOf(stored: EshopSettingsRecord | undefined): EshopSettings {
  return stored
    ? { payroll_max_months: stored.payroll_max_months, updated_by: stored.updated_by, updated_at: stored.updated_at }
    : { payroll_max_months: DEFAULT_PAYROLL_MONTHS, updated_by: null, updated_at: null };
}

export const getEshopSettings = async (tenant: string): Promise<EshopSettings> =>
  settingsOf(await getEntity(EshopSettingsEntity, keys.eshopSettings(tenant), true));

export async function saveEshopSettings(
  tenant: string,
  settings: Omit<EshopSettings, 'updated_by' | 'updated_at'>,
  by: string,
  at: string,
) {
  await writeItem(
    EshopSettingsEntity.build(PutTransaction)
      .item({ ...keys.eshopSettings(tenant), ...settings, updated_by: by, updated_at: at })
      .params(),
  );
}
