import { businessDate } from '@coopledger/shared/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanFormText } from '../../functions/loanforms/pdf-text.ts';
import { apiUrl, call } from './support/api.ts';
import { created } from './support/crud-suite.ts';
import type { LoanRow, LoanWorld, Member } from './support/loans.ts';
import { applied, apply, application, loanProduct, loanWorld, members } from './support/loans.ts';
import type { PlanRow } from './support/savings.ts';
import { GL, addPlan, approve, deposited, glTotal, newMember, placed, plan, planOf } from './support/savings.ts';
import { createCategory, createCharge, createProduct, savingsSetupBody } from './support/setup-records.ts';

/**
 * Rates, charges and dates come from the setups (DESIGN.md section 3), and a month's interest is
 * credited only once the month has ended, within each plan's dates, on that month's daily balances
 * (docs/decisions.md, 2026-11-25). The world's savings setups pay 3.5%; its loan setups run from 5%
 * to 12% with a 2% (Percentage) penal charge.
 */
let world: LoanWorld;
let ada: Member;
let bola: Member;
let chidi: Member;
let exec: Member;
let savingsCategory: string;

beforeAll(async () => {
  world = await loanWorld('HR');
  [ada, bola, chidi] = (await members(world, 3)) as [Member, Member, Member];
  exec = await newMember(world, 'cooperative-executive');
  savingsCategory = (await createCategory(world.ctx, 'Fixed Savings')).id;
});

/** The server's today: the business date in Lagos. */
const today = () => businessDate();
const creditInterest = (month: string) =>
  call<{ credited: number; already: number; amount: number }>('POST', '/cooperative/savings/credit-interest', {
    token: world.ctx.token,
    body: { cooperative_id: world.ctx.coop, month },
  });

/** A savings product of this world whose setup pays `rate`% a year; returns the product id. */
async function savingsProduct(name: string, rate: number): Promise<string> {
  const charge = await createCharge(world.ctx, `${name} fee ${world.ctx.tag}`);
  const product = await createProduct(world.ctx, savingsCategory, name);
  await created({ base: '/cooperative/product-setup/savings' }, world.ctx, {
    ...savingsSetupBody(product.id, charge.id),
    credit_interest: rate,
  });
  return product.id;
}

describe('savings rates members cannot choose', () => {
  it('gives a member opening their own plan the setup rate, not the 100% they send, and credits interest at it', async () => {
    const own = await addPlan(world, ada.id, { credit_interest: 100 }, ada.token);
    expect(own.status, own.body.message).toBe(201);
    expect(own.body.data.credit_interest).toBe(3.5);
    const byExecutive = await addPlan(world, exec.id, { credit_interest: 100 }, exec.token);
    expect(byExecutive.body.data.credit_interest).toBe(3.5);

    await deposited(world, own.body.data.id, 10000, '2026-09-01');
    expect((await creditInterest('2026-09')).status).toBe(200);
    // 10,000 held all September at 3.5%: 10,000 x 3.5% / 12 = 29.166.. -> 29.17 (at 100% it would be 833.33).
    expect(await plan(world, ada.id, own.body.data.id)).toMatchObject({ balance: 10029.17 });
  });

  it("keeps staff within the setup's rate, and nothing is written when they go above it", async () => {
    const above = await addPlan(world, bola.id, { credit_interest: 3.6 });
    expect(above.status).toBe(422);
    expect(above.body.errors).toEqual({
      credit_interest: "The credit interest must be between 0% and 3.5%, the product's rate",
    });
    const plans = await call<{ data: PlanRow[] }>('GET', '/savings', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: bola.id },
    });
    expect(plans.body.data.data).toEqual([]);
    expect((await planOf(world, bola.id, { credit_interest: 2 })).credit_interest).toBe(2);
    expect((await planOf(world, bola.id, { credit_interest: 3.5 })).credit_interest).toBe(3.5);
  });
});

describe('loan terms members cannot choose', () => {
  it('gives an executive applying for their own loan the maximum rate, as members get', async () => {
    const product = await loanProduct(world, 'Executive Rate Loan');
    const loan = await applied(
      world,
      application(world, product, exec.id, bola.id, chidi.id, { interest_rate: 5 }),
      exec.token,
    );
    expect(loan.interest_rate).toBe(12);
  });

  it('takes the penal charge from the setup, not the request, and prints it in its unit on the loan form', async () => {
    const product = await loanProduct(world, 'Penal Loan');
    const byMember = await applied(
      world,
      application(world, product, ada.id, bola.id, chidi.id, { penal_charge: 50 }),
      ada.token,
    );
    expect(byMember).toMatchObject({ penal_charge: 2, penal_type: 'Percentage' });
    const flat = await loanProduct(world, 'Flat Penal Loan', { penal_charge: 500, penal_type: 'Flat' });
    const byStaff = await applied(world, application(world, flat, chidi.id, ada.id, bola.id, { penal_charge: 0 }));
    expect(byStaff).toMatchObject({ penal_charge: 500, penal_type: 'Flat' });

    const form = async (loanId: string) => {
      const response = await fetch(
        `${apiUrl()}/api/v1/cooperative/loans/download-loan-form?cooperative_id=${world.ctx.coop}&loan_id=${loanId}`,
        {
          headers: { authorization: `Bearer ${world.ctx.token}` },
        },
      );
      expect(response.status).toBe(200);
      const text = loanFormText(Buffer.from(await response.arrayBuffer()));
      return text[text.indexOf('Penal charge') + 1];
    };
    expect(await form(byMember.id)).toBe('2%');
    expect(await form(byStaff.id)).toBe('NGN 500.00');
  });

  it('dates a member application today whatever date they send; staff may date one in the past, never in the future', async () => {
    const product = await loanProduct(world, 'Dated Loan');
    const before = today();
    const byMember = await applied(
      world,
      application(world, product, ada.id, bola.id, chidi.id, { date: '2020-01-01' }),
      ada.token,
    );
    expect([before, today()]).toContain(byMember.date);

    const other = await loanProduct(world, 'Dated Loan Two');
    const future = await apply(world, application(world, other, ada.id, bola.id, chidi.id, { date: '2099-12-31' }));
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ date: 'The date must not be in the future' });
    const past = await applied(world, application(world, other, ada.id, bola.id, chidi.id, { date: '2026-01-10' }));
    expect(past.date).toBe('2026-01-10');
  });

  it("refuses a staff application dated before the cooperative's opening date, writing no loan", async () => {
    const product = await loanProduct(world, 'Early Dated Loan');
    // The world's cooperative opened on 2020-01-01 (the test fixtures' opening date).
    for (const date of ['2019-12-31', '0001-01-01']) {
      const early = await apply(world, application(world, product, bola.id, ada.id, chidi.id, { date }));
      expect(early.status, date).toBe(422);
      expect(early.body.errors).toEqual({
        date: "The date must not be before the cooperative's opening date (2020-01-01)",
      });
    }
    const loans = await call<{ data: LoanRow[] }>('GET', '/cooperative/member/loans', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: bola.id, per_page: 100 },
    });
    expect(loans.body.data.data.filter((l) => l.loan_product_id === product)).toEqual([]);
  });
});

describe('interest for a month', () => {
  it('refuses a month that has not ended (December 2099, the current month) and credits nothing', async () => {
    const p = await planOf(world, chidi.id, { end_date: '2099-12-31' });
    await deposited(world, p.id, 5000, '2026-09-01');
    const expenseBefore = await glTotal(world.ctx.coop, GL.interestOnSavings);
    for (const month of ['2099-12', today().slice(0, 7)]) {
      const r = await creditInterest(month);
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ month: `Interest is credited for a month that has ended; ${month} has not` });
    }
    expect(await plan(world, chidi.id, p.id)).toMatchObject({ balance: 5000 });
    expect(await glTotal(world.ctx.coop, GL.interestOnSavings)).toEqual(expenseBefore);
  });

  it('refuses a month that ends before the opening date of the books, and credits nothing', async () => {
    // The world's cooperative opened on 2020-01-01 (the test fixtures' opening date).
    const r = await creditInterest('2019-12');
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      month: 'Interest is credited from the opening date of the books (2020-01-01); 2019-12 ends before it',
    });
  });

  it("credits a past month on that month's daily balances, not on today's balance, once", async () => {
    const product = await savingsProduct('Six Percent Savings', 6);
    const [dayo] = await members(world, 1);
    const p = await planOf(world, dayo.id, {
      savings_product_id: product,
      credit_interest: 6,
      start_date: '2026-08-01',
      end_date: '2027-12-31',
    });
    await deposited(world, p.id, 30000, '2026-08-20');
    await deposited(world, p.id, 12000, '2026-09-11');
    const out = await placed(world, p.id, 'WITHDRAWAL', 6000, '2026-09-26');
    expect((await approve(world, out.id)).status).toBe(200);
    await deposited(world, p.id, 100000, '2026-10-05');

    const expenseBefore = await glTotal(world.ctx.coop, GL.interestOnSavings);
    const run = await creditInterest('2026-09');
    expect(run.status).toBe(200);
    // September has 30 days. Days 1-10: 30,000 x 10 = 300,000; days 11-25: 42,000 x 15 = 630,000;
    // days 26-30: 36,000 x 5 = 180,000. 1,110,000 / 30 = 37,000 average; 37,000 x 6% / 12 = 185.00.
    // (On today's balance, 136,000, it would be 680.00; on the month-end balance, 36,000, 180.00.)
    expect(await plan(world, dayo.id, p.id)).toMatchObject({ balance: 136000 + 185 });
    // The run credited the other plan holding money in September too: Chidi's 5,000 all month at
    // 3.5% (above), 5,000 x 3.5% / 12 = 14.583.. -> 14.58 (Ada's was credited by the first test).
    expect(run.body.data.amount).toBe(185 + 14.58);
    expect((await glTotal(world.ctx.coop, GL.interestOnSavings)).debit - expenseBefore.debit).toBe(18_500 + 1_458);
    const history = await call<{ data: { type: { name: string }; amount: number; transaction_date: string }[] }>(
      'GET',
      '/cooperative/member/details/transaction-history',
      {
        token: dayo.token,
      },
    );
    expect(history.body.data.data.filter((t) => t.type.name === 'Interest')).toEqual([
      expect.objectContaining({ amount: 185, transaction_date: '2026-09-30' }),
    ]);

    const again = await creditInterest('2026-09');
    expect(again.status).toBe(200);
    expect(await plan(world, dayo.id, p.id)).toMatchObject({ balance: 136185 });
  });

  it("credits only the days within a plan's dates, and nothing for a month outside them", async () => {
    const product = await savingsProduct('Six Percent Fixed', 6);
    const [ending, starting] = (await members(world, 2)) as [Member, Member];
    const ended = await planOf(world, ending.id, {
      savings_product_id: product,
      credit_interest: 6,
      start_date: '2026-07-01',
      end_date: '2026-09-10',
    });
    await deposited(world, ended.id, 20000, '2026-08-01');
    const started = await planOf(world, starting.id, {
      savings_product_id: product,
      credit_interest: 6,
      start_date: '2026-09-16',
      end_date: '2027-09-15',
    });
    await deposited(world, started.id, 10000, '2026-09-16');

    for (const month of ['2026-08', '2026-09', '2026-10']) expect((await creditInterest(month)).status).toBe(200);
    // The ended plan: August in full, 20,000 x 6% / 12 = 100.00; September's first 10 days on
    // 20,100, 20,100 x 10 / 30 x 6% / 12 = 33.50; October is after its end: nothing.
    expect(await plan(world, ending.id, ended.id)).toMatchObject({ balance: 20000 + 100 + 33.5 });
    // The started plan: nothing for August, before its start; September from the 16th,
    // 10,000 x 15 / 30 x 6% / 12 = 25.00; October in full on 10,025: 50.125 -> 50.12 (half-even).
    expect(await plan(world, starting.id, started.id)).toMatchObject({ balance: 10000 + 25 + 50.12 });
  });
});
