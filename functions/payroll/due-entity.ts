import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import { FREQUENCIES } from '@coopledger/shared/schemas/savings';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';
import type { Item } from '#core/db';
import { queryAll } from '#core/db';
import { entityDefaults, read, tableKeyAttributes } from '#core/entity';
import { PAYROLL_DUE_SHARDS, keys } from '#core/keys';
import { TABLE_SCHEMA } from '#core/table-schema';

/**
 * What payroll dues are computed from, as the sparse index gsi3 projects it (docs/data-model.md
 * "Payroll"): the active savings plans and the repaying loans of a cooperative, each with the few
 * attributes the dues need. A loan brings what it owes by payment date (`owed_by_date`, kept by
 * every write of its schedule in loans/loan-entity.ts), never its schedule. Plans and loans write
 * the index keys themselves (savings/plan-entity.ts `putPlan`; loans/loan-entity.ts `putLoan`,
 * `approvalEffect`, `markUpdate`, `loanRepaymentUpdate`, `loanReversalUpdate`).
 */
export const DuePlanEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_PLAN_DUE',
  schema: item({
    ...tableKeyAttributes(),
    id: string(),
    member_id: string(),
    product_id: string(),
    product_name: string(),
    status: number().enum(SAVINGS_PLAN_STATUS.ACTIVE, SAVINGS_PLAN_STATUS.INACTIVE),
    start_date: string(),
    end_date: string(),
    frequency: string().enum(...FREQUENCIES),
    amount: number(),
    is_target: boolean(),
  }),
});

export const DueLoanEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_DUE',
  schema: item({
    ...tableKeyAttributes(),
    id: string(),
    member_id: string(),
    product_id: string(),
    product_name: string(),
    status: number().enum(LOAN_STATUS.PENDING, LOAN_STATUS.APPROVED, LOAN_STATUS.REJECTED),
    is_paid: number().enum(
      LOAN_REPAYMENT_STATUS.RUNNING,
      LOAN_REPAYMENT_STATUS.COMPLETED,
      LOAN_REPAYMENT_STATUS.INCOMPLETE,
    ),
    /** Application date: loans are repaid oldest first. */
    date: string(),
    repayment_type: string(),
    owed_by_date: record(string(), number()),
  }),
});

export type DuePlan = FormattedItem<typeof DuePlanEntity>;
export type DueLoan = FormattedItem<typeof DueLoanEntity>;

export interface DueItems {
  plans: DuePlan[];
  loans: DueLoan[];
}

const [, , dueIndex] = TABLE_SCHEMA.globalIndexes;

/** The cooperative's active plans and repaying loans: one Query of each gsi3 partition, in parallel. */
export async function cooperativeDueItems(tenant: string): Promise<DueItems> {
  const shards = await Promise.all(
    Array.from({ length: PAYROLL_DUE_SHARDS }, (_, shard) =>
      queryAll<Item>({
        IndexName: dueIndex.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': dueIndex.partitionKey },
        ExpressionAttributeValues: { ':pk': keys.payrollDuesPartition(tenant, shard) },
      }),
    ),
  );
  const found: DueItems = { plans: [], loans: [] };
  for (const stored of shards.flat()) {
    if (String(stored[dueIndex.sortKey]).includes('#LOAN#')) found.loans.push(read(DueLoanEntity, stored));
    else found.plans.push(read(DuePlanEntity, stored));
  }
  return found;
}
