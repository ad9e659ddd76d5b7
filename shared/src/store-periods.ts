import { addDays, dateIssue, daysBetween } from './dates.ts';

/**
 * The period of the store's dashboard and reports (docs/decisions.md 2026-11-27 "Store dashboard and
 * reports"): `from` and `to` (YYYY-MM-DD, both inclusive), at most a year and a day long, so a
 * dashboard or report reads at most 366 days of summaries. The web checks a period with the same rule.
 */
export const STORE_PERIOD_MAX_DAYS = 366;
/** The period a dashboard opens on: the last 30 days, today included. */
export const STORE_PERIOD_DEFAULT_DAYS = 30;

export interface StorePeriod {
  from: string;
  to: string;
}

/** The last STORE_PERIOD_DEFAULT_DAYS days to `today`. */
export const defaultStorePeriod = (today: string): StorePeriod => ({
  from: addDays(today, 1 - STORE_PERIOD_DEFAULT_DAYS),
  to: today,
});

/** What is wrong with a period, on the field to mark; undefined when it may be read. */
export function storePeriodIssue(period: StorePeriod): { field: keyof StorePeriod; message: string } | undefined {
  const fromIssue = dateIssue(period.from);
  if (fromIssue) return { field: 'from', message: fromIssue };
  const toIssue = dateIssue(period.to);
  if (toIssue) return { field: 'to', message: toIssue };
  if (period.to < period.from) return { field: 'to', message: 'The end date must not be before the start date' };
  if (daysBetween(period.from, period.to) + 1 > STORE_PERIOD_MAX_DAYS)
    return { field: 'from', message: `Choose a period of at most ${STORE_PERIOD_MAX_DAYS} days` };
  return undefined;
}
