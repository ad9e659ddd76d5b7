import { nairaFigure } from '@coopledger/shared/money';
import type { PayrollRunStatus, PayrollRunView } from '@coopledger/shared/payroll-views';
import type { PayrollRepaymentType, PayrollUploadInput } from '@coopledger/shared/schemas/payroll';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { XLSX_CONTENT_TYPE, putObject } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { countChange } from '#core/list-counter-entity';
import { logger } from '#core/logger';
import type { UploadedFile } from '#core/multipart';
import { setupRecords } from '../setup/setup-entity.ts';
import type { WorkflowExecution } from '#core/workflows';
import { describeWorkflow, findWorkflow, startWorkflow } from '#core/workflows';
import { isActive } from '@coopledger/shared/statuses';
import { claimItem, getClaim, reopenClaim } from './period-claim-entity.ts';
import type { PayrollRun } from './run-entity.ts';
import {
  PAYROLL_RUNS,
  findRun,
  listRuns,
  putRunItem,
  startReversalItem,
  supersedeItem,
  updateRun,
} from './run-entity.ts';
import type { UploadCounter } from './upload-counter-entity.ts';
import { counterItem, getUploadCounter } from './upload-counter-entity.ts';

export type { PayrollRun } from './run-entity.ts';
export { findRun, listRuns, putRun, updateRun } from './run-entity.ts';

/**
 * Payroll runs (docs/decisions.md "Payroll deductions"): one run per upload, and the claim that
 * keeps a period and repayment type from being posted twice.
 */
export const PAYROLL_UPLOAD_WORKFLOW = 'payroll-upload';
export const PAYROLL_REVERSAL_WORKFLOW = 'payroll-reversal';

/** Rows per PostRows task. */
export const PAYROLL_CHUNK_ROWS = 100;
/** The most rows one payroll file may hold. */
export const MAX_PAYROLL_ROWS = 20_000;

/** Whether a reversal of `run` undoes a posted row: one it posted, or one of a run it took over (see withTakeovers). */
export const ownsRow = (run: Pick<PayrollRun, 'id' | 'took_over'>, row: { run_id: string }) =>
  row.run_id === run.id || (run.took_over ?? []).includes(row.run_id);

/**
 * The runs `run` took over. A run stored before runs recorded `took_over` has none written: its
 * takeovers are then the runs of its batch (period, type and generation) that name it in
 * `superseded_by`, and the runs that name those, back along the chain.
 */
export async function takenOver(run: PayrollRun): Promise<string[]> {
  if (run.took_over) return run.took_over;
  const byHeir = new Map<string, PayrollRun[]>();
  for (const other of await listRuns(run.cooperative_id)) {
    if (!other.superseded_by || other.batch_key !== run.batch_key) continue;
    byHeir.set(other.superseded_by, [...(byHeir.get(other.superseded_by) ?? []), other]);
  }
  const found: string[] = [];
  for (let heirs = [run.id]; heirs.length > 0;) {
    const predecessors = heirs
      .flatMap((heir) => byHeir.get(heir) ?? [])
      .filter((p) => p.id !== run.id && !found.includes(p.id));
    found.push(...predecessors.map((p) => p.id));
    heirs = predecessors.map((p) => p.id);
  }
  return found;
}

/** The run with its takeovers, so that `ownsRow` knows every row it is to reverse. */
export const withTakeovers = async (run: PayrollRun): Promise<PayrollRun> => ({
  ...run,
  took_over: await takenOver(run),
});

/**
 * How long an upload may take between claiming its period and starting its workflow. The claim and
 * the run are written together, and the call that starts the workflow ends long before this: a
 * claim whose run was never written was abandoned, and so was a working run with no execution
 * after it (its execution is looked up by name first: the write of its ARN may be what failed).
 */
const START_GRACE_MS = 5 * 60_000;
const abandoned = (since: string | undefined) => !since || Date.now() - Date.parse(since) > START_GRACE_MS;

/** An upload's workflow execution is named by its run, so it can be found without its ARN. */
const uploadExecutionName = (runId: string) => `payroll-${runId}`;

/** The batch of a period's rows: one per period, repayment type and generation (a reversal starts the next). */
const batchKeyOf = (period: { start_date: string; end_date: string; repayment_type: string }, generation: number) =>
  `payroll#${period.start_date}#${period.end_date}#${period.repayment_type}#g${generation}`;
export const reversalBatchKey = (batchKey: string) => `${batchKey}#reversal`;

export async function requireRun(tenant: string, runId: string | undefined): Promise<PayrollRun> {
  if (!runId || !String(runId).trim()) throw invalid('run_id', 'Please select a payroll run');
  const run = await findRun(tenant, String(runId).trim());
  if (!run) throw notFound('Payroll run');
  return run;
}

const WORKING: readonly PayrollRunStatus[] = ['VALIDATING', 'POSTING', 'REVERSING'];
const POSTED: readonly PayrollRunStatus[] = ['COMPLETED', 'REVERSING', 'REVERSAL_FAILED'];

/**
 * The run as it stands: a working run whose workflow execution ended without finishing it (a task
 * crashed past its retries, or the execution was stopped) is marked FAILED (or REVERSAL_FAILED).
 * The execution's cause (a stack trace) is logged, never shown.
 */
export async function currentRun(run: PayrollRun): Promise<PayrollRun> {
  if (!WORKING.includes(run.status)) return run;
  const reversing = run.status === 'REVERSING';
  const arn = reversing ? run.reversal_execution_arn : run.execution_arn;
  let execution: WorkflowExecution | undefined;
  if (arn) {
    execution = await describeWorkflow(arn).catch(() => undefined);
  } else {
    if (reversing || !abandoned(run.updated_at)) return run;
    const found = await findWorkflow(PAYROLL_UPLOAD_WORKFLOW, uploadExecutionName(run.id)).catch(() => null);
    // Step Functions cannot say now: the run is left as it is, and looked at again.
    if (found === null) return run;
    if (!found) return markNotStarted(run);
    // The workflow started though its ARN was never recorded: the run follows it from now on.
    await updateRun(run.cooperative_id, run.id, { execution_arn: found.executionArn });
    execution = found;
  }
  if (!execution || execution.status === 'RUNNING' || execution.status === 'SUCCEEDED') return run;
  logger.error('payroll run stopped', { runId: run.id, error: execution.error, cause: execution.cause });
  const status: PayrollRunStatus = reversing ? 'REVERSAL_FAILED' : 'FAILED';
  const message = reversing
    ? 'The reversal stopped before it finished. Rows reversed so far are kept; reverse the run again to finish.'
    : 'The run stopped before it finished. Rows posted so far are kept; upload the file again to post the rest (posted rows are not posted twice).';
  const errors = [{ row: 0, column: '', message }];
  await updateRun(run.cooperative_id, run.id, { status, errors, error_count: 1 });
  return { ...run, status, errors, error_count: 1 };
}

const NOT_STARTED = [{ row: 0, column: '', message: 'The run could not be started; upload the file again' }];

/**
 * Marks FAILED a run whose workflow does not exist (it was never started), which hands its period to the next upload.
 */
async function markNotStarted(run: PayrollRun): Promise<PayrollRun> {
  await updateRun(run.cooperative_id, run.id, { status: 'FAILED', errors: NOT_STARTED, error_count: 1 });
  return { ...run, status: 'FAILED', errors: NOT_STARTED, error_count: 1 };
}

/**
 * A run that can be reversed: posted (completed, or stopped after posting rows), or a reversal to finish; never one a
 * later run took over from.
 */
export const isReversible = (run: PayrollRun) =>
  !run.superseded_by &&
  (run.status === 'COMPLETED' ||
    run.status === 'REVERSAL_FAILED' ||
    (run.status === 'FAILED' && run.rows_posted + run.rows_already > 0));

export function presentRun(run: PayrollRun, canReverse = true): PayrollRunView {
  const done = !WORKING.includes(run.status);
  return {
    id: run.id,
    start_date: run.start_date,
    end_date: run.end_date,
    repayment_type: run.repayment_type,
    bank: { id: run.bank_id, name: run.bank_name },
    file_name: run.file_name,
    status: run.status,
    done,
    rows_total: run.rows_total,
    rows_validated: run.rows_validated,
    rows_posted: run.rows_posted,
    rows_already: run.rows_already,
    rows_reversed: run.rows_reversed,
    members_expected: run.members_expected,
    expected_total: nairaFigure(run.expected_total),
    received_total: nairaFigure(run.received_total),
    shortfall_total: nairaFigure(run.shortfall_total),
    excess_total: nairaFigure(run.excess_total),
    posting_date: run.posting_date,
    error_count: run.error_count ?? run.errors?.length ?? 0,
    errors: run.errors ?? [],
    report_available: run.report_key !== undefined,
    reconciliation_available: run.reconciliation_key !== undefined,
    reversible: canReverse && isReversible(run),
    created_by: run.created_by,
    created_at: run.created_at,
    updated_at: run.updated_at,
    reversed_by: run.reversed_by ?? null,
    reversed_at: run.reversed_at ?? null,
  };
}

/** DD/MM/YYYY, as the ledger screens show dates. */
const shown = (date: string) => date.split('-').reverse().join('/');
/** 'Salary 01/11/2026 to 30/11/2026': the period in journal and transaction descriptions. */
export const periodLabel = (p: { start_date: string; end_date: string; repayment_type: string }) =>
  `${p.repayment_type} ${shown(p.start_date)} to ${shown(p.end_date)}`;
const periodText = (p: { start_date: string; end_date: string; repayment_type: string }) =>
  `${p.repayment_type} payroll for ${shown(p.start_date)} to ${shown(p.end_date)}`;

/** The states a run hands the period's claim over from: refused, stopped, or reversed. */
const HANDS_OVER: readonly PayrollRunStatus[] = ['INVALID', 'FAILED', 'REVERSED'];
/** Times an upload re-checks the overlaps when another upload of its type claimed a period meanwhile. */
const CLAIM_ATTEMPTS = 3;

type Period = { start_date: string; end_date: string };
const periodEntry = (p: Period) => `${p.start_date}|${p.end_date}`;
const entryPeriod = (entry: string): Period => {
  const [start_date = '', end_date = ''] = entry.split('|');
  return { start_date, end_date };
};
const samePeriod = (a: Period, b: Period) => a.start_date === b.start_date && a.end_date === b.end_date;
const overlaps = (a: Period, b: Period) => a.start_date <= b.end_date && b.start_date <= a.end_date;

/** A run that can never hold or post money again: refused, reversed, taken over, or stopped having posted nothing. */
const isSettled = (run: PayrollRun) =>
  run.status === 'INVALID' ||
  run.status === 'REVERSED' ||
  (run.status === 'FAILED' && (run.superseded_by !== undefined || run.rows_posted + run.rows_already === 0));

/**
 * The periods the counter keeps. A counter written before it kept them (or none yet) starts from the
 * runs of the type the index lists: runs written long before, which the index shows.
 */
async function claimedPeriods(
  tenant: string,
  type: PayrollRepaymentType,
  counter: UploadCounter | undefined,
): Promise<Record<string, string>> {
  if (counter?.periods) return { ...counter.periods };
  const runs = (await listRuns(tenant)).filter((r) => r.repayment_type === type && !isSettled(r));
  return Object.fromEntries(runs.map((r) => [r.id, periodEntry(r)]));
}

/**
 * Takes the period's claim for a new run and writes the run, in ONE transaction, before anything
 * else happens (DESIGN.md section 5: the same period and type cannot be posted twice). Refused (409)
 * while the period is posted (until a reversal) or being posted, when another posted or working run
 * of the same type overlaps it, and when another upload takes the claim first.
 *
 * The overlapping runs are found on the type's upload counter (`PAYROLLUPLOADS#<type>`), read
 * consistently with the claim, each then read by a consistent GetItem: never on the runs' index,
 * which may not show a run written a moment ago. The transaction writes the claim only if it still
 * names the run read here (or none), that run only if it is still refused, stopped or reversed (it
 * is marked superseded), and the counter, with this run's period added and settled runs' removed,
 * only if its sequence is still the one read: an upload that committed meanwhile moved it, and this
 * one checks again, now seeing that upload's period. A refused (INVALID) or stopped (FAILED) run
 * hands the claim to the next upload in the same generation, which takes over the rows it posted
 * (`took_over`), so they are found and not posted again.
 */
async function claimPeriod(
  tenant: string,
  period: Period & { repayment_type: PayrollRepaymentType },
  build: (generation: number, tookOver: string[]) => PayrollRun,
): Promise<PayrollRun> {
  const beingPosted = conflict(`The ${periodText(period)} is being posted now; follow that run's progress`);
  for (let attempt = 1; ; attempt++) {
    const [claim, counter] = await Promise.all([
      getClaim(tenant, period),
      getUploadCounter(tenant, period.repayment_type),
    ]);
    let generation = 0;
    let holder: PayrollRun | undefined;
    if (claim) {
      generation = claim.generation;
      holder = await findRun(tenant, claim.run_id);
      if (!holder && !abandoned(claim.updated_at)) throw beingPosted;
      const state = holder ? (await currentRun(holder)).status : 'REVERSED';
      if (POSTED.includes(state)) {
        throw conflict(
          `The ${periodText(period)} has already been posted (run of ${holder?.created_at.slice(0, 10)}); reverse that run to post the period again`,
        );
      }
      if (WORKING.includes(state)) throw beingPosted;
    }
    const periods = await claimedPeriods(tenant, period.repayment_type, counter);
    for (const [runId, entry] of Object.entries(periods)) {
      const claimed = entryPeriod(entry);
      // The period's own runs are the claim's (above): each handed it over to the next and is settled.
      if (samePeriod(claimed, period)) {
        delete periods[runId];
        continue;
      }
      if (!overlaps(claimed, period)) continue;
      const found = await findRun(tenant, runId);
      const other = found && (await currentRun(found));
      if (!other || isSettled(other)) {
        delete periods[runId];
        continue;
      }
      if (POSTED.includes(other.status) || other.status === 'VALIDATING' || other.status === 'POSTING') {
        throw conflict(
          `The period overlaps the ${periodText(other)}, which has been posted; a deduction may be posted once`,
        );
      }
    }
    // A reversed run's generation has moved on: its rows are not the new run's.
    const tookOver = holder && holder.generation === generation ? [holder.id, ...(await takenOver(holder))] : [];
    const run = build(generation, tookOver);
    periods[run.id] = periodEntry(period);
    const now = nowIso();
    const items: TransactItem[] = [
      claimItem(tenant, period, run.id, generation, claim, now),
      putRunItem(run, true),
      counterItem(tenant, period.repayment_type, counter, periods, now),
    ];
    if (holder) items.push(supersedeItem(holder, run.id, HANDS_OVER, now));
    // The runs list's count, last: the indexes above are those a failed condition is read by.
    items.push(countChange(tenant, PAYROLL_RUNS, 1));
    try {
      await transactWrite(items);
      return run;
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
      const failed = new Set(error.failedIndexes);
      if (failed.has(0) || failed.has(3)) throw beingPosted;
      if (attempt < CLAIM_ATTEMPTS) continue;
      throw conflict(
        `Another ${period.repayment_type} payroll upload was starting at the same time; look at the payroll runs and upload again if this one is still needed`,
      );
    }
  }
}

/** The day a period's deductions post on: its last day, or today while it runs (a posting date like any other). */
export const postingDateOf = (period: { end_date: string }, today: string) =>
  period.end_date < today ? period.end_date : today;

/** A run as an upload starts it: VALIDATING, nothing counted yet, posting on postingDateOf. */
export function newRun(input: {
  id: string;
  tenant: string;
  period: { start_date: string; end_date: string; repayment_type: PayrollRepaymentType };
  bank: { id: string; name: string; gl: string };
  file: { name: string; key: string };
  generation: number;
  /** The refused or stopped runs of the period whose claim and posted rows this run takes over. */
  tookOver?: string[];
  by: string;
  today: string;
}): PayrollRun {
  const { period } = input;
  const now = nowIso();
  return {
    id: input.id,
    cooperative_id: input.tenant,
    start_date: period.start_date,
    end_date: period.end_date,
    repayment_type: period.repayment_type,
    bank_id: input.bank.id,
    bank_name: input.bank.name,
    bank_gl: input.bank.gl,
    file_name: input.file.name,
    file_key: input.file.key,
    status: 'VALIDATING',
    generation: input.generation,
    batch_key: batchKeyOf(period, input.generation),
    posting_date: postingDateOf(period, input.today),
    rows_total: 0,
    rows_validated: 0,
    rows_posted: 0,
    rows_already: 0,
    rows_reversed: 0,
    members_expected: 0,
    expected_total: 0,
    received_total: 0,
    shortfall_total: 0,
    excess_total: 0,
    chunks: 0,
    took_over: input.tookOver ?? [],
    created_by: input.by,
    created_at: now,
    updated_at: now,
  };
}

/**
 * POST /cooperative/monthly-deduction/upload, after the fields are validated: claims the period with
 * the run (claimPeriod), then stores the file and starts the workflow. A run whose workflow does not
 * exist is marked FAILED, which hands the period to the next upload; one whose workflow started is
 * never marked FAILED here, even when a call around the start failed (a start that failed after
 * the execution began, or the write of its ARN): its execution is found by name.
 */
export async function startRun(
  tenant: string,
  input: PayrollUploadInput,
  file: UploadedFile,
  by: string,
  today: string,
): Promise<PayrollRun> {
  const bank = await setupRecords.bankAccount.get(tenant, input.bank_id);
  if (!bank || !isActive(bank.status)) throw invalid('bank_id', 'Please select bank account');
  const id = newId();
  const fileKey = objectKeys.payrollFile(tenant, id);
  const run = await claimPeriod(tenant, input, (generation, tookOver) =>
    newRun({
      id,
      tenant,
      period: input,
      bank: {
        id: bank.id,
        name: [bank.bank, bank.account_no].filter(Boolean).join(' ') || bank.id,
        gl: String(bank.coa_id),
      },
      file: { name: file.fileName, key: fileKey },
      generation,
      tookOver,
      by,
      today,
    }),
  );
  let executionArn: string;
  try {
    await putObject(fileKey, file.content, XLSX_CONTENT_TYPE);
    ({ executionArn } = await startWorkflow(
      PAYROLL_UPLOAD_WORKFLOW,
      { cooperative_id: tenant, run_id: id },
      uploadExecutionName(id),
    ));
  } catch (error) {
    const found = await findWorkflow(PAYROLL_UPLOAD_WORKFLOW, uploadExecutionName(id)).catch(() => null);
    // Not known either way: the run stays as it is until currentRun can tell.
    if (found === undefined) await markNotStarted(run);
    if (!found) throw error;
    logger.warn('payroll run started though the start call failed', { runId: id, error: String(error) });
    executionArn = found.executionArn;
  }
  try {
    await updateRun(tenant, id, { execution_arn: executionArn });
  } catch (error) {
    // The workflow runs: the run follows it by name (currentRun).
    logger.warn('payroll run execution not recorded', { runId: id, error: String(error) });
  }
  return { ...run, execution_arn: executionArn };
}

/**
 * POST /cooperative/monthly-deduction/reverse: a posted run (or a reversal that stopped) is reversed by the
 * payroll-reversal workflow.
 */
export async function startReversal(tenant: string, runId: string, by: string): Promise<PayrollRun> {
  const run = await currentRun(await requireRun(tenant, runId));
  if (run.status === 'REVERSED') throw conflict('This payroll run has already been reversed');
  if (run.status === 'REVERSING') throw conflict('This payroll run is being reversed now');
  if (run.superseded_by) throw conflict('A later run of this period took over from this one; reverse that run instead');
  if (!isReversible(run)) throw conflict('Only a posted payroll run can be reversed: this one posted nothing');
  const next = (run.reversal_attempts ?? 0) + 1;
  await startReversalItem(
    run,
    by,
    next,
    conflict('This payroll run changed while the reversal was being started; look at it again'),
  );
  const { executionArn } = await startWorkflow(
    PAYROLL_REVERSAL_WORKFLOW,
    { cooperative_id: tenant, run_id: run.id },
    `payroll-${run.id}-r${next}`,
  );
  await updateRun(tenant, run.id, { reversal_execution_arn: executionArn });
  return {
    ...run,
    status: 'REVERSING',
    reversed_by: by,
    status_before_reversal: run.status,
    reversal_attempts: next,
    errors: [],
    error_count: 0,
    reversal_execution_arn: executionArn,
  };
}

/** The claim's generation moves on once a run is reversed, so the period's next run posts afresh. */
export async function reopenPeriod(run: PayrollRun): Promise<void> {
  // False when an earlier attempt of this step already reopened it.
  await reopenClaim(run.cooperative_id, run, run);
}
