import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { call, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import type { PayrollRunView } from '@coopledger/shared/payroll-views';
import { createDepartment, memberBody } from './support/members.ts';
import { fileOf, payrollClient, period } from './support/payroll.ts';
import type { SavingsWorld } from './support/savings.ts';
import { newMember, planOf, savingsWorld } from './support/savings.ts';
import { GL, createBankAccount } from './support/setup-records.ts';
import { expectPageTwoByCursor, walkPages } from './support/paging.ts';

/**
 * The accounting, payroll, report, dashboard and cooperative lists paged in DynamoDB
 * (docs/decisions.md 2026-11-26 "Paging the books' lists"): walking every page by cursor gives each
 * item once in the list's order, filters are partitions, totals come from counters that stay true
 * under concurrent writes, and the spec's `page=2` is the cursor's page 2.
 */
interface Meta {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  next_cursor?: string | null;
  total_is_minimum?: boolean;
}
type Listed<T> = { data: T[]; meta: Meta };

let token = '';
let coop = { id: '', code: '', name: '' };
let bank = '';

const get = <T>(path: string, query: Record<string, string>, cooperative = coop.id) =>
  call<Listed<T>>('GET', path, { token, query: { cooperative_id: cooperative, ...query } });
const send = <T>(path: string, body: Record<string, unknown>) =>
  call<T>('POST', path, { token, body: { cooperative_id: coop.id, ...body } });

/** Every page of a list by cursor, with `between` run after the first page. */
const walk = <T>(path: string, query: Record<string, string>, between = async () => {}, cooperative = coop.id) =>
  walkPages<T>((q) => get<T>(path, q, cooperative), { query, between });

beforeAll(async () => {
  useRuntimeEnv();
  token = await superToken();
  coop = await createTestCooperative('PB');
  const ctx = { coop: coop.id, token, tag: randomBytes(3).toString('hex').toUpperCase() };
  bank = (await createBankAccount(ctx, `20${randomBytes(4).readUInt32BE(0)}`.slice(0, 10))).id;
}, 120_000);

const OFFICE = standardAccount('operating_expenses');
const INCOME = standardAccount('investment_income');

interface EntryRow {
  transaction_code: string;
  date: string;
  status: number;
}

async function entry(date: string, amount = 10): Promise<EntryRow> {
  const description = `Paging ${date}`;
  const r = await send<EntryRow>('/cooperative/journal-entry', {
    date,
    description,
    lines: [
      { gl_code: OFFICE, description, debit: amount, credit: 0 },
      { gl_code: GL.bank, description, debit: 0, credit: amount },
    ],
  });
  expect(r.status, r.body.message).toBe(201);
  return r.body.data;
}

describe('journal entries', () => {
  const range = { start_date: '2025-03-01', end_date: '2025-03-31' };
  let entries: EntryRow[] = [];

  beforeAll(async () => {
    // One at a time, so the codes follow the dates.
    for (const date of ['2025-03-02', '2025-03-04', '2025-03-04', '2025-03-09', '2025-03-20'])
      entries.push(await entry(date));
    // Outside the range on both sides.
    await entry('2025-02-28');
    await entry('2025-04-01');
  }, 120_000);

  it('walks the posted entries of a date range once each, newest first, with an entry posted between pages', async () => {
    let late: EntryRow | undefined;
    const seen = await walk<EntryRow>('/cooperative/journal-entry', range, async () => {
      // Older than every entry shown: the walk goes on after the cursor and reaches it.
      late = await entry('2025-03-01');
    });
    const [d02, d04a, d04b, d09, d20] = entries;
    // Newest date first; on one date, the later code first.
    expect(seen.map((e) => e.transaction_code)).toEqual(
      [d20, d09, d04b, d04a, d02, late!].map((e) => e.transaction_code),
    );
    entries = [...entries, late!];
  });

  it('leaves a deleted entry out of the list and moves an edited one to its new date', async () => {
    const [gone, moved] = await Promise.all([entry('2025-03-15'), entry('2025-03-16')]);
    const removed = await call('DELETE', '/cooperative/journal-entry', {
      token,
      query: { cooperative_id: coop.id, id: gone.transaction_code },
    });
    expect(removed.status, removed.body.message).toBe(200);
    const description = 'Moved';
    const edited = await send('/cooperative/journal-entry/update', {
      transaction_code: moved.transaction_code,
      date: '2025-03-30',
      description,
      lines: [
        { gl_code: OFFICE, description, debit: 12, credit: 0 },
        { gl_code: GL.bank, description, debit: 0, credit: 12 },
      ],
    });
    expect(edited.status, edited.body.message).toBe(200);
    const seen = await walk<EntryRow>('/cooperative/journal-entry', range);
    const codes = seen.map((e) => e.transaction_code);
    expect(codes).not.toContain(gone.transaction_code);
    expect(codes[0]).toBe(moved.transaction_code);
    expect(seen[0].date).toBe('2025-03-30');
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(entries.length + 1);
  });

  it('gives a date range an open-ended total: what was seen, plus one while there is a next page', async () => {
    const first = await get<EntryRow>('/cooperative/journal-entry', { ...range, per_page: '2' });
    expect(first.body.data.meta).toMatchObject({ total: 3, current_page: 1, last_page: 2, total_is_minimum: true });
    const narrow = await get<EntryRow>('/cooperative/journal-entry', {
      start_date: '2025-03-04',
      end_date: '2025-03-04',
      per_page: '5',
    });
    expect(narrow.body.data.data.map((e) => e.date)).toEqual(['2025-03-04', '2025-03-04']);
    expect(narrow.body.data.meta).toMatchObject({ total: 2, last_page: 1, next_cursor: null });
    expect(narrow.body.data.meta).not.toHaveProperty('total_is_minimum');
  });

  it("keeps the spec's page parameter on the journal list", async () => {
    await expectPageTwoByCursor<EntryRow>((q) => get<EntryRow>('/cooperative/journal-entry', q), range);
  });

  it('refuses a cursor of another date range with 422', async () => {
    const first = await get<EntryRow>('/cooperative/journal-entry', { ...range, per_page: '1' });
    const moved = await get<EntryRow>('/cooperative/journal-entry', {
      start_date: '2025-05-01',
      end_date: '2025-05-31',
      per_page: '1',
      cursor: String(first.body.data.meta.next_cursor),
    });
    expect(moved.status).toBe(422);
  });
});

interface InvestmentRow {
  id: string;
  start_date: string;
  status: number;
}

async function invest(startDate: string): Promise<InvestmentRow> {
  const r = await send<InvestmentRow>('/cooperative/investment-tracker', {
    invested_with: `Paging ${startDate}`,
    investment_amount: 100,
    investment_income: 5,
    start_date: startDate,
    due_date: '2026-12-31',
    gl_code: GL.investments,
    investment_interest_gl: INCOME,
    bank_id: bank,
    status: 1,
  });
  expect(r.status, r.body.message).toBe(201);
  return r.body.data;
}

const closeInvestment = (id: string) =>
  send('/cooperative/investment-tracker/close', { investment_id: id, investment_income: 5, date: '2026-01-31' });

describe('investment tracker', () => {
  const made: InvestmentRow[] = [];

  beforeAll(async () => {
    for (const date of ['2025-06-01', '2025-06-05', '2025-06-09', '2025-06-12', '2025-06-20'])
      made.push(await invest(date));
    for (const i of [made[1], made[3]]) expect((await closeInvestment(i.id)).status).toBe(200);
  }, 120_000);

  it('walks every investment once, newest start first, with one opened between pages', async () => {
    let early: InvestmentRow | undefined;
    const seen = await walk<InvestmentRow>('/cooperative/investment-tracker', {}, async () => {
      early = await invest('2025-01-15');
    });
    expect(seen.map((i) => i.id)).toEqual([...[...made].reverse(), early!].map((i) => i.id));
    made.unshift(early!);
  });

  it('lists one status from its own index, newest start first, with its count', async () => {
    const open = await walk<InvestmentRow>('/cooperative/investment-tracker', { status: '1' });
    const closed = await walk<InvestmentRow>('/cooperative/investment-tracker', { status: '2' });
    expect(closed.map((i) => i.id)).toEqual([made[4].id, made[2].id]);
    expect(open.map((i) => i.id)).toEqual([made[5].id, made[3].id, made[1].id, made[0].id]);
    expect(open.every((i) => i.status === 1) && closed.every((i) => i.status === 2)).toBe(true);
    const first = await get<InvestmentRow>('/cooperative/investment-tracker', { status: '2', per_page: '1' });
    expect(first.body.data.meta).toMatchObject({ total: 2, last_page: 2 });
  });

  it('keeps the counts true after concurrent openings and closings', async () => {
    const count = async (query: Record<string, string>) =>
      (await get<InvestmentRow>('/cooperative/investment-tracker', { per_page: '1', ...query })).body.data.meta.total;
    const [open0, closed0, all0] = [await count({ status: '1' }), await count({ status: '2' }), await count({})];
    const opened = await Promise.all(['2025-07-01', '2025-07-02', '2025-07-03'].map(invest));
    // Two closings of the same investment at once: one wins.
    const closings = await Promise.all([
      closeInvestment(opened[0].id),
      closeInvestment(opened[1].id),
      closeInvestment(opened[1].id),
    ]);
    expect(closings[0].status).toBe(200);
    expect(closings.slice(1).some((c) => c.status === 200)).toBe(true);
    expect(await count({})).toBe(all0 + 3);
    expect(await count({ status: '1' })).toBe(open0 + 1);
    expect(await count({ status: '2' })).toBe(closed0 + 2);
    // And the counts are those of the lists themselves.
    expect((await walk<InvestmentRow>('/cooperative/investment-tracker', { status: '1' })).length).toBe(open0 + 1);
    expect((await walk<InvestmentRow>('/cooperative/investment-tracker', {})).length).toBe(all0 + 3);
  });

  it("keeps the spec's page parameter on the tracker, and refuses an unknown status", async () => {
    await expectPageTwoByCursor<InvestmentRow>((q) => get<InvestmentRow>('/cooperative/investment-tracker', q), {});
    await expectPageTwoByCursor<InvestmentRow>((q) => get<InvestmentRow>('/cooperative/investment-tracker', q), {
      status: '1',
    });
    const bad = await get('/cooperative/investment-tracker', { status: '7' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.status).toBe('Status must be 1 (open) or 2 (closed)');
  });
});

interface CoopRow {
  id: string;
  code: string;
  name: string;
  status: number;
}

/** A new cooperative named `name` (its code random after `prefix`). */
async function cooperative(prefix: string, name: string): Promise<CoopRow> {
  const code = `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);
  const form = new FormData();
  for (const [field, value] of Object.entries({
    name,
    code,
    email: `info@${code.toLowerCase()}.example`,
    phone: '+234 803 555 0100',
    address: '10 Test Street, Abuja',
  }))
    form.append(field, value);
  const r = await call<CoopRow>('POST', '/cooperative', { token, form });
  expect(r.status, r.body.message).toBe(201);
  return r.body.data;
}

async function changeCooperative(row: CoopRow, changes: { name?: string; status?: number }) {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    id: row.id,
    name: changes.name ?? row.name,
    code: row.code,
    email: `info@${row.code.toLowerCase()}.example`,
    phone: '+234 803 555 0100',
    address: '10 Test Street, Abuja',
    ...(changes.status === undefined ? {} : { status: String(changes.status) }),
  }))
    form.append(field, value);
  const r = await call<CoopRow>('POST', '/cooperative/update', { token, form });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}

const deleteCooperative = (id: string) => call('DELETE', '/cooperative', { token, query: { cooperative_id: id } });

describe('cooperatives, the dashboard and the consolidated report', () => {
  const platform = (path: string, query: Record<string, string>) =>
    call<Listed<CoopRow>>('GET', path, { token, query: { per_page: '2', ...query } });
  const walkPlatform = (path: string, query: Record<string, string> = {}, between = async () => {}) =>
    walkPages<CoopRow>((q) => platform(path, q), { query, between, maxPages: 500 });

  const dashboard = async () => {
    const r = await call<{
      cooperatives: Listed<CoopRow>;
      totals: { cooperatives: number; active_cooperatives: number };
    }>('GET', '/dashboard', { token, query: { per_page: '2' } });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data;
  };

  /**
   * The platform's list walked while its counts stay the same before and after the walk (other test
   * files create and delete cooperatives in the same runtime; a walk they changed is tried again).
   */
  async function quietWalk() {
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = (await dashboard()).totals;
      const all = await walkPlatform('/cooperative/all');
      const after = (await dashboard()).totals;
      if (before.cooperatives === after.cooperatives && before.active_cooperatives === after.active_cooperatives)
        return { all, totals: after };
    }
    throw new Error('the platform list did not stay still');
  }

  it('walks every cooperative once in code order, with one created between pages, and counts them', async () => {
    let late: CoopRow | undefined;
    const seen = await walkPlatform('/cooperative/all', {}, async () => {
      late = await cooperative('ZZ', 'Zenith Paging Cooperative');
    });
    const codes = seen.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain(late!.code);
    const { all, totals } = await quietWalk();
    expect(totals.cooperatives).toBe(all.length);
    await expectPageTwoByCursor<CoopRow>((q) => get<CoopRow>('/cooperative/all', q), {});
  });

  it('keeps the platform counts true after concurrent creates, deletes and deactivations', async () => {
    const [a, b] = await Promise.all([cooperative('CA', 'Counted A'), cooperative('CB', 'Counted B')]);
    await Promise.all([
      cooperative('CC', 'Counted C'),
      cooperative('CD', 'Counted D'),
      deleteCooperative(a.id).then((r) => expect(r.status, r.body.message).toBe(200)),
      changeCooperative(b, { status: 0 }),
    ]);
    const { all, totals } = await quietWalk();
    expect(all.map((c) => c.id)).not.toContain(a.id);
    expect(all.find((c) => c.id === b.id)?.status).toBe(0);
    expect(totals.cooperatives).toBe(all.length);
    expect(totals.active_cooperatives).toBe(all.filter((c) => c.status === 1).length);
    // The dashboard's page is the list's page, with the list's total.
    const home = await dashboard();
    expect(home.cooperatives.meta.total).toBe(home.totals.cooperatives);
    expect(home.cooperatives.meta.per_page).toBe(2);
  });

  it('finds cooperatives by a word of the name or the code from search items, and follows a rename', async () => {
    const tag = randomBytes(3).toString('hex');
    const made = await Promise.all(
      ['Harmony', 'Harvest', 'Hope', 'Harbour'].map((word) => cooperative('SR', `${word} Grove ${tag}`)),
    );
    const found = async (query: string) => (await walkPlatform('/cooperative/all', { query })).map((c) => c.id).sort();
    expect(await found(tag)).toEqual(made.map((c) => c.id).sort());
    expect(await found(`har ${tag}`)).toEqual([made[0].id, made[1].id, made[3].id].sort());
    expect(await found(made[2].code.toLowerCase())).toEqual([made[2].id]);
    expect(await found(`grove+${tag}+hope`)).toEqual([made[2].id]);
    const open = await platform('/cooperative/all', { query: tag });
    expect(open.body.data.meta).toMatchObject({ total: 3, last_page: 2, total_is_minimum: true });
    await changeCooperative(made[2], { name: `Renamed Orchard ${tag}` });
    expect(await found(`hope ${tag}`)).toEqual([]);
    expect(await found(`orchard ${tag}`)).toEqual([made[2].id]);
    expect(await found(tag)).toHaveLength(4);
    expect((await deleteCooperative(made[3].id)).status).toBe(200);
    expect(await found(`harbour ${tag}`)).toEqual([]);
  });

  it('shows a cooperative admin their own cooperative alone, when the search finds it', async () => {
    const admin = await tokenFor('ALPHA-ADMIN');
    const own = (query: string) => call<Listed<CoopRow>>('GET', '/cooperative/all', { token: admin, query: { query } });
    expect((await own('alph')).body.data.data.map((c) => c.code)).toEqual(['ALPHA']);
    expect((await own('zenith')).body.data.data).toEqual([]);
  });

  it('pages the consolidated report over the platform list, its page 2 by cursor or by page', async () => {
    const period = { start_date: '2025-01-01', end_date: '2025-12-31' };
    const first = await platform('/consolidated-report', period);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.meta.total).toBe((await dashboard()).totals.cooperatives);
    expect(first.body.data.data).toHaveLength(2);
    const byCursor = await platform('/consolidated-report', {
      ...period,
      cursor: String(first.body.data.meta.next_cursor),
    });
    const byPage = await platform('/consolidated-report', { ...period, page: '2' });
    expect(byPage.body.data.data).toEqual(byCursor.body.data.data);
    expect(byPage.body.data.meta.current_page).toBe(2);
  });
});

interface BalanceRow {
  coop_id: string;
  firstname: string;
  lastname: string;
}

describe('member balances report', () => {
  const names: [string, string][] = [
    ['Tunde', 'Balogun'],
    ['Amaka', 'Okafor'],
    ['Musa', 'Bello'],
    ['Ngozi', 'Adeyemi'],
    ['Ifeoma', 'Okonkwo'],
  ];

  beforeAll(async () => {
    const department = await createDepartment(coop.id);
    for (const [firstname, lastname] of names) {
      const r = await send('/cooperative/member', memberBody(department, { firstname, lastname }));
      expect(r.status, r.body.message).toBe(201);
    }
  }, 120_000);

  it('walks the members once in name order, each with its balances row', async () => {
    const seen = await walk<BalanceRow>('/cooperative/reports/member-balance', {});
    expect(seen.map((m) => m.lastname)).toEqual(['Adeyemi', 'Balogun', 'Bello', 'Okafor', 'Okonkwo']);
    const first = await get<BalanceRow>('/cooperative/reports/member-balance', { per_page: '2' });
    expect(first.body.data.meta).toMatchObject({ total: 5, last_page: 3 });
    await expectPageTwoByCursor<BalanceRow>((q) => get<BalanceRow>('/cooperative/reports/member-balance', q), {});
  });

  it('finds members by a name prefix from search items, with an open-ended total', async () => {
    const seen = await walk<BalanceRow>('/cooperative/reports/member-balance', { query: 'ok' });
    expect(seen.map((m) => m.lastname).sort()).toEqual(['Okafor', 'Okonkwo']);
    const both = await walk<BalanceRow>('/cooperative/reports/member-balance', { query: 'musa bel' });
    expect(both.map((m) => m.lastname)).toEqual(['Bello']);
  });
});

describe('payroll runs', () => {
  let world: SavingsWorld;
  const { download, upload, finished } = payrollClient(() => world);
  const runs = (query: Record<string, string>) =>
    call<Listed<PayrollRunView>>('GET', '/cooperative/monthly-deduction/runs', {
      token,
      query: { cooperative_id: world.ctx.coop, per_page: '2', ...query },
    });

  async function started(month: string, type: 'Salary' | 'Others' = 'Salary') {
    const p = period(month, type);
    const { book } = await download(p);
    const r = await upload(await fileOf(book), p);
    expect(r.status, r.body.message).toBe(202);
    // An Others file of this cooperative has no rows: its run is refused, and is a run all the same.
    expect((await finished(r.body.data.id)).status).toBe(type === 'Salary' ? 'COMPLETED' : 'INVALID');
    return r.body.data.id;
  }

  beforeAll(async () => {
    world = await savingsWorld('PR');
    const member = await newMember(world);
    await planOf(world, member.id, { amount: '2000' });
  }, 120_000);

  it('walks the runs once, newest first, and counts each upload once, concurrent ones and refused ones included', async () => {
    const made: string[] = [];
    for (const month of ['2026-01', '2026-02', '2026-03']) made.push(await started(month));
    // Two uploads at once of different types are both counted; a second upload of a period is refused and not.
    const both = await Promise.all([started('2026-04', 'Salary'), started('2026-04', 'Others')]);
    const { book } = await download(period('2026-01'));
    expect((await upload(await fileOf(book), period('2026-01'))).status).toBe(409);
    const seen: string[] = [];
    let cursor: string | undefined;
    let added: string | undefined;
    do {
      const r = await runs(cursor ? { cursor } : {});
      expect(r.status, r.body.message).toBe(200);
      seen.push(...r.body.data.data.map((run) => run.id));
      cursor = r.body.data.meta.next_cursor ?? undefined;
      // Newer than every run shown: the walk goes on after the cursor, so it is not in this walk.
      added ??= await started('2026-05');
    } while (cursor);
    const expected = [...made, ...both].sort().reverse();
    expect(seen).toEqual(expected);
    const first = await runs({});
    expect(first.body.data.data[0].id).toBe(added);
    expect(first.body.data.meta).toMatchObject({ total: 6, last_page: 3 });
    const byCursor = await runs({ cursor: String(first.body.data.meta.next_cursor) });
    const byPage = await runs({ page: '2' });
    expect(byPage.body.data.data.map((run) => run.id)).toEqual(byCursor.body.data.data.map((run) => run.id));
  });
});
