import { isCalendarMonth, previousMonth, utcDate } from '@coopledger/shared/dates';
import { logger } from '#core/logger';
import { observed } from '#core/observability';
import type { CooperativeRecord } from '../cooperatives/cooperative-store.ts';
import { listCooperatives } from '../cooperatives/cooperative-store.ts';
import type { InterestRun } from '../savings/interest.ts';
import { creditInterest } from '../savings/interest.ts';
import { isActive } from '@coopledger/shared/statuses';

/**
 * The monthly credit-interest run (docs/decisions.md): on the 1st of a month, EventBridge starts this
 * function, which credits the month just ended to every active plan of every active cooperative
 * through interest.ts (`interest-<plan>-<month>` keys: a rerun or a retried event posts nothing twice).
 * Locally, `npm run interest -- --month YYYY-MM [--cooperative CODE]` runs the same code.
 */
export const INTEREST_BY = 'system:interest-schedule';

/** The month before the one `now` falls in (UTC), YYYY-MM. */
export const monthBefore = (now: Date): string => previousMonth(utcDate(now).slice(0, 7));

export interface CooperativeRun extends Partial<InterestRun> {
  cooperative_id: string;
  code: string;
  /** Why nothing was credited in this cooperative (the others still run). */
  error?: string;
}

/** Credits `month` to the active cooperatives (or the one with `code`), one after another. */
export async function runInterest(month: string, code?: string): Promise<CooperativeRun[]> {
  if (!isCalendarMonth(month)) throw new Error(`Not a month (YYYY-MM): ${month}`);
  const all = await listCooperatives();
  const wanted = code ? all.filter((c) => c.code.toUpperCase() === code.toUpperCase()) : all;
  if (code && wanted.length === 0) throw new Error(`No cooperative has the code ${code}`);
  const runs: CooperativeRun[] = [];
  for (const cooperative of wanted.filter((c: CooperativeRecord) => isActive(c.status))) {
    try {
      const run = await creditInterest(cooperative.id, month, INTEREST_BY);
      logger.info('interest credited', { cooperative: cooperative.code, ...run });
      runs.push({ cooperative_id: cooperative.id, code: cooperative.code, ...run });
    } catch (error) {
      // One cooperative's refusal (a month before its opening date) must not stop the others'.
      logger.error('interest not credited', { cooperative: cooperative.code, month, error });
      runs.push({ cooperative_id: cooperative.id, code: cooperative.code, error: (error as Error).message });
    }
  }
  return runs;
}

/** The EventBridge rule's target; the event's `time` is when the schedule fired. */
const monthlyRun = async (event: { time?: string }) => {
  const month = monthBefore(event.time ? new Date(event.time) : new Date());
  const runs = await runInterest(month);
  return {
    month,
    cooperatives: runs.length,
    credited: runs.reduce((n, r) => n + (r.credited ?? 0), 0),
    already: runs.reduce((n, r) => n + (r.already ?? 0), 0),
    failed: runs.filter((r) => r.error).map((r) => r.code),
  };
};

export const handler = observed('savings', monthlyRun);
