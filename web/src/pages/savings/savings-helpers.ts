import type { NairaFigure } from '@coopledger/shared/money';
import { parseNaira, toNaira } from '@coopledger/shared/money';
import type { Frequency } from '@coopledger/shared/schemas/savings';
import { planRateIssue, savingsPlanSchema } from '@coopledger/shared/schemas/savings';
import type { ChangeAmountBody, ChangeRequest, OrderBody, PlanBody, SavingsPlan } from '../../api/savings';
import type { SavingsSetup } from '../../api/setup-endpoints';
import type { FormValues } from '../../api/entities';
import type { FormSchema } from '../../forms/zod-form';
import { formatDay } from '../../format/dates';
import { formatNaira, subtractFigures } from '../../format/money';
import type { RoleContext } from '../../session/types';
import {
  CHANGE_REQUEST_STATUS_LABELS,
  SCHEDULE_ITEM_STATUS,
  SCHEDULE_ITEM_STATUS_LABELS,
  isActive,
  statusLabel,
} from '@coopledger/shared/statuses';

/**
 * The rules of the savings screens that need no React: balances, which actions a plan offers, and
 * the form values as the API takes them. Amounts are worked in kobo and sent as naira.
 */

/** Available Bal. = ledger balance minus lien (spec), exact to the kobo at any size. */
export function availableBalance(plan: Pick<SavingsPlan, 'balance' | 'lien'>): NairaFigure {
  return subtractFigures(plan.balance, plan.lien);
}

/** The product whose plans have a payment schedule (spec: "only for a product named Targeted"). */
export const isTargetPlan = (plan: Pick<SavingsPlan, 'product_name' | 'is_target'>) =>
  plan.is_target || plan.product_name.trim().toLowerCase() === 'targeted';

export type PlanAction = 'deposit' | 'withdraw' | 'schedule';

/** Deposit always; Withdraw except for a cooperative-member; Payment Schedule on a target plan. */
export function planActions(
  plan: Pick<SavingsPlan, 'product_name' | 'is_target'>,
  role: RoleContext | undefined,
): PlanAction[] {
  const actions: PlanAction[] = ['deposit'];
  if (role !== 'cooperative-member') actions.push('withdraw');
  if (isTargetPlan(plan)) actions.push('schedule');
  return actions;
}

export const PLAN_ACTION_LABELS: Record<PlanAction, string> = {
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  schedule: 'Payment Schedule',
};

export const requestStatusName = (request: Pick<ChangeRequest, 'status'>) =>
  statusLabel(CHANGE_REQUEST_STATUS_LABELS, request.status);

export const scheduleStatusName = (status: number) =>
  statusLabel(SCHEDULE_ITEM_STATUS_LABELS, status, SCHEDULE_ITEM_STATUS_LABELS[SCHEDULE_ITEM_STATUS.NOT_PAID]);

/** Naira the form holds (validated by the shared schema) as the API's naira number, exact. */
function nairaOf(text: string | undefined): number {
  const value = parseNaira(text ?? '');
  if (value === undefined) throw new RangeError(`Not an amount: ${String(text)}`);
  return toNaira(value);
}

const trimmed = (text: string | undefined) => (text ?? '').trim();

export function planBody(values: FormValues, memberId: string): PlanBody {
  return {
    coop_id: memberId,
    savings_product_id: trimmed(values.savings_product_id),
    start_date: trimmed(values.start_date),
    end_date: trimmed(values.end_date),
    amount: nairaOf(values.amount),
    credit_interest: Number(trimmed(values.credit_interest)),
    frequency: trimmed(values.frequency) as Frequency,
  };
}

export function changeAmountBody(values: FormValues, memberId: string): ChangeAmountBody {
  return {
    coop_id: memberId,
    savings_id: trimmed(values.savings_id),
    amount: nairaOf(values.amount),
    comment: trimmed(values.comment),
  };
}

/** A deposit carries its date; a withdrawal is dated by the server (spec: "date (deposit only)"). */
export function orderBody(values: FormValues, memberId: string, kind: 'deposit' | 'withdrawal'): OrderBody {
  const comment = trimmed(values.comment);
  return {
    coop_id: memberId,
    savings_id: trimmed(values.savings_id),
    amount: nairaOf(values.amount),
    ...(kind === 'deposit' ? { date: trimmed(values.date) } : {}),
    payment_mode_id: Number(trimmed(values.payment_mode_id)),
    transaction_type: kind === 'deposit' ? 'DEPOSIT' : 'WITHDRAWAL',
    ...(comment ? { comment } : {}),
  };
}

/** How a plan is named in the plan selects: product, contribution and start. */
export function planLabel(plan: Pick<SavingsPlan, 'product_name' | 'start_date' | 'amount'>): string {
  return `${plan.product_name}, ${formatNaira(plan.amount)} from ${formatDay(plan.start_date)}`;
}

/** A member's name on the staff list of change requests. */
export const requesterName = (request: Pick<ChangeRequest, 'member' | 'coop_id'>) =>
  request.member ? `${request.member.firstname} ${request.member.lastname}` : request.coop_id;

export interface ProductChoice {
  value: string;
  label: string;
  creditInterest: number;
}

/**
 * The products a plan can be opened on: one per active savings setup, valued by the product id
 * the API takes, carrying the setup's credit interest that the form fills in.
 */
export function productChoices(
  setups: readonly Pick<SavingsSetup, 'product_id' | 'product' | 'credit_interest' | 'status'>[],
): ProductChoice[] {
  const seen = new Set<string>();
  const choices: ProductChoice[] = [];
  for (const setup of setups) {
    const id = String(setup.product_id);
    if (!isActive(setup.status) || seen.has(id)) continue;
    seen.add(id);
    choices.push({ value: id, label: setup.product.name ?? id, creditInterest: Number(setup.credit_interest) });
  }
  return choices.sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The plan form's rules on the credit interest (functions/savings/plans.ts planRate). A plan of
 * one's own (`productRate`) earns the product's rate whatever is sent, so the form does not check
 * the read-only value; staff opening a member's plan choose from 0 up to the chosen product's rate
 * (`rate`, undefined until a product is chosen), refused with the server's message.
 */
export function planSchema(productRate: boolean, rate: number | undefined) {
  // Whatever the read-only field holds (nothing before a product is chosen) passes: the server sets it.
  if (productRate)
    return savingsPlanSchema.safeExtend({ credit_interest: savingsPlanSchema.shape.credit_interest.catch(0) });
  if (rate === undefined) return savingsPlanSchema;
  return savingsPlanSchema.safeExtend({
    credit_interest: savingsPlanSchema.shape.credit_interest.superRefine((v, ctx) => {
      const message = planRateIssue(v, rate);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  });
}

/** The rate of the product the form has chosen, if any. */
export const chosenRate = (products: readonly ProductChoice[], productId: string | undefined) =>
  products.find((p) => p.value === (productId ?? '').trim())?.creditInterest;

/** The plan form's schema: planSchema for the product its values name. */
export function planSchemaFor(products: readonly ProductChoice[], productRate: boolean): FormSchema<FormValues> {
  return (values) => planSchema(productRate, chosenRate(products, values.savings_product_id));
}

/** What the credit interest field says under it: the product's rate is the plan's, or its bound. */
export function planRateHint(productRate: boolean, rate: number | undefined): string {
  if (productRate)
    return rate === undefined ? "The product's rate, filled in when you choose a product" : "The product's rate";
  return rate === undefined ? "At most the product's rate" : `At most ${rate}% (the product's rate)`;
}
