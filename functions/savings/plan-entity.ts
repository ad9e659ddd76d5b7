import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { EntityParser } from 'dynamodb-toolbox/entity/actions/parse';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { FREQUENCIES } from '@coopledger/shared/schemas/savings';
import { koboOf, storedKobo } from '@coopledger/shared/money';
import { SAVINGS_PLAN_STATUS, SCHEDULE_ITEM_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import type { AppError } from '#core/errors';
import {
  appTable,
  dateRange,
  effect,
  entityDefaults,
  getEntity,
  queryEntity,
  transactItem,
  transition,
  entitiesIn,
  read,
} from '#core/entity';
import { keys } from '#core/keys';
import { countedTotal } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, partitionCount, partitionQuery, openEnded } from '#core/list-page';
import { mergedPage } from '#core/merged-page';
import type { Effect } from '#core/ledger';

const lastPayment = anyOf(map({ amount: number(), date: string() }), nul());

/**
 * A savings plan (account): its key, record, statuses (SAVINGS_PLAN_STATUS), queries and the
 * builders of its movements. Money in kobo; `available` is kept equal to balance - lien; balance and
 * available are running totals, bigint once past 2^53 kobo. docs/data-model.md, "Savings".
 */
export const PlanEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_PLAN',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    member_id: string(),
    member_name: string(),
    user: map({ firstname: string(), lastname: string() }),
    product_id: string(),
    product_name: string(),
    setup_id: string(),
    start_date: string(),
    end_date: string(),
    /** The contribution per period, kobo. */
    amount: number(),
    credit_interest: number(),
    frequency: string().enum(...FREQUENCIES),
    status: number().enum(SAVINGS_PLAN_STATUS.ACTIVE, SAVINGS_PLAN_STATUS.INACTIVE),
    balance: number().big(),
    lien: number(),
    available: number().big(),
    is_target: boolean(),
    /** Deposited toward the schedule but not yet enough for the next unpaid item, kobo. */
    schedule_credit: number().optional(),
    last_payment: lastPayment.optional(),
    created_by: string().optional(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('SAVINGS_PLAN').hidden(),
    /** A member's plans by start date. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /** The cooperative's plans by start date. */
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.savingsPlan(cooperative_id, id),
});

export type PlanRecord = FormattedItem<typeof PlanEntity>;
type NewPlan = Omit<InputItem<typeof PlanEntity>, 'entity' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'>;

/** A savings plan as stored (read consistently), or undefined. */
export const findPlan = (tenant: string, planId: string) =>
  getEntity(PlanEntity, keys.savingsPlan(tenant, planId), true);

/** The Put of a new plan with its index keys, only if its id is new. */
export function putPlan(plan: NewPlan): TransactItem {
  const index = keys.savingsPlanIndex(plan.cooperative_id, plan.member_id, plan.start_date, plan.id);
  return transactItem(
    PlanEntity.build(PutTransaction)
      .item({ ...plan, ...index })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

/** A member's plans (one Query of gsi1). */
export function memberPlans(tenant: string, memberId: string): Promise<PlanRecord[]> {
  return entitiesIn(PlanEntity, keys.memberPlansPartition(tenant, memberId), { index: 'gsi1' });
}

/** The cooperative's plans, optionally with a start date range (one Query of gsi2, `to` inclusive). */
export function cooperativePlans(tenant: string, from?: string, to?: string): Promise<PlanRecord[]> {
  return entitiesIn(PlanEntity, keys.plansPartition(tenant), { index: 'gsi2', range: dateRange(from, to) });
}

/** The list name of the cooperative's plans (a counter: `meta.total` of that list). */
export const PLANS_LIST = 'savings-plans';

/** One page of a member's plans by start date (gsi1; a COUNT Query for the total: a member keeps few). */
export function memberPlanPage(tenant: string, memberId: string, request: PageRequest) {
  const partition = keys.memberPlansPartition(tenant, memberId);
  return entityPage(PlanEntity, partition, request, {
    index: 'gsi1',
    total: partitionCount(PlanEntity, partition, { index: 'gsi1' }),
  });
}

/**
 * One page of the cooperative's plans, latest start date first (docs/decisions.md 2026-11-26 "Money
 * lists in DynamoDB"): without a member search one Query of gsi2, the date range a sort key range,
 * counted unless a range is given; with the members a search found, their own plan partitions
 * (gsi1, the same sort key) merged.
 */
export async function cooperativePlanPage(
  tenant: string,
  request: PageRequest,
  filter: { from?: string; to?: string; memberIds?: string[] },
): Promise<ListPage<PlanRecord>> {
  const range = dateRange(filter.from, filter.to);
  if (filter.memberIds === undefined) {
    const page = await entityPage(PlanEntity, keys.plansPartition(tenant), request, {
      index: 'gsi2',
      range,
      reverse: true,
      total: range ? 0 : countedTotal(tenant, PLANS_LIST),
    });
    return range ? openEnded(page) : page;
  }
  const parts = filter.memberIds.map((memberId) => {
    const partition = keys.memberPlansPartition(tenant, memberId);
    return { partition, query: partitionQuery(PlanEntity, partition, { index: 'gsi1', range, reverse: true }) };
  });
  const found = await mergedPage(parts, request, { index: 'gsi1', sortBy: 'gsi1sk', reverse: true });
  return { data: found.data.map((stored) => read(PlanEntity, stored)), meta: found.meta };
}

/** One page of a target plan's payment schedule in payment date order (a COUNT Query for the total: one plan's). */
export function schedulePage(tenant: string, planId: string, request: PageRequest) {
  const partition = keys.savingsPlan(tenant, planId).pk;
  const range = { beginsWith: 'SCHED#' };
  return entityPage(ScheduleItemEntity, partition, request, {
    range,
    total: partitionCount(ScheduleItemEntity, partition, { range }),
  });
}

/** What a posting does to a plan: amounts ADDed (kobo, signed), fields set, and what must still hold. */
export interface PlanMovement {
  balance?: number;
  available?: number;
  lien?: number;
  last_payment?: { amount: number; date: string };
  schedule_credit?: number;
  updated_at: string;
  /** Conditions besides the plan's existence, e.g. `{ attr: 'available', gte: amount }`. */
  when?: Condition<typeof PlanEntity>[];
}

/**
 * The Update of a plan by a posting: balance, available and lien ADDed, the other fields SET, under
 * the condition that the plan exists and every `when` holds; `onConditionFailed` is what a failed
 * condition reports.
 */
export function planMovement(
  plan: Pick<PlanRecord, 'cooperative_id' | 'id'>,
  movement: PlanMovement,
  onConditionFailed?: AppError,
): Effect {
  const { balance, available, lien, last_payment, schedule_credit, updated_at, when = [] } = movement;
  const update = PlanEntity.build(UpdateTransaction)
    .item({
      cooperative_id: plan.cooperative_id,
      id: plan.id,
      updated_at,
      ...(balance !== undefined ? { balance: $add(balance) } : {}),
      ...(available !== undefined ? { available: $add(available) } : {}),
      ...(lien !== undefined ? { lien: $add(lien) } : {}),
      ...(last_payment ? { last_payment: $set(last_payment) } : {}),
      ...(schedule_credit !== undefined ? { schedule_credit } : {}),
    })
    .options({ condition: { and: [{ attr: 'id', exists: true }, ...when] } });
  return effect(update.params(), onConditionFailed);
}

/**
 * A plan closed with everything in it taken out (a member's exit, functions/members/exits.ts):
 * status inactive, balance, lien and available brought to 0 by ADDing what was read, under the
 * condition that the balance, lien and status are still the ones read (a deposit or withdrawal in
 * between fails it, and the exit is tried again from the new figures).
 */
export function planClosure(
  plan: Pick<PlanRecord, 'cooperative_id' | 'id' | 'balance' | 'lien' | 'available' | 'status'>,
  now: string,
  onConditionFailed: AppError,
): Effect {
  const balance = koboOf(plan.balance);
  const available = koboOf(plan.available);
  const update = PlanEntity.build(UpdateTransaction)
    .item({
      cooperative_id: plan.cooperative_id,
      id: plan.id,
      status: SAVINGS_PLAN_STATUS.INACTIVE,
      updated_at: now,
      balance: $add(storedKobo(0n - balance)),
      available: $add(storedKobo(0n - available)),
      lien: $add(0 - plan.lien),
    })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: plan.status },
          { attr: 'balance', eq: plan.balance },
          { attr: 'lien', eq: plan.lien },
        ],
      },
    });
  return effect(update.params(), onConditionFailed);
}

/** The plan's contribution changed from `from` to `to` kobo, only while it is still `from`. */
export function contributionChange(
  plan: Pick<PlanRecord, 'cooperative_id' | 'id'>,
  from: number,
  to: number,
  at: string,
): TransactItem {
  const update = PlanEntity.build(UpdateTransaction)
    .item({ cooperative_id: plan.cooperative_id, id: plan.id, amount: to, updated_at: at })
    .options({ condition: { attr: 'amount', eq: from } });
  return transactItem(update.params());
}

/**
 * A target plan's payment schedule item, in the plan's partition in payment date order; the record
 * keeps its pk/sk (a payment marks the item by its key). docs/data-model.md, "Savings".
 */
export const ScheduleItemEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_SCHEDULE',
  schema: item({
    pk: string().key(),
    sk: string().key(),
    id: string(),
    serial: number(),
    /** Kobo. */
    amount: number(),
    payment_date: string(),
    status: number().enum(SCHEDULE_ITEM_STATUS.NOT_PAID, SCHEDULE_ITEM_STATUS.PAID),
    paid_at: string().optional(),
    order_id: string().optional(),
    payroll_run_id: string().optional(),
    entity: string().const('SAVINGS_SCHEDULE').hidden(),
  }),
});

export type ScheduleItem = FormattedItem<typeof ScheduleItemEntity>;

/** The stored item of a plan's payment number `serial` on `paymentDate` (written with the plan). */
export function newScheduleItem(tenant: string, planId: string, serial: number, amount: number, paymentDate: string) {
  return ScheduleItemEntity.build(EntityParser).parse({
    ...keys.scheduleItem(tenant, planId, paymentDate, serial),
    entity: 'SAVINGS_SCHEDULE',
    id: `${planId}-${serial}`,
    serial,
    amount,
    payment_date: paymentDate,
    status: SCHEDULE_ITEM_STATUS.NOT_PAID,
  }).item;
}

const scheduleQuery = (tenant: string, planId: string) =>
  appTable
    .build(QueryCommand)
    .entities(ScheduleItemEntity)
    .query({ partition: keys.savingsPlan(tenant, planId).pk, range: { beginsWith: 'SCHED#' } });

/** A plan's whole schedule, in payment date order. */
export function scheduleOf(tenant: string, planId: string): Promise<ScheduleItem[]> {
  return queryEntity(ScheduleItemEntity, scheduleQuery(tenant, planId).params());
}

/** A plan's unpaid schedule items by serial, read consistently (a payment is about to mark them). */
export async function unpaidScheduleOf(tenant: string, planId: string): Promise<ScheduleItem[]> {
  const query = scheduleQuery(tenant, planId).options({
    consistent: true,
    filters: { SAVINGS_SCHEDULE: { attr: 'status', eq: SCHEDULE_ITEM_STATUS.NOT_PAID } },
  });
  return (await queryEntity(ScheduleItemEntity, query.params())).sort((a, b) => a.serial - b.serial);
}

/** Marks a schedule item paid (not paid -> paid, with what paid it); `onConditionFailed` when it was paid meanwhile. */
export function payScheduleItem(
  item: Pick<ScheduleItem, 'pk' | 'sk'>,
  paid: { paid_at: string; order_id?: string; payroll_run_id?: string },
  onConditionFailed: AppError,
): Effect {
  const key = { pk: item.pk, sk: item.sk };
  return effect(
    transition(ScheduleItemEntity, key, SCHEDULE_ITEM_STATUS.NOT_PAID, SCHEDULE_ITEM_STATUS.PAID, paid).params(),
    onConditionFailed,
  );
}

/** Marks a paid schedule item unpaid again (a reversal: paid -> not paid, what paid it removed). */
export function unpayScheduleItem(item: Pick<ScheduleItem, 'pk' | 'sk'>, onConditionFailed: AppError): Effect {
  const key = { pk: item.pk, sk: item.sk };
  const update = transition(ScheduleItemEntity, key, SCHEDULE_ITEM_STATUS.PAID, SCHEDULE_ITEM_STATUS.NOT_PAID, {
    paid_at: $remove(),
    payroll_run_id: $remove(),
  });
  return effect(update.params(), onConditionFailed);
}
