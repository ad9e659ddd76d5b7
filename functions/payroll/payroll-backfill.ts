import { countSet } from '#core/list-counter-entity';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { PAYROLL_RUNS, listRuns } from './run-entity.ts';

/** Payroll runs uploaded before the runs list was counted: the count set to the recount. */
export const payrollRunsBackfill: BackfillStep = {
  name: 'payroll runs counter',
  async writes(cooperativeId) {
    return [countSet(cooperativeId, PAYROLL_RUNS, (await listRuns(cooperativeId)).length)];
  },
};
