import type { FinancialYearView, FinancialYearsView } from '@coopledger/shared/accounting-views';
import { today } from '@coopledger/shared/dates';
import type { FinancialYearRange } from '@coopledger/shared/financial-years';
import {
  MONTH_NAMES,
  financialYearOf,
  nextFinancialYear,
  previousFinancialYear,
  yearStartMonth,
} from '@coopledger/shared/financial-years';
import type { Kobo, KoboSum } from '@coopledger/shared/money';
import { kobo, nairaFigure, storedKobo } from '@coopledger/shared/money';
import { PROFIT_AND_LOSS_CLASSES } from '@coopledger/shared/report-views';
import { GL_ACCOUNT_STATUS } from '@coopledger/shared/statuses';
import { rulesOf } from '#core/cooperative-rules';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import type { Movements } from '#core/gl-balances';
import { movementsBetween } from '#core/gl-balances';
import { newId } from '#core/ids';
import type { Effect, PostingLine, Side } from '#core/ledger';
import { YEAR_CLOSE, post, reverse } from '#core/ledger';
import type { CooperativeRecord } from '../cooperatives/cooperative-entity.ts';
import { getCooperative } from '../cooperatives/cooperative-entity.ts';
import type { ChartTree } from '../reports/chart-tree.ts';
import type { YearItem } from './financial-year-entity.ts';
import { loadChartTree } from '../reports/chart-tree.ts';
import {
  closeFinished,
  closeUnderWay,
  closingJournalLines,
  closingTotals,
  getYearItem,
  lockFailed,
  lockYear,
  reopenFinished,
  stillClosed,
  yearItems,
  yearUpdate,
} from './financial-year-entity.ts';

/**
 * Year-end close (docs/decisions.md 2026-11-27 "Year-end close"; docs/data-model.md "Financial
 * years"). The cooperative's profile holds the lock: `closed_through` (the last day of the last
 * closed year) and, while a close is under way, `closing_through`; every posting checks both inside
 * its transaction (core/ledger.ts). A close:
 *  1. moves `closing_through` to the year's last day (one conditioned update): from then on no
 *     posting dated in the year lands, so the year's balances stay as read;
 *  2. posts the closing journals (source YEAR_CLOSE), at most CHUNK_ACCOUNTS income and expense
 *     accounts each plus the Retained Earnings line, each under the key
 *     `year-close-<end>-<close number>-<part>` with the year item's closing totals in the same
 *     transaction; the last part moves `closed_through` and clears `closing_through` in its
 *     transaction. A close that stops half way leaves the year locked and shown as closing; closing
 *     it again posts only the parts not yet posted (the others are replays) and finishes.
 * The year item keeps, per account, the closing lines' debits and credits that are in the books, so
 * the income statement and trial balance of a period leave them out (reports/handler.ts).
 * A reopen reverses the parts (keys `year-reopen-<end>-<close number>-<part>`) the same way.
 */

/**
 * Income and expense accounts per closing journal. post() writes, per journal, the idempotency key,
 * the journal, a line item per line, per account a ConditionCheck and three balance updates, and the
 * effects (two here): 2 + 5 × (accounts + 1) + 2 items, at most 100.
 */
export const CHUNK_ACCOUNTS = 18;

type Profile = CooperativeRecord;

const profileOf = async (cooperativeId: string): Promise<Profile> => {
  const profile = await getCooperative(cooperativeId, true);
  if (!profile) throw notFound('Cooperative');
  return profile;
};

/** Takes a year's closing lines (as its year item holds them) off movements that include them. */
function leaveOutClosing(movements: Movements, year: YearItem): void {
  for (const [code, closing] of closingTotals(year)) {
    const moved = movements.get(code) ?? { debit: 0n, credit: 0n };
    movements.set(code, { debit: moved.debit - closing.debit, credit: moved.credit - closing.credit });
  }
}

/**
 * The movements of `from`..`to` without the closing journals of the years that end in it (what the
 * income statement and the trial balance of a period show: the figures before closing).
 */
export async function movementsBeforeClosing(cooperativeId: string, from: string, to: string): Promise<Movements> {
  const [movements, years] = await Promise.all([movementsBetween(cooperativeId, from, to), yearItems(cooperativeId)]);
  for (const year of years) if (year.end >= from && year.end <= to) leaveOutClosing(movements, year);
  return movements;
}

/** The chart's Retained Earnings account (purpose retained_earnings); a 409 without an active one. */
function retainedEarnings(tree: ChartTree): string {
  const account = [...tree.accounts.values()].find(
    (a) => a.purpose === 'retained_earnings' && a.status === GL_ACCOUNT_STATUS.ACTIVE,
  );
  if (!account)
    throw conflict(
      'The chart of accounts has no active Retained Earnings account (purpose retained_earnings); add one before closing a year',
    );
  return account.code;
}

const profitAndLoss = (tree: ChartTree, code: string) => {
  const cls = tree.accounts.get(code)?.class;
  return cls !== undefined && PROFIT_AND_LOSS_CLASSES.includes(cls);
};

const safeAmount = (amount: KoboSum, code: string): Kobo => {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER))
    throw new AppError('VALIDATION', `GL account ${code}'s balance for the year is too large for one closing line`);
  return kobo(Number(amount));
};

/** The closing journals' lines: per part, each account's balance reversed and the Retained Earnings line. */
function closingParts(tree: ChartTree, before: Movements, reCode: string): { lines: PostingLine[]; profit: KoboSum }[] {
  const balances = [...before]
    .filter(([code, moved]) => profitAndLoss(tree, code) && moved.debit !== moved.credit)
    .sort(([a], [b]) => a.localeCompare(b));
  const parts: { lines: PostingLine[]; profit: KoboSum }[] = [];
  for (let at = 0; at < balances.length; at += CHUNK_ACCOUNTS) {
    const lines: PostingLine[] = [];
    let profit = 0n;
    for (const [code, moved] of balances.slice(at, at + CHUNK_ACCOUNTS)) {
      const net = moved.debit - moved.credit;
      profit -= net;
      const side: Side = net > 0n ? 'C' : 'D';
      lines.push({ glCode: code, side, amount: safeAmount(net > 0n ? net : 0n - net, code) });
    }
    if (profit !== 0n)
      lines.push({
        glCode: reCode,
        side: profit > 0n ? 'C' : 'D',
        amount: safeAmount(profit > 0n ? profit : 0n - profit, reCode),
      });
    parts.push({ lines, profit });
  }
  return parts;
}

/** A year's movements before closing: the closing lines already in the books (a part posted before a stop) left out. */
async function yearBeforeClosing(cooperativeId: string, year: FinancialYearRange): Promise<Movements> {
  const [movements, item] = await Promise.all([
    movementsBetween(cooperativeId, year.start, year.end),
    getYearItem(cooperativeId, year.end),
  ]);
  if (item) leaveOutClosing(movements, item);
  return movements;
}

/** A 422 naming an inactive account the closing journals would post to. */
function assertActive(tree: ChartTree, parts: { lines: PostingLine[] }[]): void {
  for (const line of parts.flatMap((part) => part.lines)) {
    const account = tree.accounts.get(line.glCode);
    if (account && account.status !== GL_ACCOUNT_STATUS.ACTIVE)
      throw invalid(
        'year_end',
        `GL account ${account.code} (${account.name}) is inactive and has a balance for the year; activate it to close the year`,
      );
  }
}

/** The year a `year_end` names, or a 422. */
function namedYear(profile: Profile, yearEnd: string): FinancialYearRange {
  const startMonth = yearStartMonth(profile.year_start_month);
  const year = financialYearOf(yearEnd, startMonth);
  if (year.end !== yearEnd)
    throw invalid(
      'year_end',
      `${yearEnd} is not the last day of a financial year (the years start in ${MONTH_NAMES[startMonth - 1]})`,
    );
  return year;
}

/** The first financial year of the books: the one that holds the opening date. */
const firstYear = (profile: Profile) =>
  financialYearOf(rulesOf(profile).openingDate, yearStartMonth(profile.year_start_month));

/** The year that may be closed next: the one after the last closed year, else the first. */
function nextToClose(profile: Profile): FinancialYearRange {
  const startMonth = yearStartMonth(profile.year_start_month);
  return profile.closed_through
    ? financialYearOf(
        nextFinancialYear(financialYearOf(profile.closed_through, startMonth), startMonth).end,
        startMonth,
      )
    : firstYear(profile);
}

/**
 * Closes the financial year ending `yearEnd`: posts its closing journals into Retained Earnings and
 * locks it. A year already closed is answered as it is (nothing is posted twice).
 */
export async function closeYear(
  cooperativeId: string,
  yearEnd: string,
  userId: string,
): Promise<{ year: FinancialYearView; already: boolean }> {
  let profile = await profileOf(cooperativeId);
  const year = namedYear(profile, yearEnd);
  const answer = async (already: boolean) => ({ year: await yearView(cooperativeId, year.end), already });
  if (profile.closed_through && profile.closed_through >= year.end) return answer(true);
  // Whether this request changed anything: a close finished meanwhile by another one posts nothing here.
  let changed = false;
  const tree = await loadChartTree(cooperativeId);
  const reCode = retainedEarnings(tree);
  if (profile.closing_through !== year.end) {
    if (profile.closing_through)
      throw conflict(`The close of the year ending ${profile.closing_through} is under way; close that year first`);
    if (year.end >= today()) throw invalid('year_end', `The year ending ${year.end} has not ended yet`);
    const next = nextToClose(profile);
    if (year.end !== next.end) {
      throw year.end < next.end
        ? invalid('year_end', `The year ending ${year.end} is before the first financial year of the books`)
        : conflict(`Years close in order: close the year ending ${next.end} first`);
    }
    // An inactive account would stop the close half way (the ledger refuses it): say so before locking.
    assertActive(tree, closingParts(tree, await yearBeforeClosing(cooperativeId, year), reCode));
    await lockYear(cooperativeId, profile, year);
    changed = true;
    profile = await profileOf(cooperativeId);
  }
  const closes = Number(profile.year_closes);
  const parts = closingParts(tree, await yearBeforeClosing(cooperativeId, year), reCode);
  const profit = parts.reduce((sum, part) => sum + part.profit, 0n);
  const moved = lockFailed();
  const finish = () => closeFinished(cooperativeId, year.end, closes);
  const closedFields = {
    status: 'closed',
    closes,
    closed_by: userId,
    closed_at: nowIso(),
    net_profit: storedKobo(profit),
  };
  if (parts.length === 0) {
    try {
      await transactWrite([finish(), yearUpdate(cooperativeId, year, [], 1n, { ...closedFields, journal_ids: [] })]);
    } catch (error) {
      if (error instanceof TransactionConditionFailed) throw moved;
      throw error;
    }
    return answer(false);
  }
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    const journalId = newId();
    const lock: TransactItem = last ? finish() : closeUnderWay(cooperativeId, year.end, closes);
    const fields = last ? closedFields : { status: 'open', closes };
    const effects: Effect[] = [
      { item: lock, onConditionFailed: moved },
      { item: yearUpdate(cooperativeId, year, part.lines, 1n, fields, { id: journalId, first: index === 0 }) },
    ];
    const result = await post({
      cooperativeId,
      idempotencyKey: `year-close-${year.end}-${closes}-${index + 1}`,
      date: year.end,
      description: `Year-end close of the financial year ending ${year.end}${parts.length > 1 ? ` (part ${index + 1} of ${parts.length})` : ''}`,
      source: { type: YEAR_CLOSE, id: year.end },
      lines: part.lines,
      effects,
      createdBy: userId,
      journalId,
      yearEnd: true,
    });
    if (!result.duplicate) changed = true;
  }
  return answer(!changed);
}

/** Reopens the latest closed year: reverses its closing journals and moves the lock back a year. */
export async function reopenYear(
  cooperativeId: string,
  yearEnd: string,
  reason: string,
  userId: string,
): Promise<FinancialYearView> {
  const profile = await profileOf(cooperativeId);
  const year = namedYear(profile, yearEnd);
  if (profile.closing_through)
    throw conflict(`The close of the year ending ${profile.closing_through} is under way; close that year first`);
  if (!profile.closed_through || profile.closed_through < year.end)
    throw conflict(`The year ending ${year.end} is not closed`);
  if (profile.closed_through > year.end)
    throw conflict(`Only the latest closed year (ending ${profile.closed_through}) may be reopened`);
  const item = await getYearItem(cooperativeId, year.end);
  if (!item) throw notFound('Financial year');
  const startMonth = yearStartMonth(profile.year_start_month);
  const previous = previousFinancialYear(year, startMonth);
  const previousClosed = year.start > firstYear(profile).start ? previous.end : undefined;
  const unlock = reopenFinished(cooperativeId, year.end, previousClosed);
  const reopened = { status: 'open', reopened_by: userId, reopened_at: nowIso(), reopen_reason: reason };
  const moved = lockFailed();
  const journals = item.journal_ids ?? [];
  if (journals.length === 0) {
    try {
      await transactWrite([unlock, yearUpdate(cooperativeId, year, [], 1n, reopened)]);
    } catch (error) {
      if (error instanceof TransactionConditionFailed) throw moved;
      throw error;
    }
    return yearView(cooperativeId, year.end);
  }
  for (const [index, journalId] of journals.entries()) {
    const last = index === journals.length - 1;
    const lines = await closingJournalLines(cooperativeId, journalId);
    await reverse({
      cooperativeId,
      journalId,
      idempotencyKey: `year-reopen-${year.end}-${item.closes}-${index + 1}`,
      date: year.end,
      description: `Reopening of the financial year ending ${year.end}: ${reason}`,
      effects: [
        { item: last ? unlock : stillClosed(cooperativeId, year.end), onConditionFailed: moved },
        { item: yearUpdate(cooperativeId, year, lines, -1n, last ? reopened : {}) },
      ],
      createdBy: userId,
      yearEnd: true,
    });
  }
  return yearView(cooperativeId, year.end);
}

function presentYear(
  year: FinancialYearRange,
  item: YearItem | undefined,
  profile: Profile,
  flags: { canClose: boolean; canReopen: boolean },
): FinancialYearView {
  const closed = Boolean(profile.closed_through && profile.closed_through >= year.end);
  const status = closed ? 'closed' : profile.closing_through === year.end ? 'closing' : 'open';
  return {
    start: year.start,
    end: year.end,
    status,
    ended: year.end < today(),
    closed_by: closed ? (item?.closed_by ?? null) : null,
    closed_at: closed ? (item?.closed_at ?? null) : null,
    net_profit: closed && item?.net_profit !== undefined ? nairaFigure(item.net_profit) : null,
    journal_ids: closed ? (item?.journal_ids ?? []) : [],
    reopened_by: item?.reopened_by ?? null,
    reopened_at: item?.reopened_at ?? null,
    reopen_reason: item?.reopen_reason ?? null,
    can_close: flags.canClose,
    can_reopen: flags.canReopen,
  };
}

/** The cooperative's financial years from the first (the opening date's) to the current one, newest first. */
export async function financialYears(cooperativeId: string): Promise<FinancialYearsView> {
  const [profile, items] = await Promise.all([profileOf(cooperativeId), yearItems(cooperativeId)]);
  const startMonth = yearStartMonth(profile.year_start_month);
  const byEnd = new Map(items.map((i) => [i.end, i]));
  const current = financialYearOf(today(), startMonth);
  const next = nextToClose(profile);
  const years: FinancialYearView[] = [];
  for (let year = firstYear(profile); year.start <= current.start; year = nextFinancialYear(year, startMonth)) {
    const canClose = profile.closing_through
      ? profile.closing_through === year.end
      : year.end === next.end && year.end < today();
    const canReopen = !profile.closing_through && profile.closed_through === year.end;
    years.push(presentYear(year, byEnd.get(year.end), profile, { canClose, canReopen }));
  }
  return {
    year_start_month: startMonth,
    closed_through: profile.closed_through ?? null,
    years: years.reverse(),
  };
}

/** One year as the list shows it. */
export async function yearView(cooperativeId: string, yearEnd: string): Promise<FinancialYearView> {
  const found = (await financialYears(cooperativeId)).years.find((y) => y.end === yearEnd);
  if (!found) throw notFound('Financial year');
  return found;
}
