import type { SavingsPlanView, ScheduleItemView } from '@coopledger/shared/savings-views';
import { addDays, addMonths } from '@coopledger/shared/dates';
import type { Frequency, SavingsPlanInput } from '@coopledger/shared/schemas/savings';
import { planRateIssue } from '@coopledger/shared/schemas/savings';
import { nairaFigure, toNaira } from '@coopledger/shared/money';
import { nowIso, putItems, transactWrite } from '#core/db';
import { countChange } from '#core/list-counter-entity';
import { AppError, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import type { SavingsSetup } from '../setup/setup-entity.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import type { MemberRecord } from '../members/member-store.ts';
import { findMember } from '../members/member-store.ts';
import {
  MEMBER_STATUS,
  SAVINGS_PLAN_STATUS,
  SCHEDULE_ITEM_STATUS,
  SCHEDULE_ITEM_STATUS_LABELS,
  SETUP_STATUS,
  statusLabel,
} from '@coopledger/shared/statuses';
import { summaryUpdate } from './member-savings-entity.ts';
import type { PlanRecord, ScheduleItem } from './plan-entity.ts';
import { PLANS_LIST, newScheduleItem, putPlan } from './plan-entity.ts';
import { planDuePut } from '../payroll/due-entity.ts';

/** The product name whose plans get a payment schedule (spec: "only for a product named Targeted"). */
export const TARGET_PRODUCT = 'targeted';
/** A target plan's schedule is written with the plan; longer plans are refused. */
export const MAX_SCHEDULE_ITEMS = 2000;

export const fullName = (m: { firstname: string; middlename?: string; lastname: string }) =>
  [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' ');

export async function requireActiveMember(tenant: string, memberId: string): Promise<MemberRecord> {
  const member = await findMember(tenant, memberId);
  if (!member) throw notFound('Member');
  if (member.status === MEMBER_STATUS.INACTIVE) throw new AppError('CONFLICT', 'This member is inactive');
  return member;
}

/** The plan's savings setup (`read`: a consistent read unless told, e.g. the approval's cached one). */
export const setupOf = async (
  tenant: string,
  plan: PlanRecord,
  read: (tenant: string, id: string) => Promise<SavingsSetup | undefined> = (t, id) =>
    setupRecords.savingsSetup.get(t, id),
): Promise<SavingsSetup> => {
  const setup = await read(tenant, plan.setup_id);
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
export async function addPlan(
  tenant: string,
  memberId: string,
  input: SavingsPlanInput,
  createdBy: string,
  setupRateOnly: boolean,
): Promise<PlanRecord> {
  const member = await requireActiveMember(tenant, memberId);
  const [product, setups] = await Promise.all([
    setupRecords.product.get(tenant, input.savings_product_id),
    setupRecords.savingsSetup.list(tenant),
  ]);
  const setup = setups.find(
    (s) => String(s.product_id) === input.savings_product_id && s.status === SETUP_STATUS.ACTIVE,
  );
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
    if (dates.length > MAX_SCHEDULE_ITEMS)
      throw invalid(
        'end_date',
        `A target plan may have at most ${MAX_SCHEDULE_ITEMS} payments; choose a later frequency or an earlier end date`,
      );
    // Written before the plan: a failed plan write leaves only unreachable schedule items behind.
    await putItems(dates.map((date, index) => newScheduleItem(tenant, id, index + 1, input.amount, date)));
  }
  await transactWrite([
    putPlan(plan),
    planDuePut(plan),
    summaryUpdate(tenant, member.id, { monthly: input.amount, plans: 1 }),
    countChange(tenant, PLANS_LIST, 1),
  ]);
  return plan;
}

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
    last_payment: plan.last_payment
      ? { amount: toNaira(plan.last_payment.amount), date: plan.last_payment.date }
      : null,
    created_at: plan.created_at,
  };
}

export const presentScheduleItem = (item: ScheduleItem): ScheduleItemView => ({
  id: item.id,
  serial: item.serial,
  amount: toNaira(item.amount),
  payment_date: item.payment_date,
  status: item.status,
  status_name: statusLabel(
    SCHEDULE_ITEM_STATUS_LABELS,
    item.status,
    SCHEDULE_ITEM_STATUS_LABELS[SCHEDULE_ITEM_STATUS.NOT_PAID],
  ),
});
