import { withCooperativeRules } from '#core/cooperative-rules';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { s3 } from '#core/clients';
import { config } from '#core/config';
import { objectKeys } from '#core/keys';
import { workbookBuffer } from '#core/workbook';
import type { ImportError } from '../../members/member-import.ts';
import { findImport, readImportFile, readSheet, updateImport } from '../../members/member-import.ts';
import { checkRow, departmentsByName } from './rows.ts';

/** Rows per WriteRows task: small enough for a Lambda's minute, large enough to keep the Map short. */
export const CHUNK_ROWS = 50;

export interface ImportInput {
  cooperative_id: string;
  import_id: string;
}

async function writeReport(cooperativeId: string, importId: string, errors: ImportError[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Errors');
  sheet.columns = [
    { header: 'Row', key: 'row', width: 8 },
    { header: 'Column', key: 'column', width: 18 },
    { header: 'Message', key: 'message', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const error of errors) sheet.addRow(error);
  const key = objectKeys.memberImportReport(cooperativeId, importId);
  await s3().send(new PutObjectCommand({ Bucket: config().filesBucket, Key: key, Body: await workbookBuffer(workbook) }));
  return key;
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
    const reportKey = await writeReport(input.cooperative_id, input.import_id, errors);
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
