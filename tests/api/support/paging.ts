import { expect } from 'vitest';
import type { ApiResponse } from './api.ts';

/** What a paged list answers: its rows and the next page's cursor (null on the last page). */
export interface PagedAnswer<T> {
  data: T[];
  meta: { next_cursor?: string | null };
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
