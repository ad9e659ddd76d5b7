import { storedKobo, sumKobo } from '@coopledger/shared/money';
import { failureMessage } from '../../payroll/failures.ts';
import { settleRun } from '../../payroll/posting.ts';
import { writeReconciliation } from '../../payroll/reconciliation.ts';
import { findRun, updateRun } from '../../payroll/runs.ts';
import { observed, taskKeys } from '#core/observability';

interface FinishInput {
  cooperative_id: string;
  run_id: string;
  /** Set when a chunk failed (the Map's Catch): what was posted is settled and the run marked FAILED. */
  failure?: { Error?: string; Cause?: string };
}

/**
 * Last state of a payroll run: the rows posted are settled as one summarised journal (also when a
 * chunk failed, so the ledger always holds what the subledger does), then the reconciliation is
 * written and the run completed, or marked FAILED with the reason.
 */
const finish = async (input: FinishInput) => {
  const run = await findRun(input.cooperative_id, input.run_id);
  if (!run) throw new Error(`Payroll run ${input.run_id} not found`);
  const settled = await settleRun(run);
  const journalIds = [...(run.journal_ids ?? []), ...(settled.journalId ? [settled.journalId] : [])];
  if (input.failure) {
    const message = `${failureMessage(input.failure)} Rows posted so far are kept; upload the file again to post the rest (posted rows are not posted twice).`;
    await updateRun(run.cooperative_id, run.id, {
      status: 'FAILED',
      errors: [{ row: 0, column: '', message }],
      error_count: 1,
      journal_ids: journalIds,
    });
    return { ...input, status: 'FAILED' };
  }
  const { key, rows } = await writeReconciliation(run);
  await updateRun(run.cooperative_id, run.id, {
    status: 'COMPLETED',
    reconciliation_key: key,
    journal_ids: journalIds,
    received_total: storedKobo(sumKobo(rows.map((r) => r.received))),
    shortfall_total: storedKobo(sumKobo(rows.map((r) => Math.max(0, r.expected - r.received)))),
    excess_total: storedKobo(sumKobo(rows.map((r) => Math.max(0, r.received - r.expected)))),
  });
  return { cooperative_id: run.cooperative_id, run_id: run.id, status: 'COMPLETED' };
};

export const handler = observed('payroll-upload', finish, taskKeys);
