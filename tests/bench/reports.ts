import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/clients.ts';
import { queryPartition, table } from '../../functions/core/db.ts';
import { addDays } from '../../shared/src/dates.ts';
import { kobo as koboAmount } from '../../shared/src/money.ts';
import { newId } from '../../functions/core/ids.ts';
import { keys } from '../../functions/core/keys.ts';
import { post } from '../../functions/core/ledger.ts';
import type { ApiCall } from './http.ts';
import { expectStatus } from './http.ts';
import type { LatencyResult } from './measure.ts';
import { percentile, run } from './measure.ts';

/**
 * Report time against the size of the history: two fresh cooperatives, one with `lines` journal
 * lines and one with 100 times as many, over the same 24 months and accounts. The first lines of
 * each go through the real ledger (`post()`), and the balance items it wrote are checked against a
 * model of those journals; the rest are written in bulk (journal headers and lines with
 * BatchWriteItem), and the month, day and all-time balance items the ledger would hold are computed
 * from the model and written last. The trial balance and the balance sheet are checked against the
 * model, then timed for both cooperatives over the full 24 months and over a mid-month range.
 */

export const FIRST_DAY = '2024-01-01';
export const LAST_DAY = '2025-12-31';
const DATES: string[] = [];
for (let d = FIRST_DAY; d <= LAST_DAY; d = addDays(d, 1)) DATES.push(d);
export const MONTHS = [...new Set(DATES.map((d) => d.slice(0, 7)))];

/** The two ranges timed: the whole history (month items only) and mid-month to mid-month (day items at the edges). */
export const RANGES = {
  full: { start: FIRST_DAY, end: LAST_DAY },
  mid: { start: '2024-03-15', end: '2025-10-14' },
} as const;
export type RangeName = keyof typeof RANGES;

/** Debit and credit account of each kind of journal, from the standard chart. */
export const PAIRS: readonly (readonly [debit: string, credit: string])[] = [
  ['101002', '301001'], // deposit to members' savings
  ['301001', '101002'], // savings withdrawal
  ['102001', '101002'], // loan disbursed
  ['101002', '102001'], // loan repaid
  ['101002', '501001'], // interest on loans
  ['101002', '502001'], // loan processing charge
  ['101002', '401001'], // share capital paid in
  ['101001', '301002'], // target savings paid in cash
  ['702002', '101002'], // office expenses
  ['702001', '101002'], // salaries
];

export interface BenchJournal {
  index: number;
  date: string;
  debit: string;
  credit: string;
  /** Kobo. */
  amount: number;
}

/** A 32-bit hash of (i, salt): the journals and the list bench's orders are the same in every run, never kept. */
export function mix(i: number, salt: number): number {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return h >>> 0;
}

/** Journal `i`: a date in the 24 months, a pair of accounts and 1,000.00 to 500,000.99 naira. */
export function journalAt(index: number): BenchJournal {
  const [debit, credit] = PAIRS[mix(index, 2) % PAIRS.length];
  return {
    index,
    date: DATES[mix(index, 1) % DATES.length],
    debit,
    credit,
    amount: (1000 + (mix(index, 3) % 499_001)) * 100 + (mix(index, 4) % 100),
  };
}

export interface Movement {
  debit: number;
  credit: number;
}

/** What the ledger's balance items hold for a set of journals, kept per day and account. */
export class LedgerModel {
  /** `<date>#<code>` (a day item's sort key) to its debits and credits. */
  readonly days = new Map<string, Movement>();
  debitTotal = 0;

  add(journal: BenchJournal): void {
    this.move(`${journal.date}#${journal.debit}`, journal.amount, 0);
    this.move(`${journal.date}#${journal.credit}`, 0, journal.amount);
    this.debitTotal += journal.amount;
  }

  private move(key: string, debit: number, credit: number): void {
    const total = this.days.get(key) ?? { debit: 0, credit: 0 };
    total.debit += debit;
    total.credit += credit;
    this.days.set(key, total);
  }

  /** Debits and credits per account posted from `from` to `to`, inclusive. */
  between(from: string, to: string): Map<string, Movement> {
    const result = new Map<string, Movement>();
    for (const [key, moved] of this.days) {
      const [date, code] = key.split('#') as [string, string];
      if (date < from || date > to) continue;
      const total = result.get(code) ?? { debit: 0, credit: 0 };
      total.debit += moved.debit;
      total.credit += moved.credit;
      result.set(code, total);
    }
    return result;
  }

  /** The balance items, by key, as `post()` writes them (ADD debit and credit, a zero side included). */
  balanceItems(cooperativeId: string): Record<string, unknown>[] {
    const months = new Map<string, Movement>();
    const totals = new Map<string, Movement>();
    const items: Record<string, unknown>[] = [];
    for (const [key, moved] of this.days) {
      const [date, code] = key.split('#') as [string, string];
      items.push({
        ...keys.glDayBalance(cooperativeId, date, code),
        debit: moved.debit,
        credit: moved.credit,
        gl_code: code,
        entity: 'GL_DAY',
        date,
      });
      for (const [map, at] of [
        [months, `${date.slice(0, 7)}#${code}`],
        [totals, code],
      ] as const) {
        const total = map.get(at) ?? { debit: 0, credit: 0 };
        total.debit += moved.debit;
        total.credit += moved.credit;
        map.set(at, total);
      }
    }
    for (const [key, moved] of months) {
      const [month, code] = key.split('#') as [string, string];
      items.push({
        ...keys.glMonthBalance(cooperativeId, month, code),
        debit: moved.debit,
        credit: moved.credit,
        gl_code: code,
        entity: 'GL_MONTH',
        month,
      });
    }
    for (const [code, moved] of totals) {
      items.push({
        ...keys.glTotal(cooperativeId, code),
        debit: moved.debit,
        credit: moved.credit,
        gl_code: code,
        entity: 'GL_TOTAL',
      });
    }
    return items;
  }
}

/** The journal header and line items of a journal, as `post()` writes them (without its idempotency record). */
export function journalItems(
  cooperativeId: string,
  journal: BenchJournal,
  journalId: string,
  createdAt: string,
): Record<string, unknown>[] {
  const description = 'Bench journal';
  const lines = [
    { gl_code: journal.debit, dc: 'D', amount: journal.amount },
    { gl_code: journal.credit, dc: 'C', amount: journal.amount },
  ];
  return [
    {
      ...keys.journal(cooperativeId, journalId),
      ...keys.journalIndex(cooperativeId, journal.date, journalId),
      entity: 'JOURNAL',
      id: journalId,
      cooperative_id: cooperativeId,
      transaction_date: journal.date,
      description,
      source_type: 'BENCH',
      source_id: String(journal.index),
      idempotency_key: `bench-reports-${journal.index}`,
      amount: journal.amount,
      lines,
      created_at: createdAt,
    },
    ...lines.map((line, lineNo) => ({
      ...keys.journalLine(cooperativeId, line.gl_code, journal.date, journalId, lineNo),
      entity: 'JOURNAL_LINE',
      journal_id: journalId,
      gl_code: line.gl_code,
      dc: line.dc,
      amount: line.amount,
      transaction_date: journal.date,
      description,
      created_at: createdAt,
    })),
  ];
}

export interface BulkResult {
  items: number;
  batches: number;
  /** Items DynamoDB returned as UnprocessedItems and that were sent again. */
  retriedItems: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  /**
   * Items per second over each tenth of the items (loads of 100,000 items or more): does the rate fall as the table
   * grows?
   */
  perSecondByTenth?: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 100) / 100;

/** Writes the items with BatchWriteItem (25 a call, `concurrency` calls in flight), sending unprocessed items again. */
export async function bulkWrite(
  items: Iterator<Record<string, unknown>>,
  options: { concurrency: number; total?: number; log?: (line: string) => void },
): Promise<BulkResult> {
  const TableName = table();
  let written = 0;
  let batches = 0;
  let retriedItems = 0;
  let done = false;
  const started = performance.now();
  let lastLog = started;
  // Rates by tenth only for loads long enough for a tenth to mean something.
  const tenth = options.total && options.total >= 100_000 ? options.total / 10 : undefined;
  const tenths: number[] = [];
  let tenthStarted = started;
  const nextBatch = () => {
    const batch: { PutRequest: { Item: Record<string, unknown> } }[] = [];
    while (!done && batch.length < 25) {
      const next = items.next();
      if (next.done) done = true;
      else batch.push({ PutRequest: { Item: next.value } });
    }
    return batch;
  };
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      for (let batch = nextBatch(); batch.length > 0; batch = nextBatch()) {
        let pending = batch;
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt > 0) {
            if (attempt > 20) throw new Error('BatchWriteItem left items unprocessed after 20 attempts');
            retriedItems += pending.length;
            await sleep(Math.min(1000, 10 * 2 ** attempt));
          }
          const result = await db().send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
          pending = (result.UnprocessedItems?.[TableName] ?? []) as typeof pending;
        }
        batches++;
        written += batch.length;
        const now = performance.now();
        if (tenth && written >= (tenths.length + 1) * tenth) {
          tenths.push(Math.round(tenth / ((now - tenthStarted) / 1000)));
          tenthStarted = now;
        }
        if (options.log && now - lastLog > 15_000) {
          lastLog = now;
          const rate = Math.round(written / ((now - started) / 1000));
          options.log(`    ${written}${options.total ? ` of ${options.total}` : ''} items, ${rate} items/s`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    items: written,
    batches,
    retriedItems,
    concurrency: options.concurrency,
    seconds: round(seconds),
    perSecond: round(written / seconds),
    perSecondByTenth: tenth ? tenths : undefined,
  };
}

/** Compares the balance items a cooperative holds with the model's; returns the number compared, or throws. */
async function checkBalanceItems(cooperativeId: string, model: LedgerModel): Promise<number> {
  const expected = new Map(
    model.balanceItems(cooperativeId).map((item) => [`${String(item.pk)} ${String(item.sk)}`, item]),
  );
  const partitions = [
    keys.glTotalsPartition(cooperativeId),
    keys.glMonthBalancesPartition(cooperativeId),
    ...MONTHS.map((m) => keys.glDayBalancesPartition(cooperativeId, m)),
  ];
  const found = (
    await Promise.all(
      partitions.map((pk) => queryPartition<{ pk: string; sk: string; debit?: number; credit?: number }>(pk)),
    )
  ).flat();
  const wrong: string[] = [];
  for (const item of found) {
    const key = `${item.pk} ${item.sk}`;
    const want = expected.get(key);
    if (!want || Number(item.debit ?? 0) !== want.debit || Number(item.credit ?? 0) !== want.credit) {
      wrong.push(
        `${key}: ${String(item.debit)}/${String(item.credit)}, expected ${want ? `${String(want.debit)}/${String(want.credit)}` : 'none'}`,
      );
    }
    expected.delete(key);
  }
  for (const key of expected.keys()) wrong.push(`${key}: missing`);
  if (wrong.length > 0)
    throw new Error(`The ledger's balance items differ from the bench's model: ${wrong.slice(0, 5).join('; ')}`);
  return found.length;
}

export interface LoadResult {
  cooperativeId: string;
  code: string;
  lines: number;
  journals: number;
  /** Journals posted through the ledger's post(), at 16 clients. */
  posted: LatencyResult;
  /** Balance items post() wrote, all equal to the model's. */
  balanceItemsChecked: number;
  /** Journal headers and lines written in bulk. */
  bulk: BulkResult;
  /** Month, day and all-time balance items written at the end. */
  balanceItems: BulkResult;
}

/**
 * Creates a cooperative (with the standard chart) as the superadmin, as the API tests do; `code` defaults to the prefix
 * and random hex.
 */
export async function createCooperative(
  call: ApiCall,
  token: string,
  prefix: string,
  code = `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10),
  name = 'Bench Reports',
): Promise<{ id: string; code: string }> {
  const form = new FormData();
  form.append('name', `${name} ${code}`);
  form.append('code', code);
  form.append('email', `info@${code.toLowerCase()}.example`);
  form.append('phone', '+234 803 555 0100');
  form.append('address', '10 Bench Street, Abuja');
  // The benches post into the last two years, before a cooperative created today would open.
  form.append('opening_date', '2020-01-01');
  const created = expectStatus(
    await call<{ id: string; code: string }>('POST', '/cooperative', { token, form }),
    201,
    'create a cooperative',
  );
  return { id: created.id, code: created.code };
}

/** A cooperative with `lines` journal lines: the first `postedLines` through post(), the rest in bulk. */
async function loadLedger(
  cooperative: { id: string; code: string },
  lines: number,
  postedLines: number,
  bulkConcurrency: number,
  log: (line: string) => void,
): Promise<{ model: LedgerModel; load: LoadResult }> {
  const journals = Math.floor(lines / 2);
  const postedJournals = Math.min(journals, Math.floor(postedLines / 2));
  const model = new LedgerModel();
  let firstError: unknown;
  const posted = await run(postedJournals, 16, async (i) => {
    const journal = journalAt(i);
    try {
      await post({
        cooperativeId: cooperative.id,
        idempotencyKey: `bench-reports-${i}`,
        date: journal.date,
        description: 'Bench journal',
        source: { type: 'BENCH', id: String(i) },
        lines: [
          { glCode: journal.debit, side: 'D', amount: koboAmount(journal.amount) },
          { glCode: journal.credit, side: 'C', amount: koboAmount(journal.amount) },
        ],
      });
    } catch (error) {
      firstError ??= error;
      throw error;
    }
  });
  if (posted.errors > 0)
    throw new Error(
      `${posted.errors} of ${postedJournals} postings failed: ${firstError instanceof Error ? firstError.message : String(firstError)}`,
    );
  for (let i = 0; i < postedJournals; i++) model.add(journalAt(i));
  const balanceItemsChecked = await checkBalanceItems(cooperative.id, model);
  log(
    `  ${postedJournals * 2} lines posted through post() at ${posted.perSecond} journals/s; its ${balanceItemsChecked} balance items match the model`,
  );

  const createdAt = new Date().toISOString();
  function* bulkItems(): Generator<Record<string, unknown>> {
    for (let i = postedJournals; i < journals; i++) {
      const journal = journalAt(i);
      model.add(journal);
      yield* journalItems(cooperative.id, journal, newId(), createdAt);
    }
  }
  const bulkTotal = (journals - postedJournals) * 3;
  log(
    `  ${(journals - postedJournals) * 2} more lines in bulk: ${bulkTotal} journal header and line items, ${bulkConcurrency} BatchWriteItem calls in flight...`,
  );
  const bulk = await bulkWrite(bulkItems(), { concurrency: bulkConcurrency, total: bulkTotal, log });
  const balanceItems = await bulkWrite(model.balanceItems(cooperative.id)[Symbol.iterator](), {
    concurrency: bulkConcurrency,
  });
  log(
    `  ${bulk.items} items in ${bulk.seconds} s (${bulk.perSecond} items/s), then ${balanceItems.items} balance items`,
  );
  return {
    model,
    load: {
      cooperativeId: cooperative.id,
      code: cooperative.code,
      lines: journals * 2,
      journals,
      posted,
      balanceItemsChecked,
      bulk,
      balanceItems,
    },
  };
}

const kobo = (naira: number) => Math.round(naira * 100);
const isAsset = (code: string) => code.startsWith('1') || code.startsWith('2');

interface TrialBalanceReply {
  total: { debitBalance: number; creditBalance: number; periodDebit: number; periodCredit: number };
}
interface BalanceSheetReply {
  totals: { assets: { current: number }; difference: { current: number } };
}

export interface ReportCheck {
  range: RangeName;
  /** Kobo: the trial balance's totals and what the model expects. */
  debitBalance: number;
  creditBalance: number;
  periodDebit: number;
  expectedPeriodDebit: number;
  balanceSheetAssets: number;
  expectedAssets: number;
}

/** Checks the trial balance and the balance sheet of both ranges against the model; throws on a difference. */
async function checkReports(
  call: ApiCall,
  token: string,
  cooperativeId: string,
  model: LedgerModel,
): Promise<ReportCheck[]> {
  const checks: ReportCheck[] = [];
  for (const [range, { start, end }] of Object.entries(RANGES) as [RangeName, { start: string; end: string }][]) {
    const query = { cooperative_id: cooperativeId, start_date: start, end_date: end };
    const tb = expectStatus(
      await call<TrialBalanceReply>('GET', '/cooperative/reports/trial-balance', { token, query }),
      200,
      'trial balance',
    ).total;
    const bs = expectStatus(
      await call<BalanceSheetReply>('GET', '/cooperative/reports/balance-sheet', { token, query }),
      200,
      'balance sheet',
    ).totals;
    const period = [...model.between(start, end).values()];
    const closing = model.between('0000-00-00', end);
    let expectedDebitBalance = 0;
    let expectedAssets = 0;
    for (const [code, moved] of closing) {
      expectedDebitBalance += Math.max(0, moved.debit - moved.credit);
      if (isAsset(code)) expectedAssets += moved.debit - moved.credit;
    }
    const check: ReportCheck = {
      range,
      debitBalance: kobo(tb.debitBalance),
      creditBalance: kobo(tb.creditBalance),
      periodDebit: kobo(tb.periodDebit),
      expectedPeriodDebit: period.reduce((sum, m) => sum + m.debit, 0),
      balanceSheetAssets: kobo(bs.assets.current),
      expectedAssets,
    };
    const problems = [
      check.debitBalance !== check.creditBalance &&
        `debit balance ${check.debitBalance} != credit balance ${check.creditBalance}`,
      check.debitBalance !== expectedDebitBalance &&
        `debit balance ${check.debitBalance}, expected ${expectedDebitBalance}`,
      check.periodDebit !== check.expectedPeriodDebit &&
        `period debit ${check.periodDebit}, expected ${check.expectedPeriodDebit}`,
      kobo(tb.periodCredit) !== check.expectedPeriodDebit &&
        `period credit ${kobo(tb.periodCredit)}, expected ${check.expectedPeriodDebit}`,
      check.balanceSheetAssets !== expectedAssets &&
        `balance sheet assets ${check.balanceSheetAssets}, expected ${expectedAssets}`,
      kobo(bs.difference.current) !== 0 && `balance sheet difference ${bs.difference.current}`,
    ].filter(Boolean);
    if (problems.length > 0)
      throw new Error(`Reports of ${cooperativeId} (${range} range) are wrong (kobo): ${problems.join('; ')}`);
    checks.push(check);
  }
  return checks;
}

/** What the handlers read from DynamoDB, counted by a middleware on the process's shared client. */
export interface Reads {
  queries: number;
  queryItems: number;
  /** Time waiting on Query calls (summed; a report's queries partly overlap). */
  queryMs: number;
  getItems: number;
}

const noReads = (): Reads => ({ queries: 0, queryItems: 0, queryMs: 0, getItems: 0 });

export function countReads(client: DynamoDBDocumentClient) {
  let reads = noReads();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      const result = await next(args);
      const output = result.output as { Count?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
      const name = context.commandName ?? '';
      if (name.startsWith('Query')) {
        reads.queries++;
        reads.queryItems += output.Count ?? 0;
        reads.queryMs += performance.now() - started;
      } else if (name.startsWith('GetItem') || name === 'GetCommand') {
        reads.getItems += output.Item ? 1 : 0;
      } else if (name.startsWith('BatchGet')) {
        reads.getItems += Object.values(output.Responses ?? {}).reduce((sum, items) => sum + items.length, 0);
      }
      return result;
    },
    { step: 'initialize', name: 'benchReadCounter', override: true },
  );
  return {
    take(): Reads {
      const taken = reads;
      reads = noReads();
      return taken;
    },
  };
}

export type ReportName = 'trialBalance' | 'balanceSheet';
const ROUTES: Record<ReportName, string> = {
  trialBalance: '/cooperative/reports/trial-balance',
  balanceSheet: '/cooperative/reports/balance-sheet',
};
export type Size = 'small' | 'large';
const SIZES: readonly Size[] = ['small', 'large'];

export interface ReportMeasure {
  report: ReportName;
  range: RangeName;
  size: Size;
  lines: number;
  latency: LatencyResult;
  /** Mean per call, the auth and tenant checks included. */
  reads: Reads;
}

export interface ReportsResult {
  loads: Record<Size, LoadResult>;
  checks: Record<Size, ReportCheck[]>;
  measures: Record<string, ReportMeasure>;
  /** large p50 / small p50, by report and range. */
  ratios: Record<string, number>;
  warmup: number;
  calls: number;
}

export interface ReportsContext {
  call: ApiCall;
  /** The superadmin's token. */
  token: string;
  /** Lines of the small cooperative; the large one has 100 times as many. */
  lines: number;
  /** Lines posted through post() in each cooperative before the bulk writes. */
  postedLines: number;
  log: (line: string) => void;
  bulkConcurrency?: number;
  warmup?: number;
  calls?: number;
}

/** The measure's name in the results table: trialBalanceFullSmall1, balanceSheetMidLarge1, ... */
export const measureName = (report: ReportName, range: RangeName, size: Size) =>
  `${report}${range[0].toUpperCase()}${range.slice(1)}${size[0].toUpperCase()}${size.slice(1)}1`;

export async function benchReports(ctx: ReportsContext): Promise<ReportsResult> {
  const { call, token, log } = ctx;
  const warmup = ctx.warmup ?? 3;
  const calls = ctx.calls ?? 30;
  const sizes: Record<Size, number> = { small: ctx.lines, large: ctx.lines * 100 };
  const loads = {} as Record<Size, LoadResult>;
  const models = {} as Record<Size, LedgerModel>;
  for (const size of ['small', 'large'] as const) {
    const cooperative = await createCooperative(call, token, size === 'small' ? 'RS' : 'RL');
    log(
      `Reports: ${size} cooperative ${cooperative.code} with ${sizes[size]} journal lines over ${MONTHS.length} months...`,
    );
    const loaded = await loadLedger(cooperative, sizes[size], ctx.postedLines, ctx.bulkConcurrency ?? 16, log);
    loads[size] = loaded.load;
    models[size] = loaded.model;
  }
  const checks = {} as Record<Size, ReportCheck[]>;
  for (const size of ['small', 'large'] as const)
    checks[size] = await checkReports(call, token, loads[size].cooperativeId, models[size]);
  log('  Trial balance and balance sheet agree with the generated journals for both cooperatives and both ranges');

  // Small and large calls alternate (in turn first), so load from elsewhere on the machine falls on both alike.
  const reads = countReads(db());
  const measures: Record<string, ReportMeasure> = {};
  const ratios: Record<string, number> = {};
  for (const report of ['trialBalance', 'balanceSheet'] as const) {
    for (const range of ['full', 'mid'] as const) {
      const once = async (size: Size) => {
        const query = {
          cooperative_id: loads[size].cooperativeId,
          start_date: RANGES[range].start,
          end_date: RANGES[range].end,
        };
        expectStatus(await call('GET', ROUTES[report], { token, query }), 200, `${report} of the ${size} cooperative`);
      };
      for (let i = 0; i < warmup; i++) for (const size of SIZES) await once(size);
      const latencies: Record<Size, number[]> = { small: [], large: [] };
      const total: Record<Size, Reads> = { small: noReads(), large: noReads() };
      for (let i = 0; i < calls; i++) {
        for (const size of i % 2 === 0 ? SIZES : [...SIZES].reverse()) {
          reads.take();
          const started = performance.now();
          await once(size);
          latencies[size].push(performance.now() - started);
          const read = reads.take();
          for (const field of ['queries', 'queryItems', 'queryMs', 'getItems'] as const)
            total[size][field] += read[field];
        }
      }
      for (const size of SIZES) {
        const sorted = [...latencies[size]].sort((a, b) => a - b);
        const seconds = sorted.reduce((sum, ms) => sum + ms, 0) / 1000;
        const per = (value: number) => round(value / calls);
        measures[measureName(report, range, size)] = {
          report,
          range,
          size,
          lines: loads[size].lines,
          latency: {
            requests: calls,
            concurrency: 1,
            seconds: round(seconds),
            perSecond: round(calls / seconds),
            p50Ms: round(percentile(sorted, 50)),
            p99Ms: round(percentile(sorted, 99)),
            errors: 0,
          },
          reads: {
            queries: per(total[size].queries),
            queryItems: per(total[size].queryItems),
            queryMs: per(total[size].queryMs),
            getItems: per(total[size].getItems),
          },
        };
      }
      const small = measures[measureName(report, range, 'small')].latency.p50Ms;
      const large = measures[measureName(report, range, 'large')].latency.p50Ms;
      ratios[`${report} ${range}`] = round(large / small);
      log(
        `  ${report} ${range}: p50 ${small} ms (small) vs ${large} ms (large), ratio ${ratios[`${report} ${range}`]}`,
      );
    }
  }
  return { loads, checks, measures, ratios, warmup, calls };
}

/** The reports section of latest.md. */
export function reportsMarkdown(result: ReportsResult): string[] {
  const { loads } = result;
  const loadRows = (['small', 'large'] as const).map((size) => {
    const l = loads[size];
    const tenths = l.bulk.perSecondByTenth ?? [];
    const trend = tenths.length > 1 ? `${tenths[0]} -> ${tenths[tenths.length - 1]}` : '-';
    return `| ${size} | ${l.lines} | ${l.posted.requests * 2} (${l.posted.perSecond} journals/s) | ${l.bulk.items} | ${l.bulk.seconds} | ${l.bulk.perSecond} | ${trend} | ${l.bulk.retriedItems} | ${l.balanceItems.items} |`;
  });
  const rows = (['trialBalance', 'balanceSheet'] as const).flatMap((report) =>
    (['full', 'mid'] as const).map((range) => {
      const s = result.measures[measureName(report, range, 'small')];
      const l = result.measures[measureName(report, range, 'large')];
      const reads = (m: ReportMeasure) =>
        `${m.reads.queries} / ${m.reads.queryItems} / ${m.reads.getItems} / ${m.reads.queryMs}`;
      return `| ${report} | ${RANGES[range].start} to ${RANGES[range].end} | ${s.latency.p50Ms} / ${s.latency.p99Ms} | ${l.latency.p50Ms} / ${l.latency.p99Ms} | ${result.ratios[`${report} ${range}`]} | ${reads(s)} | ${reads(l)} |`;
    }),
  );
  return [
    `Reports against history: two fresh cooperatives, ${loads.small.lines} and ${loads.large.lines} journal lines over ${MONTHS.length} months and ${new Set(PAIRS.flat()).size} accounts (the first lines through post(), the rest in bulk, balance items computed and written last); both reports checked against the generated journals, then timed at 1 client, small and large calls alternating (${result.warmup} warm-up calls each, ${result.calls} timed):`,
    '',
    '| cooperative | journal lines | through post() | bulk items (headers + lines) | bulk seconds | bulk items per second | per second, first -> last tenth | unprocessed, sent again | balance items |',
    '|---|---|---|---|---|---|---|---|---|',
    ...loadRows,
    '',
    '| report | range | small p50 / p99 ms | large p50 / p99 ms | large / small p50 | small, per call: queries / items queried / items got / Query ms (summed, overlapping) | large, per call |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ];
}
