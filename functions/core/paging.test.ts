import { describe, expect, it } from 'vitest';
import { pageMeta, pageParams, paginate } from './paging.ts';

describe('paging', () => {
  it('reads page as the spec uses it, falling back to page 1', () => {
    expect(pageParams({ page: '3' })).toEqual({ page: 3, perPage: 20 });
    expect(pageParams({ page: '0' }).page).toBe(1);
    expect(pageParams({ page: 'abc' }).page).toBe(1);
    expect(pageParams({ per_page: '1000' }).perPage).toBe(100);
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
