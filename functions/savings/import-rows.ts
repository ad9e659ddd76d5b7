import { createHash } from 'node:crypto';
import type { SavingsImportType } from '@coopledger/shared/import-views';
import { SAVINGS_IMPORT_TYPES } from '@coopledger/shared/import-views';
import type { StoredKobo } from '@coopledger/shared/money';
import { formatNaira, koboOf, parseNaira } from '@coopledger/shared/money';
import { isCalendarDate } from '@coopledger/shared/dates';
import { amountIssue, postingDateIssue } from '@coopledger/shared/posting-rules';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeCharacters } from '@coopledger/shared/text';

/**
 * The savings import's file shapes and the checks of one row that need no data (docs/data-model.md,
 * "Savings import"). The workflow's validate task adds the checks against the cooperative's members,
 * products and plans, then the withdrawal sequence check below.
 */
export const isSavingsImportType = (value: unknown): value is SavingsImportType =>
  (SAVINGS_IMPORT_TYPES as readonly unknown[]).includes(value);

export interface ImportColumnDef {
  name: string;
  required: boolean;
  example: string | number;
  note: string;
}

const MEMBER: ImportColumnDef = {
  name: 'member',
  required: true,
  example: 'DEMO0001',
  note: "The member's number (e.g. DEMO0001) or staff ID",
};
const DATE_NOTE = 'YYYY-MM-DD (or an Excel date); not in the future (history may go before the opening date)';

export const IMPORT_COLUMNS: Record<SavingsImportType, readonly ImportColumnDef[]> = {
  NORMAL_BALANCES: [
    MEMBER,
    {
      name: 'product',
      required: true,
      example: 'Regular Savings',
      note: 'A savings product with an active savings setup (not Targeted)',
    },
    {
      name: 'balance',
      required: true,
      example: 15000.5,
      note: 'The balance in naira, greater than zero, at most 2 decimals',
    },
    { name: 'as_at_date', required: true, example: '2026-01-31', note: `The date of the balance, ${DATE_NOTE}` },
  ],
  NORMAL_HISTORY: [
    MEMBER,
    {
      name: 'product',
      required: true,
      example: 'Regular Savings',
      note: 'A savings product with an active savings setup (not Targeted)',
    },
    { name: 'transaction_type', required: true, example: 'DEPOSIT', note: 'DEPOSIT or WITHDRAWAL' },
    { name: 'amount', required: true, example: 5000, note: 'In naira, greater than zero, at most 2 decimals' },
    { name: 'date', required: true, example: '2026-02-25', note: DATE_NOTE },
    {
      name: 'description',
      required: false,
      example: 'February contribution',
      note: 'Optional; shown on the member transaction',
    },
  ],
  TARGET_HISTORY: [
    MEMBER,
    {
      name: 'plan_start_date',
      required: true,
      example: '2026-01-01',
      note: "The start date of the member's Targeted plan the payment is for",
    },
    { name: 'amount', required: true, example: 5000, note: 'In naira, greater than zero, at most 2 decimals' },
    { name: 'date', required: true, example: '2026-02-01', note: DATE_NOTE },
    {
      name: 'description',
      required: false,
      example: 'Target payment',
      note: 'Optional; shown on the member transaction',
    },
  ],
};

export const IMPORT_TYPE_NAMES: Record<SavingsImportType, string> = {
  NORMAL_BALANCES: 'Normal Balances',
  NORMAL_HISTORY: 'Normal History',
  TARGET_HISTORY: 'Target History',
};

/** At most this many rows per file. */
export const MAX_SAVINGS_IMPORT_ROWS = 5000;

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** A data row of the file: its row number in the file (the header is row 1) and its cells by column name. */
export interface RawRow {
  row: number;
  values: Record<string, string>;
}

export interface ParsedRow {
  row: number;
  member: string;
  /** NORMAL_*: the product name as written. */
  product?: string;
  /** TARGET_HISTORY: the plan's start date. */
  plan_start_date?: string;
  transaction_type: 'DEPOSIT' | 'WITHDRAWAL';
  /** Kobo. */
  amount: number;
  date: string;
  description?: string;
}

/**
 * A posting date of history: real, not in the future, not before 1900; the opening date does not apply
 * (posting-rules.ts).
 */
function dateOf(raw: RawRow, column: string, today: string, errors: ImportError[]): string {
  const value = raw.values[column]?.trim() ?? '';
  if (value === '') errors.push({ row: raw.row, column, message: 'This field is required' });
  else if (!isCalendarDate(value)) errors.push({ row: raw.row, column, message: 'Enter a valid date as YYYY-MM-DD' });
  else {
    const issue = postingDateIssue(value, { history: true, today });
    if (issue) errors.push({ row: raw.row, column, message: issue });
  }
  return value;
}

function amountOf(raw: RawRow, column: string, errors: ImportError[]): number {
  const value = raw.values[column]?.trim() ?? '';
  if (value === '') {
    errors.push({ row: raw.row, column, message: 'This field is required' });
    return 0;
  }
  const kobo = parseNaira(value);
  if (kobo === undefined)
    errors.push({ row: raw.row, column, message: 'Enter an amount in naira with at most 2 decimals' });
  else if (kobo <= 0) errors.push({ row: raw.row, column, message: 'Enter an amount greater than zero' });
  else {
    // The cooperative's limit when the import runs inside its rules (the workflow's tasks do).
    const overLimit = amountIssue(kobo);
    if (overLimit) errors.push({ row: raw.row, column, message: overLimit });
  }
  return kobo ?? 0;
}

/** The checks of one row that need no data: required cells, amounts (to kobo), dates, the transaction type. */
export function parseRow(
  type: SavingsImportType,
  raw: RawRow,
  today: string,
): { ok?: ParsedRow; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const text = (column: string) => raw.values[column]?.trim() ?? '';
  const member = text('member');
  if (member === '') errors.push({ row: raw.row, column: 'member', message: 'This field is required' });
  if (hasUnsafeCharacters(text('description')))
    errors.push({ row: raw.row, column: 'description', message: UNSAFE_TEXT_MESSAGE });
  const description = text('description').slice(0, 500) || undefined;
  let parsed: Omit<ParsedRow, 'row' | 'member'>;
  if (type === 'NORMAL_BALANCES') {
    const product = text('product');
    if (product === '') errors.push({ row: raw.row, column: 'product', message: 'This field is required' });
    const amount = amountOf(raw, 'balance', errors);
    parsed = { product, transaction_type: 'DEPOSIT', amount, date: dateOf(raw, 'as_at_date', today, errors) };
  } else if (type === 'NORMAL_HISTORY') {
    const product = text('product');
    if (product === '') errors.push({ row: raw.row, column: 'product', message: 'This field is required' });
    const kind = text('transaction_type').toUpperCase();
    if (kind !== 'DEPOSIT' && kind !== 'WITHDRAWAL')
      errors.push({ row: raw.row, column: 'transaction_type', message: 'Enter DEPOSIT or WITHDRAWAL' });
    const amount = amountOf(raw, 'amount', errors);
    parsed = {
      product,
      transaction_type: kind === 'WITHDRAWAL' ? 'WITHDRAWAL' : 'DEPOSIT',
      amount,
      date: dateOf(raw, 'date', today, errors),
      description,
    };
  } else {
    const start = text('plan_start_date');
    if (start === '') errors.push({ row: raw.row, column: 'plan_start_date', message: 'This field is required' });
    else if (!isCalendarDate(start))
      errors.push({ row: raw.row, column: 'plan_start_date', message: 'Enter a valid date as YYYY-MM-DD' });
    const amount = amountOf(raw, 'amount', errors);
    const date = dateOf(raw, 'date', today, errors);
    if (errors.length === 0 && date < start)
      errors.push({ row: raw.row, column: 'date', message: 'The payment date must not be before the plan starts' });
    parsed = { plan_start_date: start, transaction_type: 'DEPOSIT', amount, date, description };
  }
  if (errors.length > 0) return { errors };
  return { ok: { row: raw.row, member, ...parsed }, errors };
}

/** One movement of a plan, in the order it is posted. */
export interface PlanMovement {
  row: number;
  transaction_type: 'DEPOSIT' | 'WITHDRAWAL';
  amount: number;
  date: string;
  /** Posted by an earlier import of the same row: not posted again and not counted again. */
  posted?: boolean;
}

/** Rows of one plan in posting order: by date, then by their order in the file. */
export const postingOrder = <T extends { date: string; row: number }>(rows: T[]): T[] =>
  [...rows].sort((a, b) => (a.date === b.date ? a.row - b.row : a.date < b.date ? -1 : 1));

/**
 * Replays a plan's withdrawals and deposits in posting order from its available balance: a withdrawal
 * that would take the plan below zero is an error on its amount.
 */
export function checkSequence(
  movements: PlanMovement[],
  available: StoredKobo,
  amountColumn = 'amount',
): ImportError[] {
  const errors: ImportError[] = [];
  let running = koboOf(available);
  for (const m of postingOrder(movements)) {
    if (m.posted) continue;
    const amount = BigInt(m.amount);
    if (m.transaction_type === 'DEPOSIT') running += amount;
    else if (amount > running) {
      errors.push({
        row: m.row,
        column: amountColumn,
        message: `This withdrawal would take the balance below zero: ${formatNaira(running)} is available on ${m.date}`,
      });
    } else running -= amount;
  }
  return errors;
}

/**
 * The identity of an imported row: sha256 of the cooperative, the import type, the row's resolved
 * values (member number, product or plan, type, kobo, date) and how many identical rows come before
 * it in the file. The same file imported again gives the same ids, so each row posts once; two equal
 * rows in one file are two movements.
 */
export function rowIdentity(
  cooperativeId: string,
  type: SavingsImportType,
  resolved: { member_id: string; target: string; transaction_type: string; amount: number; date: string },
  occurrence: number,
): string {
  const normalized = [
    cooperativeId,
    type,
    resolved.member_id.toUpperCase(),
    resolved.target,
    resolved.transaction_type,
    String(resolved.amount),
    resolved.date,
    String(occurrence),
  ].join('|');
  return `IMP${createHash('sha256').update(normalized).digest('hex').slice(0, 40)}`;
}

/** Packs groups (one plan's rows each) into chunks of about `size` rows; a group is never split. */
export function chunkGroups<T>(groups: T[][], size: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  for (const group of groups) {
    if (current.length > 0 && current.length + group.length > size) {
      chunks.push(current);
      current = [];
    }
    current.push(...group);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
