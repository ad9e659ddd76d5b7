import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld, Member } from './support/loans.ts';
import { applied, application, loanAction, loanProduct, loanWorld, members } from './support/loans.ts';
import { memberBody } from './support/members.ts';
import { walkPages } from './support/paging.ts';

/**
 * The loan lists paged in DynamoDB (docs/decisions.md 2026-11-26 "Money lists in DynamoDB"): the
 * cooperative's loans walk once, newest application date first, by cursor; status, dates and member
 * search are Queries; totals follow the counters through applications, rejections and deletions;
 * a member's loans and the loan form archive page the same way.
 */
interface Row {
  id: string;
  date?: string;
  status?: number;
  member_id?: string;
}
interface Meta {
  total: number;
  next_cursor?: string | null;
}
type ListAnswer = { data: Row[]; meta: Meta };
type SuretyRow = Row & { member_id: string; loan: { id: string } | null };

let world: LoanWorld;
let product = '';
let sureties: Member[] = [];
/** The loans made here: who applied, the application date, the id and the status they have now. */
const loans: { who: string; date: string; id: string; status: number }[] = [];
const applicants: Record<string, string> = {};

const LIST = '/cooperative/loans/list';

const list = (path: string, query: Record<string, string> = {}) =>
  call<ListAnswer>('GET', path, { token: world.ctx.token, query: { cooperative_id: world.ctx.coop, ...query } });

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

async function apply(who: string, date: string, productId = product) {
  const [s1, s2] = sureties;
  const loan = await applied(world, application(world, productId, applicants[who], s1.id, s2.id, { date }));
  loans.push({ who, date, id: loan.id, status: 0 });
  return loan.id;
}

/** Newest application date first. */
const newestFirst = (rows: { date: string; id: string }[]) =>
  [...rows].sort((a, b) => (a.date < b.date ? 1 : -1)).map((r) => r.id);

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('PL');
  product = await loanProduct(world, 'Paging Loan');
  sureties = await members(world, 2);
  for (const [key, first, last] of [
    ['femi', 'Femi', 'Lpone'],
    ['funmi', 'Funmilayo', 'Lptwo'],
    ['gbenga', 'Gbenga', 'Lpthree'],
    ['hauwa', 'Hauwa', 'Lpfour'],
    ['ifeoma', 'Ifeoma', 'Lpfive'],
    ['jide', 'Jide', 'Lpsix'],
  ])
    applicants[key] = await person(first, last);
  for (const [who, date] of [
    ['femi', '2026-01-01'],
    ['funmi', '2026-01-02'],
    ['gbenga', '2026-01-03'],
    ['hauwa', '2026-01-04'],
    ['ifeoma', '2026-01-05'],
  ])
    await apply(who, date);
}, 240_000);

describe('Loans paged in DynamoDB', () => {
  it('walks every loan once, newest application date first, with a loan added between pages', async () => {
    let late = '';
    const seen = await walk(LIST, {}, async () => {
      // Applied for before every other: it sorts after the pages already read, so the walk reaches it.
      late = await apply('jide', '2025-12-31');
    });
    expect(seen.map((l) => l.id)).toEqual(newestFirst(loans));
    expect(seen[seen.length - 1].id).toBe(late);
    const byCursor = await list(LIST, {
      per_page: '2',
      cursor: String((await list(LIST, { per_page: '2' })).body.data.meta.next_cursor),
    });
    const byPage = await list(LIST, { per_page: '2', page: '2' });
    expect(byPage.body.data.data.map((l) => l.id)).toEqual(byCursor.body.data.data.map((l) => l.id));
  });

  it('keeps the status counts and lists true after concurrent rejections and deletions', async () => {
    const [rejectA, rejectB, remove] = [loans[1], loans[3], loans[4]];
    await Promise.all([
      loanAction(world, 'GET', '/cooperative/member/loans/deny', rejectA.id),
      loanAction(world, 'GET', '/cooperative/member/loans/deny', rejectB.id),
      loanAction(world, 'DELETE', '/cooperative/member/loans/delete', remove.id),
    ]).then((answers) => answers.forEach((r) => expect(r.status, r.body.message).toBe(200)));
    rejectA.status = 2;
    rejectB.status = 2;
    loans.splice(loans.indexOf(remove), 1);
    for (const status of [0, 2]) {
      const expected = newestFirst(loans.filter((l) => l.status === status));
      const seen = await walk(LIST, { status: String(status) });
      expect(seen.map((l) => l.id)).toEqual(expected);
      expect(seen.every((l) => l.status === status)).toBe(true);
      expect((await list(LIST, { status: String(status), per_page: '1' })).body.data.meta.total).toBe(expected.length);
    }
    expect((await list(LIST, { per_page: '1' })).body.data.meta.total).toBe(loans.length);
    expect((await list(LIST, { status: '1', per_page: '1' })).body.data.meta.total).toBe(0);
  });

  it('pages a date range, alone and with a status', async () => {
    const inRange = loans.filter((l) => l.date >= '2026-01-01' && l.date <= '2026-01-03');
    const seen = await walk(LIST, { start_date: '2026-01-01', end_date: '2026-01-03' });
    expect(seen.map((l) => l.id)).toEqual(newestFirst(inRange));
    const pending = await walk(LIST, { start_date: '2026-01-01', end_date: '2026-01-03', status: '0' });
    expect(pending.map((l) => l.id)).toEqual(newestFirst(inRange.filter((l) => l.status === 0)));
  });

  it("finds one member's loans, and merges several members' by application date", async () => {
    const femi = await walk(LIST, { query: 'femi' });
    expect(femi.map((l) => l.id)).toEqual(newestFirst(loans.filter((l) => l.who === 'femi')));
    // "lpt" begins Funmilayo's and Gbenga's last names only.
    const both = await walk(LIST, { query: 'lpt' });
    const expected = loans.filter((l) => l.who === 'funmi' || l.who === 'gbenga');
    expect(both.map((l) => l.id)).toEqual(newestFirst(expected));
    const rejected = await walk(LIST, { query: 'lpt', status: '2' });
    expect(rejected.map((l) => l.id)).toEqual(newestFirst(expected.filter((l) => l.status === 2)));
  });

  it("pages a member's own loans, newest first", async () => {
    // A second product: a member runs one loan of a product at a time.
    await apply('jide', '2026-02-01', await loanProduct(world, 'Paging Loan Two'));
    const seen = await walk('/cooperative/member/loans', { coop_id: applicants.jide });
    expect(seen.map((l) => l.id).sort()).toEqual(
      loans
        .filter((l) => l.who === 'jide')
        .map((l) => l.id)
        .sort(),
    );
  });

  it('walks the surety requests by status and counts them after concurrent answers', async () => {
    const SURETIES = '/cooperative/member/surety';
    // Each loan still there asked both sureties; none has answered yet.
    const pendingBefore = await walk(SURETIES, { status: '0' });
    expect(pendingBefore).toHaveLength(2 * loans.length);
    expect((await list(SURETIES, { per_page: '1' })).body.data.meta.total).toBe(2 * loans.length);
    const [first] = sureties;
    const answering = loans.filter((l) => l.status === 0).slice(0, 2);
    const own = (await walk(`${SURETIES}/requests`, { coop_id: first.id, status: '0' })) as SuretyRow[];
    expect(own.map((r) => r.id).sort()).toEqual(
      (pendingBefore as SuretyRow[])
        .filter((r) => r.member_id === first.id)
        .map((r) => r.id)
        .sort(),
    );
    const toAnswer = own.filter((r) => answering.some((l) => l.id === r.loan?.id));
    await Promise.all(
      toAnswer.map((r) =>
        call('POST', `${SURETIES}/approve`, {
          token: first.token,
          body: { cooperative_id: world.ctx.coop, surety_id: r.id },
        }).then((a) => expect(a.status, a.body.message).toBe(200)),
      ),
    );
    expect(toAnswer).toHaveLength(2);
    expect((await list(SURETIES, { status: '0', per_page: '1' })).body.data.meta.total).toBe(2 * loans.length - 2);
    const approved = await walk(SURETIES, { status: '1' });
    expect(approved.map((r) => r.id).sort()).toEqual(toAnswer.map((r) => r.id).sort());
    const ownApproved = await walk(`${SURETIES}/requests`, { coop_id: first.id, status: '1' });
    expect(ownApproved.map((r) => r.id).sort()).toEqual(toAnswer.map((r) => r.id).sort());
  });

  it('walks the loan form archive newest first, counts it after concurrent uploads, and searches it by member', async () => {
    const FORMS = '/cooperative/loans/form';
    const upload = async (who: string) => {
      const form = new FormData();
      form.append('cooperative_id', world.ctx.coop);
      form.append('coop_id', applicants[who]);
      const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), `${who}.pdf`);
      const r = await call<{ id: string }>('POST', '/cooperative/loans/form/upload-loan-form', {
        token: world.ctx.token,
        form,
      });
      expect(r.status, r.body.message).toBe(201);
      return { who, id: r.body.data.id };
    };
    // One at a time: the archive is ordered by upload time.
    const uploads = [];
    for (const who of ['femi', 'funmi', 'gbenga', 'femi', 'funmi']) uploads.push(await upload(who));
    const seen = await walk(FORMS, {});
    expect(seen.map((f) => f.id)).toEqual([...uploads].reverse().map((f) => f.id));
    const more = await Promise.all(['hauwa', 'ifeoma', 'jide'].map(upload));
    uploads.push(...more);
    expect((await list(FORMS, { per_page: '1' })).body.data.meta.total).toBe(8);
    const merged = await walk(FORMS, { query: 'lpt' });
    expect(merged.map((f) => f.id)).toEqual(
      uploads
        .slice(0, 5)
        .reverse()
        .filter((f) => f.who === 'funmi' || f.who === 'gbenga')
        .map((f) => f.id),
    );
  });
});
