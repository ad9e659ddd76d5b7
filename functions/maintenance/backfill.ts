import { transactWrite } from '#core/db';
import type { TransactItem } from '#core/db';
import { allCooperatives } from '../cooperatives/cooperative-entity.ts';
import { memberIndexBackfill } from '../members/member-backfill.ts';
import { accountingBackfill } from '../accounting/accounting-backfill.ts';
import { cooperativeListBackfill } from '../cooperatives/cooperative-backfill.ts';
import { payrollRunsBackfill } from '../payroll/payroll-backfill.ts';
import { votingBackfill } from '../voting/voting-backfill.ts';
import { payrollDueBackfill } from '../payroll/due-backfill.ts';
import { userIndexBackfill } from '../users/user-backfill.ts';
import { pendingIndexBackfill } from '../members/pending-backfill.ts';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { savingsListBackfill } from '../savings/savings-backfill.ts';
import { loanListBackfill } from '../loans/loans-backfill.ts';
import { setupNameIndexBackfill } from '../setup/setup-backfill.ts';
import { userSearchBackfill } from '../users/user-search-backfill.ts';
import { registrationSearchBackfill } from '../members/pending-search-backfill.ts';
import { membersJoinedBackfill } from '../members/members-joined.ts';
import { storeAccountsBackfill } from '../eshop/store-accounts.ts';
import { storeProductsBackfill } from '../eshop/store-backfill.ts';

/**
 * One-off backfills for items and counters added after a table already held data (docs/decisions.md
 * 2026-11-26 "Paging in DynamoDB"). Each step gives, for one cooperative, the writes that bring its
 * items up to date; every write is idempotent (a put of what the item must be, or a counter SET to
 * the count read), so a backfill can be run again, or interrupted and run again. Run with
 * `npm run backfill` (README, "Deploy"). A cooperative that changes while its step runs may be
 * recounted by running it again.
 */
export interface BackfillStep {
  name: string;
  /** The writes that bring one cooperative up to date, applied 25 a transaction. */
  writes?: (cooperativeId: string) => Promise<TransactItem[]>;
  /** Or a step that writes by itself (each record with its own condition); answers the records written. */
  run?: (cooperativeId: string) => Promise<number>;
  /**
   * The writes of the platform's own items (its lists' counters), once per run after every
   * cooperative's, in a run for every cooperative only (a run for named ones leaves them alone).
   */
  platformWrites?: () => Promise<TransactItem[]>;
}

export const BACKFILL_STEPS: BackfillStep[] = [
  memberIndexBackfill,
  accountingBackfill,
  payrollRunsBackfill,
  cooperativeListBackfill,
  pendingIndexBackfill,
  votingBackfill,
  userIndexBackfill,
  payrollDueBackfill,
  savingsListBackfill,
  loanListBackfill,
  setupNameIndexBackfill,
  userSearchBackfill,
  registrationSearchBackfill,
  membersJoinedBackfill,
  storeAccountsBackfill,
  storeProductsBackfill,
];

/** Writes one step's items, 25 a transaction (small enough for the largest items, a member's search items). */
async function apply(items: TransactItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) await transactWrite(items.slice(i, i + 25));
}

/** Runs every step for every cooperative (or the given ones); returns the writes made per step. */
export async function backfill(cooperativeIds?: string[]): Promise<Record<string, number>> {
  // The platform is a tenant too (its users); steps with nothing of it there write nothing.
  const ids = cooperativeIds ?? [PLATFORM_TENANT, ...(await allCooperatives()).map((coop) => coop.id)];
  const made: Record<string, number> = {};
  for (const step of BACKFILL_STEPS) {
    made[step.name] = 0;
    for (const id of ids) {
      if (step.run) made[step.name] += await step.run(id);
      const items = (await step.writes?.(id)) ?? [];
      await apply(items);
      made[step.name] += items.length;
    }
    if (step.platformWrites && !cooperativeIds) {
      const items = await step.platformWrites();
      await apply(items);
      made[step.name] += items.length;
    }
  }
  return made;
}
