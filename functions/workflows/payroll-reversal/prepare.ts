import { findBatchRows } from '#core/batch-ledger';
import { putObject } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { reversalProblems } from '../../payroll/posting.ts';
import { rowsOfBatch } from '../../payroll/row-entity.ts';
import {
  PAYROLL_CHUNK_ROWS,
  findRun,
  ownsRow,
  reversalBatchKey,
  updateRun,
  withTakeovers,
} from '../../payroll/runs.ts';
import { observed, taskKeys } from '#core/observability';

/**
 * First state of a reversal: every row the run posted (itself, or a stopped run it took over) is
 * checked before anything changes (a loan repaid since, savings spent since). Any problem refuses
 * the reversal with the reasons; the rows are then cut into chunks of member numbers (S3). Rows of
 * the period's batch that another run posted are not this run's to undo. The runs it took over are
 * written on the run (found for a run stored before it recorded them), for the ReverseRows tasks.
 */
const prepare = async (input: { cooperative_id: string; run_id: string }) => {
  const stored = await findRun(input.cooperative_id, input.run_id);
  if (!stored) throw new Error(`Payroll run ${input.run_id} not found`);
  const run = await withTakeovers(stored);
  const rows = (await rowsOfBatch(run.cooperative_id, run.batch_key)).filter((row) => ownsRow(run, row));
  const reversed = await findBatchRows(
    run.cooperative_id,
    reversalBatchKey(run.batch_key),
    rows.map((r) => r.member_id),
  );
  const pending = rows.filter((r) => !reversed.has(r.member_id));
  const errors: { row: number; column: string; message: string }[] = [];
  for (const row of pending) {
    for (const problem of await reversalProblems(run, row))
      errors.push({ row: row.row, column: row.member_id, message: problem });
  }
  if (errors.length > 0) {
    errors.unshift({
      row: 0,
      column: '',
      message: `The reversal was refused and nothing was changed: ${errors.length} row(s) cannot be reversed.`,
    });
    const status = reversed.size > 0 ? 'REVERSAL_FAILED' : (run.status_before_reversal ?? 'COMPLETED');
    await updateRun(run.cooperative_id, run.id, { status, errors: errors.slice(0, 100), error_count: errors.length });
    return { ...input, ok: false, chunks: [] };
  }
  const ids = pending.map((r) => r.member_id);
  let chunks = 0;
  for (let i = 0; i < ids.length; i += PAYROLL_CHUNK_ROWS) {
    await putObject(
      objectKeys.payrollReversalChunk(run.cooperative_id, run.id, chunks),
      Buffer.from(JSON.stringify(ids.slice(i, i + PAYROLL_CHUNK_ROWS))),
      'application/json',
    );
    chunks++;
  }
  await updateRun(run.cooperative_id, run.id, { rows_reversed: reversed.size, took_over: run.took_over });
  return { ...input, ok: true, chunks: Array.from({ length: chunks }, (_, chunk) => ({ ...input, chunk })) };
};

export const handler = observed('payroll-reversal', prepare, taskKeys);
