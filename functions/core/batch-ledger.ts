import type { KoboSum } from '@coopledger/shared/money';
import { kobo, koboOf } from '@coopledger/shared/money';
import type { Item, TransactItem } from './db.ts';
import { TransactionConditionFailed, getItem, getItems, nowIso, queryAll, table, transactWrite } from './db.ts';
import { AppError } from './errors.ts';
import { keys } from './keys.ts';
import type { Effect, PostingLine } from './ledger.ts';
import { checkPosting, post } from './ledger.ts';

/**
 * Batch postings (DESIGN.md section 4, "hot accounts"): a payroll or import batch of thousands of
 * rows must not make every row a journal on the same bank and savings GL items, or the rows would
 * fight over those few items. Instead:
 *
 *  - Each row is ONE DynamoDB transaction: its row item (written only if absent: the row's
 *    idempotency record, holding what the row changed), the row's subledger effects with their
 *    conditions (plans, loans, member transactions), and an ADD of the row's balanced GL lines into
 *    one of the batch's accumulator shards. A replayed or re-run row finds its row item and posts
 *    nothing. Rows of different chunks add to different shards, so no item is hot.
 *  - `settleBatch` posts the difference between the accumulators and what was already settled as
 *    ONE summarised journal (one line per GL account and side) through `post()`, and moves the
 *    batch's settled totals in the same transaction, conditioned on the settlement sequence. A
 *    settlement replayed or racing another posts nothing twice: the loser re-reads and finds
 *    nothing left, or posts only what arrived since.
 *
 * Between a row and the next settlement the subledger is ahead of the GL by that row; the batch's
 * last step settles, and a re-run of a failed batch settles what its predecessor left.
 */

/** Accumulator shards per batch: rows of concurrent chunks add to different items. */
export const BATCH_SHARDS = 8;

const DEBIT = 'd_';
const CREDIT = 'c_';
const COUNTER = 'n_';

export interface BatchRowInput {
  cooperativeId: string;
  batchKey: string;
  /** Unique in the batch; the row item's key. */
  rowKey: string;
  /** Which accumulator shard the row adds to (0..BATCH_SHARDS-1; the chunk number is a good choice). */
  shard: number;
  /** The row's balanced GL lines; they reach the ledger with the next settlement. */
  lines: PostingLine[];
  /** Figures settled with the lines (e.g. the deposits of the month), handed to `settleBatch`'s `counterEffects`. */
  counters?: Record<string, number>;
  /** What the row changed, kept on its row item (a reversal reads it back). */
  record: Record<string, unknown>;
  effects: Effect[];
}

const sanitize = (name: string) => {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Batch attribute ${name} must be letters, digits or _`);
  return name;
};

/** Writes one row of a batch exactly once. `duplicate` is true when the row item already existed. */
export async function postBatchRow(input: BatchRowInput): Promise<{ duplicate: boolean }> {
  const perAccount = checkPosting({ lines: input.lines, date: '2000-01-01' });
  if (input.shard < 0 || input.shard >= BATCH_SHARDS || !Number.isInteger(input.shard))
    throw new Error(`Shard ${input.shard} is outside 0..${BATCH_SHARDS - 1}`);
  const TableName = table();
  const rowKey = keys.batchRow(input.cooperativeId, input.batchKey, input.rowKey);
  const names: Record<string, string> = {};
  const values: Record<string, number | bigint> = {};
  const adds: string[] = [];
  const add = (attribute: string, amount: number | bigint) => {
    if (amount === 0 || amount === 0n) return;
    const i = adds.length;
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = amount;
    adds.push(`#a${i} :a${i}`);
  };
  for (const [code, totals] of perAccount) {
    add(`${DEBIT}${sanitize(code)}`, totals.debit);
    add(`${CREDIT}${sanitize(code)}`, totals.credit);
  }
  for (const [name, value] of Object.entries(input.counters ?? {})) add(`${COUNTER}${sanitize(name)}`, value);
  add('rows', 1);

  const items: TransactItem[] = [
    {
      Put: {
        TableName,
        Item: {
          ...rowKey,
          entity: 'BATCH_ROW',
          row_key: input.rowKey,
          created_at: nowIso(),
          lines: input.lines.map((l) => ({ gl_code: l.glCode, dc: l.side, amount: l.amount })),
          ...input.record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName,
        Key: keys.batchAccumulator(input.cooperativeId, input.batchKey, input.shard),
        UpdateExpression: `ADD ${adds.join(', ')} SET entity = :entity`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ':entity': 'BATCH_ACCUMULATOR' },
      },
    },
    ...input.effects.map((e) => e.item),
  ];
  if (items.length > 100)
    throw new AppError('VALIDATION', `A batch row may touch at most 100 records; this one needs ${items.length}`);
  try {
    await transactWrite(items);
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    if (error.failedIndexes.includes(0)) return { duplicate: true };
    const failed = error.failedIndexes.find((i) => i >= 2);
    throw (
      (failed !== undefined ? input.effects[failed - 2]?.onConditionFailed : undefined) ??
      new AppError('CONFLICT', 'A record of this row changed while it was being posted; try again')
    );
  }
  return { duplicate: false };
}

/** A batch's totals: exact sums (thousands of rows add up past what a number holds). */
interface Totals {
  debit: Map<string, KoboSum>;
  credit: Map<string, KoboSum>;
  counters: Map<string, KoboSum>;
  rows: number;
}

function totalsOf(items: Item[]): Totals {
  const totals: Totals = { debit: new Map(), credit: new Map(), counters: new Map(), rows: 0 };
  for (const item of items) {
    for (const [attribute, value] of Object.entries(item)) {
      if (typeof value !== 'number' && typeof value !== 'bigint') continue;
      const into = attribute.startsWith(DEBIT)
        ? totals.debit
        : attribute.startsWith(CREDIT)
          ? totals.credit
          : attribute.startsWith(COUNTER)
            ? totals.counters
            : undefined;
      if (into) into.set(attribute.slice(2), (into.get(attribute.slice(2)) ?? 0n) + koboOf(value));
      else if (attribute === 'rows') totals.rows += Number(value);
    }
  }
  return totals;
}

/** The largest single journal line; a settlement's account side beyond it is posted as several lines. */
const MAX_LINE = BigInt(Number.MAX_SAFE_INTEGER);

function settlementLines(code: string, side: 'D' | 'C', amount: KoboSum): PostingLine[] {
  const lines: PostingLine[] = [];
  for (let left = amount; left > 0n; left -= MAX_LINE)
    lines.push({ glCode: code, side, amount: kobo(Number(left < MAX_LINE ? left : MAX_LINE)) });
  return lines;
}

export interface SettleInput {
  cooperativeId: string;
  batchKey: string;
  /** The accounting date of the summarised journal. */
  date: string;
  description: string;
  source: { type: string; id: string };
  reference?: string;
  createdBy?: string;
  /** The journal settles history (an import's rows): it may be dated before the opening date, as `post()` allows. */
  history?: boolean;
  /** Extra items for the settlement's transaction, from the counters added since the last one. */
  counterEffects?: (counters: Map<string, KoboSum>) => TransactItem[];
}

export interface SettleResult {
  /** The journal posted by this call; undefined when there was nothing new to settle. */
  journalId?: string;
  /** Rows settled so far in the batch (all settlements). */
  rowsSettled: number;
}

/** The accumulated GL totals and counters of a batch, and what has been settled. */
export async function batchTotals(
  cooperativeId: string,
  batchKey: string,
): Promise<{ accumulated: Totals; settled: Totals & { seq: number } }> {
  const items = await queryAll<Item>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :acc)',
    ExpressionAttributeValues: { ':pk': keys.batchPartition(cooperativeId, batchKey), ':acc': 'ACC#' },
    ConsistentRead: true,
  });
  const settledItem = await getItem<Item>(keys.batchSettled(cooperativeId, batchKey), true);
  return {
    accumulated: totalsOf(items),
    settled: { ...totalsOf(settledItem ? [settledItem] : []), seq: Number(settledItem?.seq ?? 0) },
  };
}

/**
 * Posts what the batch's rows added since the last settlement as one summarised journal: one line
 * per GL account and side. Safe to call at any time, concurrently and again: it posts each row's
 * lines exactly once over all calls.
 */
export async function settleBatch(input: SettleInput): Promise<SettleResult> {
  for (let attempt = 1; ; attempt++) {
    const { accumulated, settled } = await batchTotals(input.cooperativeId, input.batchKey);
    const lines: PostingLine[] = [];
    for (const [side, now, before] of [
      ['D', accumulated.debit, settled.debit],
      ['C', accumulated.credit, settled.credit],
    ] as const) {
      for (const [code, amount] of [...now].sort(([a], [b]) => a.localeCompare(b))) {
        const diff = amount - (before.get(code) ?? 0n);
        if (diff < 0n) throw new Error(`Batch ${input.batchKey}: GL ${code} settled more than its rows hold`);
        lines.push(...settlementLines(code, side, diff));
      }
    }
    if (lines.length === 0) return { rowsSettled: settled.rows };
    const counterDiffs = new Map<string, KoboSum>();
    for (const [name, value] of accumulated.counters) {
      const diff = value - (settled.counters.get(name) ?? 0n);
      if (diff !== 0n) counterDiffs.set(name, diff);
    }
    const seq = settled.seq + 1;
    const settledItem: Item = {
      ...keys.batchSettled(input.cooperativeId, input.batchKey),
      entity: 'BATCH_SETTLED',
      seq,
      rows: accumulated.rows,
      updated_at: nowIso(),
    };
    for (const [code, amount] of accumulated.debit) settledItem[`${DEBIT}${code}`] = amount;
    for (const [code, amount] of accumulated.credit) settledItem[`${CREDIT}${code}`] = amount;
    for (const [name, value] of accumulated.counters) settledItem[`${COUNTER}${name}`] = value;
    const moved = new AppError('CONFLICT', 'Another settlement of this batch landed first');
    const effects: Effect[] = [
      {
        item: {
          Put: {
            TableName: table(),
            Item: settledItem,
            ConditionExpression: settled.seq === 0 ? 'attribute_not_exists(pk)' : 'seq = :seq',
            ...(settled.seq === 0 ? {} : { ExpressionAttributeValues: { ':seq': settled.seq } }),
          },
        },
        onConditionFailed: moved,
      },
      ...(input.counterEffects?.(counterDiffs) ?? []).map((item) => ({ item })),
    ];
    try {
      const result = await post({
        cooperativeId: input.cooperativeId,
        idempotencyKey: `${input.batchKey}#settle#${seq}`,
        date: input.date,
        description: input.description,
        source: input.source,
        reference: input.reference,
        lines,
        effects,
        createdBy: input.createdBy,
        history: input.history,
      });
      if (!result.duplicate) return { journalId: result.journalId, rowsSettled: accumulated.rows };
    } catch (error) {
      if (error !== moved) throw error;
    }
    // Another settlement took this sequence number: read again and settle what is left.
    if (attempt >= 20) throw new AppError('CONFLICT', 'The batch could not be settled; try again');
  }
}

/** The row items of a batch (what each row changed), in row-key order. */
export function batchRows<T extends Item>(cooperativeId: string, batchKey: string): Promise<T[]> {
  return queryAll<T>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :row)',
    ExpressionAttributeValues: { ':pk': keys.batchPartition(cooperativeId, batchKey), ':row': 'ROW#' },
  });
}

/** The row items of a batch among the given row keys (one BatchGet per 100). */
export async function findBatchRows<T extends Item>(
  cooperativeId: string,
  batchKey: string,
  rowKeys: string[],
): Promise<Map<string, T>> {
  const found = await getItems<T>(rowKeys.map((rowKey) => keys.batchRow(cooperativeId, batchKey, rowKey)));
  return new Map(found.map((item) => [String(item.row_key), item]));
}
