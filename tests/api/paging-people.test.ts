import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '@coopledger/shared/dates';
import { call, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';
import type { SavingsWorld } from './support/savings.ts';
import { newMember } from './support/savings.ts';
import { expectPageTwoByCursor, walkPages } from './support/paging.ts';

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
const walk = <R>(path: string, query: Record<string, string> = {}, between = async () => {}) =>
  walkPages<R>((q) => get<R>(path, q), { query, between });

/** The spec's page 2 and the cursor's page 2 of a list are the same rows. */
const expectSamePageTwo = (path: string, query: Record<string, string> = {}) =>
  expectPageTwoByCursor((q) => get<unknown>(path, q), query);

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
    await expectSamePageTwo('/cooperative/voting/election');
  });

  it('finds elections by a search that ignores case, page by page', async () => {
    const seen = await walk<Election>('/cooperative/voting/election', { query: 'BOARD' });
    expect(seen.map((e) => e.name)).toEqual(['Board 2023', 'Board 2022', 'Board 2021']);
    const first = await get<Election>('/cooperative/voting/election', { per_page: '2', query: 'board' });
    // A search has no counter: what was seen, and one more when there is a next page.
    expect(first.body.data.meta.total).toBe(3);
    await expectSamePageTwo('/cooperative/voting/election', { query: 'board' });
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
    await expectSamePageTwo(path, { election_id: made[0].id });
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

describe('System users and chat', () => {
  interface User {
    coop_id: string;
    firstname: string;
  }
  interface Person {
    login_id: string;
    name: string;
  }
  let users = { id: '', code: '', name: '' };
  const login = (n: string) => `${users.code}U${n}`.toUpperCase();
  const addUser = (n: string, firstname: string, role = 'cooperative-admin') =>
    call<User>('POST', '/user/coopledger', {
      token: admin,
      body: {
        cooperative_id: users.id,
        coop_id: login(n),
        firstname,
        lastname: 'Staff',
        email: `${login(n).toLowerCase()}@users.example`,
        role_id: role,
        password: 'secret12',
        confirm_password: 'secret12',
      },
    });
  const removeUser = (n: string) =>
    call('DELETE', '/user/coopledger', { token: admin, query: { cooperative_id: users.id, user_id: login(n) } });
  const userList = (query: Record<string, string>) => get<User>('/user/coopledger', query, users.id);
  let member = { id: '', token: '' };

  beforeAll(async () => {
    users = await createTestCooperative('LU');
    const made = await Promise.all([
      addUser('1', 'Ada'),
      addUser('2', 'Bisi', 'cooperative-accountant'),
      addUser('3', 'Chika'),
      addUser('4', 'Dapo'),
      addUser('5', 'Ebun'),
    ]);
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const world = {
      ctx: { coop: users.id, token: admin, tag: 'LU' },
      department: await createDepartment(users.id),
    } as SavingsWorld;
    member = await newMember(world);
  }, 90_000);

  it("walks a cooperative's users once by login ID, with one added between pages, and counts them", async () => {
    const seen: User[] = [];
    let cursor: string | undefined;
    for (let pageNo = 1; pageNo <= 10; pageNo++) {
      const r = await userList({ per_page: '2', ...(cursor ? { cursor } : {}) });
      expect(r.status, r.body.message).toBe(200);
      seen.push(...r.body.data.data);
      cursor = r.body.data.meta.next_cursor ?? undefined;
      if (!cursor) break;
      if (pageNo === 1) expect((await addUser('9', 'Added')).status).toBe(201);
    }
    // Five staff, the member's own sign-in, and the one added after the first page (it sorts last).
    const expected = [login('1'), login('2'), login('3'), login('4'), login('5'), member.id, login('9')].sort();
    expect(seen.map((u) => u.coop_id)).toEqual(expected);
    expect((await userList({ per_page: '2' })).body.data.meta.total).toBe(7);
    const first = await userList({ per_page: '2' });
    const [byCursor, byPage] = await Promise.all([
      userList({ per_page: '2', cursor: String(first.body.data.meta.next_cursor) }),
      userList({ per_page: '2', page: '2' }),
    ]);
    expect(byPage.body.data.data).toEqual(byCursor.body.data.data);
    // Found by first name, ignoring case.
    const found = await userList({ per_page: '2', query: 'CHIKA' });
    expect(found.body.data.data.map((u) => u.coop_id)).toEqual([login('3')]);
  });

  it('keeps the users total true after concurrent creates and deletes', async () => {
    const before = (await userList({})).body.data.meta.total;
    const made = await Promise.all([addUser('6', 'Femi'), addUser('7', 'Gbenga'), addUser('8', 'Hauwa')]);
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    // The same user deleted twice at once: one delete counts, the other finds no user.
    const gone = await Promise.all([removeUser('6'), removeUser('7'), removeUser('7')]);
    expect(gone.map((r) => r.status).sort()).toEqual([200, 200, 404]);
    const after = await userList({ per_page: '100' });
    expect(after.body.data.meta.total).toBe(before + 1);
    expect(after.body.data.data.length).toBe(before + 1);
  });

  it("pages a member's chat contacts (the active staff) and conversations by cursor", async () => {
    // A deactivated staff user is no contact.
    const off = await call('POST', '/user/coopledger/update', {
      token: admin,
      body: {
        cooperative_id: users.id,
        user_id: login('4'),
        coop_id: login('4'),
        firstname: 'Dapo',
        lastname: 'Staff',
        email: `${login('4').toLowerCase()}@users.example`,
        role_id: 'cooperative-admin',
        status: 0,
      },
    });
    expect(off.status, off.body.message).toBe(200);
    const chat = async (path: string, query: Record<string, string>) => {
      const seen: Person[] = [];
      let cursor: string | undefined;
      for (let pageNo = 1; pageNo <= 10; pageNo++) {
        const r = await call<Rows<Person>>('GET', path, {
          token: member.token,
          query: { per_page: '2', ...query, ...(cursor ? { cursor } : {}) },
        });
        expect(r.status, r.body.message).toBe(200);
        seen.push(...r.body.data.data);
        cursor = r.body.data.meta.next_cursor ?? undefined;
        if (!cursor) return seen;
      }
      throw new Error('the list did not end');
    };
    const contacts = await chat('/chat/contacts', {});
    expect(contacts.map((c) => c.login_id)).toEqual(
      [login('1'), login('2'), login('3'), login('5'), login('8'), login('9')].sort(),
    );
    expect((await chat('/chat/contacts', { search: 'ebun' })).map((c) => c.login_id)).toEqual([login('5')]);

    for (const n of ['1', '2', '3']) {
      const sent = await call('POST', '/chat/messages', {
        token: member.token,
        body: { to: login(n), message: `Hello ${n}` },
      });
      expect(sent.status, sent.body.message).toBe(201);
    }
    const conversations = await call<Rows<{ partner: Person }>>('GET', '/chat/conversations', {
      token: member.token,
      query: { per_page: '2' },
    });
    expect(conversations.status).toBe(200);
    const next = await call<Rows<{ partner: Person }>>('GET', '/chat/conversations', {
      token: member.token,
      query: { per_page: '2', cursor: String(conversations.body.data.meta.next_cursor) },
    });
    const seen = [...conversations.body.data.data, ...next.body.data.data];
    expect(next.body.data.meta.next_cursor).toBeNull();
    // Latest first: the last message went to the third.
    expect(seen.length).toBe(3);
    expect(seen.map((c) => c.partner.login_id)).toEqual([login('3'), login('2'), login('1')]);
  });

  it("gives staff the cooperative's approved members as contacts, found by the member search items", async () => {
    const staffToken = await tokenFor(login('1'), 'secret12');
    const r = await call<Rows<Person>>('GET', '/chat/contacts', {
      token: staffToken,
      query: { search: member.id.toLowerCase() },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.data.map((c) => c.login_id)).toEqual([member.id.toUpperCase()]);
    const all = await call<Rows<Person>>('GET', '/chat/contacts', { token: staffToken, query: {} });
    expect(all.body.data.data.map((c) => c.login_id)).toEqual([member.id.toUpperCase()]);
    expect(all.body.data.meta.total).toBe(1);
  });
});

describe('Registrations', () => {
  interface Registration {
    id: string;
    firstname: string;
  }
  let reg = { id: '', code: '', name: '' };
  const made: Registration[] = [];
  const list = (query: Record<string, string>) => get<Registration>('/cooperative/pending_members', query, reg.id);
  const names = ['Amaka', 'Bayo', 'Chinwe', 'Dele', 'Eno'];

  beforeAll(async () => {
    reg = await createTestCooperative('LR');
    const department = await createDepartment(reg.id);
    // One at a time (five, the per-source limit a minute): the list is newest first.
    for (const firstname of names) {
      const { role_id: _r, staff_id: _s, password: _p, ...body } = memberBody(department, { firstname });
      const r = await call<Registration>('POST', '/cooperative/pending_members', {
        body: { ...body, cooperative_code: reg.code, type: 'pending' },
      });
      expect(r.status, r.body.message).toBe(201);
      made.push({ id: r.body.data.id, firstname });
    }
  }, 60_000);

  it('walks pending registrations newest first, finds them by name, and refuses an unknown status', async () => {
    const seen: Registration[] = [];
    let cursor: string | undefined;
    for (let pageNo = 1; pageNo <= 10; pageNo++) {
      const r = await list({ per_page: '2', ...(cursor ? { cursor } : {}) });
      expect(r.status, r.body.message).toBe(200);
      seen.push(...r.body.data.data);
      cursor = r.body.data.meta.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.map((p) => p.firstname)).toEqual([...names].reverse());
    expect((await list({})).body.data.meta.total).toBe(5);
    const first = await list({ per_page: '2' });
    const [byCursor, byPage] = await Promise.all([
      list({ per_page: '2', cursor: String(first.body.data.meta.next_cursor) }),
      list({ per_page: '2', page: '2' }),
    ]);
    expect(byPage.body.data.data).toEqual(byCursor.body.data.data);
    expect((await list({ query: 'CHINWE' })).body.data.data.map((p) => p.firstname)).toEqual(['Chinwe']);
    const unknown = await list({ status: '7' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('status');
  });

  it('moves the counts of each status with concurrent decisions', async () => {
    const decided = await Promise.all(
      [made[0], made[1], made[1]].map((p) =>
        call('GET', '/cooperative/pending_members/deny', {
          token: admin,
          query: { cooperative_id: reg.id, member_id: p.id },
        }),
      ),
    );
    // The same registration denied twice at once: one decision counts, the other is refused.
    expect(decided.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    const pending = await list({ per_page: '100' });
    expect(pending.body.data.meta.total).toBe(3);
    expect(pending.body.data.data.map((p) => p.firstname)).toEqual(['Eno', 'Dele', 'Chinwe']);
    const denied = await list({ per_page: '100', status: '2' });
    expect(denied.body.data.meta.total).toBe(2);
    expect(denied.body.data.data.map((p) => p.firstname)).toEqual(['Bayo', 'Amaka']);
  });
});
