import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { CURSOR_REFUSED, readCursor, signCursor } from './cursor.ts';
import type { PageKey } from './cursor.ts';
import type { Item } from './db.ts';
import type { AnyEntity, PartitionQuery } from './entity.ts';
import { read } from './entity.ts';
import { invalid } from './errors.ts';
import type { ListPage, ListTotal, PageRequest, Query } from './list-page.ts';
import { entityPage, keyAttributes, keyOf, openEnded, partitionCount, partitionQuery, send } from './list-page.ts';
import { pageMeta, pageParams } from './paging.ts';

/** Items read by one Query of a filtered walk. */
const READ_SIZE = 100;

/**
 * The items of a Query from `start` that pass `keep` (each checked against the entity), read
 * READ_SIZE at a time until `wanted` of them are found or the partition ends.
 */
export async function filteredWalk<E extends AnyEntity>(
  entity: E,
  query: Query,
  start: PageKey | undefined,
  wanted: number,
  keep: (record: FormattedItem<E>) => boolean,
): Promise<{ stored: Item; record: FormattedItem<E> }[]> {
  const found: { stored: Item; record: FormattedItem<E> }[] = [];
  let from = start;
  do {
    const result = await send(query, from, READ_SIZE);
    for (const stored of (result.Items ?? []) as Item[]) {
      const record = read(entity, stored);
      if (keep(record)) found.push({ stored, record });
    }
    from = result.LastEvaluatedKey;
  } while (from && found.length < wanted);
  return found;
}

/**
 * One page of the items of a partition that stays small (configuration a cooperative keeps few of:
 * docs/decisions.md 2026-11-26 "Paging the people and configuration lists") that pass `keep`: the
 * partition is read in key order from the cursor until the page and one more item are found, each
 * item checked as a FilterExpression would check it (here, so that a search ignores case, which
 * DynamoDB's `contains` does not). The cursor is the key of the page's last item. Without a
 * counter, the total is what was seen up to this page plus one when there is a next page, unless
 * `total` is given.
 */
export async function entityFilteredPage<E extends AnyEntity>(
  entity: E,
  partition: string,
  request: PageRequest,
  options: Omit<PartitionQuery, 'limit' | 'consistent'> & {
    keep: (record: FormattedItem<E>) => boolean;
    total?: ListTotal;
  },
): Promise<ListPage<FormattedItem<E>>> {
  const { keep, total, ...partitioned } = options;
  const query = partitionQuery(entity, partition, partitioned);
  const { page, perPage } = pageParams(request.query);
  const attributes = keyAttributes(partitioned.index);
  const cursor = request.query.cursor?.trim();
  let start: PageKey | undefined;
  if (cursor) {
    start = readCursor(cursor, request.tenant, request.route, attributes);
    if (start[partitioned.index ? `${partitioned.index}pk` : 'pk'] !== partition)
      throw invalid('cursor', CURSOR_REFUSED);
  }
  // With a cursor the page starts after it; the spec's `page` without one skips the pages before.
  const skipped = cursor ? 0 : (page - 1) * perPage;
  const found = await filteredWalk(entity, query, start, skipped + perPage + 1, keep);
  const shown = found.slice(skipped, skipped + perPage);
  const more = found.length > skipped + perPage;
  const next = more ? signCursor(request.tenant, request.route, keyOf(shown[perPage - 1].stored, attributes)) : null;
  const seen = skipped + shown.length + (more ? 1 : 0);
  const count = total === undefined ? seen : typeof total === 'number' ? total : await total();
  return { data: shown.map((f) => f.record), meta: { ...pageMeta(count, page, perPage), next_cursor: next } };
}

/**
 * One page of a configuration list (a partition that stays small): without `keep`, one Query of the
 * partition with its COUNT Query as the total; with `keep` (a filter or a search), a filtered walk
 * whose total is what was seen up to this page, plus one when there is a next page.
 */
export async function configPage<E extends AnyEntity>(
  entity: E,
  partition: string,
  request: PageRequest,
  options: Omit<PartitionQuery, 'limit' | 'consistent' | 'reverse'> & {
    keep?: (record: FormattedItem<E>) => boolean;
  },
): Promise<ListPage<FormattedItem<E>>> {
  const { keep, ...where } = options;
  return keep
    ? openEnded(await entityFilteredPage(entity, partition, request, { ...where, keep }))
    : entityPage(entity, partition, request, { ...where, total: partitionCount(entity, partition, where) });
}
