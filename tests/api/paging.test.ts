import { beforeAll, describe, expect, it } from 'vitest';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';
import { walkPages } from './support/paging.ts';

/**
 * Lists paged in DynamoDB (docs/decisions.md 2026-11-26 "Paging in DynamoDB") and member search
 * items: cursors walk a list once, in order; a cursor is good only for its cooperative and route;
 * the spec's `page` keeps working; search finds by each field and by prefix; totals follow the
 * cooperative's counts.
 */
interface Row {
  coop_id: string;
  firstname: string;
  lastname: string;
  status: number;
}
interface Meta {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  next_cursor?: string | null;
  total_is_minimum?: boolean;
}
type ListAnswer = { data: Row[]; meta: Meta };

let admin = '';
let coop = { id: '', code: '', name: '' };
let other = { id: '', code: '', name: '' };
let department = '';
const members: { coop_id: string; lastname: string; firstname: string; email: string; staff_id: string }[] = [];

const list = (query: Record<string, string>, path = '/cooperative/member', cooperative = coop.id) =>
  call<ListAnswer>('GET', path, { token: admin, query: { cooperative_id: cooperative, ...query } });

async function create(cooperativeId: string, departmentId: string, overrides: Record<string, unknown>) {
  const body = memberBody(departmentId, overrides);
  const r = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: admin,
    body: { cooperative_id: cooperativeId, ...body },
  });
  expect(r.status, r.body.message).toBe(201);
  return {
    coop_id: r.body.data.coop_id,
    lastname: String(body.lastname),
    firstname: String(body.firstname),
    email: String(body.email),
    staff_id: String(body.staff_id),
  };
}

/** Every page of a list by cursor, with `between` run after the first page. */
const walk = (path: string, perPage: number, query: Record<string, string> = {}, between = async () => {}) =>
  walkPages<Row>((q) => list(q, path), { perPage, query, between });

const NAMES = ['Zainab Abara', 'Bola Cole', 'Chidi Eze', 'Dayo Gowon', 'Efe Ibru'];

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  [coop, other] = await Promise.all([createTestCooperative('PG'), createTestCooperative('PO')]);
  [department] = await Promise.all([createDepartment(coop.id), createDepartment(other.id)]);
  // One at a time, so the member numbers follow the names' order of creation.
  for (const [i, name] of NAMES.entries()) {
    const [firstname, lastname] = name.split(' ');
    members.push(
      await create(coop.id, department, {
        firstname,
        lastname,
        email: `${firstname.toLowerCase()}.pg${i}@paging.example`,
        staff_id: `PGS-${i}${i}${i}`,
        phone: `0806555000${i}`,
      }),
    );
  }
}, 120_000);

describe('Paging in DynamoDB', () => {
  it('walks every member once, in name order, by cursor, with members added between pages', async () => {
    const added: string[] = [];
    const seen = await walk('/cooperative/member', 2, {}, async () => {
      if (added.length > 0) return;
      // Sorts before every name already shown: the walk goes on after the cursor, so it is not seen.
      const early = await create(coop.id, department, {
        firstname: 'Aaron',
        lastname: 'Aaa',
        email: 'aaron@paging.example',
      });
      // Sorts after every name: the walk reaches it.
      const late = await create(coop.id, department, {
        firstname: 'Yemi',
        lastname: 'Zzz',
        email: 'yemi@paging.example',
      });
      added.push(early.coop_id, late.coop_id);
    });
    const ids = seen.map((m) => m.coop_id);
    expect(new Set(ids).size).toBe(ids.length);
    // Name order is `lastname firstname`: Abara, Cole, Eze, Gowon, Ibru, then the late one.
    expect(seen.map((m) => m.lastname)).toEqual(['Abara', 'Cole', 'Eze', 'Gowon', 'Ibru', 'Zzz']);
    // Every member is in a fresh walk, and the total counts them all.
    const again = await walk('/cooperative/member', 3);
    expect(again.map((m) => m.lastname)).toEqual(['Aaa', 'Abara', 'Cole', 'Eze', 'Gowon', 'Ibru', 'Zzz']);
    const first = await list({ per_page: '3' });
    expect(first.body.data.meta).toMatchObject({ total: 7, per_page: 3, current_page: 1, last_page: 3 });
  });

  it("keeps the spec's page parameter: page 2 is the page after the first page's cursor", async () => {
    const first = await list({ per_page: '2' });
    const byCursor = await list({ per_page: '2', cursor: String(first.body.data.meta.next_cursor) });
    const byPage = await list({ per_page: '2', page: '2' });
    expect(byPage.status).toBe(200);
    expect(byPage.body.data.data.map((m) => m.coop_id)).toEqual(byCursor.body.data.data.map((m) => m.coop_id));
    expect(byPage.body.data.meta.current_page).toBe(2);
    const beyond = await list({ per_page: '2', page: '40' });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.data).toEqual([]);
    expect(beyond.body.data.meta.next_cursor).toBeNull();
  });

  it("refuses another cooperative's cursor, another list's cursor and a forged one with 422", async () => {
    const mine = await list({ per_page: '1' });
    const cursor = String(mine.body.data.meta.next_cursor);
    const elsewhere = await list({ per_page: '1', cursor }, '/cooperative/member', other.id);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors?.cursor ?? elsewhere.body.message).toMatch(/not valid for this list/);
    const otherRoute = await list({ per_page: '1', cursor }, '/cooperative/member/get-deactivated-members');
    expect(otherRoute.status).toBe(422);
    const [body, signature] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { c: string };
    const retargeted = Buffer.from(JSON.stringify({ ...decoded, c: other.id })).toString('base64url');
    for (const forged of [`${retargeted}.${signature}`, 'not-a-cursor', `${body}.AAAA`, `${body}.${signature}.x`]) {
      const r = await list(
        { per_page: '1', cursor: forged },
        '/cooperative/member',
        decoded.c === coop.id ? coop.id : other.id,
      );
      expect(r.status, forged).toBe(422);
    }
  });

  it('refuses a cursor kept while the search changed, and never answers 500', async () => {
    const page = await list({ per_page: '1', query: '0806555' });
    const cursor = page.body.data.meta.next_cursor;
    expect(cursor).toBeTruthy();
    const changed = await list({ per_page: '1', query: 'zzzz', cursor: String(cursor) });
    expect(changed.status).toBe(422);
  });
});

describe('Member search items', () => {
  it('finds a member by first name, last name, member number, email, staff ID and phone, by prefix', async () => {
    const bola = members[1];
    const expectOnly = async (query: string) => {
      const r = await list({ query });
      expect(r.status, query).toBe(200);
      expect(
        r.body.data.data.map((m) => m.coop_id),
        query,
      ).toEqual([bola.coop_id]);
      expect(r.body.data.meta.total, query).toBe(1);
    };
    await expectOnly('Bol');
    await expectOnly('cole');
    await expectOnly(bola.coop_id.toLowerCase());
    await expectOnly(bola.email.slice(0, 8));
    await expectOnly('pgs-111');
    await expectOnly('08065550001');
    // Two words: both must begin one of the member's tokens.
    await expectOnly('bola co');
    const none = await list({ query: 'bola eze' });
    expect(none.body.data.data).toEqual([]);
  });

  it('gives a member found by two of its tokens once', async () => {
    // Every member's email begins with the first name, so "chi" matches Chidi's first name and email.
    const r = await list({ query: 'chi' });
    expect(r.body.data.data.map((m) => m.firstname)).toEqual(['Chidi']);
  });

  it('pages a search like any list', async () => {
    // Every member made in beforeAll has an email at paging.example: the e-mail tokens begin with
    // their first names, so search the shared phone prefix instead.
    const seen = await walk('/cooperative/member', 2, { query: '0806555' });
    expect(seen.map((m) => m.coop_id).sort()).toEqual(members.map((m) => m.coop_id).sort());
    // A search has no counter: before its last page it says its total is only what it has seen.
    const first = await list({ per_page: '2', query: '0806555' });
    expect(first.body.data.meta).toMatchObject({ total: 3, total_is_minimum: true });
    const whole = await list({ per_page: '10', query: '0806555' });
    expect(whole.body.data.meta.total).toBe(5);
    expect(whole.body.data.meta).not.toHaveProperty('total_is_minimum');
  });

  it('follows a change of name and leaves the old name unfound', async () => {
    const dayo = members[3];
    const edit = await call('POST', '/cooperative/member/details/edit', {
      token: admin,
      body: {
        ...memberBody(department, {
          firstname: 'Dayo',
          lastname: 'Olumide',
          email: dayo.email,
          staff_id: dayo.staff_id,
          phone: '08065550003',
        }),
        cooperative_id: coop.id,
        coop_id: dayo.coop_id,
        detail_type: 'STAFF-INFO',
      },
    });
    expect(edit.status, edit.body.message).toBe(200);
    expect((await list({ query: 'gowon' })).body.data.data).toEqual([]);
    expect((await list({ query: 'olum' })).body.data.data.map((m) => m.coop_id)).toEqual([dayo.coop_id]);
  });

  it('keeps the deactivated list and its total true after concurrent status changes', async () => {
    const [zainab, , chidi, , efe] = members;
    const moves = await Promise.all(
      [zainab, chidi, efe].map((m) =>
        call('GET', '/cooperative/member/deactivate', {
          token: admin,
          query: { cooperative_id: coop.id, coop_id: m.coop_id },
        }),
      ),
    );
    moves.forEach((m) => expect(m.status, m.body.message).toBe(200));
    const back = await call('GET', '/cooperative/member/activate', {
      token: admin,
      query: { cooperative_id: coop.id, coop_id: chidi.coop_id },
    });
    expect(back.status, back.body.message).toBe(200);
    const inactive = await list({}, '/cooperative/member/get-deactivated-members');
    expect(inactive.body.data.data.map((m) => m.lastname)).toEqual(['Abara', 'Ibru']);
    expect(inactive.body.data.meta.total).toBe(2);
    // The search items carry the status too: the deactivated list's search finds only inactive members.
    const searched = await list({ query: 'efe' }, '/cooperative/member/get-deactivated-members');
    expect(searched.body.data.data.map((m) => m.status)).toEqual([2]);
    // The surety directory gives approved members only.
    const directory = await call<{ data: { id: string }[] }>('GET', '/cooperative/member/directory', {
      token: admin,
      query: { cooperative_id: coop.id, query: 'zainab' },
    });
    expect(directory.body.data.data).toEqual([]);
  });
});
