import type { LoanRow } from '@coopledger/shared/loan-schedule';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import { FREQUENCIES } from '@coopledger/shared/schemas/savings';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_STATUS,
  SAVINGS_PLAN_STATUS,
  SCHEDULE_LINE_STATUS,
} from '@coopledger/shared/statuses';
import type { Item, TransactItem } from '#core/db';
import { eachQueryPage } from '#core/db';
import { entityDefaults, getEntity, read, tableKeyAttributes, transactItem } from '#core/entity';
import { PAYROLL_DUE_SHARDS, keys } from '#core/keys';
import type { LoanRecord } from '../loans/loan-entity.ts';
import { LoanEntity } from '../loans/loan-entity.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { PlanEntity } from '../savings/plan-entity.ts';

/**
 * Payroll due items (docs/data-model.md "Payroll"; docs/decisions.md 2026-11-26 "Payroll dues from
 * what is due"): what the payroll's dues are computed from, one item per active savings plan and per
 * repaying loan (approved, not completed), in the cooperative's PAYDUES partitions. A loan's item
 * holds what it still owes by payment date (`owed_by_date`), never its schedule. Each is written in
 * the same transaction as the change of its plan or loan: a plan's opening (savings/plans.ts) and
 * contribution change (savings/requests.ts); a loan's approval and marks (loans/approval.ts), import
 * (loans/import.ts), offsets (loans/offsets.ts), payroll rows and their reversal (payroll/posting.ts).
 * A loan that completes loses its item; one that runs again gets it back. A store order paid by payroll
 * deduction has one from its delivery until it is recovered or returned (OrderDueEntity).
 */
export const PlanDueEntity = new Entity({
  ...entityDefaults,
  name: 'PLAN_DUE',
  schema: item({
    ...tableKeyAttributes(),
    /** The plan's id. */
    id: string(),
    member_id: string(),
    product_id: string(),
    product_name: string(),
    status: number().enum(SAVINGS_PLAN_STATUS.ACTIVE),
    start_date: string(),
    end_date: string(),
    frequency: string().enum(...FREQUENCIES),
    /** The contribution per step of the frequency, kobo. */
    amount: number(),
    is_target: boolean(),
    entity: string().const('PLAN_DUE').hidden(),
  }),
});

export const LoanDueEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_DUE',
  schema: item({
    ...tableKeyAttributes(),
    /** The loan's id. */
    id: string(),
    member_id: string(),
    product_id: string(),
    product_name: string(),
    /** Application date: loans are repaid oldest first. */
    date: string(),
    repayment_type: string(),
    /** Principal and interest still owed on the unpaid installments, by payment date (kobo). */
    owed_by_date: record(string(), number()),
    entity: string().const('LOAN_DUE').hidden(),
  }),
});

/**
 * A store order paid by payroll deduction (functions/eshop/orders.ts): written when it is delivered,
 * with its monthly installments still owed by payment date; each payroll row that recovers some of it
 * rewrites it under its version (and deletes it once nothing is owed); a return deletes it.
 */
export const OrderDueEntity = new Entity({
  ...entityDefaults,
  name: 'ORDER_DUE',
  schema: item({
    ...tableKeyAttributes(),
    /** The order's id. */
    id: string(),
    order_no: string(),
    member_id: string(),
    /** Delivery date: orders are recovered oldest first. */
    date: string(),
    /** The order's total, kobo. */
    total: number(),
    /** What is still owed on each installment, by payment date (kobo). */
    owed_by_date: record(string(), number()),
    /** Raised by each change, so a change read before another is refused. */
    version: number(),
    entity: string().const('ORDER_DUE').hidden(),
  }),
});

export type DuePlan = FormattedItem<typeof PlanDueEntity>;
export type DueLoan = FormattedItem<typeof LoanDueEntity>;
export type DueOrder = FormattedItem<typeof OrderDueEntity>;

/** The due item of a payroll-paid order: read consistently; undefined once nothing is owed on it. */
export const findOrderDue = (tenant: string, memberId: string, orderId: string) =>
  getEntity(OrderDueEntity, keys.payrollDue(tenant, memberId, 'ORDER', orderId), true);

/** What is still owed on an order's installments (kobo). */
export const orderOwed = (due: Pick<DueOrder, 'owed_by_date'> | undefined): number =>
  due ? Object.values(due.owed_by_date).reduce((sum, amount) => sum + amount, 0) : 0;

/** A delivered order's due item, new (only if there is none). */
export function orderDuePut(tenant: string, due: Omit<DueOrder, 'version'>): TransactItem {
  return transactItem(
    OrderDueEntity.build(PutTransaction)
      .item({ ...keys.payrollDue(tenant, due.member_id, 'ORDER', due.id), ...due, version: 0 })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

/**
 * An order's due item after a change that leaves `owed` owing, from the item as read: rewritten with
 * its version raised, or deleted when nothing is owed, only while it is still at the version read.
 */
export function orderDueAfter(tenant: string, read: DueOrder, owed: Record<string, number>): TransactItem {
  const key = keys.payrollDue(tenant, read.member_id, 'ORDER', read.id);
  const unchanged = { attr: 'version', eq: read.version } as const;
  const left = Object.fromEntries(Object.entries(owed).filter(([, amount]) => amount > 0));
  if (Object.keys(left).length === 0)
    return transactItem(OrderDueEntity.build(DeleteTransaction).key(key).options({ condition: unchanged }).params());
  const { version, ...fields } = read;
  return transactItem(
    OrderDueEntity.build(PutTransaction)
      .item({ ...key, ...fields, owed_by_date: left, version: version + 1 })
      .options({ condition: unchanged })
      .params(),
  );
}

/** Holds only while an order has no due item (all recovered): a return's check against a reversal putting it back. */
export const orderDueGone = (tenant: string, memberId: string, orderId: string): TransactItem =>
  transactItem(
    OrderDueEntity.build(ConditionCheck)
      .key(keys.payrollDue(tenant, memberId, 'ORDER', orderId))
      .condition({ attr: 'id', exists: false })
      .params(),
  );

/** An order's due item put back as it was before a change that deleted it (only if it is still gone). */
export function orderDueRestored(tenant: string, due: DueOrder): TransactItem {
  return transactItem(
    OrderDueEntity.build(PutTransaction)
      .item({ ...keys.payrollDue(tenant, due.member_id, 'ORDER', due.id), ...due })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

/**
 * A payroll row's share taken off what an order owes, oldest payment date first: what is owed after,
 * and what was taken from each date (which a reversal adds back).
 */
export function takeInstallments(owed: Readonly<Record<string, number>>, amount: number) {
  const after: Record<string, number> = { ...owed };
  const paid: Record<string, number> = {};
  let left = amount;
  for (const date of Object.keys(after).sort()) {
    if (left <= 0) break;
    const take = Math.min(left, after[date]);
    after[date] -= take;
    paid[date] = take;
    left -= take;
  }
  if (left > 0) throw new Error(`The installments owe less than the ${amount} kobo taken`);
  return { after, paid };
}

/** The principal and interest still owed on a schedule's unpaid installments, by payment date (kobo). */
export function owedByDate(rows: readonly LoanRow[]): Record<string, number> {
  const owed: Record<string, number> = {};
  for (const row of rows) {
    if (row.is_paid === SCHEDULE_LINE_STATUS.PAID) continue;
    owed[row.payment_month] =
      (owed[row.payment_month] ?? 0) + row.principal - row.principal_paid + (row.interest - row.interest_paid);
  }
  return owed;
}

type DuePlanSource = Pick<
  PlanRecord,
  | 'cooperative_id'
  | 'id'
  | 'member_id'
  | 'product_id'
  | 'product_name'
  | 'start_date'
  | 'end_date'
  | 'frequency'
  | 'amount'
  | 'is_target'
>;

/** The due item of an active plan, written whole. */
export function planDuePut(plan: DuePlanSource): TransactItem {
  const { cooperative_id, ...fields } = plan;
  return transactItem(
    PlanDueEntity.build(PutTransaction)
      .item({
        ...keys.payrollDue(cooperative_id, plan.member_id, 'PLAN', plan.id),
        ...fields,
        status: SAVINGS_PLAN_STATUS.ACTIVE,
      })
      .params(),
  );
}

/** The removal of a closed plan's due item (a member's exit). */
export const planDueGone = (plan: Pick<PlanRecord, 'cooperative_id' | 'member_id' | 'id'>): TransactItem =>
  transactItem(
    PlanDueEntity.build(DeleteTransaction)
      .key(keys.payrollDue(plan.cooperative_id, plan.member_id, 'PLAN', plan.id))
      .params(),
  );

type DueLoanSource = Pick<
  LoanRecord,
  'cooperative_id' | 'id' | 'member_id' | 'product_id' | 'product_name' | 'date' | 'repayment_type'
>;

/**
 * A loan's due item after a change that leaves `rows` as its schedule: written whole while the loan
 * is repaying, deleted otherwise (completed).
 */
export function loanDueAfter(loan: DueLoanSource, rows: readonly LoanRow[], repaying: boolean): TransactItem {
  const key = keys.payrollDue(loan.cooperative_id, loan.member_id, 'LOAN', loan.id);
  if (!repaying) return transactItem(LoanDueEntity.build(DeleteTransaction).key(key).params());
  return transactItem(
    LoanDueEntity.build(PutTransaction)
      .item({
        ...key,
        id: loan.id,
        member_id: loan.member_id,
        product_id: loan.product_id,
        product_name: loan.product_name,
        date: loan.date,
        repayment_type: loan.repayment_type,
        owed_by_date: owedByDate(rows),
      })
      .params(),
  );
}

export interface DueItems {
  plans: DuePlan[];
  loans: DueLoan[];
  orders: DueOrder[];
}

/**
 * The cooperative's payroll due items, page by page as DynamoDB returns them: one consistent Query of
 * each PAYDUES partition, the partitions in parallel, each page checked against its entity and given
 * to `onPage` before the next arrives, so a caller can start on what it needs (the members' names)
 * while the rest is read.
 */
export async function eachDuePage(tenant: string, onPage: (page: DueItems) => void): Promise<void> {
  await Promise.all(
    Array.from({ length: PAYROLL_DUE_SHARDS }, async (_, shard) => {
      await eachQueryPage<Item>(
        {
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.payrollDuesPartition(tenant, shard) },
          ConsistentRead: true,
        },
        (items) => {
          const page: DueItems = { plans: [], loans: [], orders: [] };
          for (const stored of items) {
            if (stored.entity === 'LOAN_DUE') page.loans.push(read(LoanDueEntity, stored));
            else if (stored.entity === 'ORDER_DUE') page.orders.push(read(OrderDueEntity, stored));
            else page.plans.push(read(PlanDueEntity, stored));
          }
          onPage(page);
        },
      );
    }),
  );
}

/** The cooperative's payroll due items: every page of `eachDuePage`. */
export async function cooperativeDueItems(tenant: string): Promise<DueItems> {
  const found: DueItems = { plans: [], loans: [], orders: [] };
  await eachDuePage(tenant, (page) => {
    found.plans.push(...page.plans);
    found.loans.push(...page.loans);
    found.orders.push(...page.orders);
  });
  return found;
}

/**
 * The due item of a loan stored before due items existed (due-backfill.ts): written (or removed when
 * the loan is not repaying) under the condition that the loan is still at the version and marks read.
 */
export function loanDueBackfill(loan: LoanRecord): TransactItem[] {
  const repaying = loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED;
  const unchanged = LoanEntity.build(ConditionCheck)
    .key({ cooperative_id: loan.cooperative_id, id: loan.id })
    .condition({
      and: [
        { attr: 'version', eq: loan.version },
        { attr: 'status', eq: loan.status },
        { attr: 'is_paid', eq: loan.is_paid },
      ],
    });
  return [transactItem(unchanged.params()), loanDueAfter(loan, loan.schedule, repaying)];
}

/**
 * The due item of a plan stored before due items existed (removed when inactive), under the condition
 * that its status and contribution are still the ones read.
 */
export function planDueBackfill(plan: PlanRecord): TransactItem[] {
  const unchanged = PlanEntity.build(ConditionCheck)
    .key({ cooperative_id: plan.cooperative_id, id: plan.id })
    .condition({
      and: [
        { attr: 'status', eq: plan.status },
        { attr: 'amount', eq: plan.amount },
      ],
    });
  const key = keys.payrollDue(plan.cooperative_id, plan.member_id, 'PLAN', plan.id);
  const write =
    plan.status === SAVINGS_PLAN_STATUS.ACTIVE
      ? planDuePut(plan)
      : transactItem(PlanDueEntity.build(DeleteTransaction).key(key).params());
  return [transactItem(unchanged.params()), write];
}
