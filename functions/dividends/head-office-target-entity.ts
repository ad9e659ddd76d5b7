import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { HeadOfficeTargetsInput } from '@coopledger/shared/schemas/dividends';
import type { Item } from '#core/db';
import { getItems } from '#core/db';
import { entityDefaults, getEntity, read, tableKeyAttributes, writeItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A cooperative's targets of one year for the head office summary (docs/data-model.md "Head office
 * targets"): one item per cooperative and year beside its profile, replaced whole by each save.
 */
export const HeadOfficeTargetsEntity = new Entity({
  ...entityDefaults,
  name: 'HEAD_OFFICE_TARGETS',
  schema: item({
    ...tableKeyAttributes(),
    year: number(),
    /** Kobo. */
    savings_mobilised: number(),
    /** Kobo. */
    loans_disbursed: number(),
    new_members: number(),
    /** Kobo. */
    surplus: number(),
    updated_at: string(),
    updated_by: string(),
    entity: string().const('HEAD_OFFICE_TARGETS').hidden(),
  }),
});

export type HeadOfficeTargetsRecord = FormattedItem<typeof HeadOfficeTargetsEntity>;

export const findHeadOfficeTargets = (tenant: string, year: number): Promise<HeadOfficeTargetsRecord | undefined> =>
  getEntity(HeadOfficeTargetsEntity, keys.headOfficeTargets(tenant, year), true);

/** The targets of a year of several cooperatives (batched reads), by cooperative id. */
export async function targetsOfCooperatives(
  tenants: string[],
  year: number,
): Promise<Map<string, HeadOfficeTargetsRecord | undefined>> {
  const found = await getItems<Item>(tenants.map((tenant) => keys.headOfficeTargets(tenant, year)));
  // The partition is the cooperative's own (`T#<id>`).
  const byTenant = new Map(found.map((stored) => [String(stored.pk).slice(2), read(HeadOfficeTargetsEntity, stored)]));
  return new Map(tenants.map((tenant) => [tenant, byTenant.get(tenant)]));
}

export async function saveHeadOfficeTargets(
  tenant: string,
  input: HeadOfficeTargetsInput,
  by: string,
  at: string,
): Promise<HeadOfficeTargetsRecord> {
  const record: HeadOfficeTargetsRecord = { ...input, updated_at: at, updated_by: by };
  await writeItem(
    HeadOfficeTargetsEntity.build(PutTransaction)
      .item({ ...keys.headOfficeTargets(tenant, input.year), ...record, entity: 'HEAD_OFFICE_TARGETS' })
      .params(),
  );
  return record;
}
