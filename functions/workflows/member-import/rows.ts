import type { ImportRow } from '@coopledger/shared/schemas/members';
import { importRowSchema } from '@coopledger/shared/schemas/members';
import { listSetup } from '#core/setup-store';
import type { ImportError, SheetRow } from '../../members/member-import.ts';
import { isActive } from '@coopledger/shared/statuses';

/** The cooperative's active departments by lower-cased name (the sheet names departments). */
export async function departmentsByName(cooperativeId: string): Promise<Map<string, string>> {
  const rows = await listSetup<{ id: string; name: string; status: number }>(cooperativeId, 'DEPARTMENT');
  return new Map(rows.filter((d) => isActive(d.status)).map((d) => [String(d.name).trim().toLowerCase(), String(d.id)]));
}

export type CheckedRow = { row: number; value: ImportRow & { department_id: string } };

/** Validates one sheet row with the wizard's rules; each failing column is one error. */
export function checkRow(row: SheetRow, departments: Map<string, string>): { ok?: CheckedRow; errors: ImportError[] } {
  const parsed = importRowSchema.safeParse(row);
  const errors: ImportError[] = [];
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ row: row.row, column, message: issue.message });
    }
    return { errors };
  }
  const departmentId = departments.get(parsed.data.department.toLowerCase());
  if (!departmentId) return { errors: [{ row: row.row, column: 'department', message: `No active department is named ${parsed.data.department}` }] };
  return { ok: { row: row.row, value: { ...parsed.data, department_id: departmentId } }, errors };
}
