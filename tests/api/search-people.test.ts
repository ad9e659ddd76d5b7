import { beforeAll, describe, expect, it } from 'vitest';
import { queryPartition } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';
import { walkPages } from './support/paging.ts';

/**
 * User and registration search from search items (docs/decisions.md 2026-11-26 "Search items for
 * users and registrations"): each field by prefix, ignoring case; a search pages by cursor; it
 * follows renames and deletes, a registration's decision, and never crosses cooperatives.
 */
interface Meta {
  total: number;
  next_cursor?: string | null;
  total_is_minimum?: boolean;
}
type Rows<R> = { data: R[]; meta: Meta };
interface User {
  coop_id: string;
  firstname: string;
  lastname: string;
}
interface Registration {
  id: string;
  firstname: string;
  status: number;
}

let admin = '';
let coop = { id: '', code: '', name: '' };
let other = { id: '', code: '', name: '' };
let department = '';
let otherDepartment = '';

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  [coop, other] = await Promise.all([createTestCooperative('SP'), createTestCooperative('SQ')]);
  [department, otherDepartment] = await Promise.all([createDepartment(coop.id), createDepartment(other.id)]);
}, 60_000);

/** A list of the cooperative, or ('' as `cooperative`) of the platform. */
const get = <R>(path: string, query: Record<string, string>, cooperative = coop.id) =>
  call<Rows<R>>('GET', path, {
    token: admin,
    query: { ...(cooperative ? { cooperative_id: cooperative } : {}), ...query },
  });

describe('User search items', () => {
  const login = (n: string, cooperative = coop) => `${cooperative.code}U${n}`.toUpperCase();
  const userBody = (
    n: string,
    firstname: string,
    lastname: string,
    options: { role?: string; email?: string; cooperative?: typeof coop } = {},
  ) => {
    const cooperative = options.cooperative ?? coop;
    return {
      cooperative_id: cooperative.id,
      coop_id: login(n, cooperative),
      firstname,
      lastname,
      email: options.email ?? `${login(n, cooperative).toLowerCase()}@people.example`,
      role_id: options.role ?? 'cooperative-admin',
      password: 'secret12',
      confirm_password: 'secret12',
    };
  };
  const addUser = async (...args: Parameters<typeof userBody>) => {
    const r = await call('POST', '/user/coopledger', { token: admin, body: userBody(...args) });
    expect(r.status, r.body.message).toBe(201);
  };
  const search = (query: string, cooperative = coop.id, more: Record<string, string> = {}) =>
    get<User>('/user/coopledger', { query, ...more }, cooperative);
  const found = async (query: string, cooperative?: string) =>
    (await search(query, cooperative)).body.data.data.map((u) => u.coop_id);
  let memberId = '';

  beforeAll(async () => {
    await Promise.all([
      addUser('1', 'Ngozi', 'Okafor', { email: 'ngozi.o@people.example' }),
      addUser('2', 'Tunde', 'Bakare', { role: 'cooperative-accountant', email: 'tunde.b@people.example' }),
      addUser('3', 'Ngozika', 'Walker'),
      addUser('4', 'Amina', 'Walker'),
      addUser('5', 'Femi', 'Walker'),
      addUser('6', 'Gbemi', 'Walker'),
      // The same names in another cooperative.
      addUser('1', 'Ngozi', 'Okafor', { cooperative: other }),
      addUser('2', 'Tunde', 'Walker', { cooperative: other }),
    ]);
    const member = await call<{ coop_id: string }>('POST', '/cooperative/member', {
      token: admin,
      body: { cooperative_id: coop.id, ...memberBody(department, { firstname: 'Zubairu', lastname: 'Danjuma' }) },
    });
    expect(member.status, member.body.message).toBe(201);
    memberId = member.body.data.coop_id;
  }, 90_000);

  it('finds a user by first name, last name, login ID, email and sign-in role, by prefix and ignoring case', async () => {
    expect(await found('TUN')).toEqual([login('2')]);
    expect(await found('bakare')).toEqual([login('2')]);
    expect(await found('Okaf')).toEqual([login('1')]);
    expect(await found(login('2').toLowerCase())).toEqual([login('2')]);
    expect(await found('tunde.b@people')).toEqual([login('2')]);
    expect(await found('accountant')).toEqual([login('2')]);
    expect(await found('cooperative-acc')).toEqual([login('2')]);
    // A member's sign-in is a user of the cooperative too.
    expect(await found('zubai')).toEqual([memberId]);
    // Each word must begin one of the user's tokens; a user found under two tokens is given once.
    expect(await found('ngoz')).toEqual([login('1'), login('3')]);
    expect(await found('ngoz walk')).toEqual([login('3')]);
    expect(await found('ngozi bakare')).toEqual([]);
    expect(await found('ngozi ngozi.o')).toEqual([login('1')]);
  });

  it("never finds another cooperative's users, nor a cooperative's users among the platform's", async () => {
    expect(await found('okafor')).toEqual([login('1')]);
    expect(await found('okafor', other.id)).toEqual([login('1', other)]);
    expect(await found('walker', other.id)).toEqual([login('2', other)]);
    expect(await found('walker', '')).toEqual([]);
    expect(await found('superadmin', '')).toEqual(['SUPERADMIN']);
  });

  it('pages a search larger than a page by cursor, with a user added between pages', async () => {
    const seen = await walkPages<User>((q) => get<User>('/user/coopledger', q), {
      perPage: 2,
      query: { query: 'walker' },
      between: () => addUser('7', 'Hadiza', 'Walker'),
    });
    // All filed under "walker", in login ID order; the one added sorts last.
    expect(seen.map((u) => u.coop_id)).toEqual([login('3'), login('4'), login('5'), login('6'), login('7')]);
    // A search has no counter: its total is what was seen, plus one while there is a next page.
    const first = await search('walker', coop.id, { per_page: '2' });
    expect(first.body.data.meta).toMatchObject({ total: 3, total_is_minimum: true });
    const whole = await search('walker', coop.id, { per_page: '10' });
    expect(whole.body.data.meta.total).toBe(5);
    expect(whole.body.data.meta).not.toHaveProperty('total_is_minimum');
  });

  it('finds a user by the new name and email after an update, and not by the old ones', async () => {
    const r = await call('POST', '/user/coopledger/update', {
      token: admin,
      body: { ...userBody('1', 'Ngozi', 'Eze', { email: 'ngozi.eze@people.example' }), user_id: login('1') },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(await found('okafor')).toEqual([]);
    expect(await found('ngozi.o@')).toEqual([]);
    expect(await found('eze')).toEqual([login('1')]);
    expect(await found('ngozi.eze')).toEqual([login('1')]);
    // The other cooperative's Okafor is left as it was.
    expect(await found('okafor', other.id)).toEqual([login('1', other)]);
  });

  it("follows a member's change of name on the member's profile", async () => {
    const edit = await call('POST', '/cooperative/member/details/edit', {
      token: admin,
      body: {
        ...memberBody(department, { firstname: 'Zubairu', lastname: 'Abubakar' }),
        cooperative_id: coop.id,
        coop_id: memberId,
        detail_type: 'STAFF-INFO',
      },
    });
    expect(edit.status, edit.body.message).toBe(200);
    expect(await found('danjuma')).toEqual([]);
    expect(await found('abubakar')).toEqual([memberId]);
  });

  it('finds nothing of a deleted user', async () => {
    const r = await call('DELETE', '/user/coopledger', {
      token: admin,
      query: { cooperative_id: coop.id, user_id: login('2') },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(await found('tunde')).toEqual([]);
    expect(await found(login('2'))).toEqual([]);
    expect(await found('accountant')).toEqual([]);
    // No search item of the user is left behind.
    const left = await queryPartition<{ id: string }>(keys.userSearchPartition(coop.id));
    expect(left.filter((item) => item.id === login('2'))).toEqual([]);
    expect(await found('tunde', other.id)).toEqual([login('2', other)]);
  });
});

describe('Registration search items', () => {
  const registrations: Record<string, string> = {};
  const search = (query: string, status?: number, cooperative = coop.id, more: Record<string, string> = {}) =>
    get<Registration>(
      '/cooperative/pending_members',
      { query, ...(status === undefined ? {} : { status: String(status) }), ...more },
      cooperative,
    );
  const found = async (query: string, status?: number, cooperative = coop.id) =>
    (await search(query, status, cooperative)).body.data.data.map((r) => r.id);

  async function register(cooperative: typeof coop, departmentId: string, fields: Record<string, string>) {
    const { role_id: _r, staff_id: _s, password: _p, ...body } = memberBody(departmentId, fields);
    const r = await call<{ id: string }>('POST', '/cooperative/pending_members', {
      body: { ...body, cooperative_code: cooperative.code, type: 'pending' },
    });
    expect(r.status, r.body.message).toBe(201);
    return r.body.data.id;
  }

  beforeAll(async () => {
    // Five (the per-source limit a minute of a cooperative).
    const people: [string, Record<string, string>][] = [
      ['kemi', { firstname: 'Kemi', lastname: 'Lawal', email: 'kemi.l@reg.example', phone: '08031110001' }],
      ['kelechi', { firstname: 'Kelechi', lastname: 'Lawal', email: 'kel.l@reg.example', phone: '08031110002' }],
      ['musa', { firstname: 'Musa', lastname: 'Lawal', email: 'musa.l@reg.example', phone: '08031110003' }],
      [
        'obi',
        {
          firstname: 'Obi',
          middlename: 'Chukwuma',
          lastname: 'Nwosu',
          email: 'obi.n@reg.example',
          phone: '+234 803 111 0004',
        },
      ],
      ['yetunde', { firstname: 'Yetunde', lastname: 'Lawal', email: 'yetunde.l@reg.example', phone: '08031110005' }],
    ];
    for (const [name, fields] of people) registrations[name] = await register(coop, department, fields);
    registrations.otherKemi = await register(other, otherDepartment, {
      firstname: 'Kemi',
      lastname: 'Lawal',
      email: 'kemi.l@reg.example',
      phone: '08031110001',
    });
  }, 90_000);

  it('finds a pending registration by each name, email and phone, by prefix and ignoring case', async () => {
    expect(await found('KEM')).toEqual([registrations.kemi]);
    expect(await found('kel')).toEqual([registrations.kelechi]);
    expect(await found('chukwu')).toEqual([registrations.obi]);
    expect(await found('NWOSU')).toEqual([registrations.obi]);
    expect(await found('musa.l@')).toEqual([registrations.musa]);
    // The phone's digits, however it was written.
    expect(await found('2348031110004')).toEqual([registrations.obi]);
    expect(await found('08031110002')).toEqual([registrations.kelechi]);
    expect(await found('yetunde lawal')).toEqual([registrations.yetunde]);
    expect(await found('kemi nwosu')).toEqual([]);
  });

  it("never finds another cooperative's registrations", async () => {
    expect(await found('kemi')).toEqual([registrations.kemi]);
    expect(await found('kemi', 0, other.id)).toEqual([registrations.otherKemi]);
  });

  it('pages a search larger than a page by cursor', async () => {
    const seen = await walkPages<Registration>((q) => get<Registration>('/cooperative/pending_members', q), {
      perPage: 2,
      query: { query: 'lawal' },
    });
    // All filed under "lawal", in id order.
    const lawals = [registrations.kemi, registrations.kelechi, registrations.musa, registrations.yetunde];
    expect(seen.map((r) => r.id)).toEqual([...lawals].sort());
    const first = await search('lawal', undefined, coop.id, { per_page: '2' });
    expect(first.body.data.meta).toMatchObject({ total: 3, total_is_minimum: true });
  });

  it('finds a registration under its new status after a decision, and no longer under pending', async () => {
    const approved = await call('POST', '/cooperative/pending_members/approve', {
      token: admin,
      body: { cooperative_id: coop.id, member_id: registrations.musa },
    });
    expect(approved.status, approved.body.message).toBe(200);
    const denied = await call('GET', '/cooperative/pending_members/deny', {
      token: admin,
      query: { cooperative_id: coop.id, member_id: registrations.obi },
    });
    expect(denied.status, denied.body.message).toBe(200);

    expect(await found('musa', 0)).toEqual([]);
    expect(await found('musa', 1)).toEqual([registrations.musa]);
    expect(await found('musa', 2)).toEqual([]);
    expect(await found('nwosu', 0)).toEqual([]);
    expect(await found('nwosu', 2)).toEqual([registrations.obi]);
    expect(await found('lawal', 1)).toEqual([registrations.musa]);
    // The pending search items of both were moved, not copied.
    const pendingItems = await queryPartition<{ id: string }>(keys.registrationSearchPartition(coop.id, 0));
    const decided = [registrations.musa, registrations.obi];
    expect(pendingItems.filter((item) => decided.includes(item.id))).toEqual([]);
    const pending = await search('lawal', 0, coop.id, { per_page: '10' });
    expect(pending.body.data.data.map((r) => r.status)).toEqual([0, 0, 0]);
    // A cursor of one status's search is no cursor of another's.
    const page = await search('lawal', 0, coop.id, { per_page: '1' });
    const cursor = String(page.body.data.meta.next_cursor);
    expect((await search('lawal', 1, coop.id, { per_page: '1', cursor })).status).toBe(422);
  });
});

describe('a member with very long names', () => {
  it('creates a member whose names hold a hundred words, within one transaction, and finds them by the first words', async () => {
    // Prepare: three 98-character names of 33 different two-letter words each (99 words in all).
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = Array.from({ length: 99 }, (_, i) => `${letters[Math.floor(i / 26)]}${letters[i % 26]}`);
    const name = (part: number) => words.slice(part * 33, part * 33 + 33).join(' ');
    const body = memberBody(department, { firstname: name(0), middlename: name(1), lastname: name(2) });

    // Act
    const created = await call<{ coop_id: string }>('POST', '/cooperative/member', {
      token: admin,
      body: { cooperative_id: coop.id, ...body },
    });

    // Assess
    expect(created.status, created.body.message).toBe(201);
    const found = await call<Rows<{ coop_id: string }>>('GET', '/cooperative/member', {
      token: admin,
      query: { cooperative_id: coop.id, query: `${words[0]} ${words[33]} ${words[66]}` },
    });
    expect(found.body.data.data.map((m) => m.coop_id)).toEqual([created.body.data.coop_id]);
  });
});
