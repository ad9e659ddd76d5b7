import { withCooperativeRules } from '#core/cooperative-rules';
import type { ImportError } from '#core/import-files';
import { writeErrorReport } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { findImport, readImportFile, readSheet, updateImport } from '../../members/member-import.ts';
import { checkRow, departmentsByName } from './rows.ts';

/** Rows per WriteRows task: small enough for a Lambda's minute, large enough to keep the Map short. */
export const CHUNK_ROWS = 50;

export interface ImportInput {
  cooperative_id: string;
  import_id: string;
}

/**
 * First state: every row is checked before anything is written (DESIGN.md section 5). An invalid
 * file writes no member; it gets a row/column/message report. A valid one is cut into chunks.
 */
const task = async (input: ImportInput) => {
  const record = await findImport(input.cooperative_id, input.import_id);
  if (!record) throw new Error(`Import ${input.import_id} not found`);
  const rows = await readSheet(await readImportFile(record.file_key));
  const departments = await departmentsByName(input.cooperative_id);
  const errors: ImportError[] = [];
  const staffRows = new Map<string, number>();
  for (const row of rows) {
    const { ok, errors: rowErrors } = checkRow(row, departments);
    errors.push(...rowErrors);
    if (ok) {
      const staffId = ok.value.staff_id.toLowerCase();
      const first = staffRows.get(staffId);
      if (first !== undefined) errors.push({ row: row.row, column: 'staff_id', message: `The staff ID ${ok.value.staff_id} is also on row ${first}` });
      else staffRows.set(staffId, row.row);
    }
  }
  if (errors.length > 0) {
    const reportKey = objectKeys.memberImportReport(input.cooperative_id, input.import_id);
    await writeErrorReport(reportKey, errors);
    await updateImport(input.cooperative_id, input.import_id, {
      status: 'INVALID',
      rows_validated: rows.length,
      errors: errors.slice(0, 100),
      error_count: errors.length,
      report_key: reportKey,
    });
    return { ...input, valid: false, chunks: [] };
  }
  await updateImport(input.cooperative_id, input.import_id, { status: 'WRITING', rows_validated: rows.length, rows_total: rows.length });
  const chunks = [];
  for (let from = 0; from < rows.length; from += CHUNK_ROWS) chunks.push({ ...input, from, to: Math.min(rows.length, from + CHUNK_ROWS) });
  return { ...input, valid: true, chunks };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = (input: ImportInput) => withCooperativeRules(input.cooperative_id, () => task(input));
