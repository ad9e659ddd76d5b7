import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import type { TransactItem } from './db.ts';
import { getItems } from './db.ts';
import { entityDefaults, getEntity, tableKeyAttributes, transactItem } from './entity.ts';
import { keys } from './keys.ts';

/**
 * The count of a list (docs/decisions.md 2026-11-26 "Paging in DynamoDB"): one counter item per
 * list and tenant (`COUNTER#LIST#<name>` beside the cooperative's other counters), ADDed to in the
 * same transaction as the write that adds an item to the list or takes one from it, and read as
 * the list's `meta.total`. A list with filters keeps one counter per value it is filtered by (the
 * name says which, e.g. `orders#status#0`).
 */
export const ListCounterEntity = new Entity({
  ...entityDefaults,
  name: 'LISTCOUNT',
  schema: item({
    ...tableKeyAttributes(),
    value: number().optional(),
  }),
});

const counterKey = (tenant: string, list: string) => keys.counter(tenant, `LIST#${list}`);

/** Adds `by` (negative to take away) to a list's count, inside the transaction that changes the list. */
export function countChange(tenant: string, list: string, by: number): TransactItem {
  return transactItem(
    ListCounterEntity.build(UpdateTransaction)
      .item({ ...counterKey(tenant, list), value: $add(by) })
      .params(),
  );
}

/** The changes of a move between two counted lists (a status change): one less in `from`, one more in `to`. */
export function countMove(tenant: string, from: string, to: string): TransactItem[] {
  return from === to ? [] : [countChange(tenant, from, -1), countChange(tenant, to, 1)];
}

/** A list's count (0 before anything was counted). */
export async function listCount(tenant: string, list: string): Promise<number> {
  return (await getEntity(ListCounterEntity, counterKey(tenant, list)))?.value ?? 0;
}

/** The count of one list in each of these tenants (consistent BatchGets), by tenant; 0 where nothing was counted. */
export async function listCountsOf(tenants: readonly string[], list: string): Promise<Map<string, number>> {
  const wanted = tenants.map((tenant) => counterKey(tenant, list));
  const found = await getItems<{ pk: string; value?: number }>(wanted, true);
  const byPk = new Map(found.map((item) => [item.pk, item.value ?? 0]));
  return new Map(tenants.map((tenant, i) => [tenant, byPk.get(wanted[i].pk) ?? 0]));
}

/** The `total` of a list paged by core/list-page.ts, read beside its page. */
export const countedTotal = (tenant: string, list: string) => () => listCount(tenant, list);

/** Sets a list's count to `value`: the recount of items written before the counter (maintenance/backfill.ts). */
export function countSet(tenant: string, list: string, value: number): TransactItem {
  return transactItem(
    ListCounterEntity.build(UpdateTransaction)
      .item({ ...counterKey(tenant, list), value })
      .params(),
  );
}
