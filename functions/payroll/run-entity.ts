import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PAYROLL_REPAYMENT_TYPES } from '@coopledger/shared/schemas/payroll';
import { PAYROLL_RUN_STATUSES } from '@coopledger/shared/statuses';
import type { PayrollRunStatus } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import { entityDefaults, getEntity, transactItem, writeItem, entitiesIn } from '#core/entity';
import type { AppError } from '#core/errors';
import { keys } from '#core/keys';
import { countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';

const rowError = map({ row: number(), column: string(), message: string() });

/**
 * A payroll run (one upload of a period's deductions file): its key, its stored record, its
 * statuses (PAYROLL_RUN_STATUSES), its list and its builders. docs/data-model.md, "Payroll run";
 * the run's life is in runs.ts.
 */
export const PayrollRunEntity = new Entity({
  ...entityDefaults,
  name: 'PAYROLL_RUN',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    start_date: string(),
    end_date: string(),
    repayment_type: string().enum(...PAYROLL_REPAYMENT_TYPES),
    bank_id: string(),
    bank_name: string(),
    bank_gl: string(),
    file_name: string(),
    file_key: string(),
    status: string().enum(...PAYROLL_RUN_STATUSES),
    /** The period's generation when the run started: its rows' batch is `batch_key`. */
    generation: number(),
    batch_key: string(),
    posting_date: string(),
    rows_total: number(),
    rows_validated: number(),
    rows_posted: number(),
    rows_already: number(),
    rows_reversed: number(),
    members_expected: number(),
    /** Kobo: sums over the file's rows (bigint once past 2^53). */
    expected_total: number().big(),
    received_total: number().big(),
    shortfall_total: number().big(),
    excess_total: number().big(),
    chunks: number(),
    errors: list(rowError).optional(),
    error_count: number().optional(),
    report_key: string().optional(),
    reconciliation_key: string().optional(),
    execution_arn: string().optional(),
    reversal_execution_arn: string().optional(),
    journal_ids: list(string()).optional(),
    created_by: string(),
    created_at: string(),
    updated_at: string(),
    reversed_by: string().optional(),
    reversed_at: string().optional(),
    /** What the run was when its reversal started (a refused reversal puts it back). */
    status_before_reversal: string()
      .enum(...PAYROLL_RUN_STATUSES)
      .optional(),
    /** The later run of the same period that took over after this one failed or was refused. */
    superseded_by: string().optional(),
    /**
     * The runs of the period, in this run's generation, that were refused or stopped and whose claim
     * this run took over (their own takeovers included): the rows they posted are this run's to
     * reverse, with its own. Absent on runs stored before runs recorded it.
     */
    took_over: list(string()).optional(),
    /** Reversals started (each is its own workflow execution). */
    reversal_attempts: number().optional(),
    /** The application's own entity name (not Toolbox's). */
    entity: string().const('PAYROLL_RUN').hidden(),
    /** The cooperative's runs (always written; a run missing from the index is still read as a run). */
    gsi1pk: string().optional().hidden(),
    gsi1sk: string().optional().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.payrollRun(cooperative_id, id),
});

export type PayrollRun = FormattedItem<typeof PayrollRunEntity>;
type RunInput = Omit<InputItem<typeof PayrollRunEntity>, 'entity' | 'gsi1pk' | 'gsi1sk'>;

export const findRun = (tenant: string, runId: string): Promise<PayrollRun | undefined> =>
  getEntity(PayrollRunEntity, keys.payrollRun(tenant, runId), true);

/** The cooperative's runs, newest first (one Query of gsi1). */
export function listRuns(tenant: string): Promise<PayrollRun[]> {
  return entitiesIn(PayrollRunEntity, keys.payrollRunsPartition(tenant), { index: 'gsi1', reverse: true });
}

/** The counted list of a cooperative's runs (added to by each upload's transaction; runs are never deleted). */
export const PAYROLL_RUNS = 'payroll-runs#all';

/** One page of the cooperative's runs, newest first (gsi1), with the runs' count. */
export const runPage = (tenant: string, request: PageRequest) =>
  entityPage(PayrollRunEntity, keys.payrollRunsPartition(tenant), request, {
    index: 'gsi1',
    reverse: true,
    total: countedTotal(tenant, PAYROLL_RUNS),
  });

/** A run's item with its entry in the cooperative's list of runs; `onlyIfNew` conditions it on the id being new. */
export function putRunItem(run: RunInput, onlyIfNew: boolean): TransactItem {
  const put = PayrollRunEntity.build(PutTransaction).item({
    ...run,
    ...keys.payrollRunIndex(run.cooperative_id, run.id),
  });
  return transactItem((onlyIfNew ? put.options({ condition: { attr: 'id', exists: false } }) : put).params());
}

/** Writes a run as it is (tests stage runs with it; an upload writes its run with the period's claim). */
export async function putRun(run: RunInput): Promise<void> {
  await writeItem(putRunItem(run, false));
}

type Counter = 'rows_posted' | 'rows_already' | 'rows_reversed' | 'rows_validated';
/** The attributes a run's progress sets (lists are replaced whole). */
export type RunChanges = Partial<
  Omit<PayrollRun, 'cooperative_id' | 'id' | 'created_by' | 'created_at' | 'updated_at'>
>;

const wholeLists = (set: RunChanges) => ({
  ...set,
  ...(set.errors ? { errors: $set(set.errors) } : {}),
  ...(set.journal_ids ? { journal_ids: $set(set.journal_ids) } : {}),
  ...(set.took_over ? { took_over: $set(set.took_over) } : {}),
});

/** Sets attributes of a run and adds to its counters, in one update; `updated_at` is always set. */
export function runUpdate(tenant: string, runId: string, set: RunChanges, add: Partial<Record<Counter, number>> = {}) {
  const counters = Object.fromEntries(Object.entries(add).map(([name, by]) => [name, $add(by)]));
  return PayrollRunEntity.build(UpdateTransaction).item({
    ...wholeLists(set),
    ...counters,
    cooperative_id: tenant,
    id: runId,
    updated_at: nowIso(),
  });
}

/** Writes `runUpdate` (one UpdateItem). */
export async function updateRun(
  tenant: string,
  runId: string,
  set: RunChanges,
  add: Partial<Record<Counter, number>> = {},
): Promise<void> {
  await writeItem(runUpdate(tenant, runId, set, add).params());
}

/**
 * A reversal's start: the run goes to REVERSING from the status it was read in, with its earlier
 * errors cleared, under the condition that it is still in that status and no later run took over.
 */
export async function startReversalItem(
  run: Pick<PayrollRun, 'cooperative_id' | 'id' | 'status'>,
  by: string,
  attempt: number,
  error: AppError,
): Promise<void> {
  const update = PayrollRunEntity.build(UpdateTransaction)
    .item({
      cooperative_id: run.cooperative_id,
      id: run.id,
      status: 'REVERSING',
      reversed_by: by,
      status_before_reversal: run.status,
      reversal_attempts: attempt,
      updated_at: nowIso(),
      errors: $remove(),
      error_count: $remove(),
    })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: run.status },
          { attr: 'superseded_by', exists: false },
        ],
      },
    });
  await writeItem(update.params(), error);
}

/**
 * A takeover, in the claim's transaction: the period's last run is marked superseded by the new
 * one, only if it still exists, is refused, stopped or reversed, and no other run took over.
 */
export function supersedeItem(
  holder: Pick<PayrollRun, 'cooperative_id' | 'id'>,
  by: string,
  handsOver: readonly PayrollRunStatus[],
  at: string,
): TransactItem {
  const update = PayrollRunEntity.build(UpdateTransaction)
    .item({ cooperative_id: holder.cooperative_id, id: holder.id, superseded_by: by, updated_at: at })
    .options({
      condition: {
        and: [
          { attr: 'id', exists: true },
          { attr: 'status', in: [...handsOver] },
          { attr: 'superseded_by', exists: false },
        ],
      },
    });
  return transactItem(update.params());
}
