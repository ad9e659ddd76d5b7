import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, transactWrite } from '#core/db';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { cooperativeLoans, findLoan } from '../loans/loan-entity.ts';
import { cooperativePlans, findPlan } from '../savings/plan-entity.ts';
import { loanDueBackfill, planDueBackfill } from './due-entity.ts';

/**
 * The one-off backfill of payroll due items (docs/decisions.md 2026-11-26 "Payroll dues from what
 * is due"): loans and plans written before due items existed have none. Each loan and plan gets
 * its item from what it holds, in one transaction with the condition that it has not changed since
 * it was read (a change meanwhile wrote the item itself; the loan or plan is read again and the
 * item written again). Running it again changes nothing.
 */
export interface BackfillCount {
  cooperative: string;
  loans: number;
  plans: number;
}

const ATTEMPTS = 5;

async function untilWritten<T>(first: T, items: (record: T) => TransactItem[], reread: () => Promise<T | undefined>) {
  let record: T | undefined = first;
  for (let attempt = 0; record && attempt < ATTEMPTS; attempt++) {
    try {
      await transactWrite(items(record));
      return;
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
      record = await reread();
    }
  }
  if (record) throw new Error('An item kept changing while payroll due items were being backfilled; run it again');
}

export async function backfillCooperative(cooperativeId: string): Promise<BackfillCount> {
  const [loans, plans] = await Promise.all([cooperativeLoans(cooperativeId), cooperativePlans(cooperativeId)]);
  for (const loan of loans) await untilWritten(loan, loanDueBackfill, () => findLoan(cooperativeId, loan.id));
  for (const plan of plans) await untilWritten(plan, planDueBackfill, () => findPlan(cooperativeId, plan.id));
  return { cooperative: cooperativeId, loans: loans.length, plans: plans.length };
}

/** A step of `npm run backfill` (functions/maintenance/backfill.ts). */
export const payrollDueBackfill: BackfillStep = {
  name: 'payroll due items',
  async run(cooperativeId) {
    const count = await backfillCooperative(cooperativeId);
    return count.loans + count.plans;
  },
};
