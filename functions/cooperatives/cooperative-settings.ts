import { QueryCommand as SendQuery } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { db } from '#core/clients';
import { appTable } from '#core/entity';
import { invalid } from '#core/errors';
import { nextMonth } from '@coopledger/shared/dates';
import { yearStartMonth } from '@coopledger/shared/financial-years';
import { keys } from '#core/keys';
import { ordinaryJournalDates } from '../accounting/journal-entity.ts';

/**
 * The opening date of a cooperative's books (docs/decisions.md, "Amount limits, safe totals and
 * posting dates", and 2026-11-25 "Money, dates and payroll: review fixes"). Moving it earlier opens
 * the past to ordinary postings, so only platform staff may. Moving it later must not leave a
 * posting made through the ordinary routes before it (imports of history may lie before it): the
 * journals dated from the current opening date to the day before the new one are read month by
 * month, starting at the first month that holds any posting.
 */
async function firstPostedMonth(cooperativeId: string): Promise<string | undefined> {
  // The ledger's month balances (core/ledger.ts) sort by month: the first item of one page is enough.
  const first = appTable
    .build(QueryCommand)
    .query({ partition: keys.glMonthBalancesPartition(cooperativeId) })
    .options({ limit: 1 })
    .params();
  const sk: unknown = (await db().send(new SendQuery(first))).Items?.[0]?.sk;
  return typeof sk === 'string' ? sk.slice(0, 7) : undefined;
}

/**
 * The date of the first journal dated from `from` up to (not including) `before` that is not an
 * import of history (the journal headers' dates, checked by accounting/journal-entity.ts).
 */
async function firstOrdinaryPosting(cooperativeId: string, from: string, before: string): Promise<string | undefined> {
  const first = await firstPostedMonth(cooperativeId);
  if (!first) return undefined;
  const start = first > from.slice(0, 7) ? first : from.slice(0, 7);
  for (let month = start; month <= before.slice(0, 7); month = nextMonth(month)) {
    const dates = await ordinaryJournalDates(cooperativeId, month, from, before);
    if (dates.length > 0) return dates.sort()[0];
  }
  return undefined;
}

/**
 * Refuses (422 on opening_date) an opening date earlier than the current one unless `mayMoveEarlier`
 * (platform staff), and one later than a posting already in the books.
 */
export async function checkOpeningDate(
  cooperativeId: string,
  current: string,
  next: string,
  mayMoveEarlier: boolean,
): Promise<void> {
  if (next < current && !mayMoveEarlier) {
    throw invalid(
      'opening_date',
      `Only the platform's administrators may move the opening date earlier than ${current}`,
    );
  }
  if (next <= current) return;
  const posted = await firstOrdinaryPosting(cooperativeId, current, next);
  if (posted) {
    throw invalid(
      'opening_date',
      `The books already hold a posting dated ${posted}; the opening date cannot be later than that`,
    );
  }
}

/**
 * Refuses (422 on year_start_month) a new start month of the financial year once a year has been
 * closed or a close is under way: the closed years' dates would no longer be financial years.
 */
export function checkYearStartMonth(
  existing: { year_start_month?: number; closed_through?: string; closing_through?: string },
  next: number | undefined,
): void {
  if (next === undefined || next === yearStartMonth(existing.year_start_month)) return;
  if (existing.closed_through || existing.closing_through)
    throw invalid(
      'year_start_month',
      `The financial year's start month cannot change once a year has been closed (closed through ${
        existing.closed_through ?? existing.closing_through
      })`,
    );
}
