import { nowIso } from '#core/db';
import { failureMessage } from '../../payroll/failures.ts';
import { settleRun } from '../../payroll/posting.ts';
import { findRun, reopenPeriod, updateRun } from '../../payroll/runs.ts';
import { observed, taskKeys } from '#core/observability';

/**
 * Last state of a reversal: the reversed rows are settled as one summarised journal (also when a
 * chunk failed), then the period is opened again and the run marked REVERSED, or REVERSAL_FAILED
 * with the reason (reversing again finishes it).
 */
const finish = async (input: {
  cooperative_id: string;
  run_id: string;
  failure?: { Error?: string; Cause?: string };
}) => {
  const run = await findRun(input.cooperative_id, input.run_id);
  if (!run) throw new Error(`Payroll run ${input.run_id} not found`);
  const settled = await settleRun(run, true);
  const journalIds = [...(run.journal_ids ?? []), ...(settled.journalId ? [settled.journalId] : [])];
  if (input.failure) {
    const message = `${failureMessage(input.failure).replace('The run stopped', 'The reversal stopped')} Rows reversed so far are kept; reverse the run again to finish.`;
    await updateRun(run.cooperative_id, run.id, {
      status: 'REVERSAL_FAILED',
      errors: [{ row: 0, column: '', message }],
      error_count: 1,
      journal_ids: journalIds,
    });
    return { ...input, status: 'REVERSAL_FAILED' };
  }
  await reopenPeriod(run);
  await updateRun(run.cooperative_id, run.id, { status: 'REVERSED', reversed_at: nowIso(), journal_ids: journalIds });
  return { cooperative_id: run.cooperative_id, run_id: run.id, status: 'REVERSED' };
};

export const handler = observed('payroll-reversal', finish, taskKeys);
