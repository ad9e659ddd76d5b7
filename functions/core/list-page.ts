import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PageMeta } from '@coopledger/shared/envelope';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand as TableQuery } from 'dynamodb-toolbox/table/actions/query';
import { db } from './clients.ts';
import type { PageKey } from './cursor.ts';
import { CURSOR_REFUSED, readCursor, signCursor } from './cursor.ts';
import type { Item } from './db.ts';
import { countQuery, table } from './db.ts';
import type { AnyEntity, PartitionQuery } from './entity.ts';
import { appTable, read } from './entity.ts';
import { invalid } from './errors.ts';
import type { RequestContext } from './handler.ts';
import { routeName, signedIn } from './handler.ts';
import { pageMeta, pageParams } from './paging.ts';

/**
 * Lists paged in DynamoDB (docs/decisions.md 2026-11-26 "Paging in DynamoDB"): a page is one Query
 * of `per_page + 1` items (the extra one tells whether there is a next page) starting after the
 * cursor's key. `cursor` is how a client walks a list; the spec's `page` without a cursor still
 * works by first reading the keys of the pages before it (page n costs n pages of reads).
 */
export interface PageRequest {
  tenant: string;
  /** `GET /path`: a cursor is good only for the route that made it. */
  route: string;
  query: Record<string, string | undefined>;
}

export function pageRequest(ctx: RequestContext): PageRequest {
  return { tenant: signedIn(ctx).tenant, route: routeName(ctx.route), query: ctx.query };
}

export type Query = Omit<QueryCommandInput, 'TableName'>;

/** The key attributes of a Query's items: the table's, and the index's when it reads one. */
export const keyAttributes = (index?: 'gsi1' | 'gsi2') =>
  index ? ['pk', 'sk', `${index}pk`, `${index}sk`] : ['pk', 'sk'];

export function keyOf(item: Item, attributes: readonly string[]): Record<string, string> {
  return Object.fromEntries(attributes.map((name) => [name, String(item[name])]));
}

const isValidation = (error: unknown) => (error as { name?: string }).name === 'ValidationException';

/** One Query of at most `limit` items after `start`; a start key outside the Query's range is a 422 on `cursor`. */
export async function send(query: Query, start: PageKey | undefined, limit: number) {
  try {
    return await db().send(new QueryCommand({ ...query, TableName: table(), Limit: limit, ExclusiveStartKey: start }));
  } catch (error) {
    // A start key outside the Query's range (a cursor kept while the filters changed).
    if (start && isValidation(error)) throw invalid('cursor', CURSOR_REFUSED);
    throw error;
  }
}

/**
 * Up to `wanted` items after `start`: one Query, or, for a Query with a FilterExpression (a rare
 * secondary condition on a bounded partition), Queries on until `wanted` items matched or the
 * partition ended.
 */
async function fill(query: Query, start: PageKey | undefined, wanted: number): Promise<Item[]> {
  const items: Item[] = [];
  let from = start;
  for (;;) {
    const result = await send(query, from, wanted - items.length);
    items.push(...((result.Items ?? []) as Item[]));
    if (items.length >= wanted || !result.LastEvaluatedKey || !query.FilterExpression) return items;
    from = result.LastEvaluatedKey;
  }
}

/** The key of the `skip`-th item (the start key of the page after it), or null when the list is shorter. */
async function keyAfter(query: Query, skip: number, attributes: readonly string[]): Promise<PageKey | null> {
  const names = Object.fromEntries(attributes.map((name, i) => [`#key${i}`, name]));
  const projected: Query = {
    ...query,
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: { ...query.ExpressionAttributeNames, ...names },
  };
  let start: PageKey | undefined;
  let left = skip;
  for (;;) {
    const result = await send(projected, start, left);
    const items = (result.Items ?? []) as Item[];
    left -= items.length;
    if (left === 0 && items.length > 0) return keyOf(items[items.length - 1], attributes);
    if (!result.LastEvaluatedKey) return null;
    start = result.LastEvaluatedKey;
  }
}

/** How a list knows its total: a counter item's figure, or a COUNT Query for lists that stay small. */
export type ListTotal = number | (() => Promise<number>);

export interface ListPage<T> {
  data: T[];
  meta: PageMeta;
}

/** One page of a Query (raw items), with its meta and the next page's cursor. */
export async function queryPage(
  query: Query,
  partition: string,
  request: PageRequest,
  index: 'gsi1' | 'gsi2' | undefined,
  total: ListTotal,
): Promise<ListPage<Item>> {
  const { page, perPage } = pageParams(request.query);
  const attributes = keyAttributes(index);
  const cursor = request.query.cursor?.trim();
  let start: PageKey | null | undefined;
  if (cursor) {
    start = readCursor(cursor, request.tenant, request.route, attributes);
    if (start[index ? `${index}pk` : 'pk'] !== partition) throw invalid('cursor', CURSOR_REFUSED);
  } else if (page > 1) {
    start = await keyAfter(query, (page - 1) * perPage, attributes);
  }
  const [stored, count] = await Promise.all([
    start === null ? [] : fill(query, start, perPage + 1),
    typeof total === 'number' ? total : total(),
  ]);
  const data = stored.slice(0, perPage);
  const next =
    stored.length > perPage ? signCursor(request.tenant, request.route, keyOf(data[perPage - 1], attributes)) : null;
  return { data, meta: { ...pageMeta(Math.max(0, count), page, perPage), next_cursor: next } };
}

/** The Query of one entity's items in a partition, as core/db sends it. */
export function partitionQuery(
  entity: AnyEntity,
  partition: string,
  { index, range, reverse }: PartitionQuery = {},
): Query {
  const { TableName: _name, ...query } = appTable
    .build(TableQuery)
    .entities(entity)
    .query({ partition, ...(index ? { index } : {}), ...(range ? { range } : {}) })
    .options({ reverse })
    .params();
  return query;
}

/** The number of an entity's items in a partition (a COUNT Query): the total of lists that stay small. */
export const partitionCount =
  (entity: AnyEntity, partition: string, options: PartitionQuery = {}): (() => Promise<number>) =>
  () =>
    countQuery(partitionQuery(entity, partition, options));

/** One page of an entity's items in a partition, each checked against the entity. */
export async function entityPage<E extends AnyEntity>(
  entity: E,
  partition: string,
  request: PageRequest,
  options: Omit<PartitionQuery, 'limit' | 'consistent'> & { total: ListTotal },
): Promise<ListPage<FormattedItem<E>>> {
  const { total, ...query } = options;
  const found = await queryPage(partitionQuery(entity, partition, query), partition, request, query.index, total);
  return { data: found.data.map((item) => read(entity, item)), meta: found.meta };
}

/**
 * The meta of a list that has no counter (a date range, a search): its total is what was seen up to
 * this page, plus one when there is a next page (then `total_is_minimum`), so the pages shown reach
 * one past the current one.
 */
export function openEnded<T>(found: ListPage<T>): ListPage<T> {
  const { current_page, per_page, next_cursor } = found.meta;
  const seen = (current_page - 1) * per_page + found.data.length + (next_cursor ? 1 : 0);
  return {
    data: found.data,
    meta: {
      ...found.meta,
      total: seen,
      last_page: Math.max(1, Math.ceil(seen / per_page)),
      ...(next_cursor ? { total_is_minimum: true } : {}),
    },
  };
}
