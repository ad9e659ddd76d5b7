import { BATCH_SHARDS, findBatchRows } from '#core/batch-ledger';
import { PostingAccounts, postPayrollRow } from '../../payroll/posting.ts';
import { findRun, updateRun } from '../../payroll/runs.ts';
import { readChunk } from '../../payroll/validation.ts';
import { METRIC, countMetric, observed, taskKeys } from '#core/observability';

/** Rows between two progress updates of the run. */
const PROGRESS_EVERY = 20;

/**
 * Posts a chunk's rows, each once (functions/payroll/posting.ts): a row an earlier run of the period
 * or a retried chunk already posted is found by its row item and left alone.
 */
const postRows = async (input: { cooperative_id: string; run_id: string; chunk: number }) => {
  const run = await findRun(input.cooperative_id, input.run_id);
  if (!run) throw new Error(`Payroll run ${input.run_id} not found`);
  const plans = await readChunk(run, input.chunk);
  const existing = await findBatchRows(
    run.cooperative_id,
    run.batch_key,
    plans.map((p) => p.member_id),
  );
  const accounts = new PostingAccounts(run.cooperative_id);
  const totals = { posted: 0, already: 0 };
  let pending = { posted: 0, already: 0 };
  const flush = async () => {
    if (pending.posted + pending.already === 0) return;
    await updateRun(run.cooperative_id, run.id, {}, { rows_posted: pending.posted, rows_already: pending.already });
    pending = { posted: 0, already: 0 };
  };
  for (const plan of plans) {
    const outcome = existing.has(plan.member_id)
      ? 'already'
      : await postPayrollRow(run, plan, input.chunk % BATCH_SHARDS, accounts);
    // A row with nothing deducted posts nothing but counts as done.
    const kind = outcome === 'already' ? 'already' : 'posted';
    totals[kind]++;
    pending[kind]++;
    if (pending.posted + pending.already >= PROGRESS_EVERY) await flush();
  }
  await flush();
  countMetric(METRIC.payrollRowsPosted, totals.posted);
  return totals;
};

export const handler = observed('payroll-upload', postRows, taskKeys);
