import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/clients.ts';
import { table, transactWrite } from '../../functions/core/db.ts';
import type { TransactItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { memberPut } from '../../functions/members/member-store.ts';
import { countSet } from '../../functions/core/list-counter-entity.ts';
import { ordersList } from '../../functions/savings/order-entity.ts';
import { addDays, today } from '../../shared/src/dates.ts';
import { TRANSACTION_TYPES } from '../../shared/src/schemas/savings.ts';
import type { TransactionType } from '../../shared/src/schemas/savings.ts';
import { MEMBER_STATUS, ORDER_STATUS } from '../../shared/src/statuses.ts';
import type { ApiCall } from './http.ts';
import { expectStatus } from './http.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';
import type { BulkResult } from './reports.ts';
import { bulkWrite, createCooperative, mix } from './reports.ts';
import type { BenchMember, BenchOrder, OrderCounts } from './list-orders.ts';
import { ORDERS_PER_MEMBER, countOrders, orderItemsOf, ordersOfMember } from './list-orders.ts';

/**
 * Lists and searches against the size of a cooperative: a small cooperative and a large one, their
 * members bulk-loaded in the application's shapes (the member items and search items the member
 * writes build, and the STATS counts), and ORDERS_PER_MEMBER deposit and withdrawal orders per
 * member with their member list entries, the approved ones' member transactions and the orders'
 * list counters (list-orders.ts), then each list and search called at 16 clients against
 * both. Items read per call come from the DynamoDB calls the API made (Query ScannedCount, items a
 * GetItem or BatchGetItem returned) and the read capacity DynamoDB reported (ReturnConsumedCapacity).
 */

const FIRST = ['Adaeze', 'Bola', 'Chidi', 'Dayo', 'Efe', 'Funmi', 'Gbenga', 'Halima', 'Ifeoma', 'Jide'];
const LAST = ['Okafor', 'Balogun', 'Eze', 'Adeyemi', 'Ibru', 'Nwosu', 'Bello', 'Okonkwo', 'Lawal', 'Danjuma'];

/** The number and names of member `i` of a cooperative, from the lists above. */
const memberAt = (code: string, i: number): BenchMember => ({
  number: `${code}${String(i + 1).padStart(6, '0')}`,
  firstname: FIRST[i % FIRST.length],
  lastname: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i}`,
});

/** Member `i` of a cooperative: every tenth one inactive. */
function memberItems(cooperativeId: string, code: string, i: number): Record<string, unknown>[] {
  const { number, firstname, lastname } = memberAt(code, i);
  const { item, search } = memberPut({
    cooperative_id: cooperativeId,
    coop_id: number,
    firstname,
    lastname,
    email: `member${i}@${code.toLowerCase()}.example`,
    phone: `080${String(i).padStart(8, '0')}`,
    staff_id: `ST${i}`,
    gender: i % 2 === 0 ? 'Female' : 'Male',
    savings_amount: 5000_00,
    role_name: 'cooperative-member',
    status: i % 10 === 9 ? MEMBER_STATUS.INACTIVE : MEMBER_STATUS.APPROVED,
    work_info: { level: 1, date_joined: '2021-03-01' },
    source: { kind: 'import' },
  });
  return [item, ...search].map((write: TransactItem) => write.Put?.Item as Record<string, unknown>);
}

function* membersOf(cooperativeId: string, code: string, count: number) {
  for (let i = 0; i < count; i++) yield* memberItems(cooperativeId, code, i);
}

export interface Reads {
  calls: number;
  itemsRead: number;
  capacityUnits: number;
}

/** Counts what the API's DynamoDB reads touched, asking DynamoDB for the consumed capacity of each. */
function countReads(client: DynamoDBDocumentClient) {
  let reads: Reads = { calls: 0, itemsRead: 0, capacityUnits: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      const read = /^(Query|Get|BatchGet)/.test(name);
      if (read) (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (!read) return result;
      const output = result.output as {
        ScannedCount?: number;
        Count?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
        ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
      };
      reads.calls++;
      if (name.startsWith('Query')) reads.itemsRead += output.ScannedCount ?? output.Count ?? 0;
      else if (name.startsWith('BatchGet'))
        reads.itemsRead += Object.values(output.Responses ?? {}).reduce((sum, items) => sum + items.length, 0);
      else reads.itemsRead += output.Item ? 1 : 0;
      const consumed = output.ConsumedCapacity;
      for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : [])
        reads.capacityUnits += c.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchListReadCounter', override: true },
  );
  return {
    take(): Reads {
      const taken = reads;
      reads = { calls: 0, itemsRead: 0, capacityUnits: 0 };
      return taken;
    },
  };
}

type Size = 'small' | 'large';
const SIZES: readonly Size[] = ['small', 'large'];

interface Page {
  /** Members, orders or member transactions. */
  data: { coop_id?: string; id?: string; date?: string; member?: { firstname: string }; transaction_date?: string }[];
  meta: { total: number; next_cursor?: string | null };
}

export interface ListMeasure {
  latency: Record<Size, LatencyResult>;
  /** Per call: DynamoDB read calls, items read, capacity units, items the list answered. */
  perCall: Record<Size, { calls: number; itemsRead: number; capacityUnits: number; itemsReturned: number }>;
  /** Large p99 over small p99. */
  ratio: number;
}

export interface ListsResult {
  members: Record<Size, number>;
  load: Record<Size, BulkResult>;
  /** The orders of each cooperative, by type and status (approved ones have a member transaction each). */
  orders: Record<Size, OrderCounts>;
  ordersLoad: Record<Size, BulkResult>;
  perPage: number;
  measures: Record<string, ListMeasure>;
}

export interface ListsContext {
  call: ApiCall;
  /** A superadmin token: it may act in any cooperative. */
  token: string;
  /** Members of the large cooperative; the small one has 100. */
  members: number;
  calls: number;
  log: (line: string) => void;
}

const round = (value: number) => Math.round(value * 100) / 100;

const DEPOSITS = '/cooperative/transaction-order/deposits';
const WITHDRAWALS = '/cooperative/transaction-order/withdrawals';
const HISTORY = '/cooperative/member/details/transaction-history';
/** BatchWriteItem calls in flight while loading the orders. */
const ORDER_LOAD_CONCURRENCY = 16;

/** A date range of 31 days, `back` to `back - 30` days before `day`. */
const rangeBefore = (day: string, back: number) => ({
  start_date: addDays(day, -back),
  end_date: addDays(day, 30 - back),
});

function expectSame(what: string, got: string[], want: string[]) {
  if (got.join() !== want.join()) throw new Error(`${what} answered ${got.join(' ')}; expected ${want.join(' ')}`);
}

export async function benchLists(ctx: ListsContext): Promise<ListsResult> {
  const { call, token, log } = ctx;
  const perPage = 20;
  const members: Record<Size, number> = { small: 100, large: ctx.members };
  const coops = {} as Record<Size, { id: string; code: string }>;
  const load = {} as Record<Size, BulkResult>;
  const day = today();
  const orders = {} as Record<Size, OrderCounts>;
  const ordersLoad = {} as Record<Size, BulkResult>;
  for (const size of SIZES) {
    const coop = await createCooperative(call, token, size === 'small' ? 'LS' : 'LL', undefined, 'Bench Lists');
    coops[size] = coop;
    log(`Lists: ${size} cooperative ${coop.code} with ${members[size]} members (member and search items, bulk)...`);
    load[size] = await bulkWrite(membersOf(coop.id, coop.code, members[size]), {
      concurrency: 16,
      total: members[size] * 8,
      log,
    });
    const inactive = Math.floor(members[size] / 10);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.stats(coop.id),
        UpdateExpression: 'SET members_active = :active, members_inactive = :inactive, members_pending = :zero',
        ExpressionAttributeValues: { ':active': members[size] - inactive, ':inactive': inactive, ':zero': 0 },
      }),
    );
    orders[size] = countOrders(members[size], day);
    log(
      `Lists: ${members[size] * ORDERS_PER_MEMBER} orders of the ${size} cooperative (orders, member list entries, member transactions, bulk)...`,
    );
    ordersLoad[size] = await bulkWrite(
      orderItemsOf(coop.id, members[size], (i) => memberAt(coop.code, i), day, 'BENCH-ADMIN'),
      {
        concurrency: ORDER_LOAD_CONCURRENCY,
        total: 2 * members[size] * ORDERS_PER_MEMBER + orders[size].approved,
        log,
      },
    );
    // The counters the order writes ADD to, SET to the true counts (as savings-backfill.ts recounts them).
    await transactWrite(TRANSACTION_TYPES.map((type) => countSet(coop.id, ordersList(type), orders[size][type])));
  }

  const list = (size: Size, path: string, query: Record<string, string> = {}) =>
    call<Page>('GET', path, { token, query: { cooperative_id: coops[size].id, per_page: String(perPage), ...query } });
  const data = async (size: Size, path: string, query: Record<string, string> = {}) =>
    expectStatus(await list(size, path, query), 200, `${path} of the ${size} cooperative`);

  // What each list must answer, checked before timing: totals from the counts, a full first page,
  // the cursor's page, a member found by number and by name prefix; the orders' totals and pages
  // and a member's history, against the generated orders.
  const second: Record<Size, string> = { small: '', large: '' };
  /** The dates of the newest page of a cooperative's orders that `keep` keeps, worked out from the generated orders. */
  const newestDates = (size: Size, keep: (order: BenchOrder) => boolean) => {
    const dates: string[] = [];
    for (let m = 0; m < members[size]; m++)
      for (const order of ordersOfMember(m, day)) if (keep(order)) dates.push(order.date);
    return dates.sort().reverse().slice(0, perPage);
  };
  const ofType = (type: TransactionType) => (order: BenchOrder) => order.type === type;
  for (const size of SIZES) {
    const first = await data(size, '/cooperative/member');
    if (first.meta.total !== members[size] || first.data.length !== perPage || !first.meta.next_cursor)
      throw new Error(`The ${size} member list answered ${first.data.length} rows of ${first.meta.total}`);
    second[size] = first.meta.next_cursor;
    const inactive = await data(size, '/cooperative/member/get-deactivated-members');
    if (inactive.meta.total !== Math.floor(members[size] / 10))
      throw new Error(`The ${size} deactivated list counts ${inactive.meta.total}`);
    const number = `${coops[size].code}000042`;
    const byNumber = await data(size, '/cooperative/member', { query: number.toLowerCase() });
    if (byNumber.data.map((m) => m.coop_id).join() !== number)
      throw new Error(`The ${size} search by member number found ${byNumber.data.length} members`);
    const byName = await data(size, '/cooperative/member', { query: 'ifeo' });
    if (byName.data.length !== Math.min(perPage, members[size] / 10))
      throw new Error(`The ${size} search by name prefix found ${byName.data.length} members`);

    for (const [type, path] of [
      ['DEPOSIT', DEPOSITS],
      ['WITHDRAWAL', WITHDRAWALS],
    ] as const) {
      const page = await data(size, path);
      if (page.meta.total !== orders[size][type])
        throw new Error(`The ${size} ${type} list counts ${page.meta.total}, not ${orders[size][type]}`);
      expectSame(
        `The ${size} ${type} list`,
        page.data.map((o) => o.date ?? ''),
        newestDates(size, ofType(type)),
      );
    }
    const range = rangeBefore(day, 400);
    expectSame(
      `The ${size} deposits list of ${range.start_date} to ${range.end_date}`,
      (await data(size, DEPOSITS, range)).data.map((o) => o.date ?? ''),
      newestDates(size, (o) => o.type === 'DEPOSIT' && o.date >= range.start_date && o.date <= range.end_date),
    );
    // Member 42 (index 41): their deposits by member number, their history of approved orders.
    const mine = ordersOfMember(41, day);
    const newestFirst = (kept: BenchOrder[]) =>
      kept
        .map((o) => o.date)
        .sort()
        .reverse();
    expectSame(
      `The ${size} deposits of member ${number}`,
      (await data(size, DEPOSITS, { query: number })).data.map((o) => `${o.coop_id} ${o.date}`),
      newestFirst(mine.filter(ofType('DEPOSIT'))).map((date) => `${number} ${date}`),
    );
    const history = await data(size, HISTORY, { coop_id: number });
    const approved = mine.filter((o) => o.status === ORDER_STATUS.APPROVED);
    if (history.meta.total !== approved.length)
      throw new Error(`The ${size} history of member ${number} counts ${history.meta.total}, not ${approved.length}`);
    expectSame(
      `The ${size} history of member ${number}`,
      history.data.map((t) => t.transaction_date ?? ''),
      newestFirst(approved),
    );
    // A name search names up to 10 members (SEARCHED_MEMBERS), some 7 deposits each: a full page of
    // Ifeomas' deposits, newest first.
    const depositsByName = (await data(size, DEPOSITS, { query: 'ifeo' })).data;
    const dates = depositsByName.map((o) => o.date ?? '');
    if (
      depositsByName.length !== perPage ||
      depositsByName.some((o) => o.member?.firstname !== 'Ifeoma') ||
      dates.join() !== [...dates].sort().reverse().join()
    )
      throw new Error(
        `The ${size} deposits searched by name answered ${depositsByName.length} rows, or others' or out of order`,
      );
  }

  const cases: Record<string, { path: string; query: (size: Size, i: number) => Record<string, string> }> = {
    memberListFirst: { path: '/cooperative/member', query: () => ({}) },
    memberListNext: { path: '/cooperative/member', query: (size) => ({ cursor: second[size] }) },
    deactivatedFirst: { path: '/cooperative/member/get-deactivated-members', query: () => ({}) },
    memberSearchName: {
      path: '/cooperative/member',
      query: (_size, i) => ({ query: FIRST[i % FIRST.length].slice(0, 4) }),
    },
    memberSearchNumber: {
      path: '/cooperative/member',
      query: (size, i) => ({ query: `${coops[size].code}${String((i % members.small) + 1).padStart(6, '0')}` }),
    },
    depositsFirst: { path: DEPOSITS, query: () => ({}) },
    withdrawalsFirst: { path: WITHDRAWALS, query: () => ({}) },
    // 31 days, ending 30 to 629 days back.
    depositsDateRange: { path: DEPOSITS, query: (_size, i) => rangeBefore(day, 60 + (i % 600)) },
    depositsSearchName: { path: DEPOSITS, query: (_size, i) => ({ query: FIRST[i % FIRST.length].slice(0, 4) }) },
    // Any member of the cooperative.
    memberHistory: {
      path: HISTORY,
      query: (size, i) => ({ coop_id: memberAt(coops[size].code, mix(i, 16) % members[size]).number }),
    },
  };

  const reads = countReads(db());
  const measures: Record<string, ListMeasure> = {};
  for (const [name, spec] of Object.entries(cases)) {
    const latency = {} as Record<Size, LatencyResult>;
    const perCall = {} as ListMeasure['perCall'];
    for (const size of SIZES) {
      await run(32, 16, (i) => data(size, spec.path, spec.query(size, i)));
      let returned = 0;
      reads.take();
      latency[size] = await run(ctx.calls, 16, async (i) => {
        // Read first, then add: `returned += await ...` would read `returned` before the await.
        const rows = (await data(size, spec.path, spec.query(size, i))).data.length;
        returned += rows;
      });
      const r = reads.take();
      perCall[size] = {
        calls: round(r.calls / ctx.calls),
        itemsRead: round(r.itemsRead / ctx.calls),
        capacityUnits: round(r.capacityUnits / ctx.calls),
        itemsReturned: round(returned / ctx.calls),
      };
    }
    measures[name] = { latency, perCall, ratio: round(latency.large.p99Ms / latency.small.p99Ms) };
    log(
      `  ${name}: p50/p99 small ${latency.small.p50Ms}/${latency.small.p99Ms} ms, large ${latency.large.p50Ms}/${latency.large.p99Ms} ms`,
    );
  }
  return { members, load, orders, ordersLoad, perPage, measures };
}

export function listsMarkdown(result: ListsResult): string[] {
  const rows = Object.entries(result.measures).map(([name, m]) => {
    const perCall = (size: Size) => {
      const p = m.perCall[size];
      return `${p.calls} / ${p.itemsRead} / ${p.capacityUnits} / ${p.itemsReturned}`;
    };
    return `| ${name} | ${m.latency.small.perSecond} | ${m.latency.small.p50Ms} / ${m.latency.small.p99Ms} | ${m.latency.large.perSecond} | ${m.latency.large.p50Ms} / ${m.latency.large.p99Ms} | ${m.ratio} | ${perCall('small')} | ${perCall('large')} |`;
  });
  return [
    `Lists and searches against the size of a cooperative: ${result.members.small} and ${result.members.large} members (member and search items bulk-loaded in the application's shapes: ${result.load.small.items} and ${result.load.large.items} items, the large at ${result.load.large.perSecond} items/s), ${result.perPage} rows a page, 16 clients, each answer checked before timing.`,
    '',
    `Orders, ${ORDERS_PER_MEMBER} a member over the last two years (pending ones in the last month), with their member list entries and the approved ones' member transactions, bulk-loaded in the application's shapes:`,
    '',
    '| cooperative | deposits | withdrawals | approved / pending / denied | items | seconds | items per second | per second, first -> last tenth |',
    '|---|---|---|---|---|---|---|---|',
    ...SIZES.map((size) => {
      const o = result.orders[size];
      const load = result.ordersLoad[size];
      const tenths = load.perSecondByTenth;
      return `| ${size} | ${o.DEPOSIT} | ${o.WITHDRAWAL} | ${o.approved} / ${o.pending} / ${o.denied} | ${load.items} | ${load.seconds} | ${load.perSecond} | ${tenths && tenths.length > 0 ? `${tenths[0]} -> ${tenths[tenths.length - 1]}` : '-'} |`;
    }),
    '',
    '| measure | small per second | small p50 / p99 ms | large per second | large p50 / p99 ms | large / small p99 | small, per call: read calls / items read / read capacity units / items returned | large, per call |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ];
}
