import { transactWrite } from '#core/db';
import type { TransactItem } from '#core/db';
import { allCooperatives } from '../cooperatives/cooperative-entity.ts';
import { memberIndexBackfill } from '../members/member-backfill.ts';
import { savingsListBackfill } from '../savings/savings-backfill.ts';
import { loanListBackfill } from '../loans/loans-backfill.ts';

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
  writes: (cooperativeId: string) => Promise<TransactItem[]>;
}

export const BACKFILL_STEPS: BackfillStep[] = [memberIndexBackfill, savingsListBackfill, loanListBackfill];

/** Writes one step's items, 25 a transaction (small enough for the largest items, a member's search items). */
async function apply(items: TransactItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) await transactWrite(items.slice(i, i + 25));
}

/** Runs every step for every cooperative (or the given ones); returns the writes made per step. */
export async function backfill(cooperativeIds?: string[]): Promise<Record<string, number>> {
  const ids = cooperativeIds ?? (await allCooperatives()).map((coop) => coop.id);
  const made: Record<string, number> = {};
  for (const step of BACKFILL_STEPS) {
    made[step.name] = 0;
    for (const id of ids) {
      const items = await step.writes(id);
      await apply(items);
      made[step.name] += items.length;
    }
  }
  return made;
}
