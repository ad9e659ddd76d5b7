import Decimal from 'decimal.js';
import type { StoredKobo } from '@coopledger/shared/money';
import { koboOf } from '@coopledger/shared/money';
import { table } from '#core/db';
import { newId, referenceNumber } from '#core/ids';
import { keys } from '#core/keys';
import { post } from '#core/ledger';
import { nowIso } from '#core/db';
import { getSetup } from '#core/setup-store';
import { logger } from '#core/logger';
import { monthFigures } from './orders.ts';
import type { PlanRecord, SavingsSetup } from './plans.ts';
import { cooperativePlans, summaryUpdate } from './plans.ts';

/** One month's interest on a balance (a running total: any size): balance x rate% / 12, half-even to the kobo. */
export function monthlyInterest(balance: StoredKobo, annualPercent: number): number {
  return new Decimal(koboOf(balance).toString()).times(annualPercent).dividedBy(100).dividedBy(12).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber();
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

export interface InterestRun {
  month: string;
  credited: number;
  already: number;
  skipped: number;
  /** Kobo credited by this run. */
  amount: number;
}

/**
 * Credits a month's interest to every active plan with a balance, each through the ledger with the
 * idempotency key `interest-<plan>-<month>` (Dr the setup's interest expense GL, Cr its member
 * balance GL; the plan's balance and available up; a member transaction). A re-run, or a run that
 * an EventBridge schedule starts again, credits nothing twice. Interest is on the balance held when
 * the run reads the plan.
 */
export async function creditInterest(tenant: string, month: string, by = 'system'): Promise<InterestRun> {
  const plans = await cooperativePlans(tenant);
  const setups = new Map<string, SavingsSetup | undefined>();
  const run: InterestRun = { month, credited: 0, already: 0, skipped: 0, amount: 0 };
  const date = lastDayOf(month);
  for (const plan of plans) {
    const amount = monthlyInterest(plan.balance, plan.credit_interest);
    if (plan.status !== 1 || amount <= 0 || plan.start_date > date) {
      run.skipped++;
      continue;
    }
    if (!setups.has(plan.setup_id)) setups.set(plan.setup_id, await getSetup<SavingsSetup>(tenant, 'SAVINGS_SETUP', plan.setup_id));
    const setup = setups.get(plan.setup_id);
    if (!setup?.interest_expense_gl || !setup.member_balance_gl) {
      logger.warn('interest skipped: the plan has no savings setup with GL accounts', { tenant, plan: plan.id });
      run.skipped++;
      continue;
    }
    const result = await post(interestPosting(tenant, plan, setup, month, date, amount, by));
    if (result.duplicate) run.already++;
    else {
      run.credited++;
      run.amount += amount;
    }
  }
  return run;
}

function interestPosting(tenant: string, plan: PlanRecord, setup: SavingsSetup, month: string, date: string, amount: number, by: string) {
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
      {
        item: {
          Update: {
            TableName: table(),
            Key: keys.savingsPlan(tenant, plan.id),
            UpdateExpression: 'ADD balance :amt, available :amt SET updated_at = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':amt': amount, ':now': now },
          },
        },
      },
      { item: summaryUpdate(tenant, plan.member_id, { balance: amount, available: amount }) },
      {
        item: {
          Put: {
            TableName: table(),
            Item: {
              ...keys.memberTransaction(tenant, plan.member_id, date, txnId),
              entity: 'MEMBER_TRANSACTION',
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
            },
          },
        },
      },
      { item: monthFigures(tenant, month, 'interest', amount) },
    ],
    createdBy: by,
  };
}
