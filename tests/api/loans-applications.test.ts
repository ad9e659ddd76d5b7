import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member, Paged, SuretyRequestRow } from './support/loans.ts';
import {
  applied,
  apply,
  application,
  loanAction,
  loanProduct,
  loanWorld,
  members,
  preview,
  single,
} from './support/loans.ts';
import { deposited, planOf } from './support/savings.ts';

/**
 * Loan applications: the schedule preview, the application rules and messages, eligibility limits,
 * who may apply for and read whom, and the cooperative's loan list. Each test uses products of its
 * own in a cooperative of its own.
 */
let world: LoanWorld;
let ada: Member;
let bola: Member;
let chidi: Member;
let dayo: Member;

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('LA');
  [ada, bola, chidi, dayo] = (await members(world, 4)) as [Member, Member, Member, Member];
});

const base = {
  loan_amount: '120000',
  interest_rate: 12,
  tenure: 12,
  tenure_type: 'Month(s)',
  calculation_method_id: 1,
  payment_start_date: '2026-02-01',
};

describe('schedule preview', () => {
  it('flat rate: interest on the whole principal, spread evenly', async () => {
    const r = await preview(world, base, ada.token);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.rows).toHaveLength(12);
    // 120,000 x 12% x 1 year = 14,400 interest; 10,000 principal and 1,200 interest a month.
    expect(r.body.data.rows[0]).toEqual({
      payment_month: '2026-02-01',
      principal: 10000,
      interest: 1200,
      payment: 11200,
      balance: 110000,
      is_paid: 0,
    });
    expect(r.body.data.rows[11]).toMatchObject({ payment_month: '2027-01-01', balance: 0 });
    expect(r.body.data.totals).toEqual({ principal: 120000, interest: 14400, payment: 134400 });
  });

  it('reducing balance, equal principal: each month interest on the balance before it', async () => {
    const r = await preview(world, { ...base, tenure: 3, calculation_method_id: 3 });
    expect(r.status).toBe(200);
    // 1% a month: 1,200 on 120,000, 800 on 80,000, 400 on 40,000.
    expect(r.body.data.rows.map((row) => [row.principal, row.interest, row.payment, row.balance])).toEqual([
      [40000, 1200, 41200, 80000],
      [40000, 800, 40800, 40000],
      [40000, 400, 40400, 0],
    ]);
    expect(r.body.data.totals).toEqual({ principal: 120000, interest: 2400, payment: 122400 });
  });

  it('reducing balance, equal installments: the annuity, the rounding on the last row', async () => {
    const r = await preview(world, { ...base, loan_amount: '100000', tenure: 2, calculation_method_id: 2 });
    expect(r.status).toBe(200);
    // 100,000 x 0.01 / (1 - 1.01^-2) = 50,751.24; month 2's interest is 1% of 50,248.76 = 502.49.
    expect(r.body.data.rows.map((row) => [row.principal, row.interest, row.payment, row.balance])).toEqual([
      [49751.24, 1000, 50751.24, 50248.76],
      [50248.76, 502.49, 50751.25, 0],
    ]);
    expect(r.body.data.totals).toEqual({ principal: 100000, interest: 1502.49, payment: 101502.49 });
  });

  it('shows, for a product, the charge and upfront interest kept back and what is paid out', async () => {
    const product = await loanProduct(world, 'Preview Fee Loan', { upfront: 2 });
    const r = await preview(world, { ...base, loan_product_id: product }, ada.token);
    const without = await preview(world, base, ada.token);

    expect(r.status, r.body.message).toBe(200);
    // 1.25% of 120,000 = 1,500 charge; 2% upfront = 2,400; 120,000 - 1,500 - 2,400 = 116,100 paid out.
    expect(r.body.data.fees).toEqual({ charge: 1500, upfront_interest: 2400, paid_out: 116100 });
    expect(r.body.data.totals).toEqual({ principal: 120000, interest: 14400, payment: 134400 });
    expect(without.body.data.fees).toBeNull();
  });

  it('answers 422 on the field the engine refuses, and on missing fields', async () => {
    const method = await preview(world, { ...base, calculation_method_id: 9 });
    expect(method.status).toBe(422);
    expect(method.body.errors).toEqual({ calculation_method_id: 'Please select a valid calculation method' });
    const tenure = await preview(world, { ...base, tenure: 0 });
    expect(tenure.body.errors).toEqual({ tenure: 'The tenure must be a whole number, at least 1' });
    const unit = await preview(world, { ...base, tenure_type: 'Weeks' });
    expect(unit.body.errors).toEqual({ tenure_type: 'The tenure type must be Month(s) or Year(s)' });
    const date = await preview(world, { ...base, payment_start_date: '2026-02-30' });
    expect(date.body.errors).toEqual({ payment_start_date: 'The date must be a calendar date written YYYY-MM-DD' });
    const years = await preview(world, { ...base, tenure: 1, tenure_type: 'Months(s)' });
    expect(years.body.data.rows).toHaveLength(1);
    const empty = await preview(world, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      loan_amount: 'This field is required',
      tenure: 'This field is required',
      payment_start_date: 'This field is required',
    });
  });
});

describe('applying for a loan', () => {
  it('refuses an empty application with the spec messages', async () => {
    const r = await apply(world, { coop_id: ada.id });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      loan_product_id: 'Please select account',
      loan_amount: 'This field is required',
      payment_start_date: 'This field is required',
      calculation_method_id: 'This field is required',
      charge_id: 'This field is required',
      charge_amount: 'This field is required',
      surety1: 'This field is required',
      surety2: 'This field is required',
      tenure: 'This field is required',
    });
  });

  it('refuses sureties that break the rules, each with its message', async () => {
    const product = await loanProduct(world, 'Surety Rules Loan');
    const same = await apply(world, application(world, product, ada.id, bola.id, bola.id));
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ surety2: 'Choose two different sureties' });
    const own = await apply(world, application(world, product, ada.id, ada.id, bola.id));
    expect(own.body.errors).toEqual({ surety1: 'You cannot be your own surety' });
    const stranger = await apply(world, application(world, product, ada.id, bola.id, 'NOPE0001'));
    expect(stranger.body.errors).toEqual({ surety2: 'NOPE0001 is not an active member of this cooperative' });

    const [inactive] = await members(world, 1);
    const off = await call('GET', '/cooperative/member/deactivate', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: inactive.id },
    });
    expect(off.status).toBe(200);
    const deactivated = await apply(world, application(world, product, ada.id, inactive.id, bola.id));
    expect(deactivated.body.errors).toEqual({ surety1: `${inactive.id} is not an active member of this cooperative` });
  });

  it('keeps the rate within the setup: staff choose it, members always get the maximum', async () => {
    const product = await loanProduct(world, 'Rate Loan');
    const low = await apply(world, application(world, product, ada.id, bola.id, chidi.id, { interest_rate: 4 }));
    expect(low.status).toBe(422);
    expect(low.body.errors).toEqual({ interest_rate: 'The interest rate must be between 5% and 12%' });
    const high = await apply(world, application(world, product, ada.id, bola.id, chidi.id, { interest_rate: 12.5 }));
    expect(high.body.errors).toEqual({ interest_rate: 'The interest rate must be between 5% and 12%' });

    const byStaff = await applied(world, application(world, product, ada.id, bola.id, chidi.id, { interest_rate: 6 }));
    expect(byStaff.interest_rate).toBe(6);
    const other = await loanProduct(world, 'Rate Loan Two');
    const byMember = await applied(
      world,
      application(world, other, ada.id, bola.id, chidi.id, { interest_rate: 5 }),
      ada.token,
    );
    expect(byMember.interest_rate).toBe(12);
  });

  it('stores the application: status 0, two pending sureties, totals from the schedule, the charge computed by the server', async () => {
    const product = await loanProduct(world, 'Stored Loan');
    const loan = await applied(
      world,
      application(world, product, bola.id, chidi.id, dayo.id, {
        charge_amount: '99999',
        loan_amount: '120000.50',
        calculation_method_id: 1,
      }),
    );
    expect(loan).toMatchObject({
      member_id: bola.id,
      member: { id: bola.id },
      product: { id: product, name: 'Stored Loan' },
      loan_product_id: product,
      loan_amount: 120000.5,
      interest_rate: 12,
      tenure: 12,
      tenure_type: 'Month(s)',
      status: 0,
      is_paid: 0,
      bank_id: null,
      date: '2026-01-10',
      payment_start_date: '2026-02-01',
      source: 'Internal',
      repayment_type: 'Salary',
    });
    // 1.25% of 120,000.50 = 1,500.00625, half-even to the kobo: 1,500.01.
    expect(loan.charge_amount).toBe(1500.01);
    // Flat 12% for a year: 14,400.06.
    expect(loan.total_interest).toBe(14400.06);
    expect(loan.total_amount).toBe(134400.56);
    expect(loan.loan_balance).toBe(134400.56);
    expect(loan.sureties.map((s) => [s.member_id, s.status])).toEqual([
      [chidi.id, 0],
      [dayo.id, 0],
    ]);

    const schedule = await call<{ payment_month: string; is_paid: number }[]>(
      'GET',
      '/cooperative/loans/loan-schedule',
      {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
      },
    );
    expect(schedule.status).toBe(200);
    expect(schedule.body.data).toHaveLength(12);
    expect(schedule.body.data[0]).toMatchObject({ payment_month: '2026-02-01', is_paid: 0 });
  });

  it('computes a flat charge, or none, from the setup', async () => {
    const flat = await loanProduct(world, 'Flat Fee Loan', { charge_type: 'Flat', charge_amount: '250.50' });
    const none = await loanProduct(world, 'No Fee Loan', { charge_type: 'None', charge_amount: 0 });
    expect((await applied(world, application(world, flat, dayo.id, ada.id, bola.id))).charge_amount).toBe(250.5);
    expect((await applied(world, application(world, none, dayo.id, ada.id, bola.id))).charge_amount).toBe(0);
  });

  it('refuses a second running loan of the same product, and allows one once the first is rejected', async () => {
    const product = await loanProduct(world, 'Running Loan');
    const first = await applied(world, application(world, product, chidi.id, ada.id, bola.id));
    const second = await apply(world, application(world, product, chidi.id, ada.id, dayo.id));
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ loan_product_id: 'You already have a running Running Loan loan' });
    const rejected = await loanAction(world, 'GET', '/cooperative/member/loans/deny', first.id);
    expect(rejected.body.data.status).toBe(2);
    expect((await apply(world, application(world, product, chidi.id, ada.id, dayo.id))).status).toBe(201);
  });

  it('lets only one of several simultaneous applications for the same product through', async () => {
    const product = await loanProduct(world, 'Raced Loan');
    const [racer] = (await members(world, 1)) as [Member];
    const results = await Promise.all(
      Array.from({ length: 5 }, () => apply(world, application(world, product, racer.id, ada.id, bola.id))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ loan_product_id: 'You already have a running Raced Loan loan' });
    }
    const loans = await call<Paged<LoanRow>>('GET', '/cooperative/member/loans', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: racer.id },
    });
    expect(loans.body.data.meta.total).toBe(1);
    // Once that loan is deleted the member may apply again.
    expect(
      (await loanAction(world, 'DELETE', '/cooperative/member/loans/delete', loans.body.data.data[0].id)).status,
    ).toBe(200);
    expect((await apply(world, application(world, product, racer.id, ada.id, bola.id))).status).toBe(201);
  });

  it('lets a member apply only for themselves and read only their own loans and those they guarantee', async () => {
    const product = await loanProduct(world, 'Own Loan');
    const forOther = await apply(world, application(world, product, bola.id, chidi.id, dayo.id), ada.token);
    expect(forOther.status).toBe(403);
    const body: Record<string, unknown> = application(world, product, ada.id, chidi.id, dayo.id);
    delete body.coop_id;
    const own = await applied(world, body, ada.token);
    expect(own.member_id).toBe(ada.id);

    expect((await single(world, own.id, ada.token)).status).toBe(200);
    expect((await single(world, own.id, chidi.token)).status).toBe(200);
    expect((await single(world, own.id, bola.token)).status).toBe(403);
    expect((await single(world, 'NOLOAN', ada.token)).status).toBe(404);
    const schedule = await call('GET', '/cooperative/loans/loan-schedule', {
      token: bola.token,
      query: { cooperative_id: world.ctx.coop, loan_id: own.id },
    });
    expect(schedule.status).toBe(403);
    const others = await call('GET', '/cooperative/member/loans', {
      token: ada.token,
      query: { cooperative_id: world.ctx.coop, coop_id: bola.id },
    });
    expect(others.status).toBe(403);
    const mine = await call<Paged<LoanRow>>('GET', '/cooperative/member/loans', {
      token: ada.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.data.every((l) => l.member_id === ada.id)).toBe(true);
    expect(mine.body.data.data[0]?.id).toBe(own.id);
  });
});

describe('eligibility limits of the loan setup', () => {
  it('caps the loan at a multiple of the savings balance', async () => {
    const product = await loanProduct(world, 'Multiple Loan', { max_loan_multiple: 2 });
    const [saver] = (await members(world, 1)) as [Member];
    const noSavings = await apply(
      world,
      application(world, product, saver.id, ada.id, bola.id, { loan_amount: '1000' }),
    );
    expect(noSavings.status).toBe(422);
    expect(noSavings.body.errors).toEqual({
      loan_amount: 'The most you can borrow on Multiple Loan is ₦0 (2 times your savings balance of ₦0)',
    });

    const plan = await planOf(world, saver.id);
    await deposited(world, plan.id, '10000');
    const over = await apply(
      world,
      application(world, product, saver.id, ada.id, bola.id, { loan_amount: '20000.01' }),
    );
    expect(over.body.errors).toEqual({
      loan_amount:
        'The most you can borrow on Multiple Loan is ₦20,000.00 (2 times your savings balance of ₦10,000.00)',
    });
    expect(
      (await apply(world, application(world, product, saver.id, ada.id, bola.id, { loan_amount: '20000' }))).status,
    ).toBe(201);
  });

  it('caps the running loans a member may guarantee', async () => {
    const product = await loanProduct(world, 'Guarantee Loan', { max_guarantees: 1 });
    const [guarantor, a, b, c, d] = (await members(world, 5)) as [Member, Member, Member, Member, Member];
    await applied(world, application(world, product, a.id, guarantor.id, c.id));
    const second = await apply(world, application(world, product, b.id, d.id, guarantor.id));
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({
      surety2: `${guarantor.id} already guarantees 1 running loan, the most Guarantee Loan allows`,
    });
    // No limit on a product without one.
    const open = await loanProduct(world, 'Open Guarantee Loan');
    expect((await apply(world, application(world, open, b.id, d.id, guarantor.id))).status).toBe(201);
  });
});

describe('the loans list', () => {
  it('filters by application date, status and member, and pages', async () => {
    const product = await loanProduct(world, 'Listed Loan');
    const [early, late] = (await members(world, 2)) as [Member, Member];
    const a = await applied(world, application(world, product, early.id, ada.id, bola.id, { date: '2025-06-01' }));
    const b = await applied(world, application(world, product, late.id, ada.id, bola.id, { date: '2025-07-15' }));
    const list = (query: Record<string, string | number>) =>
      call<Paged<LoanRow>>('GET', '/cooperative/loans/list', {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop, ...query },
      });

    const july = await list({ start_date: '2025-07-01', end_date: '2025-07-31' });
    expect(july.status).toBe(200);
    expect(july.body.data.data.map((l) => l.id)).toEqual([b.id]);
    const summer = await list({ start_date: '2025-06-01', end_date: '2025-07-31' });
    expect(summer.body.data.data.map((l) => l.id)).toEqual([b.id, a.id]);
    const byNumber = await list({ query: early.id.toLowerCase() });
    expect(byNumber.body.data.data.map((l) => l.id)).toEqual([a.id]);
    const byName = await list({
      query: a.member.name.split(' ').at(-1)!,
      start_date: '2025-01-01',
      end_date: '2025-12-31',
    });
    expect(byName.body.data.data.map((l) => l.id)).toEqual([a.id]);
    const paged = await list({ per_page: 1, page: 2, start_date: '2025-06-01', end_date: '2025-07-31' });
    expect(paged.body.data.data.map((l) => l.id)).toEqual([a.id]);
    expect(paged.body.data.meta).toMatchObject({ total: 2, per_page: 1, current_page: 2, last_page: 2 });
    const pending = await list({ status: 0, start_date: '2025-06-01', end_date: '2025-07-31' });
    expect(pending.body.data.meta.total).toBe(2);
    const approved = await list({ status: 1, start_date: '2025-06-01', end_date: '2025-07-31' });
    expect(approved.body.data.meta.total).toBe(0);
    const badDate = await list({ start_date: '01/07/2025' });
    expect(badDate.status).toBe(422);
  });

  it("is closed to another cooperative's admin and to members", async () => {
    const product = await loanProduct(world, 'Private Loan');
    const loan = await applied(world, application(world, product, bola.id, chidi.id, dayo.id));
    const alpha = await tokenFor('ALPHA-ADMIN');
    const list = await call('GET', '/cooperative/loans/list', {
      token: alpha,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(list.status).toBe(403);
    expect((await single(world, loan.id, alpha)).status).toBe(403);
    const ownCoop = await call<Paged<LoanRow>>('GET', '/cooperative/loans/list', { token: alpha });
    expect(ownCoop.body.data.data.some((l) => l.id === loan.id)).toBe(false);
    expect(
      (await call('GET', '/cooperative/loans/list', { token: ada.token, query: { cooperative_id: world.ctx.coop } }))
        .status,
    ).toBe(403);
  });
});

describe('member directory', () => {
  it('finds active members by name or number, names only, for every role', async () => {
    const r = await call<Paged<{ id: string; name: string; firstname: string; lastname: string }>>(
      'GET',
      '/cooperative/member/directory',
      {
        token: ada.token,
        query: { cooperative_id: world.ctx.coop, query: bola.id },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.data).toHaveLength(1);
    expect(Object.keys(r.body.data.data[0]).sort()).toEqual(['firstname', 'id', 'lastname', 'name']);
    expect(r.body.data.data[0].id).toBe(bola.id);
    const all = await call<Paged<{ id: string }>>('GET', '/cooperative/member/directory', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, per_page: 100 },
    });
    expect(all.body.data.data.map((m) => m.id)).toEqual(expect.arrayContaining([ada.id, bola.id, chidi.id, dayo.id]));
  });
});

describe('surety requests of a member', () => {
  it('lists a surety their requests with the loan', async () => {
    const product = await loanProduct(world, 'Requested Loan');
    const loan = await applied(world, application(world, product, dayo.id, chidi.id, bola.id));
    const r = await call<Paged<SuretyRequestRow>>('GET', '/cooperative/member/surety/requests', {
      token: chidi.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(r.status).toBe(200);
    const request = r.body.data.data.find((s) => s.loan?.id === loan.id);
    expect(request).toMatchObject({
      status: 0,
      member_id: chidi.id,
      loan: {
        member: { id: dayo.id },
        product: { name: 'Requested Loan' },
        loan_amount: 120000,
        total_amount: loan.total_amount,
        status: 0,
      },
    });
  });
});
