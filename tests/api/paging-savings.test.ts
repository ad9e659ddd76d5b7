import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { memberBody } from './support/members.ts';
import type { SavingsWorld } from './support/savings.ts';
import { placed, planOf, savingsWorld } from './support/savings.ts';
import { walkPages } from './support/paging.ts';

/**
 * The savings lists paged in DynamoDB (docs/decisions.md 2026-11-26 "Money lists in DynamoDB"):
 * orders, the cooperative's plans, a member's plans, change requests and a target plan's schedule
 * walk once, in order, by cursor; filters and member searches are Queries; totals follow counters.
 */
interface Meta {
  total: number;
  per_page: number;
  current_page: number;
  next_cursor?: string | null;
}
interface Row {
  id: string;
  date?: string;
  start_date?: string;
  payment_date?: string;
}
type ListAnswer = { data: Row[]; meta: Meta };

let world: SavingsWorld;
/** Members named so a search tells them apart: "pagingt" begins Kemi's and Tunde's last names only. */
const people: Record<'kola' | 'kemi' | 'tunde', { id: string; plan: string }> = {
  kola: { id: '', plan: '' },
  kemi: { id: '', plan: '' },
  tunde: { id: '', plan: '' },
};
/** The deposits placed in beforeAll: [member, date, id]. */
const deposits: { who: keyof typeof people; date: string; id: string }[] = [];

const list = (path: string, query: Record<string, string> = {}, token = world.ctx.token) =>
  call<ListAnswer>('GET', path, { token, query: { cooperative_id: world.ctx.coop, ...query } });

/** Every page of a list by cursor, with `between` run after the first page. */
const walk = (path: string, query: Record<string, string>, between = async () => {}) =>
  walkPages<Row>((q) => list(path, q), { query, between, maxPages: 40 });

async function person(firstname: string, lastname: string) {
  const r = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: world.ctx.token,
    body: { ...memberBody(world.department, { firstname, lastname }), cooperative_id: world.ctx.coop },
  });
  expect(r.status, r.body.message).toBe(201);
  return r.body.data.coop_id;
}

const DEPOSITS: [keyof typeof people, string][] = [
  ['kola', '2026-03-01'],
  ['kemi', '2026-03-02'],
  ['tunde', '2026-03-03'],
  ['kola', '2026-03-04'],
  ['kemi', '2026-03-05'],
  ['kola', '2026-03-06'],
  ['tunde', '2026-03-07'],
];

/** Newest order date first. */
const byDateDescending = (rows: { date: string; id: string }[]) =>
  [...rows].sort((a, b) => (a.date < b.date ? 1 : -1)).map((r) => r.id);

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('PS');
  people.kola.id = await person('Kolawole', 'Pagingone');
  people.kemi.id = await person('Kemisola', 'Pagingtwo');
  people.tunde.id = await person('Tunde', 'Pagingthree');
  for (const [who, start] of [
    ['kola', '2026-01-01'],
    ['kemi', '2026-01-02'],
    ['tunde', '2026-01-03'],
  ] as const)
    people[who].plan = (await planOf(world, people[who].id, { start_date: start })).id;
  for (const [who, date] of DEPOSITS)
    deposits.push({ who, date, id: (await placed(world, people[who].plan, 'DEPOSIT', 1000, date)).id });
}, 180_000);

const DEPOSITS_PATH = '/cooperative/transaction-order/deposits';

describe('Orders paged in DynamoDB', () => {
  it('walks every deposit once, newest order date first, with a deposit added between pages', async () => {
    let late = { id: '', date: '2026-02-01' };
    const seen = await walk(DEPOSITS_PATH, {}, async () => {
      // Older than every deposit: it sorts after the pages already read, so the walk reaches it.
      late = { ...late, id: (await placed(world, people.tunde.plan, 'DEPOSIT', 500, late.date)).id };
      deposits.push({ who: 'tunde', ...late });
    });
    const ids = seen.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(byDateDescending(deposits));
    expect(ids[ids.length - 1]).toBe(late.id);
  });

  it("keeps the spec's page parameter: page 2 is the page after the first page's cursor", async () => {
    const first = await list(DEPOSITS_PATH, { per_page: '2' });
    const byCursor = await list(DEPOSITS_PATH, { per_page: '2', cursor: String(first.body.data.meta.next_cursor) });
    const byPage = await list(DEPOSITS_PATH, { per_page: '2', page: '2' });
    expect(byPage.body.data.data.map((o) => o.id)).toEqual(byCursor.body.data.data.map((o) => o.id));
    expect(byPage.body.data.data).toHaveLength(2);
  });

  it('pages a date range as a sort key range', async () => {
    const seen = await walk(DEPOSITS_PATH, { start_date: '2026-03-02', end_date: '2026-03-05' });
    expect(seen.map((o) => o.id)).toEqual(
      byDateDescending(deposits.filter((d) => d.date >= '2026-03-02' && d.date <= '2026-03-05')),
    );
  });

  it("pages one member's deposits when the search names one member", async () => {
    const seen = await walk(DEPOSITS_PATH, { query: 'kolaw' });
    expect(seen.map((o) => o.id)).toEqual(byDateDescending(deposits.filter((d) => d.who === 'kola')));
    const ranged = await walk(DEPOSITS_PATH, { query: 'pagingone', start_date: '2026-03-03' });
    expect(ranged.map((o) => o.id)).toEqual(
      byDateDescending(deposits.filter((d) => d.who === 'kola' && d.date >= '2026-03-03')),
    );
  });

  it("merges the members' deposits by date when the search names several", async () => {
    const seen = await walk(DEPOSITS_PATH, { query: 'pagingt' });
    // Pagingtwo and Pagingthree: Kemi's and Tunde's deposits, merged newest first.
    expect(seen.map((o) => o.id)).toEqual(byDateDescending(deposits.filter((d) => d.who !== 'kola')));
    const page2 = await list(DEPOSITS_PATH, { per_page: '2', page: '2', query: 'pagingt' });
    expect(page2.body.data.data.map((o) => o.id)).toEqual(seen.slice(2, 4).map((o) => o.id));
  });

  it("refuses another search's cursor and another list's cursor with 422", async () => {
    const first = await list(DEPOSITS_PATH, { per_page: '1', query: 'pagingt' });
    const cursor = String(first.body.data.meta.next_cursor);
    const otherSearch = await list(DEPOSITS_PATH, { per_page: '1', query: 'kolaw', cursor });
    expect(otherSearch.status).toBe(422);
    const otherList = await list('/cooperative/transaction-order/withdrawals', { per_page: '1', cursor });
    expect(otherList.status).toBe(422);
  });

  it('counts deposits and withdrawals apart, after concurrent orders', async () => {
    const before = (await list(DEPOSITS_PATH, { per_page: '1' })).body.data.meta.total;
    const withdrawalsBefore = (await list('/cooperative/transaction-order/withdrawals', { per_page: '1' })).body.data
      .meta.total;
    const made = await Promise.all(
      [1, 2, 3, 4].map((day) => placed(world, people.kemi.plan, 'DEPOSIT', 200, `2026-04-0${day}`)),
    );
    for (const [i, o] of made.entries()) deposits.push({ who: 'kemi', date: `2026-04-0${i + 1}`, id: o.id });
    expect(before).toBe(deposits.length - 4);
    const after = await list(DEPOSITS_PATH, { per_page: '1' });
    expect(after.body.data.meta.total).toBe(deposits.length);
    const withdrawals = await list('/cooperative/transaction-order/withdrawals', { per_page: '1' });
    expect(withdrawals.body.data.meta.total).toBe(withdrawalsBefore);
  });
});

const PLANS_PATH = '/cooperative/transaction-order/savings';

describe('Savings plans and requests paged in DynamoDB', () => {
  it("walks the cooperative's plans, latest start first, counts them after concurrent adds, and searches them", async () => {
    const added = await Promise.all(
      ['2026-02-01', '2026-02-02', '2026-02-03'].map((start) => planOf(world, people.tunde.id, { start_date: start })),
    );
    const seen = await walk(PLANS_PATH, {});
    const expected = [
      ...added.map((p, i) => ({ id: p.id, date: `2026-02-0${i + 1}` })),
      { id: people.tunde.plan, date: '2026-01-03' },
      { id: people.kemi.plan, date: '2026-01-02' },
      { id: people.kola.plan, date: '2026-01-01' },
    ];
    expect(seen.map((p) => p.id)).toEqual(byDateDescending(expected));
    expect((await list(PLANS_PATH, { per_page: '2' })).body.data.meta.total).toBe(6);
    const tunde = await walk(PLANS_PATH, { query: 'tunde' });
    expect(tunde.map((p) => p.id)).toEqual(byDateDescending(expected.slice(0, 4)));
    const merged = await walk(PLANS_PATH, { query: 'pagingt', end_date: '2026-01-31' });
    expect(merged.map((p) => p.id)).toEqual([people.tunde.plan, people.kemi.plan]);
  });

  it("pages a member's plans, and a target plan's schedule in payment date order", async () => {
    const own = await walk('/savings', { coop_id: people.tunde.id });
    expect(own).toHaveLength(4);
    const target = await planOf(world, people.kola.id, {
      savings_product_id: world.targeted,
      start_date: '2026-01-01',
      end_date: '2026-05-31',
      frequency: 'Monthly',
    });
    const schedule = await walk('/target-savings-schedule', { target_savings_id: target.id });
    expect(schedule.map((s) => s.payment_date)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
    ]);
  });

  it('walks the change requests newest first and counts them after concurrent requests', async () => {
    const asked = await Promise.all(
      (['kola', 'kemi', 'tunde'] as const).map(async (who, n) => {
        const r = await call<{ id: string }>('POST', '/cooperative/member/savings/change-amount', {
          token: world.ctx.token,
          body: {
            cooperative_id: world.ctx.coop,
            savings_id: people[who].plan,
            amount: String(1000 + n),
            comment: 'x',
          },
        });
        expect(r.status, r.body.message).toBe(201);
        return r.body.data.id;
      }),
    );
    const seen = await walk('/cooperative/savings/request', {});
    expect(seen.map((r) => r.id).sort()).toEqual([...asked].sort());
    expect((await list('/cooperative/savings/request', { per_page: '1' })).body.data.meta.total).toBe(3);
  });
});
