import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '@coopledger/shared/dates';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';

/**
 * The people and configuration lists paged in DynamoDB (docs/decisions.md 2026-11-26 "Paging the
 * people and configuration lists"): walking a list by `meta.next_cursor` gives every item once in
 * the list's order, also when an item is added between pages; the spec's `page=2` equals the
 * cursor's page 2; each filter; totals equal the true counts after concurrent creates and deletes.
 */
interface Meta {
  total: number;
  per_page: number;
  current_page: number;
  next_cursor?: string | null;
}
type Rows<R> = { data: R[]; meta: Meta };

let admin = '';
let coop = { id: '', code: '', name: '' };

const get = <R>(path: string, query: Record<string, string>, cooperative = coop.id) =>
  call<Rows<R>>('GET', path, { token: admin, query: { cooperative_id: cooperative, ...query } });

/** Every page of a list by cursor (per_page 2), with `between` run after the first page. */
async function walk<R>(path: string, query: Record<string, string> = {}, between = async () => {}) {
  const seen: R[] = [];
  let cursor: string | undefined;
  for (let pageNo = 1; pageNo <= 50; pageNo++) {
    const r = await get<R>(path, { per_page: '2', ...query, ...(cursor ? { cursor } : {}) });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.data.length).toBeLessThanOrEqual(2);
    seen.push(...r.body.data.data);
    cursor = r.body.data.meta.next_cursor ?? undefined;
    if (!cursor) return seen;
    if (pageNo === 1) await between();
  }
  throw new Error('the list did not end');
}

/** The spec's page 2 and the cursor's page 2 of a list are the same rows. */
async function expectPageTwoByCursor(path: string, query: Record<string, string> = {}) {
  const first = await get<unknown>(path, { per_page: '2', ...query });
  const cursor = first.body.data.meta.next_cursor;
  expect(cursor).toBeTruthy();
  const [byCursor, byPage] = await Promise.all([
    get<unknown>(path, { per_page: '2', ...query, cursor: String(cursor) }),
    get<unknown>(path, { per_page: '2', ...query, page: '2' }),
  ]);
  expect(byPage.status).toBe(200);
  expect(byPage.body.data.data).toEqual(byCursor.body.data.data);
  expect(byPage.body.data.data.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  coop = await createTestCooperative('LP');
}, 60_000);

describe('Elections and positions', () => {
  interface Election {
    id: string;
    name: string;
  }
  interface Position {
    id: string;
    name: string;
  }
  const day = (offset: number) => addDays(today(), offset);
  async function newElection(name: string, positions: string[] = []) {
    const r = await call<Election>('POST', '/cooperative/voting/election', {
      token: admin,
      body: {
        cooperative_id: coop.id,
        name,
        start_date: day(5),
        end_date: day(9),
        status: 0,
        positions: positions.map((p) => ({ name: p })),
      },
    });
    expect(r.status, r.body.message).toBe(201);
    return r.body.data;
  }
  const names = ['Board 2021', 'Poll on dues', 'Board 2022', 'Board 2023', 'Poll on rates'];
  const made: Election[] = [];

  beforeAll(async () => {
    // One at a time: the list is newest first.
    for (const [i, name] of names.entries())
      made.push(await newElection(name, i === 0 ? ['Chair', 'Secretary', 'Treasurer', 'Auditor', 'PRO'] : ['Chair']));
  }, 60_000);

  it('walks every election once, newest first, with one added between pages', async () => {
    const seen = await walk<Election>('/cooperative/voting/election', {}, async () => {
      await newElection('Added between pages');
    });
    // The added election is newer than every page already read: it is not in the walk.
    expect(seen.map((e) => e.name)).toEqual([...names].reverse());
    await expectPageTwoByCursor('/cooperative/voting/election');
  });

  it('finds elections by a search that ignores case, page by page', async () => {
    const seen = await walk<Election>('/cooperative/voting/election', { query: 'BOARD' });
    expect(seen.map((e) => e.name)).toEqual(['Board 2023', 'Board 2022', 'Board 2021']);
    const first = await get<Election>('/cooperative/voting/election', { per_page: '2', query: 'board' });
    // A search has no counter: what was seen, and one more when there is a next page.
    expect(first.body.data.meta.total).toBe(3);
    await expectPageTwoByCursor('/cooperative/voting/election', { query: 'board' });
  });

  it('keeps the elections total true after concurrent creates and deletes', async () => {
    const before = (await get<Election>('/cooperative/voting/election', {})).body.data.meta.total;
    const added = await Promise.all(['C1', 'C2', 'C3', 'C4'].map((n) => newElection(`Concurrent ${n}`)));
    const gone = await Promise.all(
      added.slice(0, 3).map((e) =>
        call('DELETE', '/cooperative/voting/election', {
          token: admin,
          query: { cooperative_id: coop.id, election_id: e.id },
        }),
      ),
    );
    expect(gone.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await get<Election>('/cooperative/voting/election', { per_page: '100' });
    expect(after.body.data.meta.total).toBe(before + 1);
    expect(after.body.data.data.length).toBe(before + 1);
  });

  it("walks an election's positions in creation order, and every position of the cooperative", async () => {
    const path = '/cooperative/voting/position/single';
    const own = await walk<Position>(path, { election_id: made[0].id });
    expect(own.map((p) => p.name)).toEqual(['Chair', 'Secretary', 'Treasurer', 'Auditor', 'PRO']);
    const first = await get<Position>(path, { per_page: '2', election_id: made[0].id });
    expect(first.body.data.meta.total).toBe(5);
    await expectPageTwoByCursor(path, { election_id: made[0].id });
    const all = await walk<Position>(path);
    // The first election's five, then one Chair of each later election, in creation order.
    expect(all.map((p) => p.name).slice(0, 9)).toEqual([
      'Chair',
      'Secretary',
      'Treasurer',
      'Auditor',
      'PRO',
      'Chair',
      'Chair',
      'Chair',
      'Chair',
    ]);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const cursor = first.body.data.meta.next_cursor;
    // An election's cursor is not good for another election's list.
    const crossed = await get<Position>(path, { per_page: '2', election_id: made[1].id, cursor: String(cursor) });
    expect(crossed.status).toBe(422);
  });
});
