import { BATCH_SHARDS } from '#core/batch-ledger';
import { readObject } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { reversePayrollRow } from '../../payroll/posting.ts';
import { rowsOfMembers } from '../../payroll/row-entity.ts';
import { findRun, ownsRow, updateRun, withTakeovers } from '../../payroll/runs.ts';
import { observed, taskKeys } from '#core/observability';

/**
 * Reverses a chunk's rows, each once (a row already reversed is found by its reversal row item); only rows the run owns
 * (prepare.ts).
 */
const reverseRows = async (input: { cooperative_id: string; run_id: string; chunk: number }) => {
  const stored = await findRun(input.cooperative_id, input.run_id);
  if (!stored) throw new Error(`Payroll run ${input.run_id} not found`);
  const run = await withTakeovers(stored);
  const ids = JSON.parse(
    (await readObject(objectKeys.payrollReversalChunk(run.cooperative_id, run.id, input.chunk))).toString('utf8'),
  ) as string[];
  const records = await rowsOfMembers(run.cooperative_id, run.batch_key, ids);
  let reversed = 0;
  let pending = 0;
  for (const id of ids) {
    const record = records.get(id);
    if (!record || !ownsRow(run, record)) continue;
    await reversePayrollRow(run, record, input.chunk % BATCH_SHARDS);
    reversed++;
    if (++pending >= 20) {
      await updateRun(run.cooperative_id, run.id, {}, { rows_reversed: pending });
      pending = 0;
    }
  }
  if (pending > 0) await updateRun(run.cooperative_id, run.id, {}, { rows_reversed: pending });
  return { reversed };
};

export const handler = observed('payroll-reversal', reverseRows, taskKeys);
