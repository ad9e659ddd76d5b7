import { withCooperativeRules } from '#core/cooperative-rules';
import { today } from '@coopledger/shared/dates';
import { findLoanImport, openingBalanceGl, resolveLoanRows, rowsOfLoanImport, updateLoanImport, writeImportedLoan } from '../../loans/import.ts';

interface ChunkInput {
  cooperative_id: string;
  import_id: string;
  /** File row numbers. */
  rows: number[];
}

/**
 * Creates a chunk's loans, one transaction each (functions/loans/import.ts `writeImportedLoan`): a
 * loan an earlier upload or a retried chunk already created is found by its id and left alone.
 * The rows are checked again first, so data changed since validation stops the import rather than
 * write a loan that no longer passes.
 */
const task = async (input: ChunkInput) => {
  const record = await findLoanImport(input.cooperative_id, input.import_id);
  if (!record) throw new Error(`Import ${input.import_id} not found`);
  const wanted = new Set(input.rows);
  const raws = (await rowsOfLoanImport(record)).filter((r) => wanted.has(r.row));
  const date = today();
  const { rows, errors } = await resolveLoanRows(input.cooperative_id, raws, date);
  if (errors.length > 0) throw new Error(`Rows no longer validate (the data changed during the import): ${errors.map((e) => `row ${e.row} ${e.column}: ${e.message}`).join('; ')}`);
  const equityGl = await openingBalanceGl(input.cooperative_id);
  if (!equityGl) throw new Error('The Opening Balance Equity account was deactivated during the import');

  let created = 0;
  let completed = 0;
  let already = 0;
  let amount = 0;
  for (const row of rows) {
    if (row.exists) {
      already++;
      continue;
    }
    const result = await writeImportedLoan(record, row, date, equityGl);
    if (result.outcome === 'already') already++;
    else {
      created++;
      amount += result.principal;
      if (result.completed) completed++;
    }
  }
  await updateLoanImport(input.cooperative_id, input.import_id, {}, { rows_written: rows.length, created, completed, already, amount });
  return { created, already };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = (input: ChunkInput) => withCooperativeRules(input.cooperative_id, () => task(input));
