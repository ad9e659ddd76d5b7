import { writeItem } from '#core/entity';
import { listCooperatives } from '../cooperatives/cooperative-store.ts';
import { cooperativeLoans, dueIndexBackfill, findLoan } from '../loans/loan-entity.ts';
import { cooperativePlans, findPlan, planDueIndexBackfill } from '../savings/plan-entity.ts';

/**
 * The one-off backfill of the payroll dues index (docs/decisions.md 2026-11-26 "Payroll dues from
 * what is due"): loans and plans written before it carry neither the index keys nor a loan's
 * `owed_by_date`. Each loan and plan is updated from what it holds, under the condition that
 * it has not changed since it was read (a change meanwhile wrote the attributes itself; the item is
 * read again and written again). Running it again changes nothing.
 */
export interface BackfillCount {
  cooperative: string;
  loans: number;
  plans: number;
}

const ATTEMPTS = 5;

async function untilWritten<T>(first: T, write: (record: T) => Promise<boolean>, reread: () => Promise<T | undefined>) {
  let record: T | undefined = first;
  for (let attempt = 0; record && attempt < ATTEMPTS; attempt++) {
    if (await write(record)) return;
    record = await reread();
  }
  if (record) throw new Error('An item kept changing while the payroll dues index was being backfilled; run it again');
}

export async function backfillCooperative(cooperativeId: string): Promise<BackfillCount> {
  const [loans, plans] = await Promise.all([cooperativeLoans(cooperativeId), cooperativePlans(cooperativeId)]);
  for (const loan of loans)
    await untilWritten(
      loan,
      (current) => writeItem(dueIndexBackfill(current)),
      () => findLoan(cooperativeId, loan.id),
    );
  for (const plan of plans)
    await untilWritten(
      plan,
      (current) => writeItem(planDueIndexBackfill(current)),
      () => findPlan(cooperativeId, plan.id),
    );
  return { cooperative: cooperativeId, loans: loans.length, plans: plans.length };
}

/** Every cooperative's loans and plans, one cooperative after the other. */
export async function backfillPayrollDues(log: (line: string) => void = () => {}): Promise<BackfillCount[]> {
  const counts: BackfillCount[] = [];
  for (const cooperative of await listCooperatives()) {
    const count = await backfillCooperative(cooperative.id);
    log(`${cooperative.code ?? cooperative.id}: ${count.loans} loan(s), ${count.plans} plan(s)`);
    counts.push(count);
  }
  return counts;
}
