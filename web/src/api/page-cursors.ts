import type { Query } from './client';

/**
 * The cursors of the pages a table has seen (docs/decisions.md 2026-11-26 "Paging in DynamoDB").
 * Tables ask for a `page`; a list answer names the next page's cursor, kept here by route and
 * filters, so that asking for that next page sends the cursor and the server reads one page rather
 * than every page before it. A page never reached in order (a jump to page 9) goes by `page` alone.
 */
const MAX_LISTS = 200;
const lists = new Map<string, Map<number, string>>();

/** The list a query reads: its path and every parameter except the page and cursor, in a fixed order. */
function listKey(path: string, query: Query): string {
  const filters = Object.entries(query)
    .filter(
      ([name, value]) => name !== 'page' && name !== 'cursor' && value !== undefined && value !== null && value !== '',
    )
    .map(([name, value]) => [name, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${path}?${JSON.stringify(filters)}`;
}

const pageOf = (query: Query) => Number(query.page ?? 1);

/** The query with the cursor of its page, when the page before it was read. */
export function withPageCursor(path: string, query: Query): Query {
  const page = pageOf(query);
  if (query.cursor !== undefined || !Number.isInteger(page) || page < 2) return query;
  const cursor = lists.get(listKey(path, query))?.get(page);
  return cursor ? { ...query, cursor } : query;
}

interface CursorMeta {
  current_page?: unknown;
  next_cursor?: unknown;
}

/** Keeps the next page's cursor from a list answer (`data.meta.next_cursor`). */
export function rememberPageCursor(path: string, query: Query, data: unknown): void {
  const meta = (data as { meta?: CursorMeta } | null)?.meta;
  if (!meta || typeof meta.next_cursor !== 'string' || typeof meta.current_page !== 'number') return;
  const key = listKey(path, query);
  const pages = lists.get(key) ?? new Map<number, string>();
  lists.delete(key);
  lists.set(key, pages.set(meta.current_page + 1, meta.next_cursor));
  if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value as string);
}

/** Forgets a list's cursors (the server refused one: a restart, or the list's filters changed). */
export function forgetPageCursors(path: string, query: Query): void {
  lists.delete(listKey(path, query));
}
