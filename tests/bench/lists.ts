import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/clients.ts';
import { table } from '../../functions/core/db.ts';
import type { TransactItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { memberPut } from '../../functions/members/member-store.ts';
import { MEMBER_STATUS } from '../../shared/src/statuses.ts';
import type { ApiCall } from './http.ts';
import { expectStatus } from './http.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';
import type { BulkResult } from './reports.ts';
import { bulkWrite, createCooperative } from './reports.ts';

/**
 * Lists and searches against the size of a cooperative: a small cooperative and a large one, their
 * members bulk-loaded in the application's shapes (the member items and search items the member
 * writes build, and the STATS counts), then each list and search called at 16 clients against
 * both. Items read per call come from the DynamoDB calls the API made (Query ScannedCount, items a
 * GetItem or BatchGetItem returned) and the read capacity DynamoDB reported (ReturnConsumedCapacity).
 */

const FIRST = ['Adaeze', 'Bola', 'Chidi', 'Dayo', 'Efe', 'Funmi', 'Gbenga', 'Halima', 'Ifeoma', 'Jide'];
const LAST = ['Okafor', 'Balogun', 'Eze', 'Adeyemi', 'Ibru', 'Nwosu', 'Bello', 'Okonkwo', 'Lawal', 'Danjuma'];

/** Member `i` of a cooperative: names from the lists above, every tenth one inactive. */
function memberItems(cooperativeId: string, code: string, i: number): Record<string, unknown>[] {
  const number = `${code}${String(i + 1).padStart(6, '0')}`;
  const { item, search } = memberPut({
    cooperative_id: cooperativeId,
    coop_id: number,
    firstname: FIRST[i % FIRST.length],
    lastname: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i}`,
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
  data: { coop_id?: string; id?: string }[];
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

export async function benchLists(ctx: ListsContext): Promise<ListsResult> {
  const { call, token, log } = ctx;
  const perPage = 20;
  const members: Record<Size, number> = { small: 100, large: ctx.members };
  const coops = {} as Record<Size, { id: string; code: string }>;
  const load = {} as Record<Size, BulkResult>;
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
  }

  const list = (size: Size, path: string, query: Record<string, string> = {}) =>
    call<Page>('GET', path, { token, query: { cooperative_id: coops[size].id, per_page: String(perPage), ...query } });
  const data = async (size: Size, path: string, query: Record<string, string> = {}) =>
    expectStatus(await list(size, path, query), 200, `${path} of the ${size} cooperative`);

  // What each list must answer, checked before timing: totals from the counts, a full first page,
  // the cursor's page, a member found by number and by name prefix.
  const second: Record<Size, string> = { small: '', large: '' };
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
  return { members, load, perPage, measures };
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
    `Lists and searches against the size of a cooperative: ${result.members.small} and ${result.members.large} members (member and search items bulk-loaded in the application's shapes: ${result.load.small.items} and ${result.load.large.items} items, the large at ${result.load.large.perSecond} items/s), ${result.perPage} rows a page, 16 clients, each answer checked before timing:`,
    '',
    '| measure | small per second | small p50 / p99 ms | large per second | large p50 / p99 ms | large / small p99 | small, per call: read calls / items read / read capacity units / items returned | large, per call |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ];
}
