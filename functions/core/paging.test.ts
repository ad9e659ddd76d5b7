import { describe, expect, it } from 'vitest';
import { pageMeta, pageParams, paginate } from './paging.ts';

describe('paging', () => {
  it('reads page as the spec uses it, falling back to page 1', () => {
    expect(pageParams({ page: '3' })).toEqual({ page: 3, perPage: 20 });
    expect(pageParams({ page: '0' }).page).toBe(1);
    expect(pageParams({ page: 'abc' }).page).toBe(1);
    expect(pageParams({ per_page: '1000' }).perPage).toBe(100);
  });

  it('refuses a page without a cursor that would skip more than MAX_PAGE_SKIP items, so no call reads a whole list', () => {
    // 20 a page: page 501 skips exactly 10,000 items, page 502 10,020.
    expect(pageParams({ page: '501' }).page).toBe(501);
    expect(() => pageParams({ page: '502' })).toThrow(/Pages after the first 10000 items/);
    expect(pageParams({ page: '502', cursor: 'c' }).page).toBe(502);
  });

  it('gives meta with total, per_page, current, first and last page', () => {
    expect(pageMeta(45, 2, 20)).toEqual({ total: 45, per_page: 20, current_page: 2, first_page: 1, last_page: 3 });
    expect(pageMeta(0, 1, 20).last_page).toBe(1);
  });

  it('slices the right rows', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(paginate(rows, 3, 20).data).toEqual([40, 41, 42, 43, 44]);
  });
});
