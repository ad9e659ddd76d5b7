import { describe, expect, it } from 'vitest';
import { stickyColumnsOf } from './table';

const column = (id: string) => ({ id, header: id, cell: () => id });

describe('a table with row actions', () => {
  it('keeps a last column of actions in view', () => {
    expect(stickyColumnsOf({ columnDefinitions: [column('name'), column('actions')] })).toEqual({ first: 0, last: 1 });
  });

  it('leaves a table without an actions column last as it is', () => {
    expect(stickyColumnsOf({ columnDefinitions: [column('actions'), column('name')] })).toBeUndefined();
    expect(stickyColumnsOf({ columnDefinitions: [] })).toBeUndefined();
  });

  it("keeps the table's own choice", () => {
    const own = { first: 1, last: 0 };
    expect(stickyColumnsOf({ columnDefinitions: [column('name'), column('actions')], stickyColumns: own })).toBe(own);
  });
});
