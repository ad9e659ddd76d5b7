import type { Kobo, KoboSum } from '@coopledger/shared/money';
import { nairaText, storedKobo } from '@coopledger/shared/money';
import { isCalendarDate } from '@coopledger/shared/dates';
import { postingDateIssue } from '@coopledger/shared/posting-rules';
import { closedYearMessage } from '@coopledger/shared/financial-years';
import type { CooperativeRules } from '@coopledger/shared/posting-rules';
import type { RulesSource } from './cooperative-rules.ts';
import { closedThroughOf, requestRulesOf, rulesOf } from './cooperative-rules.ts';
import { AppError } from './errors.ts';
import type { Item, TransactItem } from './db.ts';
import { TransactionConditionFailed, getItem, getItems, nowIso, table, transactWrite } from './db.ts';
import { newId } from './ids.ts';
import type { Key } from './keys.ts';
import { keys } from './keys.ts';
import { METRIC, countMetric } from './observability.ts';
import { forgetRecord, peekRecord, rememberRecord } from './ttl-cache.ts';
import { GL_ACCOUNT_STATUS } from '@coopledger/shared/statuses';

/**
 * The ledger (DESIGN.md section 4). Every change to money is a balanced journal written in ONE
 * DynamoDB transaction together with:
 *  - the idempotency record of its source (a replay posts nothing),
 *  - a condition that every GL account it names exists and is active,
 *  - the running GL balances (per account per month, per day, and for all time),
 *  - the caller's effects: subledger changes and status transitions with their conditions
 *    (an order still pending, a balance that covers the withdrawal).
 * Either all of it lands or none of it does. Whatever route it came from, a journal is dated on a
 * real day, not in the future and not before the cooperative's opening date (history imports and
 * reversals, which mirror a posting on its own date, aside): DESIGN.md section 3.
 */
export type Side = 'D' | 'C';

export interface PostingLine {
  glCode: string;
  side: Side;
  amount: Kobo;
  description?: string;
}

export interface Effect {
  item: TransactItem;
  /** The error to report when this item's condition fails (e.g. 'Insufficient balance'). */
  onConditionFailed?: AppError;
}

export interface Posting {
  cooperativeId: string;
  /** From the source: the order id, the import row, the payroll row. */
  idempotencyKey: string;
  /** The accounting date, YYYY-MM-DD. */
  date: string;
  description: string;
  source: { type: string; id: string };
  reference?: string;
  lines: PostingLine[];
  effects?: Effect[];
  createdBy?: string;
  /** The new journal's id when the caller's effects must name it; a new id by default. */
  journalId?: string;
  /** An import of history: may be dated before the cooperative's opening date (kept on the journal as `history`). */
  history?: boolean;
  /**
   * A year-end close or its reversal (accounting/financial-years.ts): dated on the last day of the
   * year it closes, which its own effects lock or unlock, so the closed-year rule does not apply.
   */
  yearEnd?: boolean;
}

export interface PostingResult {
  journalId: string;
  /** True when the idempotency key had already been posted: nothing was written this time. */
  duplicate: boolean;
}

export interface GlAccountItem extends Item {
  code: string;
  name: string;
  type: Side;
  status: number;
}

const MAX_TRANSACTION_ITEMS = 100;
/** The source type of a reversal: the mirror of a posting already in the books, on that posting's date. */
const REVERSAL = 'REVERSAL';
/** The source type of a year-end closing journal (docs/data-model.md, "Financial years"). */
export const YEAR_CLOSE = 'YEAR_CLOSE';

/** The key an item of a transaction writes or checks. */
function keyOf(item: TransactItem): Partial<Key> | undefined {
  return (item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key) as
    Partial<Key> | undefined;
}

/**
 * The check, inside the posting's transaction, that its date is after the cooperative's closed years
 * (the profile holds the closed-through date and, while a close is under way, the closing-through
 * date): a posting that read the rules before a close moved the lock cannot land in the closed year.
 */
function openYearCheck(cooperativeId: string, date: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: table(),
      Key: keys.cooperative(cooperativeId),
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(closed_through) OR closed_through < :date) ' +
        'AND (attribute_not_exists(closing_through) OR closing_through < :date)',
      ExpressionAttributeValues: { ':date': date },
    },
  };
}

/**
 * Checks a posting's shape; throws a 422 a person can read. Returns the totals per account: exact
 * sums (a summarised batch journal may add up past what a number holds).
 */
export function checkPosting(
  posting: Pick<Posting, 'lines' | 'date'>,
): Map<string, { debit: KoboSum; credit: KoboSum }> {
  if (!isCalendarDate(posting.date)) {
    throw new AppError('VALIDATION', 'The posting date must be a valid date (YYYY-MM-DD)', { date: 'Invalid date' });
  }
  if (posting.lines.length < 2) {
    throw new AppError('VALIDATION', 'A journal needs at least one debit and one credit line');
  }
  let debit = 0n;
  let credit = 0n;
  const perAccount = new Map<string, { debit: KoboSum; credit: KoboSum }>();
  posting.lines.forEach((line, index) => {
    if (!line.glCode) {
      throw new AppError('VALIDATION', `Line ${index + 1} has no GL account`, {
        [`lines.${index}.gl_code`]: 'Select GL account',
      });
    }
    if (!Number.isSafeInteger(line.amount) || line.amount <= 0) {
      throw new AppError('VALIDATION', `Line ${index + 1} must have an amount greater than zero`, {
        [`lines.${index}.amount`]: 'Enter an amount greater than zero',
      });
    }
    if (line.side !== 'D' && line.side !== 'C') {
      throw new AppError('VALIDATION', `Line ${index + 1} must be a debit or a credit`);
    }
    const totals = perAccount.get(line.glCode) ?? { debit: 0n, credit: 0n };
    const amount = BigInt(line.amount);
    if (line.side === 'D') {
      debit += amount;
      totals.debit += amount;
    } else {
      credit += amount;
      totals.credit += amount;
    }
    perAccount.set(line.glCode, totals);
  });
  if (debit !== credit) {
    throw new AppError('VALIDATION', `Debits (${nairaText(debit)}) and credits (${nairaText(credit)}) must be equal`);
  }
  return perAccount;
}

/**
 * The posting's accounts and the posting date rules of its cooperative, in at most one read: an
 * active account another posting of this instance read within RECORD_TTL_MS comes from the cache
 * (core/ttl-cache.ts; the transaction's ConditionCheck of each account still decides), and the rules
 * from the request when it acts in this cooperative (its profile was read with the caller's user).
 * `fresh` reads every account from the table.
 */
async function loadAccounts(
  cooperativeId: string,
  codes: string[],
  fresh = false,
): Promise<{ accounts: Map<string, GlAccountItem>; rules?: CooperativeRules }> {
  const accounts = new Map<string, GlAccountItem>();
  for (const code of fresh ? [] : codes) {
    const cached = peekRecord<GlAccountItem>(keys.glAccount(cooperativeId, code));
    if (cached) accounts.set(code, cached);
  }
  const missing = codes.filter((code) => !accounts.has(code));
  let rules = requestRulesOf(cooperativeId);
  const profileKey = keys.cooperative(cooperativeId);
  const wanted = [
    ...missing.map((code) => keys.glAccount(cooperativeId, code)),
    ...(rules || fresh ? [] : [profileKey]),
  ];
  if (wanted.length === 0) return { accounts, rules };
  const items = await getItems<Item>(wanted, fresh);
  for (const item of items) {
    if (item.pk === profileKey.pk && item.sk === profileKey.sk) {
      rules = rulesOf(item as RulesSource);
      continue;
    }
    const account = item as GlAccountItem;
    accounts.set(account.code, account);
    if (account.status === GL_ACCOUNT_STATUS.ACTIVE)
      rememberRecord(keys.glAccount(cooperativeId, account.code), account);
  }
  return { accounts, rules };
}

/** The posting date rules (DESIGN.md section 3) against the cooperative's opening date and closed years. */
function checkPostingDate(posting: Posting, rules: CooperativeRules | undefined): void {
  if (!rules) throw new AppError('NOT_FOUND', 'Cooperative not found');
  const beforeOpeningAllowed = posting.history === true || posting.source.type === REVERSAL;
  const checked = posting.yearEnd ? { ...rules, closedThrough: undefined } : rules;
  const issue = postingDateIssue(posting.date, { history: beforeOpeningAllowed }, checked);
  if (issue) throw new AppError('VALIDATION', issue, { date: issue });
}

/** Refuses a posting that names an account that does not exist or is inactive. */
function checkAccounts(codes: string[], accounts: Map<string, GlAccountItem>): void {
  for (const code of codes) {
    const account = accounts.get(code);
    if (!account)
      throw new AppError('VALIDATION', `GL account ${code} does not exist`, { gl_code: `Unknown GL account ${code}` });
    if (account.status !== GL_ACCOUNT_STATUS.ACTIVE)
      throw new AppError('VALIDATION', `GL account ${code} (${account.name}) is inactive`, {
        gl_code: `Inactive GL account ${code}`,
      });
  }
}

/**
 * How many items a posting's transaction holds (before the request's audit record): the idempotency
 * item, the journal, a line each, and per account its check and three balance updates, the
 * closed-year check and the effects. A caller that builds large postings checks it first, to refuse
 * with its own words rather than the generic limit below.
 */
export function postingItemCount(lines: readonly PostingLine[], effects: readonly Effect[]): number {
  const accounts = new Set(lines.map((l) => l.glCode)).size;
  return 2 + lines.length + 4 * accounts + 1 + effects.length;
}

/**
 * Posts a balanced journal with its effects, exactly once per idempotency key. There is no read of
 * the key before the transaction: its Put (item 0) is conditioned on the key being new, and whenever
 * a posting fails, the key is read (consistently) and a journal already posted under it is answered
 * as a duplicate, whatever else failed, as a replay was always answered.
 */
export async function post(posting: Posting): Promise<PostingResult> {
  const perAccount = checkPosting(posting);
  const idemKey = keys.idempotency(posting.cooperativeId, posting.idempotencyKey);
  try {
    return await postOnce(posting, perAccount, idemKey);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const winner = await getItem<{ journal_id: string }>(idemKey, true);
    if (winner) return { journalId: winner.journal_id, duplicate: true };
    throw error;
  }
}

async function postOnce(
  posting: Posting,
  perAccount: Map<string, { debit: KoboSum; credit: KoboSum }>,
  idemKey: Key,
): Promise<PostingResult> {
  const { cooperativeId } = posting;
  const codes = [...perAccount.keys()];
  const { accounts, rules } = await loadAccounts(cooperativeId, codes);
  checkPostingDate(posting, rules);
  checkAccounts(codes, accounts);
  const journalId = posting.journalId ?? newId();
  const createdAt = nowIso();
  const month = posting.date.slice(0, 7);
  const effects = posting.effects ?? [];
  const TableName = table();

  const items: TransactItem[] = [
    {
      Put: {
        TableName,
        Item: {
          ...idemKey,
          journal_id: journalId,
          created_at: createdAt,
          source_type: posting.source.type,
          source_id: posting.source.id,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  const totalAmount = storedKobo(
    posting.lines.filter((l) => l.side === 'D').reduce((sum, l) => sum + BigInt(l.amount), 0n),
  );
  items.push({
    Put: {
      TableName,
      Item: {
        ...keys.journal(cooperativeId, journalId),
        ...keys.journalIndex(cooperativeId, posting.date, journalId),
        entity: 'JOURNAL',
        id: journalId,
        cooperative_id: cooperativeId,
        transaction_date: posting.date,
        description: posting.description,
        reference: posting.reference,
        source_type: posting.source.type,
        source_id: posting.source.id,
        idempotency_key: posting.idempotencyKey,
        amount: totalAmount,
        lines: posting.lines.map((l) => ({
          gl_code: l.glCode,
          dc: l.side,
          amount: l.amount,
          description: l.description,
        })),
        history: posting.history || undefined,
        created_by: posting.createdBy,
        created_at: createdAt,
      },
    },
  });
  posting.lines.forEach((line, index) => {
    items.push({
      Put: {
        TableName,
        Item: {
          ...keys.journalLine(cooperativeId, line.glCode, posting.date, journalId, index),
          entity: 'JOURNAL_LINE',
          journal_id: journalId,
          gl_code: line.glCode,
          dc: line.side,
          amount: line.amount,
          transaction_date: posting.date,
          description: line.description ?? posting.description,
          reference: posting.reference,
          created_at: createdAt,
        },
      },
    });
  });
  const glChecksAt = items.length;
  for (const code of codes) {
    items.push({
      ConditionCheck: {
        TableName,
        Key: keys.glAccount(cooperativeId, code),
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': GL_ACCOUNT_STATUS.ACTIVE },
      },
    });
  }
  for (const [code, totals] of perAccount) {
    const add = {
      UpdateExpression: 'ADD debit :d, credit :c SET gl_code = :code, entity = :entity',
      ExpressionAttributeValues: { ':d': storedKobo(totals.debit), ':c': storedKobo(totals.credit), ':code': code },
    };
    items.push({
      Update: {
        TableName,
        Key: keys.glMonthBalance(cooperativeId, month, code),
        ...add,
        UpdateExpression: `${add.UpdateExpression}, #month = :month`,
        ExpressionAttributeNames: { '#month': 'month' },
        ExpressionAttributeValues: { ...add.ExpressionAttributeValues, ':entity': 'GL_MONTH', ':month': month },
      },
    });
    items.push({
      Update: {
        TableName,
        Key: keys.glDayBalance(cooperativeId, posting.date, code),
        ...add,
        UpdateExpression: `${add.UpdateExpression}, #date = :date`,
        ExpressionAttributeNames: { '#date': 'date' },
        ExpressionAttributeValues: { ...add.ExpressionAttributeValues, ':entity': 'GL_DAY', ':date': posting.date },
      },
    });
    items.push({
      Update: {
        TableName,
        Key: keys.glTotal(cooperativeId, code),
        ...add,
        ExpressionAttributeValues: { ...add.ExpressionAttributeValues, ':entity': 'GL_TOTAL' },
      },
    });
  }
  // A year-end posting's own effects lock or unlock the profile (one transaction may not name an item twice).
  const profileKey = keys.cooperative(cooperativeId);
  const lockAt = posting.yearEnd ? -1 : items.length;
  if (lockAt >= 0) items.push(openYearCheck(cooperativeId, posting.date));
  const effectsAt = items.length;
  items.push(...effects.map((e) => e.item));
  if (lockAt >= 0 && effects.some((e) => keyOf(e.item)?.pk === profileKey.pk && keyOf(e.item)?.sk === profileKey.sk))
    throw new Error('A posting effect that names the cooperative profile must be a year-end posting');

  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new AppError(
      'VALIDATION',
      `A journal may touch at most ${MAX_TRANSACTION_ITEMS} records; this one needs ${items.length}`,
    );
  }

  try {
    await transactWrite(items);
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    // A failed key (item 0) is a replay: `post` answers it from the key whatever is thrown here.
    const failedEffect = error.failedIndexes.find((i) => i >= effectsAt);
    if (failedEffect !== undefined) {
      throw (
        effects[failedEffect - effectsAt]?.onConditionFailed ??
        new AppError('CONFLICT', 'The record changed while it was being posted; try again')
      );
    }
    if (error.failedIndexes.includes(lockAt)) {
      // A close moved the lock since the rules were read: refuse as the date rule would have.
      const profile = await getItem<RulesSource>(profileKey, true);
      const closedThrough = profile && closedThroughOf(profile);
      if (!closedThrough) throw new AppError('NOT_FOUND', 'Cooperative not found');
      const issue = closedYearMessage(closedThrough);
      throw new AppError('VALIDATION', issue, { date: issue });
    }
    if (error.failedIndexes.some((i) => i >= glChecksAt && i < glChecksAt + codes.length)) {
      // An account changed since it was read (or cached): say which, as the checks before would have.
      for (const code of codes) forgetRecord(keys.glAccount(cooperativeId, code));
      checkAccounts(codes, (await loadAccounts(cooperativeId, codes, true)).accounts);
      throw new AppError('VALIDATION', 'A GL account of this journal was deactivated; choose an active account');
    }
    throw new AppError('CONFLICT', 'The journal could not be posted; try again');
  }
  countMetric(METRIC.postings);
  return { journalId, duplicate: false };
}

/** Posts the mirror image of a journal (history is never rewritten), exactly once per key. */
export async function reverse(input: {
  cooperativeId: string;
  journalId: string;
  idempotencyKey: string;
  date: string;
  description: string;
  /** The reference the reversal's lines show (a journal entry's transaction code); none by default. */
  reference?: string;
  effects?: Effect[];
  createdBy?: string;
  /** The reversal of a year-end close (Posting `yearEnd`). */
  yearEnd?: boolean;
}): Promise<PostingResult> {
  const original = await getItem<{
    lines: { gl_code: string; dc: Side; amount: Kobo; description?: string }[];
    source_type: string;
  }>(keys.journal(input.cooperativeId, input.journalId), true);
  if (!original) throw new AppError('NOT_FOUND', 'Journal not found');
  return post({
    cooperativeId: input.cooperativeId,
    idempotencyKey: input.idempotencyKey,
    date: input.date,
    description: input.description,
    source: { type: REVERSAL, id: input.journalId },
    reference: input.reference,
    lines: original.lines.map((l) => ({
      glCode: l.gl_code,
      side: l.dc === 'D' ? 'C' : 'D',
      amount: l.amount,
      description: l.description,
    })),
    effects: input.effects,
    createdBy: input.createdBy,
    yearEnd: input.yearEnd,
  });
}
