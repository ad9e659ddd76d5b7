import { expect } from 'vitest';
import type { ApiResponse } from './api.ts';

/** What a paged list answers: its rows and the next page's cursor (null on the last page). */
export interface PagedAnswer<T> {
  data: T[];
  meta: { next_cursor?: string | null; current_page?: number };
}

/**
 * Every row of a list, page by page by `meta.next_cursor`: `read` asks for one page with the query it
 * is given (`per_page`, the list's filters and the cursor). Each page answers 200 with at most
 * `perPage` rows; `between` runs once, after the first page (to add or change items mid-walk).
 */
export async function walkPages<T>(
  read: (query: Record<string, string>) => Promise<ApiResponse<PagedAnswer<T>>>,
  options: {
    perPage?: number;
    query?: Record<string, string>;
    between?: () => Promise<unknown>;
    maxPages?: number;
  } = {},
): Promise<T[]> {
  const { perPage = 2, query = {}, between = async () => {}, maxPages = 50 } = options;
  const seen: T[] = [];
  let cursor: string | undefined;
  for (let pageNo = 1; pageNo <= maxPages; pageNo++) {
    const r = await read({ per_page: String(perPage), ...query, ...(cursor ? { cursor } : {}) });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.data.length).toBeLessThanOrEqual(perPage);
    seen.push(...r.body.data.data);
    cursor = r.body.data.meta.next_cursor ?? undefined;
    if (!cursor) return seen;
    if (pageNo === 1) await between();
  }
  throw new Error('the list did not end');
}

/** The spec's `page=2` and the first page's cursor lead to the same rows (per_page 2, `read` as for walkPages). */
export async function expectPageTwoByCursor<T>(
  read: (query: Record<string, string>) => Promise<ApiResponse<PagedAnswer<T>>>,
  query: Record<string, string> = {},
): Promise<void> {
  const first = await read({ per_page: '2', ...query });
  const cursor = first.body.data.meta.next_cursor;
  expect(cursor).toBeTruthy();
  const [byCursor, byPage] = await Promise.all([
    read({ per_page: '2', ...query, cursor: String(cursor) }),
    read({ per_page: '2', ...query, page: '2' }),
  ]);
  expect(byPage.status, byPage.body.message).toBe(200);
  expect(byPage.body.data.data.length).toBeGreaterThan(0);
  expect(byPage.body.data.data).toEqual(byCursor.body.data.data);
  expect(byPage.body.data.meta.current_page).toBe(2);
}
