import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { KoboSum, StoredKobo } from '@coopledger/shared/money';
import { addDays, lastDayOfMonth, nextMonth, previousMonth } from '@coopledger/shared/dates';
import { koboOf } from '@coopledger/shared/money';
import { db } from './clients.ts';
import type { Item } from './db.ts';
import { queryAll, table } from './db.ts';
import { keys } from './keys.ts';

/**
 * Reads the ledger's running balances (DESIGN.md section 4) for the reports. The ledger keeps, for
 * every account, one item per month, one per day and one for all time, written with each posting.
 * A date range is answered from month items for its whole months and day items for the partial
 * months at its edges, so a report reads (accounts x months + accounts x days at the edges) items,
 * however many journal lines the range holds. Totals are exact sums (bigint): an account's running
 * total may pass what a number holds.
 */
export interface Movement {
  debit: KoboSum;
  credit: KoboSum;
}

export type Movements = Map<string, Movement>;

interface BalanceItem extends Item {
  gl_code: string;
  debit?: StoredKobo;
  credit?: StoredKobo;
}

function accumulate(into: Movements, items: BalanceItem[]): void {
  for (const item of items) {
    const total = into.get(item.gl_code) ?? { debit: 0n, credit: 0n };
    total.debit += koboOf(item.debit);
    total.credit += koboOf(item.credit);
    into.set(item.gl_code, total);
  }
}

const between = (pk: string, from: string, to: string) =>
  queryAll<BalanceItem>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
  });

/** Day items of one month between two dates of that month. */
const dayItems = (cooperativeId: string, from: string, to: string) =>
  between(keys.glDayBalancesPartition(cooperativeId, from.slice(0, 7)), `${from}#`, `${to}#\uffff`);

/** Month items between two months. */
const monthItems = (cooperativeId: string, fromMonth: string, toMonth: string) =>
  between(keys.glMonthBalancesPartition(cooperativeId), `${fromMonth}#`, `${toMonth}#\uffff`);

/** Debits and credits per account posted on the days from `from` to `to`, inclusive. */
export async function movementsBetween(cooperativeId: string, from: string, to: string): Promise<Movements> {
  const result: Movements = new Map();
  if (to < from) return result;
  const fromMonth = from.slice(0, 7);
  const toMonth = to.slice(0, 7);
  if (fromMonth === toMonth) {
    const whole = from.endsWith('-01') && to === lastDayOfMonth(toMonth);
    accumulate(
      result,
      await (whole ? monthItems(cooperativeId, fromMonth, toMonth) : dayItems(cooperativeId, from, to)),
    );
    return result;
  }
  // Whole months in the middle come from month items; a partial first or last month from day items.
  const firstWhole = from.endsWith('-01') ? fromMonth : nextMonth(fromMonth);
  const lastWhole = to === lastDayOfMonth(toMonth) ? toMonth : previousMonth(toMonth);
  const reads: Promise<BalanceItem[]>[] = [];
  if (firstWhole <= lastWhole) reads.push(monthItems(cooperativeId, firstWhole, lastWhole));
  if (firstWhole !== fromMonth) reads.push(dayItems(cooperativeId, from, lastDayOfMonth(fromMonth)));
  if (lastWhole !== toMonth) reads.push(dayItems(cooperativeId, `${toMonth}-01`, to));
  for (const items of await Promise.all(reads)) accumulate(result, items);
  return result;
}

/** All-time debits and credits per account. */
export async function allTimeTotals(cooperativeId: string): Promise<Movements> {
  const result: Movements = new Map();
  accumulate(
    result,
    await queryAll<BalanceItem>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.glTotalsPartition(cooperativeId) },
    }),
  );
  return result;
}

/** The last month that holds postings, or undefined when the cooperative has none. */
async function lastPostedMonth(cooperativeId: string): Promise<string | undefined> {
  const result = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.glMonthBalancesPartition(cooperativeId) },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const sk: unknown = result.Items?.[0]?.sk;
  return typeof sk === 'string' ? sk.slice(0, 7) : undefined;
}

/**
 * Debits and credits per account from the first posting up to and including `date`: the all-time
 * totals less what was posted after the date. Reports usually look at recent dates, so this reads
 * the few months after the date rather than every month before it.
 */
export async function totalsAsAt(cooperativeId: string, date: string): Promise<Movements> {
  const [all, last] = await Promise.all([allTimeTotals(cooperativeId), lastPostedMonth(cooperativeId)]);
  if (!last || last < date.slice(0, 7)) return all;
  const after = await movementsBetween(cooperativeId, addDays(date, 1), lastDayOfMonth(last));
  for (const [code, moved] of after) {
    const total = all.get(code) ?? { debit: 0n, credit: 0n };
    all.set(code, { debit: total.debit - moved.debit, credit: total.credit - moved.credit });
  }
  return all;
}

/** A balance on the account's normal side: debit − credit for D accounts, credit − debit for C. */
export function normalBalance(type: 'D' | 'C', movement: Movement | undefined): KoboSum {
  if (!movement) return 0n;
  return type === 'D' ? movement.debit - movement.credit : movement.credit - movement.debit;
}
