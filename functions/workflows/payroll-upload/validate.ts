import { storedKobo, sumKobo } from '@coopledger/shared/money';
import { withCooperativeRules } from '#core/cooperative-rules';
import { findRun, updateRun } from '../../payroll/runs.ts';
import { readRunFile, validateRun, writeChunks, writeExpected, writeReport } from '../../payroll/validation.ts';
import { observed, taskKeys } from '#core/observability';

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
  const result = await validateRun(run, await readRunFile(run), (rows) =>
    updateRun(run.cooperative_id, run.id, { rows_validated: rows }),
  );
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
  // Sums over up to 20,000 rows: exact, stored as numbers or, past 2^53 kobo, bigints.
  const expected = sumKobo(result.expected.map((m) => m.expected));
  const received = sumKobo(result.plans.map((p) => p.received));
  await updateRun(run.cooperative_id, run.id, {
    status: 'POSTING',
    rows_total: result.rowsTotal,
    rows_validated: result.rowsTotal,
    chunks,
    members_expected: result.expected.filter((m) => m.expected > 0).length,
    expected_total: storedKobo(expected),
    received_total: storedKobo(received),
    shortfall_total: storedKobo(sumKobo(result.expected.map((m) => Math.max(0, m.expected - m.received)))),
    excess_total: storedKobo(sumKobo(result.expected.map((m) => Math.max(0, m.received - m.expected)))),
  });
  return { ...input, valid: true, chunks: Array.from({ length: chunks }, (_, chunk) => ({ ...input, chunk })) };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = observed(
  'payroll-upload',
  (input: RunInput) => withCooperativeRules(input.cooperative_id, () => task(input)),
  taskKeys,
);
