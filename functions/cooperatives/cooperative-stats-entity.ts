import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { Item, TransactItem } from '#core/db';
import { getItems } from '#core/db';
import { entityDefaults, getEntity, read, tableKeyAttributes, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A cooperative's member counts (`STATS`, beside its profile), changed in the same transactions that
 * change members and registrations. Counts are ADDed, so an item made by ADD alone (without the
 * zeros a new cooperative starts with) is read with the missing counts absent.
 */
const count = () => number().optional();
export const CooperativeStatsEntity = new Entity({
  ...entityDefaults,
  name: 'STATS',
  schema: item({
    ...tableKeyAttributes(),
    entity: string().const('STATS').hidden(),
    members_active: count(),
    members_inactive: count(),
    /** Status-0 (warning) members. */
    members_pending: count(),
    members_male: count(),
    members_female: count(),
    /** Public registrations awaiting approval. */
    registrations_pending: count(),
  }),
});

export type CooperativeStats = FormattedItem<typeof CooperativeStatsEntity>;
export type StatsField = keyof CooperativeStats;

/** Every member of a cooperative, whatever their status. */
export function membersCounted(stats: CooperativeStats | undefined): number {
  return (stats?.members_active ?? 0) + (stats?.members_inactive ?? 0) + (stats?.members_pending ?? 0);
}

/** A new cooperative's counts, all zero. */
export function statsPut(cooperativeId: string): TransactItem {
  return transactItem(
    CooperativeStatsEntity.build(PutTransaction)
      .item({
        ...keys.stats(cooperativeId),
        members_active: 0,
        members_inactive: 0,
        members_pending: 0,
        members_male: 0,
        members_female: 0,
      })
      .params(),
  );
}

/** Adds to (or takes from) the counts, inside the transaction that changes members; zero changes are left out. */
export function statsUpdate(cooperativeId: string, changes: Partial<Record<StatsField, number>>): TransactItem {
  const adds = Object.fromEntries(
    Object.entries(changes)
      .filter(([, by]) => by !== 0)
      .map(([field, by]) => [field, $add(by)]),
  );
  return transactItem(
    CooperativeStatsEntity.build(UpdateTransaction)
      .item({ ...keys.stats(cooperativeId), ...adds })
      .params(),
  );
}

/** One cooperative's counts (consistent), empty when none was ever written. */
export async function statsOfCooperative(cooperativeId: string): Promise<CooperativeStats> {
  return (await getEntity(CooperativeStatsEntity, keys.stats(cooperativeId), true)) ?? {};
}

/** The counts of several cooperatives (one BatchGet), by cooperative id. */
export async function statsOf(ids: string[]): Promise<Map<string, CooperativeStats>> {
  const items = await getItems<Item>(ids.map((id) => keys.stats(id)));
  return new Map(items.map((stored) => [String(stored.pk).slice(2), read(CooperativeStatsEntity, stored)]));
}
