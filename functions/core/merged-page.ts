import { createHash } from 'node:crypto';
import type { PageKey } from './cursor.ts';
import { CURSOR_REFUSED, readCursor, signCursor } from './cursor.ts';
import type { Item } from './db.ts';
import { invalid } from './errors.ts';
import type { ListPage, PageRequest, Query } from './list-page.ts';
import { keyAttributes, keyOf, openEnded, send } from './list-page.ts';
import { pageMeta, pageParams } from './paging.ts';

/**
 * One page of several partitions read as one list (docs/decisions.md 2026-11-26 "Money lists in
 * DynamoDB"): a member search that matched several members reads each member's partition. Each
 * partition is read after its own position, a few items at a time (`mergeOnce`); the items are
 * merged by `sortBy` (the partitions' common sort key) and the first `per_page` kept. The cursor carries each
 * partition's position (the key of the last item given from it, or '' before its first), signed and
 * bound to cooperative and route like any cursor, and names exactly these partitions: a cursor of
 * another search is refused with 422. Without a cursor, `page` n walks the n - 1 pages before it.
 * A merged list has no counter: its total is what was seen up to this page, plus one when there is
 * a next page.
 */
export interface MergedPartition {
  partition: string;
  query: Query;
}

type Positions = Record<string, PageKey | undefined>;

/** One partition's items read ahead of the merge, and where its next read starts. */
interface Lane {
  partition: string;
  query: Query;
  buffer: Item[];
  start: PageKey | undefined;
  done: boolean;
}

async function fill(lane: Lane, limit: number): Promise<void> {
  const result = await send(lane.query, lane.start, limit);
  lane.buffer.push(...((result.Items ?? []) as Item[]));
  lane.start = result.LastEvaluatedKey;
  lane.done = !result.LastEvaluatedKey;
}

/**
 * The next `perPage` items of the partitions in `sortBy` order, and the positions after them when
 * there are more. The partitions are read a few items at a time, in parallel: first each its share
 * of the page, then, whenever one runs out before the page is full, that one again (its share of
 * what is still missing), so a page reads about `per_page + 1` items plus one short read per
 * partition, not `per_page + 1` from each.
 */
async function mergeOnce(
  parts: MergedPartition[],
  positions: Positions,
  perPage: number,
  index: 'gsi1' | 'gsi2' | undefined,
  sortBy: string,
  reverse: boolean,
): Promise<{ data: Item[]; next: Positions | null }> {
  const attributes = keyAttributes(index);
  const wanted = perPage + 1;
  const lanes: Lane[] = parts.map(({ partition, query }) => ({
    partition,
    query,
    buffer: [],
    start: positions[partition],
    done: false,
  }));
  await Promise.all(lanes.map((lane) => fill(lane, Math.ceil(wanted / lanes.length))));
  const order = reverse ? -1 : 1;
  const before = (a: Lane, b: Lane) =>
    order * String(a.buffer[0][sortBy]).localeCompare(String(b.buffer[0][sortBy])) ||
    a.partition.localeCompare(b.partition);
  const taken: { partition: string; item: Item }[] = [];
  while (taken.length < wanted) {
    // A partition that ran out may hold the next item: read more of it before choosing.
    const empty = lanes.filter((lane) => lane.buffer.length === 0 && !lane.done);
    if (empty.length > 0) {
      const open = lanes.filter((lane) => !lane.done).length;
      const share = Math.max(2, Math.ceil((wanted - taken.length) / open));
      await Promise.all(empty.map((lane) => fill(lane, share)));
      continue;
    }
    const live = lanes.filter((lane) => lane.buffer.length > 0);
    if (live.length === 0) break;
    const first = live.reduce((best, lane) => (before(lane, best) < 0 ? lane : best));
    taken.push({ partition: first.partition, item: first.buffer.shift() as Item });
  }
  const shown = taken.slice(0, perPage);
  const next: Positions = { ...positions };
  for (const { partition, item } of shown) next[partition] = keyOf(item, attributes);
  return { data: shown.map(({ item }) => item), next: taken.length > perPage ? next : null };
}

/** The partitions a cursor is for, as a short digest (the cursor names them without spelling them out). */
const digest = (parts: MergedPartition[]) =>
  createHash('sha256')
    .update(parts.map((p) => p.partition).join('\n'))
    .digest('base64url')
    .slice(0, 16);

/** A partition's position without its partition key: the other key attributes' values, in order. */
function encode(parts: MergedPartition[], positions: Positions, index?: 'gsi1' | 'gsi2'): Record<string, string> {
  const others = keyAttributes(index).filter((name) => name !== partitionAttribute(index));
  return {
    m: digest(parts),
    ...Object.fromEntries(
      parts.map(({ partition }, i) => {
        const key = positions[partition];
        return [String(i), key ? JSON.stringify(others.map((name) => String(key[name]))) : ''];
      }),
    ),
  };
}

const partitionAttribute = (index?: 'gsi1' | 'gsi2') => (index ? `${index}pk` : 'pk');

function decode(raw: string, request: PageRequest, parts: MergedPartition[], index?: 'gsi1' | 'gsi2'): Positions {
  const refused = invalid('cursor', CURSOR_REFUSED);
  const stored = readCursor(raw, request.tenant, request.route, ['m', ...parts.map((_, i) => String(i))]);
  if (stored.m !== digest(parts)) throw refused;
  const others = keyAttributes(index).filter((name) => name !== partitionAttribute(index));
  return Object.fromEntries(
    parts.map(({ partition }, i) => {
      const text = String(stored[String(i)]);
      if (text === '') return [partition, undefined];
      let values: unknown;
      try {
        values = JSON.parse(text);
      } catch {
        throw refused;
      }
      const strings = Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
      if (!Array.isArray(values) || strings.length !== values.length || strings.length !== others.length) throw refused;
      const key: PageKey = { [partitionAttribute(index)]: partition };
      others.forEach((name, j) => (key[name] = strings[j]));
      return [partition, key];
    }),
  );
}

/** One page of the partitions' items merged by `sortBy` (newest first when `reverse`). */
export async function mergedPage(
  parts: MergedPartition[],
  request: PageRequest,
  options: { index?: 'gsi1' | 'gsi2'; sortBy: string; reverse?: boolean },
): Promise<ListPage<Item>> {
  const { page, perPage } = pageParams(request.query);
  const { index, sortBy, reverse = false } = options;
  const cursor = request.query.cursor?.trim();
  let positions: Positions | null = Object.fromEntries(parts.map((p) => [p.partition, undefined]));
  if (cursor) positions = decode(cursor, request, parts, index);
  else
    for (let skipped = 1; skipped < page && positions; skipped++)
      positions = (await mergeOnce(parts, positions, perPage, index, sortBy, reverse)).next;
  const found = positions
    ? await mergeOnce(parts, positions, perPage, index, sortBy, reverse)
    : { data: [], next: null };
  const next = found.next ? signCursor(request.tenant, request.route, encode(parts, found.next, index)) : null;
  return openEnded({ data: found.data, meta: { ...pageMeta(0, page, perPage), next_cursor: next } });
}
