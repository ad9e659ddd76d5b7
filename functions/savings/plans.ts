import type { SavingsPlanView, ScheduleItemView } from '@coopledger/shared/savings-views';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, addMonths } from '@coopledger/shared/dates';
import type { Frequency, SavingsPlanInput } from '@coopledger/shared/schemas/savings';
import { planRateIssue } from '@coopledger/shared/schemas/savings';
import type { StoredKobo } from '@coopledger/shared/money';
import { nairaFigure, toNaira } from '@coopledger/shared/money';
import { db } from '#core/clients';
import type { Item, TransactItem } from '#core/db';
import { getItem, nowIso, queryAll, queryPartition, table, transactWrite } from '#core/db';
import { AppError, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { keys } from '#core/keys';
import { getSetup, listSetup } from '#core/setup-store';
import type { MemberRecord } from '../members/member-store.ts';
import { findMember } from '../members/member-store.ts';
import { MEMBER_STATUS, SAVINGS_PLAN_STATUS, SCHEDULE_ITEM_STATUS, SCHEDULE_ITEM_STATUS_LABELS, SETUP_STATUS, statusLabel } from '@coopledger/shared/statuses';
import type { ActiveStatus } from '@coopledger/shared/statuses';

/** The product name whose plans get a payment schedule (spec: "only for a product named Targeted"). */
export const TARGET_PRODUCT = 'targeted';
/** A target plan's schedule is written with the plan; longer plans are refused. */
export const MAX_SCHEDULE_ITEMS = 2000;

/**
 * A savings plan (account). Money in kobo; `available` is kept equal to balance - lien. Balance and
 * available are running totals: bigint once past 2^53 kobo (money.ts `StoredKobo`).
 */
export interface PlanRecord extends Item {
  id: string;
  cooperative_id: string;
  member_id: string;
  member_name: string;
  user: { firstname: string; lastname: string };
  product_id: string;
  product_name: string;
  setup_id: string;
  start_date: string;
  end_date: string;
  amount: number;
  credit_interest: number;
  frequency: Frequency;
  status: number;
  balance: StoredKobo;
  lien: number;
  available: StoredKobo;
  is_target: boolean;
  /** Deposited toward the schedule but not yet enough for the next unpaid item, kobo. */
  schedule_credit: number;
  last_payment?: { amount: number; date: string } | null;
  created_at: string;
  updated_at: string;
}

export interface SavingsSetup extends Item {
  id: string;
  product_id: string;
  credit_interest: number;
  member_balance_gl: string;
  interest_expense_gl: string;
  status: number;
}

export interface ScheduleItem extends Item {
  id: string;
  serial: number;
  amount: number;
  payment_date: string;
  status: ActiveStatus;
}

export const fullName = (m: { firstname: string; middlename?: string; lastname: string }) => [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' ');

/** A savings plan as stored (read consistently), or undefined. */
export const findPlan = (tenant: string, planId: string) => getItem<PlanRecord>(keys.savingsPlan(tenant, planId), true);

export async function requireActiveMember(tenant: string, memberId: string): Promise<MemberRecord> {
  const member = await findMember(tenant, memberId);
  if (!member) throw notFound('Member');
  if (member.status === MEMBER_STATUS.INACTIVE) throw new AppError('CONFLICT', 'This member is inactive');
  return member;
}

export const setupOf = async (tenant: string, plan: PlanRecord): Promise<SavingsSetup> => {
  const setup = await getSetup<SavingsSetup>(tenant, 'SAVINGS_SETUP', plan.setup_id, true);
  if (!setup) throw new AppError('CONFLICT', 'The savings setup of this account no longer exists');
  return setup;
};

/** The payment dates of a target plan: from the start, every day, week or month, up to the end. */
export function scheduleDates(start: string, end: string, frequency: Frequency): string[] {
  const dates: string[] = [];
  for (let n = 0; ; n++) {
    const iso = frequency === 'Monthly' ? addMonths(start, n) : addDays(start, n * (frequency === 'Weekly' ? 7 : 1));
    if (iso > end) break;
    dates.push(iso);
    if (dates.length > MAX_SCHEDULE_ITEMS) break;
  }
  return dates;
}

async function batchPut(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (result.UnprocessedItems?.[table()] ?? []) as typeof pending;
      if (pending.length) await sleep(Math.min(1000, 25 * 2 ** attempt));
    }
  }
}

/**
 * The credit interest a plan gets (DESIGN.md section 3, "rates come from the setups"): a member
 * opening their own plan gets the setup's rate whatever they send; staff may give a member's plan
 * a rate from 0 up to the setup's rate (the setup holds one rate, the most its product pays).
 */
export function planRate(setup: Pick<SavingsSetup, 'credit_interest'>, sent: number, setupRateOnly: boolean): number {
  const most = Number(setup.credit_interest ?? 0);
  if (setupRateOnly) return most;
  const issue = planRateIssue(sent, most);
  if (issue) throw invalid('credit_interest', issue);
  return sent;
}

/**
 * Opens a plan on a product with an active savings setup; a Targeted plan gets its schedule.
 * `setupRateOnly`: the plan gets the setup's rate whatever was sent (a member opening their own
 * plan, staff opening their own, an import); otherwise staff's rate within the setup's (planRate).
 */
export async function addPlan(tenant: string, memberId: string, input: SavingsPlanInput, createdBy: string, setupRateOnly: boolean): Promise<PlanRecord> {
  const member = await requireActiveMember(tenant, memberId);
  const [product, setups] = await Promise.all([
    getSetup<{ id: string; name: string; status: number }>(tenant, 'PRODUCT', input.savings_product_id),
    listSetup<SavingsSetup>(tenant, 'SAVINGS_SETUP'),
  ]);
  const setup = setups.find((s) => String(s.product_id) === input.savings_product_id && s.status === SETUP_STATUS.ACTIVE);
  if (!product || !setup) throw invalid('savings_product_id', 'Please select product type');
  const creditInterest = planRate(setup, input.credit_interest, setupRateOnly);

  const id = newId();
  const now = nowIso();
  const isTarget = product.name.trim().toLowerCase() === TARGET_PRODUCT;
  const plan: PlanRecord = {
    id,
    cooperative_id: tenant,
    member_id: member.id,
    member_name: fullName(member),
    user: { firstname: member.firstname, lastname: member.lastname },
    product_id: product.id,
    product_name: product.name,
    setup_id: setup.id,
    start_date: input.start_date,
    end_date: input.end_date,
    amount: input.amount,
    credit_interest: creditInterest,
    frequency: input.frequency,
    status: SAVINGS_PLAN_STATUS.ACTIVE,
    balance: 0,
    lien: 0,
    available: 0,
    is_target: isTarget,
    schedule_credit: 0,
    last_payment: null,
    created_by: createdBy,
    created_at: now,
    updated_at: now,
  };
  if (isTarget) {
    const dates = scheduleDates(input.start_date, input.end_date, input.frequency);
    if (dates.length > MAX_SCHEDULE_ITEMS) throw invalid('end_date', `A target plan may have at most ${MAX_SCHEDULE_ITEMS} payments; choose a later frequency or an earlier end date`);
    // Written before the plan: a failed plan write leaves only unreachable schedule items behind.
    await batchPut(
      dates.map((date, index) => ({
        ...keys.scheduleItem(tenant, id, date, index + 1),
        entity: 'SAVINGS_SCHEDULE',
        id: `${id}-${index + 1}`,
        serial: index + 1,
        amount: input.amount,
        payment_date: date,
        status: SCHEDULE_ITEM_STATUS.NOT_PAID,
      })),
    );
  }
  await transactWrite([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.savingsPlan(tenant, id), ...keys.savingsPlanIndex(tenant, member.id, input.start_date, id), entity: 'SAVINGS_PLAN', ...plan },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    summaryUpdate(tenant, member.id, { monthly: input.amount, plans: 1 }),
  ]);
  return plan;
}

/** ADDs to a member's savings totals (balance, available, monthly contribution, plans). */
export function summaryUpdate(tenant: string, memberId: string, add: Record<string, number>, set: Record<string, unknown> = {}): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds = Object.entries(add).map(([field, value], i) => {
    names[`#a${i}`] = field;
    values[`:a${i}`] = value;
    return `#a${i} :a${i}`;
  });
  const sets = Object.entries(set).map(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  names['#entity'] = 'entity';
  values[':entity'] = 'MEMBER_SAVINGS';
  return {
    Update: {
      TableName: table(),
      Key: keys.memberSavings(tenant, memberId),
      UpdateExpression: `ADD ${adds.join(', ')} SET ${['#entity = :entity', ...sets].join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Running totals (bigint once past 2^53 kobo). */
export interface MemberSavingsSummary extends Item {
  balance?: StoredKobo;
  available?: StoredKobo;
  monthly?: StoredKobo;
  plans?: number;
  last_payment?: { amount: number; date: string } | null;
}

export const memberPlans = (tenant: string, memberId: string) => queryPartition<PlanRecord>(keys.memberPlansPartition(tenant, memberId), undefined, 'gsi1');

/** The cooperative's plans, optionally with a start date range (one Query of gsi2). */
export function cooperativePlans(tenant: string, from?: string, to?: string): Promise<PlanRecord[]> {
  const values: Record<string, string> = { ':pk': keys.plansPartition(tenant) };
  let condition = 'gsi2pk = :pk';
  if (from && to) {
    condition += ' AND gsi2sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': from, ':to': `${to}~` });
  } else if (from) {
    condition += ' AND gsi2sk >= :from';
    values[':from'] = from;
  } else if (to) {
    condition += ' AND gsi2sk <= :to';
    values[':to'] = `${to}~`;
  }
  return queryAll<PlanRecord>({ IndexName: 'gsi2', KeyConditionExpression: condition, ExpressionAttributeValues: values });
}

export const scheduleOf = (tenant: string, planId: string) => queryPartition<ScheduleItem>(keys.savingsPlan(tenant, planId).pk, 'SCHED#');

export function presentPlan(plan: PlanRecord): SavingsPlanView {
  return {
    id: plan.id,
    coop_id: plan.member_id,
    member_id: plan.member_id,
    cooperative_id: plan.cooperative_id,
    user: plan.user,
    member_name: plan.member_name,
    savings_product_id: plan.product_id,
    product: { id: plan.product_id, name: plan.product_name, credit_interest: plan.credit_interest },
    product_name: plan.product_name,
    start_date: plan.start_date,
    end_date: plan.end_date,
    amount: toNaira(plan.amount),
    balance: nairaFigure(plan.balance),
    lien: toNaira(plan.lien),
    available: nairaFigure(plan.available),
    available_balance: nairaFigure(plan.available),
    credit_interest: plan.credit_interest,
    frequency: plan.frequency,
    status: plan.status,
    is_target: plan.is_target,
    last_payment: plan.last_payment ? { amount: toNaira(plan.last_payment.amount), date: plan.last_payment.date } : null,
    created_at: plan.created_at,
  };
}

export const presentScheduleItem = (item: ScheduleItem): ScheduleItemView => ({
  id: item.id,
  serial: item.serial,
  amount: toNaira(item.amount),
  payment_date: item.payment_date,
  status: item.status,
  status_name: statusLabel(SCHEDULE_ITEM_STATUS_LABELS, item.status, SCHEDULE_ITEM_STATUS_LABELS[SCHEDULE_ITEM_STATUS.NOT_PAID]),
});
