import { beforeAll, describe, expect, it } from 'vitest';
import { queryPartition } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { expectPageTwoByCursor, walkPages } from './support/paging.ts';
import type { SavingsWorld } from './support/savings.ts';
import { approve, newMember, placed, planOf, savingsWorld } from './support/savings.ts';
import { GL } from './support/setup-records.ts';

/**
 * Setup kinds, roles, GL accounts and a member's transactions paged in DynamoDB (docs/decisions.md
 * 2026-11-26 "Paging setup kinds, roles, GL accounts and a member's transactions"): walking a list
 * by `meta.next_cursor` gives every item once in the list's order, also when an item is added
 * between pages; each filter; a cursor of another route is refused; the spec's `page=2` equals the
 * cursor's page 2.
 */
interface Meta {
  total: number;
  next_cursor?: string | null;
  total_is_minimum?: boolean;
}
type Rows<R> = { data: R[]; meta: Meta };

let admin = '';
let coop = { id: '', code: '', name: '' };

const get = <R>(path: string, query: Record<string, string> = {}, token = admin) =>
  call<Rows<R>>('GET', path, { token, query: { cooperative_id: coop.id, ...query } });

const walk = <R>(
  path: string,
  query: Record<string, string> = {},
  between: () => Promise<unknown> = async () => {},
  perPage = 2,
) => walkPages<R>((q) => get<R>(path, q), { query, between, perPage });

/** The spec's page 2 and the cursor's page 2 of a list are the same rows. */
const expectSamePageTwo = (path: string, query: Record<string, string> = {}) =>
  expectPageTwoByCursor((q) => get<unknown>(path, q), query);

async function created<R>(path: string, body: Record<string, unknown>): Promise<R> {
  const r = await call<R>('POST', path, { token: admin, body: { cooperative_id: coop.id, ...body } });
  expect(r.status, `${r.body.message} ${JSON.stringify(r.body.errors)}`).toBe(201);
  return r.body.data;
}

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  coop = await createTestCooperative('PC');
}, 60_000);

describe('Setup kinds', () => {
  interface Named {
    id: string;
    name: string;
  }
  const department = (name: string) => created<Named>('/cooperative/department', { name, status: 1 });

  it('walks the departments in name order (any case), with one added between pages, and after a rename', async () => {
    const made: Named[] = [];
    for (const name of ['Delta', 'alpha', 'Echo', 'charlie', 'Bravo']) made.push(await department(name));
    const names = (await walk<Named>('/cooperative/department', {}, () => department('foxtrot'))).map((d) => d.name);
    expect(names).toEqual(['alpha', 'Bravo', 'charlie', 'Delta', 'Echo', 'foxtrot']);
    expect((await get('/cooperative/department', { per_page: '2' })).body.data.meta.total).toBe(6);
    await expectSamePageTwo('/cooperative/department');

    const alpha = made[1];
    const renamed = await call('POST', '/cooperative/department/update', {
      token: admin,
      body: { cooperative_id: coop.id, dept_id: alpha.id, name: 'Zulu', status: 1 },
    });
    expect(renamed.status, renamed.body.message).toBe(200);
    const after = (await walk<Named>('/cooperative/department')).map((d) => d.name);
    expect(after).toEqual(['Bravo', 'charlie', 'Delta', 'Echo', 'foxtrot', 'Zulu']);
  });

  it('searches the departments by name in name order, with an open total', async () => {
    const found = await walk<Named>('/cooperative/department', { query: 'o' });
    expect(found.map((d) => d.name)).toEqual(['Bravo', 'Echo', 'foxtrot']);
    const first = await get('/cooperative/department', { per_page: '2', query: 'o' });
    expect(first.body.data.meta).toMatchObject({ total: 3, total_is_minimum: true });
  });

  it('filters the products by category, in name order', async () => {
    const savings = await created<Named>('/cooperative/product/category', { name: 'Savings', status: 1 });
    const loans = await created<Named>('/cooperative/product/category', { name: 'Loans', status: 1 });
    const product = (name: string, category: Named) =>
      created<Named>('/cooperative/product', { name, category_id: category.id, status: 1 });
    await product('Target', savings);
    await product('Car loan', loans);
    await product('Regular', savings);
    await product('Home loan', loans);
    await product('Festive', savings);
    const ofSavings = await walk<Named>('/cooperative/product', { category_id: savings.id });
    expect(ofSavings.map((p) => p.name)).toEqual(['Festive', 'Regular', 'Target']);
    const all = await walk<Named>('/cooperative/product');
    expect(all.map((p) => p.name)).toEqual(['Car loan', 'Festive', 'Home loan', 'Regular', 'Target']);
  });

  it('walks the bank accounts in creation order', async () => {
    const numbers = ['3000000003', '1000000001', '2000000002'];
    for (const account_no of numbers)
      await created('/cooperative/bank-account', { bank_id: 1, account_no, coa_id: GL.bank, status: 1 });
    const found = await walk<{ account_no: string }>('/cooperative/bank-account');
    expect(found.map((b) => b.account_no)).toEqual(numbers);
    await expectSamePageTwo('/cooperative/bank-account');
  });

  it("refuses a cursor of another route or of another cooperative's list", async () => {
    const first = await get('/cooperative/department', { per_page: '2' });
    const cursor = String(first.body.data.meta.next_cursor);
    const charges = await get('/cooperative/charge', { per_page: '2', cursor });
    expect(charges.status).toBe(422);
    expect(charges.body.errors).toHaveProperty('cursor');
    const other = await createTestCooperative('PO');
    const elsewhere = await call('GET', '/cooperative/department', {
      token: admin,
      query: { cooperative_id: other.id, per_page: '2', cursor },
    });
    expect(elsewhere.status).toBe(422);
  });
});

describe('Roles', () => {
  interface RoleRow {
    id: string;
    display_name: string;
    built_in: boolean;
  }
  const BUILT_INS = 6;

  it('gives the built-in roles first, then the added roles in creation order, each once', async () => {
    const tag = `Pager${Date.now().toString(36)}`;
    const role = (name: string) =>
      created<RoleRow>('/roles', { display_name: `${tag} ${name}`, belong_to: 'COOPERATIVE', status: 1 });
    for (const name of ['one', 'two', 'three']) await role(name);
    // Other files add and delete roles meanwhile: only this test's roles are checked for order.
    const all = await walkPages<RoleRow>((q) => call<Rows<RoleRow>>('GET', '/roles/all', { token: admin, query: q }), {
      between: () => role('four'),
      maxPages: 200,
    });
    expect(all.slice(0, BUILT_INS).every((r) => r.built_in)).toBe(true);
    expect(all.slice(BUILT_INS).every((r) => !r.built_in)).toBe(true);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const mine = all.filter((r) => r.display_name.startsWith(tag)).map((r) => r.display_name);
    expect(mine).toEqual(['one', 'two', 'three', 'four'].map((n) => `${tag} ${n}`));

    const searched = await walkPages<RoleRow>((q) =>
      call<Rows<RoleRow>>('GET', '/roles/search', { token: admin, query: { ...q, query: tag.toLowerCase() } }),
    );
    expect(searched.map((r) => r.display_name)).toEqual(mine);

    // Page 2 of per_page 2 is the third and fourth built-ins, by cursor as by page number.
    const first = await call<Rows<RoleRow>>('GET', '/roles/all', { token: admin, query: { per_page: '2' } });
    const [byCursor, byPage] = await Promise.all(
      [{ cursor: String(first.body.data.meta.next_cursor) }, { page: '2' }].map((q) =>
        call<Rows<RoleRow>>('GET', '/roles/all', { token: admin, query: { per_page: '2', ...q } }),
      ),
    );
    expect(byPage.body.data.data.map((r) => r.id)).toEqual(byCursor.body.data.data.map((r) => r.id));
    // Page 2 of per_page 4 is the fifth and sixth built-ins and the first two added roles.
    const across = await call<Rows<RoleRow>>('GET', '/roles/all', {
      token: admin,
      query: { per_page: '4', page: '2' },
    });
    expect(across.body.data.data.map((r) => r.built_in)).toEqual([true, true, false, false]);
  });

  it('filters the roles by type: the platform type has one built-in role', async () => {
    const product = await walkPages<RoleRow>((q) =>
      call<Rows<RoleRow>>('GET', '/roles/all', { token: admin, query: { ...q, type: 'coopledger' } }),
    );
    expect(product.filter((r) => r.built_in).map((r) => r.id)).toEqual(['super-admin']);
    expect(product[0].id).toBe('super-admin');
  });
});

describe('GL accounts', () => {
  interface GlRow {
    code: string;
    name: string;
    category_id: string;
    category_name: string | null;
    subcategory_name: string | null;
  }
  /** The cooperative's GL accounts as stored (read from the table, not through the route). */
  async function storedAccounts(): Promise<
    { code: string; category_code: string; subcategory_code: string; name: string }[]
  > {
    const items = await queryPartition<{
      sk: string;
      code: string;
      category_code: string;
      subcategory_code: string;
      name: string;
    }>(keys.coaPartition(coop.id));
    return items.filter((i) => i.sk.startsWith('GL#')).sort((a, b) => (a.code < b.code ? -1 : 1));
  }

  it('walks every account in code order, with one added between pages, with its category names', async () => {
    // An account of the last sub-category takes the highest code: it comes after the first page.
    const before = await storedAccounts();
    const lastSub = before[before.length - 1].subcategory_code;
    const addAccount = async () => {
      const code = await call<{ code: string }>('GET', '/cooperative/coa/generate-code', {
        token: admin,
        query: { cooperative_id: coop.id, subcategory_id: lastSub },
      });
      await created('/cooperative/coa', {
        code: code.body.data.code,
        name: 'Added between pages',
        subcategory_id: lastSub,
        type: 'D',
        status: 1,
      });
    };
    const walked = await walk<GlRow>('/cooperative/gl-accounts', {}, addAccount, 10);
    const stored = await storedAccounts();
    expect(walked.map((a) => a.code)).toEqual(stored.map((a) => a.code));
    expect(walked.map((a) => a.name)).toContain('Added between pages');
    expect(walked.every((a) => a.category_name && a.subcategory_name)).toBe(true);
    expect((await get('/cooperative/gl-accounts', { per_page: '2' })).body.data.meta.total).toBe(stored.length);
    await expectSamePageTwo('/cooperative/gl-accounts');
  });

  it('filters the accounts by category and searches them by code or name', async () => {
    const stored = await storedAccounts();
    const category = stored[0].category_code;
    const ofCategory = await walk<GlRow>('/cooperative/gl-accounts', { category_id: category }, undefined, 5);
    expect(ofCategory.map((a) => a.code)).toEqual(
      stored.filter((a) => a.category_code === category).map((a) => a.code),
    );
    const searched = await walk<GlRow>('/cooperative/gl-accounts', { query: 'added between' });
    expect(searched.map((a) => a.name)).toEqual(['Added between pages']);
    await expectSamePageTwo('/cooperative/gl-accounts', { category_id: category });
  });
});

describe("A member's transaction history", () => {
  interface Txn {
    reference_no: string;
    type: { name: string };
    transaction_date: string;
  }
  let world: SavingsWorld;
  let member = '';
  let plan = '';
  const path = '/cooperative/member/details/transaction-history';
  const history = (query: Record<string, string>) =>
    call<Rows<Txn>>('GET', path, {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: member, ...query },
    });
  async function moved(type: 'DEPOSIT' | 'WITHDRAWAL', amount: number, date: string) {
    const o = await placed(world, plan, type, amount, date);
    const r = await approve(world, o.id);
    expect(r.status, r.body.message).toBe(200);
  }

  beforeAll(async () => {
    world = await savingsWorld('PH');
    member = (await newMember(world)).id;
    plan = (await planOf(world, member)).id;
    await moved('DEPOSIT', 1000, '2026-03-02');
    await moved('DEPOSIT', 1000, '2026-03-04');
    await moved('WITHDRAWAL', 100, '2026-03-05');
    await moved('DEPOSIT', 1000, '2026-03-07');
    await moved('DEPOSIT', 1000, '2026-03-09');
  }, 120_000);

  const walkHistory = (query: Record<string, string> = {}, between = async () => {}) =>
    walkPages<Txn>((q) => history(q), { query, between });

  it('walks every transaction newest first, with one added between pages', async () => {
    const walked = await walkHistory({}, () => moved('DEPOSIT', 500, '2026-03-01'));
    expect(walked.map((t) => t.transaction_date)).toEqual([
      '2026-03-09',
      '2026-03-07',
      '2026-03-05',
      '2026-03-04',
      '2026-03-02',
      '2026-03-01',
    ]);
    expect((await history({ per_page: '2' })).body.data.meta.total).toBe(6);
    const first = await history({ per_page: '2' });
    const [byCursor, byPage] = await Promise.all([
      history({ per_page: '2', cursor: String(first.body.data.meta.next_cursor) }),
      history({ per_page: '2', page: '2' }),
    ]);
    expect(byPage.body.data.data).toEqual(byCursor.body.data.data);
    expect(byPage.body.data.data.map((t) => t.transaction_date)).toEqual(['2026-03-05', '2026-03-04']);
  });

  it('pages a date range and a search', async () => {
    const ranged = await walkHistory({ start_date: '2026-03-04', end_date: '2026-03-07' });
    expect(ranged.map((t) => t.transaction_date)).toEqual(['2026-03-07', '2026-03-05', '2026-03-04']);
    const withdrawals = await walkHistory({ query: 'withdrawal' });
    expect(withdrawals.map((t) => t.transaction_date)).toEqual(['2026-03-05']);
    const firstRanged = await history({ per_page: '2', start_date: '2026-03-04', end_date: '2026-03-07' });
    expect(firstRanged.body.data.meta).toMatchObject({ total: 3, total_is_minimum: true });
  });

  it('refuses a cursor of another member or another route', async () => {
    const first = await history({ per_page: '2' });
    const cursor = String(first.body.data.meta.next_cursor);
    const other = (await newMember(world)).id;
    const r = await call('GET', path, {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: other, per_page: '2', cursor },
    });
    expect(r.status).toBe(422);
    const departments = await call('GET', '/cooperative/department', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, per_page: '2', cursor },
    });
    expect(departments.status).toBe(422);
  });
});
