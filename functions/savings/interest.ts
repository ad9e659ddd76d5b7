import { lastDayOfMonth, today } from '@coopledger/shared/dates';
import type { Kobo } from '@coopledger/shared/money';
import { kobo, percentOfParts } from '@coopledger/shared/money';
import { cooperativeRules } from '#core/cooperative-rules';
import { nowIso } from '#core/db';
import { invalid } from '#core/errors';
import { newId, referenceNumber } from '#core/ids';
import { post } from '#core/ledger';
import { setupRecords } from '../setup/setup-entity.ts';
import { logger } from '#core/logger';
import { summaryUpdate } from './member-savings-entity.ts';
import { memberMonthEffects } from './member-month-entity.ts';
import type { MemberTransaction } from './member-transaction-entity.ts';
import { PLAN_MOVEMENT_SIGNS, memberTransactionsOf, putMemberTransaction } from './member-transaction-entity.ts';
import type { PlanRecord } from './plan-entity.ts';
import { cooperativePlans, planMovement } from './plan-entity.ts';
import type { SavingsSetup } from '../setup/setup-entity.ts';
import { monthFigures } from './savings-month-entity.ts';
import { SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';

/** Refuses a month that has not ended (in the business time zone): its interest is not earned yet. */
export function assertMonthEnded(month: string, on = today()): void {
  if (month >= on.slice(0, 7))
    throw invalid('month', `Interest is credited for a month that has ended; ${month} has not`);
}

/** A dated change to a plan's balance, in kobo (negative when money left the plan). */
export interface Movement {
  date: string;
  amount: number;
}

/**
 * Member transaction types that move a savings plan's balance (the plan is the transaction's savings_id), with their
 * sign.
 */

/**
 * A plan's movements from its member's transactions, leaving out the month's own interest (dated on
 * its last day), so a re-run computes what the first run did. A transaction on the plan of a type
 * this list does not know is an error: the balance history would be wrong.
 */
export function planMovements(
  planId: string,
  transactions: readonly Pick<MemberTransaction, 'savings_id' | 'type_name' | 'amount' | 'transaction_date'>[],
  month: string,
): Movement[] {
  const last = lastDayOfMonth(month);
  const movements: Movement[] = [];
  for (const t of transactions) {
    if (t.savings_id !== planId) continue;
    if (t.type_name === 'INTEREST' && t.transaction_date === last) continue;
    const sign = PLAN_MOVEMENT_SIGNS[t.type_name];
    if (!sign)
      throw new Error(`A ${t.type_name} transaction on savings plan ${planId} is not known to move its balance`);
    movements.push({ date: t.transaction_date, amount: sign * Number(t.amount) });
  }
  return movements;
}

/**
 * A month's interest on the plan's daily balances (docs/decisions.md, 2026-11-25 "Interest on the
 * month's daily balances"): the balance at the end of each day of the month (0 on days outside the
 * plan's start and end dates, and never below 0) is summed, and the interest is
 * sum x rate% / 12 / days in the month, i.e. the month's average daily balance x rate / 12, rounded
 * once, half-even to the kobo.
 */
export function monthInterest(input: {
  month: string;
  annualPercent: number;
  startDate: string;
  endDate: string;
  movements: readonly Movement[];
}): number {
  const days = Number(lastDayOfMonth(input.month).slice(8));
  const sorted = [...input.movements].sort((a, b) => a.date.localeCompare(b.date));
  // A plan's balance is a running total: added exactly at any size the amount limits allow.
  let balance = 0n;
  let next = 0;
  let sum = 0n;
  for (let day = 1; day <= days; day++) {
    const date = `${input.month}-${String(day).padStart(2, '0')}`;
    // The balance at the end of the day: every movement dated on or before it.
    for (; next < sorted.length && sorted[next].date <= date; next++) balance += BigInt(sorted[next].amount);
    if (date >= input.startDate && date <= input.endDate && balance > 0n) sum += balance;
  }
  return percentOfParts(sum, input.annualPercent, 12 * days);
}

export interface InterestRun {
  month: string;
  credited: number;
  already: number;
  skipped: number;
  /** Kobo credited by this run. */
  amount: number;
}

/**
 * Credits a month that has ended to every active plan whose dates reach into it, each through the
 * ledger with the idempotency key `interest-<plan>-<month>` (Dr the setup's interest expense GL, Cr
 * its member balance GL; the plan's balance and available up; a member transaction dated the
 * month's last day). A re-run, or a run that an EventBridge schedule starts again, credits nothing
 * twice. The interest is on the month's daily balances, rebuilt from the member's transactions, at
 * the plan's rate but never above its setup's current rate.
 */
export async function creditInterest(tenant: string, month: string, by = 'system'): Promise<InterestRun> {
  assertMonthEnded(month);
  const opening = (await cooperativeRules(tenant))?.openingDate;
  // The interest is dated the month's last day, a posting date like any other.
  if (opening && lastDayOfMonth(month) < opening)
    throw invalid(
      'month',
      `Interest is credited from the opening date of the books (${opening}); ${month} ends before it`,
    );
  const setups = new Map<string, SavingsSetup | undefined>();
  const run: InterestRun = { month, credited: 0, already: 0, skipped: 0, amount: 0 };
  const first = `${month}-01`;
  const date = lastDayOfMonth(month);
  // One member at a time: their transactions are read once for all their plans, then let go.
  const byMember = new Map<string, PlanRecord[]>();
  for (const plan of await cooperativePlans(tenant)) {
    if (plan.status !== SAVINGS_PLAN_STATUS.ACTIVE || plan.start_date > date || plan.end_date < first) run.skipped++;
    else byMember.set(plan.member_id, [...(byMember.get(plan.member_id) ?? []), plan]);
  }
  for (const [memberId, plans] of byMember) {
    const history = await memberTransactionsOf(tenant, memberId, { to: date });
    for (const plan of plans) {
      if (!setups.has(plan.setup_id))
        setups.set(plan.setup_id, await setupRecords.savingsSetup.get(tenant, plan.setup_id));
      const setup = setups.get(plan.setup_id);
      if (!setup?.interest_expense_gl || !setup.member_balance_gl) {
        logger.warn('interest skipped: the plan has no savings setup with GL accounts', { tenant, plan: plan.id });
        run.skipped++;
        continue;
      }
      let movements: Movement[];
      try {
        movements = planMovements(plan.id, history, month);
      } catch (error) {
        logger.error("interest skipped: the plan's balance history cannot be rebuilt", {
          tenant,
          plan: plan.id,
          error: (error as Error).message,
        });
        run.skipped++;
        continue;
      }
      const rate = Math.min(Number(plan.credit_interest), Number(setup.credit_interest ?? 0));
      const amount = monthInterest({
        month,
        annualPercent: rate,
        startDate: plan.start_date,
        endDate: plan.end_date,
        movements,
      });
      if (amount <= 0) {
        run.skipped++;
        continue;
      }
      const result = await post(interestPosting(tenant, plan, setup, month, date, kobo(amount), by));
      if (result.duplicate) run.already++;
      else {
        run.credited++;
        run.amount += amount;
      }
    }
  }
  return run;
}

function interestPosting(
  tenant: string,
  plan: PlanRecord,
  setup: SavingsSetup,
  month: string,
  date: string,
  amount: Kobo,
  by: string,
) {
  const reference = referenceNumber('INT', date);
  const txnId = newId();
  const now = nowIso();
  return {
    cooperativeId: tenant,
    idempotencyKey: `interest-${plan.id}-${month}`,
    date,
    description: `Interest for ${month} ${reference}: ${plan.member_name} (${plan.member_id}), ${plan.product_name}`,
    source: { type: 'SAVINGS_INTEREST', id: `${plan.id}-${month}` },
    reference,
    lines: [
      { glCode: String(setup.interest_expense_gl), side: 'D' as const, amount },
      { glCode: String(setup.member_balance_gl), side: 'C' as const, amount },
    ],
    effects: [
      planMovement(plan, { balance: amount, available: amount, updated_at: now }),
      { item: summaryUpdate(tenant, plan.member_id, { balance: amount, available: amount }) },
      ...memberMonthEffects(tenant, plan.member_id, date, { savings: amount }),
      {
        item: putMemberTransaction(tenant, {
          id: txnId,
          reference_no: reference,
          type: { name: 'Interest' },
          type_name: 'INTEREST',
          description: `Interest for ${month} on ${plan.product_name}`,
          amount,
          transaction_date: date,
          savings_id: plan.id,
          product_name: plan.product_name,
          member_id: plan.member_id,
          created_at: now,
        }),
      },
      { item: monthFigures(tenant, month, 'interest', amount) },
    ],
    createdBy: by,
  };
}
