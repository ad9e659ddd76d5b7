import type { PageMeta } from '@coopledger/shared/envelope';
import { dateIssue } from '@coopledger/shared/dates';
import { invalid } from './errors.ts';

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

/** A list's `start_date` and `end_date` filter (YYYY-MM-DD; either may be left out). */
export function dateRange(query: Record<string, string | undefined>): { from?: string; to?: string } {
  const from = query.start_date?.trim() || undefined;
  const to = query.end_date?.trim() || undefined;
  const fromIssue = from && dateIssue(from);
  if (fromIssue) throw invalid('start_date', fromIssue);
  const toIssue = to && dateIssue(to);
  if (toIssue) throw invalid('end_date', toIssue);
  if (from && to && to < from) throw invalid('end_date', 'The end date must not be before the start date');
  return { from, to };
}
