import { beforeAll, describe, expect, it } from 'vitest';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld, Member, Paged, ScheduleRowView } from './support/loans.ts';
import {
  GL,
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  single,
  suretiesApprove,
} from './support/loans.ts';
import { deposited, glTotal, glTotals, plan, planOf } from './support/savings.ts';

/**
 * Loan offsets (functions/loans/offsets.ts): full and partial offsets from a bank account or the
 * member's savings, posted through the ledger with the loan's new schedule, in a cooperative of
 * their own. Loans are applied for and approved through the API first.
 */
let world: LoanWorld;
let bola: Member;
let chidi: Member;
let tokens: Record<string, string>;
const INTEREST_INCOME = standardAccount('loan_interest');

interface OffsetRow {
  id: string;
  reference_no: string;
  loan: { id: string; product: { id: string; name: string } };
  member_id: string;
  initial_loan_amount: number;
  offset_amount: number;
  new_loan_amount: number;
  principal_paid: number;
  interest_paid: number;
  type: { id: number; name: string };
  mode: { id: number; name: string };
  date: string;
  created_at: string;
}

interface Detail {
  loan_amount: number;
  loan_balance: number;
  payoff: { principal: number; interest: number; amount: number };
  remaining_installments: number;
}

interface StoredLoan {
  version: number;
  loan_balance: number;
  is_paid: number;
  lien: { plan_id: string; amount: number; released: boolean } | null;
  schedule: {
    n: number;
    payment_month: string;
    principal: number;
    interest: number;
    principal_paid: number;
    interest_paid: number;
    is_paid: number;
  }[];
}

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('LO');
  [bola, chidi] = (await members(world, 2)) as [Member, Member];
  tokens = Object.fromEntries([bola, chidi].map((m) => [m.id, m.token]));
});

/**
 * A fresh member with an approved loan of a new product: by default 120,000 at 12% flat over 12
 * months from 2026-02-01 (10,000 principal and 1,200 interest a month). `before` runs between the
 * application and the approval (to give the member savings for a lien).
 */
async function approvedLoan(
  setup: Record<string, unknown> = {},
  overrides: Record<string, unknown> = {},
  before?: (applicant: Member) => Promise<void>,
) {
  const product = await loanProduct(world, `Offset Loan ${Math.random().toString(36).slice(2, 8)}`, setup);
  const [applicant] = (await members(world, 1)) as [Member];
  const loan = await applied(world, application(world, product, applicant.id, bola.id, chidi.id, overrides));
  await suretiesApprove(world, loan, tokens);
  if (before) await before(applicant);
  const r = await approveLoan(world, loan.id);
  if (r.status !== 200) throw new Error(`Could not approve: ${r.status} ${r.body.message}`);
  return { loan: r.body.data, applicant };
}

const offset = (body: Record<string, unknown>, token = world.ctx.token) =>
  call<OffsetRow>('POST', '/cooperative/loan-offset', { token, body: { cooperative_id: world.ctx.coop, ...body } });

const detail = (loanId: string, date: string, token = world.ctx.token) =>
  call<Detail>('GET', '/cooperative/loan-offset/loan-detail', {
    token,
    query: { cooperative_id: world.ctx.coop, loan_id: loanId, date },
  });

const stored = async (loanId: string) => (await getItem<StoredLoan>(keys.loan(world.ctx.coop, loanId), true))!;

const scheduleOf = async (loanId: string) =>
  (
    await call<ScheduleRowView[]>('GET', '/cooperative/loans/loan-schedule', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, loan_id: loanId },
    })
  ).body.data;

const totals = async () => ({
  bank: await glTotal(world.ctx.coop, GL.bank),
  savings: await glTotal(world.ctx.coop, GL.savings),
  loans: await glTotal(world.ctx.coop, GL.loans),
  interest: await glTotal(world.ctx.coop, INTEREST_INCOME),
});

async function trialBalanced() {
  const all = await glTotals(world.ctx.coop);
  const debit = all.reduce((sum, t) => sum + t.debit, 0);
  const credit = all.reduce((sum, t) => sum + t.credit, 0);
  expect(debit).toBe(credit);
}

const kobo = (naira: number) => Math.round(naira * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('lookups and the loan figures', () => {
  it('serves the modes and types, the running loans of a member and the payoff on a date', async () => {
    const modes = await call<{ id: number; name: string }[]>('GET', '/cooperative/loan-offset/mode', {
      token: bola.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(modes.body.data).toEqual([
      { id: 1, name: 'Bank' },
      { id: 2, name: 'Savings' },
    ]);
    const types = await call<{ id: number; name: string }[]>('GET', '/cooperative/loan-offset/type', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(types.body.data).toEqual([
      { id: 1, name: 'Partial Offset' },
      { id: 2, name: 'Full Offset' },
      { id: 3, name: 'Partial Offset and Restructure' },
    ]);

    const { loan, applicant } = await approvedLoan();
    const loans = await call<{ id: string; product: { name: string }; loan_amount: number; loan_balance: number }[]>(
      'GET',
      '/cooperative/loan-offset/member',
      {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop, coop_id: applicant.id },
      },
    );
    expect(loans.body.data).toHaveLength(1);
    expect(loans.body.data[0]).toMatchObject({
      id: loan.id,
      product: { name: loan.product.name },
      loan_amount: 120000,
      loan_balance: 134400,
    });
    const own = await call<unknown[]>('GET', '/cooperative/loan-offset/member', {
      token: applicant.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(own.body.data).toHaveLength(1);
    const others = await call('GET', '/cooperative/loan-offset/member', {
      token: bola.token,
      query: { cooperative_id: world.ctx.coop, coop_id: applicant.id },
    });
    expect(others.status).toBe(403);

    // On 15 March: February and March are due and April is in progress: 3 x 1,200 interest.
    const figures = await detail(loan.id, '2026-03-15', applicant.token);
    expect(figures.status, figures.body.message).toBe(200);
    expect(figures.body.data).toMatchObject({
      loan_amount: 120000,
      loan_balance: 134400,
      payoff: { principal: 120000, interest: 3600, amount: 123600 },
      remaining_installments: 10,
    });
    // A surety may read the loan elsewhere, but not its offset figures.
    expect((await detail(loan.id, '2026-03-15', bola.token)).status).toBe(403);
    expect((await detail(loan.id, '2999-01-01')).body.errors).toEqual({ date: 'The date must not be in the future' });
  });
});

describe('full offset', () => {
  it('from a bank pays the payoff amount, completes the loan, releases its lien and posts exact lines', async () => {
    let savingsId = '';
    const { loan, applicant } = await approvedLoan({ lien: 1, lien_amount: '5000' }, {}, async (member) => {
      const p = await planOf(world, member.id);
      await deposited(world, p.id, '8000');
      savingsId = p.id;
    });
    expect(await plan(world, applicant.id, savingsId)).toMatchObject({ lien: 5000, available: 3000 });
    const before = await totals();

    const r = await offset({
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 2,
      loan_amount: 120000,
      loan_balance: 134400,
      bank_id: world.bank,
      date: '2026-03-15',
      coop_id: applicant.id,
    });
    expect(r.status, r.body.message).toBe(201);
    expect(r.body.data).toMatchObject({
      initial_loan_amount: 134400,
      offset_amount: 123600,
      new_loan_amount: 0,
      principal_paid: 120000,
      interest_paid: 3600,
      type: { id: 2, name: 'Full Offset' },
      mode: { id: 1, name: 'Bank' },
      loan: { id: loan.id, product: { name: loan.product.name } },
    });

    const after = await totals();
    expect(after.bank.debit - before.bank.debit).toBe(123_600_00);
    expect(after.bank.credit - before.bank.credit).toBe(0);
    expect(after.loans.credit - before.loans.credit).toBe(120_000_00);
    expect(after.interest.credit - before.interest.credit).toBe(3_600_00);
    expect(after.savings).toEqual(before.savings);
    await trialBalanced();

    const view = await single(world, loan.id);
    expect(view.body.data).toMatchObject({ is_paid: 1, loan_balance: 0 });
    const item = await stored(loan.id);
    expect(item.loan_balance).toBe(0);
    expect(item.lien).toMatchObject({ released: true });
    expect(item.schedule.every((row) => row.is_paid === 1)).toBe(true);
    expect(sum(item.schedule.map((row) => row.principal))).toBe(120_000_00);
    expect(await plan(world, applicant.id, savingsId)).toMatchObject({ balance: 8000, lien: 0, available: 8000 });

    // A completed loan is no longer offered, nor can it be offset again.
    const list = await call<unknown[]>('GET', '/cooperative/loan-offset/member', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: applicant.id },
    });
    expect(list.body.data).toEqual([]);
    const again = await offset({
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 2,
      loan_amount: 120000,
      bank_id: world.bank,
      date: '2026-03-15',
    });
    expect(again.status).toBe(409);
  });
});

describe('full offset from savings', () => {
  it('counts the lien it releases as available and moves the plan once', async () => {
    let savingsId = '';
    // 12,000 at 12% flat over 12 months: on 15 March 12,000 principal and 3 x 120 interest.
    const { loan, applicant } = await approvedLoan(
      { lien: 1, lien_amount: '5000' },
      { loan_amount: '12000' },
      async (member) => {
        const p = await planOf(world, member.id);
        await deposited(world, p.id, '15000');
        savingsId = p.id;
      },
    );
    expect(await plan(world, applicant.id, savingsId)).toMatchObject({ balance: 15000, lien: 5000, available: 10000 });
    const before = await totals();
    const r = await offset({
      loan_id: loan.id,
      offset_mode: 2,
      offset_type: 2,
      loan_amount: 12000,
      date: '2026-03-15',
    });
    expect(r.status, r.body.message).toBe(201);
    expect(r.body.data).toMatchObject({
      offset_amount: 12360,
      principal_paid: 12000,
      interest_paid: 360,
      new_loan_amount: 0,
    });
    expect(await plan(world, applicant.id, savingsId)).toMatchObject({ balance: 2640, lien: 0, available: 2640 });
    const summary = await getItem<{ balance: number; available: number }>(
      keys.memberSavings(world.ctx.coop, applicant.id),
      true,
    );
    expect(summary).toMatchObject({ balance: 2_640_00, available: 2_640_00 });
    const after = await totals();
    expect(after.savings.debit - before.savings.debit).toBe(12_360_00);
    expect(after.loans.credit - before.loans.credit).toBe(12_000_00);
    expect(after.interest.credit - before.interest.credit).toBe(360_00);
    await trialBalanced();
    expect((await stored(loan.id)).lien).toMatchObject({ released: true });
  });
});

describe('partial offsets', () => {
  it('from savings takes the amount from the plan and re-amortises the rest over the installments left (type 1)', async () => {
    const { loan, applicant } = await approvedLoan();
    const p = await planOf(world, applicant.id);
    await deposited(world, p.id, '50000');
    const small = await planOf(world, applicant.id);
    await deposited(world, small.id, '1000');
    const before = await totals();
    const base = {
      loan_id: loan.id,
      offset_mode: 2,
      offset_type: 1,
      loan_amount: 120000,
      loan_balance: 134400,
      date: '2026-03-15',
      payment_start_date: '2026-05-01',
    };

    // Type 1 keeps the loan's end: at most the 10 installments left after 15 March.
    const longer = await offset({ ...base, offset_amount: 30000, restructure_tenure: 11 });
    expect(longer.status).toBe(422);
    expect(longer.body.errors?.restructure_tenure).toContain('at most the 10 installments left');

    const r = await offset({ ...base, offset_amount: '30000', restructure_tenure: 10 });
    expect(r.status, r.body.message).toBe(201);
    // 3,600 interest due, then 26,400 principal; 93,600 left at 12% flat over 10 months: 9,360 interest.
    expect(r.body.data).toMatchObject({
      offset_amount: 30000,
      interest_paid: 3600,
      principal_paid: 26400,
      initial_loan_amount: 134400,
      new_loan_amount: 102960,
      mode: { id: 2, name: 'Savings' },
    });
    expect(await plan(world, applicant.id, p.id)).toMatchObject({ balance: 20000, available: 20000 });
    expect(await plan(world, applicant.id, small.id)).toMatchObject({ balance: 1000 });
    const summary = await getItem<{ balance: number; available: number }>(
      keys.memberSavings(world.ctx.coop, applicant.id),
      true,
    );
    expect(summary).toMatchObject({ balance: 21_000_00, available: 21_000_00 });

    const after = await totals();
    expect(after.savings.debit - before.savings.debit).toBe(30_000_00);
    expect(after.loans.credit - before.loans.credit).toBe(26_400_00);
    expect(after.interest.credit - before.interest.credit).toBe(3_600_00);
    expect(after.bank).toEqual(before.bank);
    await trialBalanced();

    const rows = await scheduleOf(loan.id);
    const settled = rows.filter((row) => row.is_paid === 1);
    const fresh = rows.filter((row) => row.is_paid === 0);
    expect(settled.map((row) => [row.payment_month, row.principal, row.interest])).toEqual([
      ['2026-02-01', 10000, 1200],
      ['2026-03-01', 10000, 1200],
      ['2026-03-15', 6400, 1200],
    ]);
    expect(fresh).toHaveLength(10);
    expect(fresh[0]).toMatchObject({ payment_month: '2026-05-01', principal: 9360, interest: 936 });
    expect(fresh.at(-1)?.payment_month).toBe('2027-02-01');
    expect(kobo(sum(fresh.map((row) => row.principal)))).toBe(93_600_00);
    expect(kobo(sum(rows.map((row) => row.principal)))).toBe(120_000_00);
    expect(fresh.at(-1)?.balance).toBe(0);
    const view = await single(world, loan.id);
    expect(view.body.data).toMatchObject({ is_paid: 0, loan_balance: 102960 });
    expect(kobo(sum(fresh.map((row) => row.payment)))).toBe(102_960_00);

    const history = await call<Paged<{ type: { name: string }; amount: number }>>(
      'GET',
      '/cooperative/member/details/transaction-history',
      {
        token: applicant.token,
        query: { cooperative_id: world.ctx.coop },
      },
    );
    expect(history.body.data.data.find((t) => t.type.name === 'Loan Offset')).toMatchObject({ amount: 30000 });
  });

  it('from a bank re-amortises the rest over a new, longer tenure (type 3)', async () => {
    // 60,000 at 12% reducing balance (equal installments) over 6 months from 2026-02-01.
    const { loan, applicant } = await approvedLoan({}, { loan_amount: '60000', tenure: 6, calculation_method_id: 2 });
    const before = await totals();
    const shortType1 = await offset({
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 1,
      loan_amount: 60000,
      bank_id: world.bank,
      offset_amount: 20600,
      date: '2026-02-01',
      restructure_tenure: 12,
      payment_start_date: '2026-03-01',
    });
    expect(shortType1.status).toBe(422);

    // On the first payment date only February's interest (1% of 60,000) is due.
    const r = await offset({
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 3,
      loan_amount: 60000,
      bank_id: world.bank,
      offset_amount: 20600,
      date: '2026-02-01',
      restructure_tenure: 12,
      payment_start_date: '2026-03-01',
      coop_id: applicant.id,
    });
    expect(r.status, r.body.message).toBe(201);
    expect(r.body.data).toMatchObject({
      interest_paid: 600,
      principal_paid: 20000,
      type: { id: 3, name: 'Partial Offset and Restructure' },
    });
    const after = await totals();
    expect(after.bank.debit - before.bank.debit).toBe(20_600_00);
    expect(after.loans.credit - before.loans.credit).toBe(20_000_00);
    expect(after.interest.credit - before.interest.credit).toBe(600_00);
    await trialBalanced();

    const rows = await scheduleOf(loan.id);
    const fresh = rows.filter((row) => row.is_paid === 0);
    // The 20,000 closes February's installment and then the next ones, oldest first; all dated by then.
    const settled = rows.filter((row) => row.is_paid === 1);
    expect(kobo(sum(settled.map((row) => row.principal)))).toBe(20_000_00);
    expect(kobo(sum(settled.map((row) => row.interest)))).toBe(600_00);
    expect(settled.every((row) => row.payment_month === '2026-02-01')).toBe(true);
    expect(fresh).toHaveLength(12);
    expect(fresh[0]?.payment_month).toBe('2026-03-01');
    expect(fresh.at(-1)?.payment_month).toBe('2027-02-01');
    expect(kobo(sum(fresh.map((row) => row.principal)))).toBe(40_000_00);
    expect(kobo(sum(rows.map((row) => row.principal)))).toBe(60_000_00);
    const item = await stored(loan.id);
    const unpaid = item.schedule.filter((row) => row.is_paid === 0);
    expect(item.loan_balance).toBe(sum(unpaid.map((row) => row.principal + row.interest)));
    expect(r.body.data.new_loan_amount).toBe(item.loan_balance / 100);
  });
});

describe('refusals', () => {
  it('names each missing field with the spec messages', async () => {
    const empty = await offset({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      loan_id: 'Please select loan',
      offset_mode: 'This field is required',
      offset_type: 'This field is required',
      loan_amount: 'This field is required',
    });
    const partial = await offset({ loan_id: 'X', offset_mode: 1, offset_type: 1, loan_amount: 1000 });
    expect(partial.body.errors).toEqual({
      bank_id: 'Please select bank account',
      offset_amount: 'This field is required',
      restructure_tenure: 'This field is required',
      payment_start_date: 'This field is required',
    });
    const full = await offset({ loan_id: 'X', offset_mode: 2, offset_type: 2, loan_amount: 1000 });
    expect(full.status).toBe(404);
  });

  it('refuses an offset from savings above the available balance and changes nothing', async () => {
    const { loan, applicant } = await approvedLoan();
    const p = await planOf(world, applicant.id);
    await deposited(world, p.id, '10000');
    const before = {
      gl: await glTotals(world.ctx.coop),
      loan: await stored(loan.id),
      plan: await plan(world, applicant.id, p.id),
    };
    const r = await offset({
      loan_id: loan.id,
      offset_mode: 2,
      offset_type: 3,
      loan_amount: 120000,
      offset_amount: 20000,
      date: '2026-03-15',
      restructure_tenure: 12,
      payment_start_date: '2026-04-15',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.offset_amount).toContain('₦10,000.00');
    const full = await offset({
      loan_id: loan.id,
      offset_mode: 2,
      offset_type: 2,
      loan_amount: 120000,
      date: '2026-03-15',
    });
    expect(full.status).toBe(422);
    expect(await glTotals(world.ctx.coop)).toEqual(before.gl);
    expect(await stored(loan.id)).toEqual(before.loan);
    expect(await plan(world, applicant.id, p.id)).toEqual(before.plan);
  });

  it('refuses an amount below the interest due, or one that settles the whole loan on a partial type', async () => {
    const { loan } = await approvedLoan();
    const base = {
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 3,
      loan_amount: 120000,
      bank_id: world.bank,
      date: '2026-03-15',
      restructure_tenure: 6,
      payment_start_date: '2026-04-15',
    };
    const low = await offset({ ...base, offset_amount: 3599.99 });
    expect(low.status).toBe(422);
    expect(low.body.errors).toEqual({
      offset_amount: 'The amount to offset must at least cover the interest due (₦3,600.00)',
    });
    const all = await offset({ ...base, offset_amount: 123600 });
    expect(all.status).toBe(422);
    expect(all.body.errors).toEqual({
      offset_amount: 'The amount to offset settles the whole loan: use a full payoff instead',
    });
    const early = await offset({ ...base, offset_amount: 5000, payment_start_date: '2026-03-15' });
    expect(early.body.errors).toEqual({ payment_start_date: 'The repayment start date must be after the offset date' });
    expect((await stored(loan.id)).version).toBe(1);
  });

  it("lets members read their offsets but not post one, least of all on another member's loan", async () => {
    const { loan, applicant } = await approvedLoan();
    const body = {
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 2,
      loan_amount: 120000,
      bank_id: world.bank,
      date: '2026-03-15',
    };
    expect((await offset(body, bola.token)).status).toBe(403);
    expect((await offset(body, applicant.token)).status).toBe(403);
    expect((await stored(loan.id)).version).toBe(1);
    const otherCoop = await call('GET', '/cooperative/loan-offset/history', {
      token: bola.token,
      query: { cooperative_id: world.ctx.coop, coop_id: applicant.id },
    });
    expect(otherCoop.status).toBe(403);
  });

  it('refuses a loan of another member when the form names the member', async () => {
    const { loan } = await approvedLoan();
    const r = await offset({
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 2,
      loan_amount: 120000,
      bank_id: world.bank,
      date: '2026-03-15',
      coop_id: bola.id,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ loan_id: 'This loan belongs to another member' });
  });
});

describe('idempotency and concurrency', () => {
  it('posts a replayed offset once', async () => {
    const { loan } = await approvedLoan();
    const before = await totals();
    const body = {
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 3,
      loan_amount: 120000,
      bank_id: world.bank,
      offset_amount: 10000,
      date: '2026-03-15',
      restructure_tenure: 12,
      payment_start_date: '2026-04-15',
      offset_id: '01JOFFSETREPLAY0000000001',
    };
    const first = await offset(body);
    expect(first.status, first.body.message).toBe(201);
    const again = await offset(body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const together = await Promise.all([offset(body), offset(body)]);
    expect(together.map((r) => r.status)).toEqual([200, 200]);
    const after = await totals();
    expect(after.bank.debit - before.bank.debit).toBe(10_000_00);
    expect(after.loans.credit - before.loans.credit).toBe(6_400_00);
    expect((await stored(loan.id)).version).toBe(2);
    await trialBalanced();
  });

  it('lets only one of two concurrent offsets apply to the same schedule version', async () => {
    const { loan, applicant } = await approvedLoan();
    const before = await totals();
    // Both forms showed the same balance: whichever comes second finds the loan changed (the version
    // condition when they race, the balance check when they do not).
    const body = {
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 3,
      loan_amount: 120000,
      loan_balance: 134400,
      bank_id: world.bank,
      offset_amount: 10000,
      date: '2026-03-15',
      restructure_tenure: 12,
      payment_start_date: '2026-04-15',
    };
    const results = await Promise.all([offset(body), offset({ ...body, offset_amount: 20000 })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!;
    const after = await totals();
    expect(after.bank.debit - before.bank.debit).toBe(kobo(winner.body.data.offset_amount));
    const item = await stored(loan.id);
    expect(item.version).toBe(2);
    expect(item.loan_balance).toBe(kobo(winner.body.data.new_loan_amount));
    await trialBalanced();

    const history = await call<Paged<OffsetRow>>('GET', '/cooperative/loan-offset/history', {
      token: applicant.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(history.body.data.data).toHaveLength(1);
    expect(history.body.data.data[0]).toMatchObject({
      id: winner.body.data.id,
      loan: { id: loan.id },
      offset_amount: winner.body.data.offset_amount,
    });
    const staffView = await call<Paged<OffsetRow>>('GET', '/cooperative/loan-offset/history', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(staffView.body.data.data.map((o) => o.id)).toContain(winner.body.data.id);
  });

  it('loses no update when many offsets race: each one that lands moved the loan from the version before it', async () => {
    const { loan, applicant } = await approvedLoan();
    const before = await totals();
    // No balance from a form: each request recomputes from the loan it reads, so several may land in turn.
    const body = {
      loan_id: loan.id,
      offset_mode: 1,
      offset_type: 3,
      loan_amount: 120000,
      bank_id: world.bank,
      offset_amount: 5000,
      date: '2026-03-15',
      restructure_tenure: 12,
      payment_start_date: '2026-04-15',
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => offset(body)));
    const landed = results.filter((r) => r.status === 201);
    expect(landed.length).toBeGreaterThanOrEqual(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);

    const item = await stored(loan.id);
    expect(item.version).toBe(1 + landed.length);
    expect((await totals()).bank.debit - before.bank.debit).toBe(5_000_00 * landed.length);
    expect(sum(item.schedule.map((row) => row.principal))).toBe(120_000_00);
    expect(item.loan_balance).toBe(
      sum(item.schedule.filter((row) => row.is_paid === 0).map((row) => row.principal + row.interest)),
    );
    const history = await call<Paged<OffsetRow>>('GET', '/cooperative/loan-offset/history', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: applicant.id },
    });
    expect(history.body.data.meta.total).toBe(landed.length);
    // Each landed offset started from the balance the one before it left.
    const chain = [...history.body.data.data].reverse();
    chain.forEach((o, i) => {
      if (i > 0) expect(o.initial_loan_amount).toBe(chain[i - 1].new_loan_amount);
    });
    expect(chain.at(-1)?.new_loan_amount).toBe(item.loan_balance / 100);
    await trialBalanced();
  });
});
