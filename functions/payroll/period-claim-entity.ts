import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PAYROLL_REPAYMENT_TYPES } from '@coopledger/shared/schemas/payroll';
import type { PayrollRepaymentType } from '@coopledger/shared/schemas/payroll';
import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import { entityDefaults, getEntity, transactItem, writeItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The claim on a payroll period and repayment type (DESIGN.md section 5: a period is posted once):
 * the run that holds it and the period's generation (a reversal moves it on, so the next run posts
 * a new batch). docs/data-model.md, "Period claim". The item does not store its
 * cooperative: its key inputs are the table's `pk` and `sk` (from keys.payrollPeriod).
 */
export const PeriodClaimEntity = new Entity({
  ...entityDefaults,
  name: 'PAYROLL_PERIOD',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    /** The run holding the period. */
    run_id: string(),
    /** Moved on when the holding run is reversed. */
    generation: number(),
    /**
     * What is read of a claim is its run and generation (and `updated_at`, for an abandoned
     * claim); an upload writes the period and the entity name too, but a claim without them still
     * holds its period.
     */
    start_date: string().optional(),
    end_date: string().optional(),
    repayment_type: string()
      .enum(...PAYROLL_REPAYMENT_TYPES)
      .optional(),
    updated_at: string().optional(),
    entity: string().const('PAYROLL_PERIOD').optional().hidden(),
  }),
});

export type PeriodClaim = FormattedItem<typeof PeriodClaimEntity>;
export interface Period {
  start_date: string;
  end_date: string;
  repayment_type: PayrollRepaymentType;
}

const claimKey = (tenant: string, p: Period) => keys.payrollPeriod(tenant, p.start_date, p.end_date, p.repayment_type);

export const getClaim = (tenant: string, period: Period): Promise<PeriodClaim | undefined> =>
  getEntity(PeriodClaimEntity, claimKey(tenant, period), true);

/**
 * The claim taken for a new run, in the run's transaction: only if no claim exists, or, when one
 * was read, only if it still names the run and generation read.
 */
export function claimItem(
  tenant: string,
  period: Period,
  runId: string,
  generation: number,
  previous: PeriodClaim | undefined,
  at: string,
): TransactItem {
  const { start_date, end_date, repayment_type } = period;
  const put = PeriodClaimEntity.build(PutTransaction).item({
    ...claimKey(tenant, period),
    entity: 'PAYROLL_PERIOD',
    start_date,
    end_date,
    repayment_type,
    run_id: runId,
    generation,
    updated_at: at,
  });
  const condition = previous
    ? {
        and: [
          { attr: 'run_id', eq: previous.run_id },
          { attr: 'generation', eq: previous.generation },
        ],
      }
    : { attr: 'pk', exists: false };
  return transactItem(put.options({ condition } as Parameters<typeof put.options>[0]).params());
}

/**
 * Opens the period again once its run is reversed: the generation moves on, if the claim still
 * names the run in its generation (false when an earlier attempt already moved it).
 */
export function reopenClaim(tenant: string, period: Period, run: { id: string; generation: number }): Promise<boolean> {
  const update = PeriodClaimEntity.build(UpdateTransaction)
    .item({ ...claimKey(tenant, period), generation: run.generation + 1, updated_at: nowIso() })
    .options({
      condition: {
        and: [
          { attr: 'run_id', eq: run.id },
          { attr: 'generation', eq: run.generation },
        ],
      },
    });
  return writeItem(update.params());
}
