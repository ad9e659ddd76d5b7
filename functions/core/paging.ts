import type { PageMeta } from '@coopledger/shared/envelope';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** `page` as the spec uses it: 1-based, from the query string; anything unusable means page 1. */
export function pageParams(query: Record<string, string | undefined>): { page: number; perPage: number } {
  const page = Number.parseInt(query.page ?? '1', 10);
  const perPage = Number.parseInt(query.per_page ?? String(DEFAULT_PER_PAGE), 10);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    perPage: Number.isFinite(perPage) && perPage >= 1 ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
  };
}

export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return {
    total,
    per_page: perPage,
    current_page: page,
    first_page: 1,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** Slices an in-memory list (already fetched by a Query) into a page with its meta. */
export function paginate<T>(rows: T[], page: number, perPage: number): { data: T[]; meta: PageMeta } {
  const start = (page - 1) * perPage;
  return { data: rows.slice(start, start + perPage), meta: pageMeta(rows.length, page, perPage) };
}
