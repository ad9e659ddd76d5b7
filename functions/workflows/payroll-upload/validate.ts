import { withCooperativeRules } from '#core/cooperative-rules';
import { findRun, updateRun } from '../../payroll/runs.ts';
import { readRunFile, validateRun, writeChunks, writeExpected, writeReport } from '../../payroll/validation.ts';

export interface RunInput {
  cooperative_id: string;
  run_id: string;
}

/**
 * First state of a payroll run: every row is checked before anything is posted. An invalid file
 * posts nothing and gets a row/column/message report; a valid one becomes chunks of row plans.
 */
const task = async (input: RunInput) => {
  const run = await findRun(input.cooperative_id, input.run_id);
  if (!run) throw new Error(`Payroll run ${input.run_id} not found`);
  const result = await validateRun(run, await readRunFile(run), (rows) => updateRun(run.cooperative_id, run.id, { rows_validated: rows }));
  if (result.errors.length > 0) {
    const reportKey = await writeReport(run, result.errors);
    await updateRun(run.cooperative_id, run.id, {
      status: 'INVALID',
      rows_total: result.rowsTotal,
      rows_validated: result.rowsTotal,
      errors: result.errors.slice(0, 100),
      error_count: result.errors.length,
      report_key: reportKey,
    });
    return { ...input, valid: false, chunks: [] };
  }
  const chunks = await writeChunks(run, result.plans);
  await writeExpected(run, result.expected);
  const expected = result.expected.reduce((s, m) => s + m.expected, 0);
  const received = result.plans.reduce((s, p) => s + p.received, 0);
  await updateRun(run.cooperative_id, run.id, {
    status: 'POSTING',
    rows_total: result.rowsTotal,
    rows_validated: result.rowsTotal,
    chunks,
    members_expected: result.expected.filter((m) => m.expected > 0).length,
    expected_total: expected,
    received_total: received,
    shortfall_total: result.expected.reduce((s, m) => s + Math.max(0, m.expected - m.received), 0),
    excess_total: result.expected.reduce((s, m) => s + Math.max(0, m.received - m.expected), 0),
  });
  return { ...input, valid: true, chunks: Array.from({ length: chunks }, (_, chunk) => ({ ...input, chunk })) };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = (input: RunInput) => withCooperativeRules(input.cooperative_id, () => task(input));
