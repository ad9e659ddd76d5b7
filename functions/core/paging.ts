import type { PageMeta } from '@coopledger/shared/envelope';
import { dateIssue } from '@coopledger/shared/dates';
import { invalid } from './errors.ts';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/**
 * The most items a `page` without a cursor may skip: a list paged in DynamoDB reads the keys of every
 * item before the page (docs/decisions.md 2026-11-26 "Paging in DynamoDB"), so a page further in
 * is reached by the cursor of the page before it.
 */
export const MAX_PAGE_SKIP = 10_000;

/** `page` as the spec uses it: 1-based, from the query string; anything unusable means page 1. */
export function pageParams(query: Record<string, string | undefined>): { page: number; perPage: number } {
  const asked = Number.parseInt(query.page ?? '1', 10);
  const perPage = Number.parseInt(query.per_page ?? String(DEFAULT_PER_PAGE), 10);
  const page = Number.isFinite(asked) && asked >= 1 ? asked : 1;
  const size = Number.isFinite(perPage) && perPage >= 1 ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
  if (!query.cursor?.trim() && (page - 1) * size > MAX_PAGE_SKIP)
    throw invalid('page', `Pages after the first ${MAX_PAGE_SKIP} items are reached from the page before them`);
  return { page, perPage: size };
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
