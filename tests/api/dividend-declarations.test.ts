import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  DividendComputationView,
  DividendDeclarationView,
  DividendMemberView,
  RevenueSharingView,
} from '@coopledger/shared/dividend-views';
import { getItem, queryPartition } from '../../functions/core/db.ts';
import { read } from '../../functions/core/entity.ts';
import { keys } from '../../functions/core/keys.ts';
import { formatNaira } from '@coopledger/shared/money';
import type { NotificationPreferencesView, NotificationsPage } from '@coopledger/shared/notification-views';
import { readOutbox } from '../../infra/local/outbox.ts';
import type { ApiResponse } from './support/api.ts';
import { call } from './support/api.ts';
import { DIVIDEND_GL_SETUP } from './support/dividends.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative, secondAdmin } from './support/fixtures.ts';
import type { LoanWorld, Member } from './support/loans.ts';
import {
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';
import { walkPages } from './support/paging.ts';
import { GL, approve, glTotal, glTotals, placed, plan, planOf } from './support/savings.ts';
import { downloadSheet } from './support/workbooks.ts';

/**
 * Dividend declarations (issue 21): compute, save as a Draft, list, delete, approve. A scripted
 * year in a cooperative of its own: savings moved by dated deposits and withdrawals and by an offset
 * from savings, loan interest paid by offsets, and the dividend worked out by hand below (not by the
 * code under test).
 */
useRuntimeEnv();

const SETUP = DIVIDEND_GL_SETUP;
const PERIOD = { from: '2026-01-01', to: '2026-10-31' };

let world: LoanWorld;
let admin: { id: string; token: string };
let ada: Member;
let bayo: Member;
let chika: Member;
let dede: Member;
const plans: Record<string, string> = {};
const approved: {
  sharing?: DividendDeclarationView;
  december?: DividendDeclarationView;
  draft?: DividendDeclarationView;
} = {};

const coop = () => world.ctx.coop;
const as = (token: string) => ({
  get: <T>(path: string, query: Record<string, string | number> = {}) =>
    call<T>('GET', path, { token, query: { cooperative_id: coop(), ...query } }),
  send: <T>(path: string, body: Record<string, unknown>, query: Record<string, string> = {}) =>
    call<T>('POST', path, { token, body: { cooperative_id: coop(), ...body }, query }),
  remove: (path: string, query: Record<string, string>) =>
    call('DELETE', path, { token, query: { cooperative_id: coop(), ...query } }),
});
const staff = () => as(world.ctx.token);

async function moved(planId: string, type: 'DEPOSIT' | 'WITHDRAWAL', amount: number, date: string) {
  const o = await placed(world, planId, type, amount, date);
  const r = await approve(world, o.id);
  if (r.status !== 200) throw new Error(`Could not approve: ${r.status} ${r.body.message}`);
}

interface OffsetRow {
  interest_paid: number;
  offset_amount: number;
}

/** A loan of `amount` at 12% flat over 12 months from 2026-02-01, approved, then fully offset on 2026-03-15. */
async function offsetLoan(member: Member, sureties: [Member, Member], mode: 1 | 2, amount: number) {
  const product = await loanProduct(world, `Dividend Loan ${Math.random().toString(36).slice(2, 8)}`);
  const loan = await applied(
    world,
    application(world, product, member.id, sureties[0].id, sureties[1].id, { loan_amount: String(amount) }),
  );
  await suretiesApprove(world, loan, Object.fromEntries(sureties.map((s) => [s.id, s.token])));
  const approved = await approveLoan(world, loan.id);
  if (approved.status !== 200) throw new Error(`Could not approve the loan: ${approved.body.message}`);
  const r = await staff().send<OffsetRow>('/cooperative/loan-offset', {
    loan_id: loan.id,
    offset_mode: mode,
    offset_type: 2,
    loan_amount: amount,
    ...(mode === 1 ? { bank_id: world.bank } : {}),
    date: '2026-03-15',
  });
  if (r.status !== 201) throw new Error(`Could not offset: ${r.status} ${r.body.message}`);
  return r.body.data;
}

beforeAll(async () => {
  world = await loanWorld('DD');
  const login = `DA${world.ctx.tag}`;
  admin = await secondAdmin(coop(), world.ctx.token, login, 'Dayo');
  [ada, bayo, chika, dede] = (await members(world, 4)) as [Member, Member, Member, Member];
  const [s1, s2] = (await members(world, 2)) as [Member, Member];

  // Ada: 10,000 in January, +5,000 in April, -3,000 in July, +2,000 in November (after the period).
  // Month-ends Jan-Oct: 10,000 x3, 15,000 x3, 12,000 x4 = 123,000; average 12,300. No loan.
  const a = await planOf(world, ada.id);
  plans[ada.id] = a.id;
  await moved(a.id, 'DEPOSIT', 10_000, '2026-01-10');
  await moved(a.id, 'DEPOSIT', 5_000, '2026-04-20');
  await moved(a.id, 'WITHDRAWAL', 3_000, '2026-07-05');
  await moved(a.id, 'DEPOSIT', 2_000, '2026-11-02');

  // Bayo: 20,000 since December 2025 (every month-end 20,000: 200,000, average 20,000); a 120,000
  // loan fully offset by bank on 2026-03-15: 3,600 interest paid (the offsets' own figure).
  const b = await planOf(world, bayo.id);
  plans[bayo.id] = b.id;
  await moved(b.id, 'DEPOSIT', 20_000, '2025-12-15');
  const bayoOffset = await offsetLoan(bayo, [s1, s2], 1, 120_000);
  expect(bayoOffset.interest_paid).toBe(3_600);

  // Chika: 13,000 in February; a 12,000 loan fully offset from savings on 2026-03-15 (12,360 of
  // which 360 interest) leaves 640; +6,000 on 2026-09-30. Month-ends: 0, 13,000, 640 x6, 6,640 x2
  // = 30,120; average 3,012.
  const c = await planOf(world, chika.id);
  plans[chika.id] = c.id;
  await moved(c.id, 'DEPOSIT', 13_000, '2026-02-10');
  const chikaOffset = await offsetLoan(chika, [s1, s2], 2, 12_000);
  expect(chikaOffset).toMatchObject({ offset_amount: 12_360, interest_paid: 360 });
  await moved(c.id, 'DEPOSIT', 6_000, '2026-09-30');

  // Dede saved 50,000 but is deactivated: no dividend.
  const d = await planOf(world, dede.id);
  await moved(d.id, 'DEPOSIT', 50_000, '2026-01-05');
  const off = await staff().get('/cooperative/member/deactivate', { coop_id: dede.id });
  if (off.status !== 200) throw new Error(`Could not deactivate: ${off.body.message}`);

  const setup = await staff().send('/cooperative/dividend/gl-setup', SETUP);
  if (setup.status !== 200) throw new Error(`Could not save the GL setup: ${setup.body.message}`);
}, 120_000);

// Pool 100,000 = 10,000,000 kobo, X 70 / Y 30. Savings weights 123,000 / 200,000 / 30,120 (of
// 353,120): exact 2,438,264.61 / 3,964,657.91 / 597,077.48 kobo. Interest 3,600 / 360 (of 3,960) of
// 3,000,000: exact 2,727,272.73 / 272,727.27. Floors leave 3 kobo, to the largest remainders .91
// (Bayo's savings part), .73 (Bayo's loan part) and .61 (Ada's savings part).
const COMPUTE = { ...PERIOD, x_percent: 70, y_percent: 30, amount: '100000' };
const EXPECTED: Record<string, Omit<DividendMemberView, 'member_id' | 'member_name'>> = {};

describe('compute', () => {
  beforeAll(() => {
    Object.assign(EXPECTED, {
      [ada.id]: { savings_basis: 12_300, loan_basis: 0, savings_part: 24_382.65, loan_part: 0, amount: 24_382.65 },
      [bayo.id]: {
        savings_basis: 20_000,
        loan_basis: 3_600,
        savings_part: 39_646.58,
        loan_part: 27_272.73,
        amount: 66_919.31,
      },
      [chika.id]: {
        savings_basis: 3_012,
        loan_basis: 360,
        savings_part: 5_970.77,
        loan_part: 2_727.27,
        amount: 8_698.04,
      },
    });
  });

  it('shares the pool by average month-end savings and loan interest paid, exact to the kobo', async () => {
    const r = await staff().send<DividendComputationView>('/cooperative/dividend/compute', COMPUTE);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ ...PERIOD, months: 10, x_percent: 70, y_percent: 30, amount: 100_000 });
    const byMember = Object.fromEntries(
      r.body.data.members.map(({ member_id, member_name: _, ...rest }) => [member_id, rest]),
    );
    expect(byMember).toEqual(EXPECTED);
    expect(r.body.data.totals).toEqual({
      members: 3,
      savings_basis: 35_312,
      loan_basis: 3_960,
      savings_part: 70_000,
      loan_part: 30_000,
      amount: 100_000,
    });
  });

  it.each([
    [{ from: '2026-01-02' }, 'from', 'The period starts on the first day of a month'],
    [{ to: '2026-10-30' }, 'to', 'The period ends on the last day of a month'],
    [{ from: '2026-11-01', to: '2026-10-31' }, 'to', 'The end date must not be before the start date'],
    [{ to: '2999-12-31' }, 'to', 'The period cannot end in the future'],
    [{ y_percent: 20 }, 'y_percent', 'X and Y must add up to 100 (they add up to 90)'],
    [{ amount: '0' }, 'amount', 'The dividend amount must be more than 0'],
    [{ amount: '10.005' }, 'amount', 'Enter an amount in naira with at most 2 decimals'],
    [{ x_percent: '' }, 'x_percent', 'Please enter X, the percentage shared by savings'],
    [
      { from: '2025-12-01', to: '2025-12-31' },
      'y_percent',
      'No active member paid loan interest in the period, so nothing can be shared by loan interest: set Y to 0',
    ],
    [
      { from: '2025-01-01', to: '2025-11-30', x_percent: 100, y_percent: 0 },
      'x_percent',
      'No active member had savings in the period, so nothing can be shared by savings: set X to 0',
    ],
  ])('refuses %j on %s and saves nothing', async (change, field, message) => {
    const before = await staff().get<{ data: unknown[] }>('/cooperative/dividend/declarations');
    const r = await staff().send('/cooperative/dividend/declarations', { ...COMPUTE, ...change });
    expect(r.status).toBe(422);
    expect(r.body.errors?.[field]).toBe(message);
    const after = await staff().get<{ data: unknown[] }>('/cooperative/dividend/declarations');
    expect(after.body.data.data.length).toBe(before.body.data.data.length);
  });

  it('refuses a pool larger than the distributable surplus of the revenue sharing it came from', async () => {
    const sharing = { ...PERIOD, reserve_percent: 10, admin_fee_type: 'amount', admin_fee: '100' };
    const shared = await staff().get<RevenueSharingView>('/cooperative/dividend/revenue-sharing', sharing);
    expect(shared.status, shared.body.message).toBe(200);
    const distributable = Number(shared.body.data.distributable);
    expect(distributable).toBeGreaterThan(0);
    const tooMuch = ((Math.round(distributable * 100) + 1) / 100).toFixed(2);
    const r = await staff().send('/cooperative/dividend/compute', {
      ...COMPUTE,
      amount: tooMuch,
      revenue_sharing: sharing,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.amount).toMatch(
      /^The dividend amount is more than the distributable surplus of the revenue sharing \(/,
    );
  });

  it('refuses to compute until the GL setup is saved', async () => {
    const bare = await createTestCooperative('DN');
    const r = await call('POST', '/cooperative/dividend/compute', {
      token: world.ctx.token,
      body: { cooperative_id: bare.id, ...COMPUTE },
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'Set the dividend GL accounts first (Dividend calculator, GL setup): the dividend has nowhere to post',
    );
  });
});

const saved = async (body: Record<string, unknown> = COMPUTE) => {
  const r = await staff().send<DividendDeclarationView>('/cooperative/dividend/declarations', body);
  expect(r.status, r.body.message).toBe(201);
  return r.body.data;
};

describe('saved declarations', () => {
  it('saves a Draft with its member lines, lists it and pages its members', async () => {
    const draft = await saved();
    approved.draft = draft;
    expect(draft).toMatchObject({
      source: 'compute',
      ...PERIOD,
      amount: 100_000,
      status: 0,
      status_label: 'Draft',
      created_by: 'SUPERADMIN',
      approved_by: null,
      totals: { members: 3, amount: 100_000 },
    });
    const list = await staff().get<{ data: DividendDeclarationView[] }>('/cooperative/dividend/declarations');
    expect(list.body.data.data[0]).toMatchObject({ id: draft.id, status_label: 'Draft' });
    const lines = await walkPages<DividendMemberView>((query) =>
      staff().get('/cooperative/dividend/declarations/members', { id: draft.id, ...query }),
    );
    expect(lines.map((l) => l.member_id)).toEqual(
      [ada.id, bayo.id, chika.id].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    );
    for (const line of lines) expect(line).toMatchObject(EXPECTED[line.member_id]);
  });

  it('deletes a Draft and its lines', async () => {
    const draft = await saved();
    const r = await staff().remove('/cooperative/dividend/declarations', { id: draft.id });
    expect(r.status, r.body.message).toBe(200);
    expect((await staff().get('/cooperative/dividend/declarations/single', { id: draft.id })).status).toBe(404);
    expect(await getItem(keys.dividendMember(coop(), draft.id, ada.id))).toBeUndefined();
  });
});

async function trialBalanced() {
  const all = await glTotals(coop());
  expect(all.reduce((s, t) => s + t.debit, 0)).toBe(all.reduce((s, t) => s + t.credit, 0));
}

describe('approval', () => {
  it('is refused to the person who computed it, then posts the pool, the reserve and the fee once', async () => {
    const sharing = { ...PERIOD, reserve_percent: 10, admin_fee_type: 'amount', admin_fee: '100' };
    const shared = (await staff().get<RevenueSharingView>('/cooperative/dividend/revenue-sharing', sharing)).body.data;
    const pool = Number(shared.distributable) >= 1 ? '1.00' : String(shared.distributable);
    const draft = await saved({ ...COMPUTE, amount: pool, revenue_sharing: sharing });
    expect(draft.revenue_sharing).toMatchObject({
      statutory_reserve: shared.statutory_reserve,
      admin_fee: shared.admin_fee,
    });

    const own = await staff().send('/cooperative/dividend/declarations/approve', {}, { id: draft.id });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'The person who computed or uploaded a dividend cannot approve it: another admin must',
    );

    const before = {
      re: await glTotal(coop(), SETUP.retained_earnings_gl),
      provision: await glTotal(coop(), SETUP.provision_gl),
      reserve: await glTotal(coop(), SETUP.statutory_reserve_gl),
      fee: await glTotal(coop(), SETUP.admin_fee_gl),
    };
    const r = await as(admin.token).send<DividendDeclarationView>(
      '/cooperative/dividend/declarations/approve',
      {},
      { id: draft.id },
    );
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 1, status_label: 'Approved', approved_by: admin.id });
    approved.sharing = r.body.data;
    const k = (naira: number | string) => Math.round(Number(naira) * 100);
    const reserve = k(shared.statutory_reserve);
    const fee = k(shared.admin_fee);
    expect((await glTotal(coop(), SETUP.retained_earnings_gl)).debit - before.re.debit).toBe(k(pool) + reserve + fee);
    expect((await glTotal(coop(), SETUP.provision_gl)).credit - before.provision.credit).toBe(k(pool));
    expect((await glTotal(coop(), SETUP.statutory_reserve_gl)).credit - before.reserve.credit).toBe(reserve);
    expect((await glTotal(coop(), SETUP.admin_fee_gl)).credit - before.fee.credit).toBe(fee);
    await trialBalanced();

    const again = await as(admin.token).send('/cooperative/dividend/declarations/approve', {}, { id: draft.id });
    expect(again.status).toBe(409);
    const removed = await staff().remove('/cooperative/dividend/declarations', { id: draft.id });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('Only a Draft dividend can be deleted');

    // Another dividend of an overlapping period is refused.
    const overlapping = await staff().send('/cooperative/dividend/declarations', { ...COMPUTE, from: '2026-10-01' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toBe(
      'A dividend of 2026-01-01 to 2026-10-31 is already approved; its period overlaps this one',
    );
  });

  it('posts once when 20 approvals arrive at once', async () => {
    // December 2025: only Bayo had savings (20,000 from the 15th); all of the pool by savings.
    const draft = await saved({ from: '2025-12-01', to: '2025-12-31', x_percent: 100, y_percent: 0, amount: '500' });
    expect(draft.totals).toMatchObject({ members: 1, savings_basis: 20_000, amount: 500 });
    const before = await glTotal(coop(), SETUP.provision_gl);
    const answers: ApiResponse[] = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(admin.token).send('/cooperative/dividend/declarations/approve', {}, { id: draft.id }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    approved.december = answers.find((a) => a.status === 200)?.body.data as DividendDeclarationView;
    expect((await glTotal(coop(), SETUP.provision_gl)).credit - before.credit).toBe(500_00);
    await trialBalanced();
  });
});

describe('payment', () => {
  const pay = (id: string, body: Record<string, unknown>) =>
    as(admin.token).send<DividendDeclarationView>('/cooperative/dividend/declarations/pay', body, { id });

  /** The dividend once its payment stopped running (Paid, or its payment FAILED). */
  async function settled(id: string): Promise<DividendDeclarationView> {
    for (let i = 0; i < 240; i++) {
      const r = await staff().get<DividendDeclarationView>('/cooperative/dividend/declarations/single', { id });
      if (r.body.data.status === 2 || r.body.data.payment?.status === 'FAILED') return r.body.data;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('The payment did not finish');
  }

  const balances = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(plans).map(async ([member, planId]) => [member, (await plan(world, member, planId)).balance]),
      ),
    ) as Record<string, number>;

  it('into savings: stops with the members who have no plan of the chosen product, paying nothing', async () => {
    const id = approved.sharing!.id;
    const before = await balances();
    const r = await pay(id, { mode: 'savings', savings_product_id: world.targeted });
    expect(r.status, r.body.message).toBe(202);
    expect(r.body.data.payment).toMatchObject({ mode: 'savings', status: 'PAYING' });
    const stopped = await settled(id);
    expect(stopped.status).toBe(1);
    expect(stopped.payment?.status).toBe('FAILED');
    expect(stopped.payment?.error).toMatch(
      /^Nothing was paid: \d member\(s\) have no active plan of the chosen savings product: /,
    );
    expect(await balances()).toEqual(before);
  });

  it('into savings: the run reaches Paid (Prepare hands the dividend on to Finish), pays each member once, also one a stopped run had paid, and empties the provision', async () => {
    const id = approved.sharing!.id;
    const lines = await walkPages<DividendMemberView>((query) =>
      staff().get('/cooperative/dividend/declarations/members', { id, ...query }),
    );
    const amountOf = (member: string) =>
      Math.round(Number(lines.find((l) => l.member_id === member)?.amount ?? 0) * 100);
    const before = await balances();

    // A run stopped after paying Ada: her row is in the batch, so paying again does not pay her twice.
    const { payRow } = await import('../../functions/dividends/payment.ts');
    const { getDeclaration } = await import('../../functions/dividends/declaration-entity.ts');
    const record = (await getDeclaration(coop(), id))!;
    const adaLine = lines.find((l) => l.member_id === ada.id);
    if (adaLine) {
      const adaPlan = await plan(world, ada.id, plans[ada.id]);
      expect(
        await payRow(
          coop(),
          record,
          SETUP.provision_gl,
          {
            member_id: ada.id,
            member_name: adaLine.member_name,
            amount: amountOf(ada.id),
            plan_id: plans[ada.id],
            product_name: String(adaPlan.product_name),
            gl: GL.savings,
          },
          0,
        ),
      ).toBe(true);
    }

    const r = await pay(id, { mode: 'savings' });
    expect(r.status, r.body.message).toBe(202);
    const paid = await settled(id);
    expect(paid).toMatchObject({ status: 2, status_label: 'Paid' });
    expect(paid.payment).toMatchObject({ mode: 'savings', status: 'COMPLETED', rows: lines.length });

    const after = await balances();
    for (const member of Object.keys(plans))
      expect(Math.round((after[member] - before[member]) * 100), member).toBe(amountOf(member));
    expect(lines.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0)).toBe(
      Math.round(Number(approved.sharing!.amount) * 100),
    );

    // Ada's history shows one Dividend row.
    const history = await queryPartition<{ type_name: string; dividend_id?: string; amount: number }>(
      keys.memberTransactionsPartition(coop(), ada.id),
    );
    expect(history.filter((t) => t.type_name === 'DIVIDEND' && t.dividend_id === id).map((t) => t.amount)).toEqual(
      amountOf(ada.id) > 0 ? [amountOf(ada.id)] : [],
    );

    const again = await pay(id, { mode: 'savings' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This dividend is paid already');

    // Each member paid hears of it once (delivery is asynchronous), Ada too, whose row was paid twice over.
    const paidMembers = [ada, bayo].filter((m) => amountOf(m.id) > 0);
    expect(paidMembers.map((m) => m.id)).toContain(ada.id);
    for (const member of paidMembers) {
      const told = await bellTitled(member.token, 'Dividend paid');
      expect(told.map((n) => n.body)).toEqual([
        `Your dividend of ${formatNaira(amountOf(member.id))} for ${approved.sharing!.from} to ${approved.sharing!.to} was paid into your savings.`,
      ]);
    }
  });

  it('downloads the dividend report: every member line by member number and a total that is the pool', async () => {
    const declaration = approved.sharing!;
    const lines = await walkPages<DividendMemberView>((query) =>
      staff().get('/cooperative/dividend/declarations/members', { id: declaration.id, ...query }),
    );
    const file = await downloadSheet(world.ctx.token, '/cooperative/dividend/declarations/members', {
      cooperative_id: coop(),
      id: declaration.id,
    });
    expect(file.status).toBe(200);
    expect(file.name).toBe(`dividend-${declaration.from}-to-${declaration.to}.xlsx`);
    const [header, ...rows] = file.rows;
    expect(header).toEqual([
      'Member No.',
      'Name',
      'Savings basis',
      'Loan basis',
      'Savings part',
      'Loan part',
      'Dividend',
    ]);
    const k = (naira: unknown) => Math.round(Number(naira) * 100);
    expect(rows.slice(0, -1).map((r) => [r[0], k(r[6])])).toEqual(lines.map((l) => [l.member_id, k(l.amount)]));
    const total = rows.at(-1)!;
    expect(total.slice(0, 2)).toEqual(['Total', `${lines.length} members`]);
    // The total is the pool, and the lines add up to it.
    expect(k(total[6])).toBe(k(declaration.amount));
    expect(rows.slice(0, -1).reduce((sum, r) => sum + k(r[6]), 0)).toBe(k(declaration.amount));
    expect(k(total[4]) + k(total[5])).toBe(k(declaration.amount));
  });

  it('by bank: pays the whole dividend at once, also after a payment into savings paid nobody; the provision is then empty', async () => {
    const id = approved.december!.id;
    // Bayo has no plan of the targeted product: that payment stops, paying nobody, and bank is still open.
    expect((await pay(id, { mode: 'savings', savings_product_id: world.targeted })).status).toBe(202);
    expect((await settled(id)).payment).toMatchObject({
      status: 'FAILED',
      rows_paid: 0,
      journal_ids: [],
      paid_some: false,
    });
    const missing = await pay(id, { mode: 'bank' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.bank_id).toBe('Please select a bank account');
    const bank = await glTotal(coop(), GL.bank);
    const r = await pay(id, { mode: 'bank', bank_id: world.bank });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 2, payment: { mode: 'bank', status: 'COMPLETED' } });
    const shown = await staff().get<DividendDeclarationView>('/cooperative/dividend/declarations/single', { id });
    expect(shown.body.data.payment).toMatchObject({ mode: 'bank', bank_id: world.bank, error: null });
    expect((await glTotal(coop(), GL.bank)).credit - bank.credit).toBe(500_00);
    const provision = await glTotal(coop(), SETUP.provision_gl);
    expect(provision.credit - provision.debit).toBe(0);
    await trialBalanced();

    // Bayo, the one member of December's dividend, hears where his ₦500.00 went, with its period.
    const told = await bellTitled(bayo.token, 'Dividend paid by bank');
    expect(told.map((n) => n.body)).toEqual([
      'Your dividend of ₦500.00 for 2025-12-01 to 2025-12-31 was paid to your bank account.',
    ]);
  });

  it('is refused for a Draft', async () => {
    const r = await pay(approved.draft!.id, { mode: 'bank', bank_id: world.bank });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Only an approved dividend can be paid');
  });
});

describe('upload', () => {
  /** An .xlsx of the sample's columns with `rows` under them. */
  async function dividendFile(rows: (string | number)[][]): Promise<FormData> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Dividend');
    sheet.addRow(['Member No', 'Amount']);
    for (const row of rows) sheet.addRow(row);
    const form = new FormData();
    form.append('cooperative_id', coop());
    form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'dividend.xlsx');
    return form;
  }
  const upload = async (rows: (string | number)[][]) =>
    call<DividendDeclarationView>('POST', '/cooperative/dividend/declarations/upload', {
      token: world.ctx.token,
      form: await dividendFile(rows),
    });
  const saved = async () =>
    (
      await staff().get<{ meta: { total: number } }>('/cooperative/dividend/declarations', {
        per_page: 1,
      })
    ).body.data.meta.total;

  it('downloads the sample of the two columns', async () => {
    const file = await downloadSheet(world.ctx.token, '/cooperative/dividend/declarations/download-sample', {
      cooperative_id: coop(),
    });
    expect(file.status).toBe(200);
    expect(file.name).toBe('sample-dividend-upload.xlsx');
    expect(file.rows[0]).toEqual(['Member No', 'Amount']);
  });

  it('refuses a file with a bad row, naming each row and column, and saves nothing', async () => {
    const before = await saved();
    const r = await upload([
      [ada.id, '150.50'],
      ['NOBODY9', 10],
      [dede.id, 10],
      [bayo.id, 0],
      [ada.id, 5],
      [chika.id, '1.005'],
      [chika.id.toLowerCase(), ''],
    ]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The file has 7 error(s); nothing was saved. Correct the rows and upload it again');
    expect(r.body.errors).toEqual({
      'row 3, Member No': 'No member NOBODY9 in this cooperative',
      'row 4, Member No': `Member ${dede.id} is not active`,
      'row 5, Amount': '0 is not an amount above 0 with at most 2 decimals',
      'row 6, Member No': `Member ${ada.id} is also on row 2`,
      'row 7, Amount': '1.005 is not an amount above 0 with at most 2 decimals',
      'row 8, Member No': `Member ${chika.id} is also on row 7`,
      'row 8, Amount': 'Please enter the amount',
    });
    expect(await saved()).toBe(before);
  });

  it('refuses an amount above the posting limit on its row, and amounts that add up to more than it', async () => {
    const before = await saved();
    const one = await upload([[ada.id, '10000000000.01']]);
    expect(one.status).toBe(422);
    expect(one.body.errors).toEqual({ 'row 2, Amount': 'Enter an amount of at most ₦10,000,000,000.00' });
    const sum = await upload([
      [ada.id, '6000000000'],
      [bayo.id, '6000000000'],
    ]);
    expect(sum.status).toBe(422);
    expect(sum.body.errors?.file).toBe(
      'The amounts add up to more than the largest amount that may be posted, ₦10,000,000,000.00',
    );
    expect(await saved()).toBe(before);
  });

  it('refuses a file that is not a workbook, or has no members', async () => {
    const form = new FormData();
    form.append('cooperative_id', coop());
    form.append('file', new Blob(['member_no,amount\n']), 'dividend.csv');
    const csv = await call('POST', '/cooperative/dividend/declarations/upload', { token: world.ctx.token, form });
    expect(csv.status).toBe(422);
    expect(csv.body.errors?.file).toBe('The dividend file must be an Excel workbook (.xlsx)');
    const empty = await upload([]);
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.file).toBe('The file has no members below its header row');
  });

  it('saves a good file as a Draft whose pool is its amounts, approved and paid by bank like a computed one', async () => {
    const r = await upload([
      [ada.id, '100.50'],
      [bayo.id.toLowerCase(), 200],
    ]);
    expect(r.status, JSON.stringify(r.body.errors)).toBe(201);
    expect(r.body.data).toMatchObject({ source: 'upload', status: 0, amount: 300.5, from: null, x_percent: null });
    expect(r.body.data.totals).toMatchObject({ members: 2, amount: 300.5, savings_basis: 0, loan_basis: 0 });
    const id = r.body.data.id;
    const lines = await walkPages<DividendMemberView>((query) =>
      staff().get('/cooperative/dividend/declarations/members', { id, ...query }),
    );
    expect(lines.map((l) => [l.member_id, l.amount]).sort()).toEqual(
      [
        [ada.id, 100.5],
        [bayo.id, 200],
      ].sort(),
    );

    const provision = await glTotal(coop(), SETUP.provision_gl);
    const approvedUpload = await as(admin.token).send<DividendDeclarationView>(
      '/cooperative/dividend/declarations/approve',
      {},
      { id },
    );
    expect(approvedUpload.status, approvedUpload.body.message).toBe(200);
    const paid = await as(admin.token).send<DividendDeclarationView>(
      '/cooperative/dividend/declarations/pay',
      { mode: 'bank', bank_id: world.bank },
      { id },
    );
    expect(paid.status, paid.body.message).toBe(200);
    const after = await glTotal(coop(), SETUP.provision_gl);
    expect(after.credit - provision.credit).toBe(300_50);
    expect(after.debit - provision.debit).toBe(300_50);
    await trialBalanced();
  });

  it('tells each member paid by bank once (bell, and e-mail unless they opted out), also when delivered again', async () => {
    const { deliverEvent } = await import('../../functions/notifications/deliver.ts');
    const { NotificationEventEntity } = await import('../../functions/notifications/notification-event-entity.ts');
    const kind = 'notification-dividend.paid-bank';
    const contact = async (who: Member) =>
      (await call<NotificationPreferencesView>('GET', '/user/notification-preferences', { token: who.token })).body
        .data;
    const mailsTo = (address: string) =>
      readOutbox(process.env.OUTBOX_DIR!).filter((m) => m.to === address && m.kind === kind);
    const smsSaying = (text: string) =>
      readOutbox(process.env.OUTBOX_DIR!).filter(
        (m) => m.kind === kind && m.channel === 'sms' && m.text.includes(text),
      );

    // Bayo turns e-mail off (SMS stays on); Ada keeps both.
    const off = await call('PUT', '/user/notification-preferences', {
      token: bayo.token,
      body: { email: false, sms: true },
    });
    expect(off.status, off.body.message).toBe(200);
    const adaMail = (await contact(ada)).email_address!;
    const bayoMail = (await contact(bayo)).email_address!;
    const bayoMailsBefore = mailsTo(bayoMail).length;

    // The test's own figures: Ada ₦1,234.56, Bayo ₦78.90.
    const r = await upload([
      [ada.id, '1234.56'],
      [bayo.id, '78.9'],
    ]);
    expect(r.status, JSON.stringify(r.body.errors)).toBe(201);
    const id = r.body.data.id;
    expect((await as(admin.token).send('/cooperative/dividend/declarations/approve', {}, { id })).status).toBe(200);
    const paid = await as(admin.token).send(
      '/cooperative/dividend/declarations/pay',
      { mode: 'bank', bank_id: world.bank },
      { id },
    );
    expect(paid.status, paid.body.message).toBe(200);

    const adaText = 'Your dividend of ₦1,234.56 was paid to your bank account.';
    const bayoText = 'Your dividend of ₦78.90 was paid to your bank account.';
    const [adaBell] = await bellSaying(ada.token, adaText);
    const [bayoBell] = await bellSaying(bayo.token, bayoText);
    expect(adaBell).toMatchObject({ type: 'dividend.paid-bank', title: 'Dividend paid by bank', link: '/dashboard' });
    expect(bayoBell).toMatchObject({ type: 'dividend.paid-bank', title: 'Dividend paid by bank' });
    // One event for the whole payment: both bell items carry its id.
    expect(bayoBell.id).toBe(adaBell.id);
    const told = async (who: Member, text: string) =>
      (await bell(who.token)).filter((n) => n.body === text).map((n) => n.id);

    const adaMails = () => mailsTo(adaMail).filter((m) => m.text.includes(adaText));
    await until(() => adaMails().length > 0 && smsSaying(bayoText).length > 0);
    expect(adaMails()).toHaveLength(1);
    expect(adaMails()[0].subject).toBe('Dividend paid by bank');
    expect(smsSaying(bayoText)).toHaveLength(1);
    expect(mailsTo(bayoMail)).toHaveLength(bayoMailsBefore);

    // The event, as stored: no recipients listed, the dividend named, delivered.
    const stored = read(NotificationEventEntity, (await getItem(keys.notificationEvent(coop(), adaBell.id), true))!);
    expect(stored).toMatchObject({ type: 'dividend.paid-bank', recipients: [], data: { dividend_id: id } });
    expect(stored.fan_out).toEqual({ root_id: adaBell.id });
    await until(async () => (await storedEvent(adaBell.id))?.delivered_at !== undefined);

    // Delivered again, one member a page (as if the stream retried it, cut short after its first page):
    // the first page's member is skipped, the page after it (delivered by the runtime) skips the other.
    const [first] = [ada.id, bayo.id].sort();
    const again = await deliverEvent(stored, 1);
    expect(again).toEqual({ delivered: 0, skipped: 1, next: `${adaBell.id}.${first}` });
    await until(async () => (await storedEvent(again.next!))?.delivered_at !== undefined);
    const followUp = (await storedEvent(again.next!))!;
    expect(followUp.fan_out).toEqual({ root_id: adaBell.id, after: first });
    expect((await deliverEvent(followUp, 1)).skipped).toBe(1);

    // Still exactly one bell item each, under the first event's id.
    expect(await told(ada, adaText)).toEqual([adaBell.id]);
    expect(await told(bayo, bayoText)).toEqual([adaBell.id]);
    expect(adaMails()).toHaveLength(1);
    expect(smsSaying(bayoText)).toHaveLength(1);
    expect(smsSaying(adaText)).toHaveLength(1);
    expect(mailsTo(bayoMail)).toHaveLength(bayoMailsBefore);
  });
});

/** The signed-in member's notifications of a title, once delivery has brought at least one (15 s at most). */
async function bellTitled(token: string, title: string): Promise<{ body: string }[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await call<{ data: { title: string; body: string }[] }>('GET', '/user/notifications', {
      token,
      query: { per_page: '50' },
    });
    const found = page.body.data.data.filter((n) => n.title === title);
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The signed-in person's latest 50 notifications. */
async function bell(token: string): Promise<NotificationsPage['data']> {
  const page = await call<NotificationsPage>('GET', '/user/notifications', { token, query: { per_page: '50' } });
  return page.body.data.data;
}

/** The person's notifications with this text, once delivery has brought at least one (15 s at most). */
async function bellSaying(token: string, body: string): Promise<NotificationsPage['data']> {
  let found: NotificationsPage['data'] = [];
  await until(async () => (found = (await bell(token)).filter((n) => n.body === body)).length > 0);
  return found;
}

/** Waits until `done` holds (delivery is asynchronous), 15 s at most. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('Not delivered within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A notification event as stored (consistent read), or undefined. */
async function storedEvent(id: string) {
  const { NotificationEventEntity } = await import('../../functions/notifications/notification-event-entity.ts');
  const stored = await getItem(keys.notificationEvent(coop(), id), true);
  return stored ? read(NotificationEventEntity, stored) : undefined;
}
