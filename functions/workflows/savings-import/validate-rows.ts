import { withCooperativeRules } from '#core/cooperative-rules';
import { writeErrorReport } from '#core/import-files';
import type { ImportError } from '../../savings/import.ts';
import { findImport, resolveRows, rowsOfImport, savingsImportObjects, updateImport } from '../../savings/import.ts';
import { chunkGroups } from '../../savings/import-rows.ts';
import { today } from '@coopledger/shared/dates';

/** Rows per WriteRows task (a plan's rows are never split, so a chunk may hold more). */
export const CHUNK_ROWS = 50;

export interface ImportInput {
  cooperative_id: string;
  import_id: string;
}

async function writeReport(cooperativeId: string, importId: string, errors: ImportError[]): Promise<string> {
  const key = savingsImportObjects.report(cooperativeId, importId);
  await writeErrorReport(key, errors);
  return key;
}

/**
 * First state: every row is checked before anything is written (DESIGN.md section 5). An invalid
 * file posts nothing and gets a row/column/message report. A valid one is cut into chunks of whole
 * plans (a plan's rows stay together, in date order).
 */
const task = async (input: ImportInput) => {
  const record = await findImport(input.cooperative_id, input.import_id);
  if (!record) throw new Error(`Import ${input.import_id} not found`);
  const raws = await rowsOfImport(record);
  const { rows, errors } = await resolveRows(input.cooperative_id, record.type, raws, today());
  if (errors.length > 0) {
    const reportKey = await writeReport(input.cooperative_id, input.import_id, errors);
    await updateImport(input.cooperative_id, input.import_id, {
      status: 'INVALID',
      rows_validated: raws.length,
      errors: errors.slice(0, 100),
      error_count: errors.length,
      report_key: reportKey,
    });
    return { ...input, valid: false, chunks: [] };
  }
  await updateImport(input.cooperative_id, input.import_id, { status: 'WRITING', rows_validated: raws.length, rows_total: raws.length });
  const groups = new Map<string, number[]>();
  for (const row of rows) groups.set(row.plan_key, [...(groups.get(row.plan_key) ?? []), row.row]);
  const chunks = chunkGroups([...groups.values()], CHUNK_ROWS).map((chunk) => ({ ...input, rows: chunk }));
  return { ...input, valid: true, chunks };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = (input: ImportInput) => withCooperativeRules(input.cooperative_id, () => task(input));
