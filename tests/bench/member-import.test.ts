import { describe, expect, it } from 'vitest';
import { checkRow, readSheet } from '../../functions/members/member-import.ts';
import { importRows, importWorkbook } from './member-import.ts';

describe('member import bench file', () => {
  it('holds rows that the import reads and validates, with unique staff IDs, emails and phones', async () => {
    const departments = ['Administration', 'Finance', 'Engineering'];
    const rows = await readSheet(await importWorkbook(importRows(40, departments, 'T1')));
    expect(rows).toHaveLength(40);
    const ids = new Map(departments.map((name, i) => [name.toLowerCase(), `D${i}`]));
    for (const row of rows) expect(checkRow(row, ids).errors).toEqual([]);
    for (const column of ['staff_id', 'email', 'phone'] as const)
      expect(new Set(rows.map((r) => r[column])).size).toBe(40);
    expect(new Set(rows.map((r) => r.department))).toEqual(new Set(departments));
  });
});
