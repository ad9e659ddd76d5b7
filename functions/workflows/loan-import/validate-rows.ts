import { withCooperativeRules } from '#core/cooperative-rules';
import { writeErrorReport } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { today } from '@coopledger/shared/dates';
import { findLoanImport, resolveLoanRows, rowsOfLoanImport, updateLoanImport } from '../../loans/import.ts';

/** Rows per WriteRows task. */
export const CHUNK_ROWS = 25;

export interface ImportInput {
  cooperative_id: string;
  import_id: string;
}

/**
 * First state: every row is checked before anything is written (DESIGN.md section 5). An invalid
 * file creates nothing and gets a row/column/message report. A valid one is cut into chunks of rows.
 */
const task = async (input: ImportInput) => {
  const record = await findLoanImport(input.cooperative_id, input.import_id);
  if (!record) throw new Error(`Import ${input.import_id} not found`);
  const raws = await rowsOfLoanImport(record);
  const { rows, errors } = await resolveLoanRows(input.cooperative_id, raws, today());
  if (errors.length > 0) {
    const reportKey = objectKeys.loanImportReport(input.cooperative_id, input.import_id);
    await writeErrorReport(reportKey, errors);
    await updateLoanImport(input.cooperative_id, input.import_id, {
      status: 'INVALID',
      rows_validated: raws.length,
      errors: errors.slice(0, 100),
      error_count: errors.length,
      report_key: reportKey,
    });
    return { ...input, valid: false, chunks: [] };
  }
  await updateLoanImport(input.cooperative_id, input.import_id, { status: 'WRITING', rows_validated: raws.length, rows_total: raws.length });
  const chunks: { cooperative_id: string; import_id: string; rows: number[] }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) chunks.push({ ...input, rows: rows.slice(i, i + CHUNK_ROWS).map((r) => r.row) });
  return { ...input, valid: true, chunks };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = (input: ImportInput) => withCooperativeRules(input.cooperative_id, () => task(input));
