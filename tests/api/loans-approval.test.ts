import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member, Paged, ScheduleRowView } from './support/loans.ts';
import {
  GL,
  answer,
  applied,
  application,
  approveLoan,
  loanAction,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';
import { deposited, glTotal, glTotals, plan, planOf } from './support/savings.ts';

/**
 * Loan approval and disbursement through the ledger, rejection, the Running/Completed/Incomplete
 * marks, deletion and the dashboards' loan parts, in a cooperative of their own.
 */
let world: LoanWorld;
let ada: Member;
let bola: Member;
let chidi: Member;
let tokens: Record<string, string>;
const INTEREST_INCOME = standardAccount('loan_interest');

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('LP');
  [ada, bola, chidi] = (await members(world, 3)) as [Member, Member, Member];
  tokens = Object.fromEntries([ada, bola, chidi].map((m) => [m.id, m.token]));
});

/** A fresh applicant (so the running-loan rule never interferes) with a pending loan on `product`. */
async function pendingLoan(
  product: string,
  overrides: Record<string, unknown> = {},
): Promise<{ loan: LoanRow; applicant: Member }> {
  const [applicant] = (await members(world, 1)) as [Member];
  tokens[applicant.id] = applicant.token;
  const loan = await applied(world, application(world, product, applicant.id, bola.id, chidi.id, overrides));
  return { loan, applicant };
}

async function approvedLoan(product: string, overrides: Record<string, unknown> = {}) {
  const made = await pendingLoan(product, overrides);
  await suretiesApprove(world, made.loan, tokens);
  const r = await approveLoan(world, made.loan.id);
  if (r.status !== 200) throw new Error(`Could not approve: ${r.status} ${r.body.message}`);
  return { ...made, loan: r.body.data };
}

const balanced = async () => {
  const totals = await glTotals(world.ctx.coop);
  const debit = totals.reduce((sum, t) => sum + t.debit, 0);
  const credit = totals.reduce((sum, t) => sum + t.credit, 0);
  return { debit, credit };
};

describe('approval', () => {
  it('waits for both sureties (409), then disburses: exact postings, schedule stored, member transaction', async () => {
    const product = await loanProduct(world, 'Disbursed Loan', {
      upfront: 2,
      charge_type: 'Percentage',
      charge_amount: '1.25',
    });
    const { loan, applicant } = await pendingLoan(product, {
      loan_amount: '100000',
      calculation_method_id: 3,
      tenure: 4,
      interest_rate: 12,
    });
    // 1.25% of 100,000 = 1,250 charge; 2% upfront = 2,000; 96,750 reaches the member.
    expect(loan.charge_amount).toBe(1250);
    expect(loan).toMatchObject({ upfront_amount: 2000, paid_out: 96750 });

    const none = await approveLoan(world, loan.id);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Both sureties must approve this loan before it can be approved');
    const first = loan.sureties[0];
    expect((await answer(world, first.id, 'approve', tokens[first.member_id])).status).toBe(200);
    const one = await approveLoan(world, loan.id);
    expect(one.status).toBe(409);
    expect(one.body.message).toBe('Both sureties must approve this loan before it can be approved');
    const second = loan.sureties[1];
    expect((await answer(world, second.id, 'approve', tokens[second.member_id])).status).toBe(200);

    const before = {
      principal: await glTotal(world.ctx.coop, GL.loans),
      bank: await glTotal(world.ctx.coop, GL.bank),
      charge: await glTotal(world.ctx.coop, GL.charges),
      interest: await glTotal(world.ctx.coop, INTEREST_INCOME),
    };
    const badBank = await approveLoan(world, loan.id, 'NOBANK');
    expect(badBank.status).toBe(422);
    expect(badBank.body.errors).toEqual({ bank_id: 'Please select bank account' });

    const r = await approveLoan(world, loan.id);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      id: loan.id,
      status: 1,
      is_paid: 0,
      bank_id: world.bank,
      loan_amount: 100000,
      total_interest: 2500,
      total_amount: 102500,
      loan_balance: 102500,
    });
    expect(r.body.data.sureties.map((s) => s.status)).toEqual([1, 1]);

    const after = {
      principal: await glTotal(world.ctx.coop, GL.loans),
      bank: await glTotal(world.ctx.coop, GL.bank),
      charge: await glTotal(world.ctx.coop, GL.charges),
      interest: await glTotal(world.ctx.coop, INTEREST_INCOME),
    };
    expect(after.principal.debit - before.principal.debit).toBe(100_000_00);
    expect(after.principal.credit - before.principal.credit).toBe(0);
    expect(after.bank.credit - before.bank.credit).toBe(96_750_00);
    expect(after.bank.debit - before.bank.debit).toBe(0);
    expect(after.charge.credit - before.charge.credit).toBe(1_250_00);
    expect(after.interest.credit - before.interest.credit).toBe(2_000_00);
    const trial = await balanced();
    expect(trial.debit).toBe(trial.credit);

    // Reducing balance, equal principal, 1% a month on 100,000: 1,000 + 750 + 500 + 250 interest.
    const schedule = await call<ScheduleRowView[]>('GET', '/cooperative/loans/loan-schedule', {
      token: applicant.token,
      query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
    });
    expect(schedule.body.data.map((row) => [row.payment_month, row.principal, row.interest, row.is_paid])).toEqual([
      ['2026-02-01', 25000, 1000, 0],
      ['2026-03-01', 25000, 750, 0],
      ['2026-04-01', 25000, 500, 0],
      ['2026-05-01', 25000, 250, 0],
    ]);

    const history = await call<Paged<{ type: { name: string }; amount: number; description: string }>>(
      'GET',
      '/cooperative/member/details/transaction-history',
      {
        token: applicant.token,
        query: { cooperative_id: world.ctx.coop },
      },
    );
    expect(history.body.data.data[0]).toMatchObject({ type: { name: 'Loan Disbursement' }, amount: 96750 });
    expect(history.body.data.data[0].description).toContain('Disbursed Loan');
  });

  it('posts once when approved twice, or 20 times at once', async () => {
    const product = await loanProduct(world, 'Idempotent Loan');
    const { loan } = await pendingLoan(product, { loan_amount: '50000' });
    await suretiesApprove(world, loan, tokens);
    const before = await glTotal(world.ctx.coop, GL.loans);
    const results = await Promise.all(Array.from({ length: 20 }, () => approveLoan(world, loan.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect((await glTotal(world.ctx.coop, GL.loans)).debit - before.debit).toBe(50_000_00);

    const again = await approveLoan(world, loan.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been approved/);
    expect((await glTotal(world.ctx.coop, GL.loans)).debit - before.debit).toBe(50_000_00);
    const trial = await balanced();
    expect(trial.debit).toBe(trial.credit);
  });

  it('rejects a pending loan and posts nothing; only pending loans are approved or rejected', async () => {
    const product = await loanProduct(world, 'Rejected Loan');
    const { loan } = await pendingLoan(product);
    const before = await glTotals(world.ctx.coop);
    const r = await loanAction(world, 'GET', '/cooperative/member/loans/deny', loan.id);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe(2);
    expect(await glTotals(world.ctx.coop)).toEqual(before);
    expect((await loanAction(world, 'GET', '/cooperative/member/loans/deny', loan.id)).status).toBe(409);
    await suretiesApprove(world, loan, tokens).catch(() => undefined);
    expect((await approveLoan(world, loan.id)).status).toBe(409);
    expect((await loanAction(world, 'GET', '/cooperative/member/loans/deny', 'NOLOAN')).status).toBe(404);
  });

  it('places a lien on the savings plan with the most available, refuses when none can carry it, and releases it on completion', async () => {
    const product = await loanProduct(world, 'Lien Loan', { lien: 1, lien_amount: '5000' });
    const { loan, applicant } = await pendingLoan(product);
    await suretiesApprove(world, loan, tokens);
    const refused = await approveLoan(world, loan.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('lien of ₦5,000.00');
    expect((await loanAction(world, 'GET', '/cooperative/loans/single', loan.id)).body.data.status).toBe(0);

    const small = await planOf(world, applicant.id);
    await deposited(world, small.id, '3000');
    const big = await planOf(world, applicant.id);
    await deposited(world, big.id, '8000');
    const r = await approveLoan(world, loan.id);
    expect(r.status, r.body.message).toBe(200);
    expect(await plan(world, applicant.id, big.id)).toMatchObject({ balance: 8000, lien: 5000, available: 3000 });
    expect(await plan(world, applicant.id, small.id)).toMatchObject({ lien: 0, available: 3000 });
    const summary = await getItem<{ available: number }>(keys.memberSavings(world.ctx.coop, applicant.id), true);
    expect(summary?.available).toBe(6_000_00);

    const done = await loanAction(world, 'GET', '/cooperative/loans/mark-as-completed', loan.id);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ is_paid: 1, loan_balance: 0 });
    expect(await plan(world, applicant.id, big.id)).toMatchObject({ lien: 0, available: 8000 });
    // Marking again changes nothing; the lien is released once.
    expect((await loanAction(world, 'GET', '/cooperative/loans/mark-as-completed', loan.id)).status).toBe(200);
    expect(await plan(world, applicant.id, big.id)).toMatchObject({ lien: 0, available: 8000 });
  });
});

describe('marks and deletion', () => {
  it('marks only approved loans Running, Completed or Incomplete', async () => {
    const product = await loanProduct(world, 'Marked Loan');
    const { loan: pending } = await pendingLoan(product);
    const early = await loanAction(world, 'GET', '/cooperative/loans/mark-as-completed', pending.id);
    expect(early.status).toBe(409);

    const other = await loanProduct(world, 'Marked Loan Two');
    const { loan } = await approvedLoan(other, { loan_amount: '1200' });
    expect(loan.loan_balance).toBe(1344);
    const incomplete = await loanAction(world, 'GET', '/cooperative/loans/mark-as-incomplete', loan.id);
    expect(incomplete.body.data).toMatchObject({ is_paid: 2, loan_balance: 1344 });
    const completed = await loanAction(world, 'GET', '/cooperative/loans/mark-as-completed', loan.id);
    expect(completed.body.data).toMatchObject({ is_paid: 1, loan_balance: 0 });
    const running = await loanAction(world, 'GET', '/cooperative/loans/mark-as-running', loan.id);
    expect(running.body.data).toMatchObject({ is_paid: 0, loan_balance: 1344 });
    const byMember = await call('GET', '/cooperative/loans/mark-as-completed', {
      token: ada.token,
      query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
    });
    expect(byMember.status).toBe(403);
  });

  it('deletes pending and rejected loans with their surety requests, never a disbursed one', async () => {
    const product = await loanProduct(world, 'Deleted Loan');
    const { loan: pending } = await pendingLoan(product);
    const gone = await loanAction(world, 'DELETE', '/cooperative/member/loans/delete', pending.id);
    expect(gone.status).toBe(200);
    expect((await loanAction(world, 'GET', '/cooperative/loans/single', pending.id)).status).toBe(404);
    for (const s of pending.sureties) expect(await getItem(keys.surety(world.ctx.coop, s.id), true)).toBeUndefined();

    const { loan: rejected } = await pendingLoan(product);
    await loanAction(world, 'GET', '/cooperative/member/loans/deny', rejected.id);
    expect((await loanAction(world, 'DELETE', '/cooperative/member/loans/delete', rejected.id)).status).toBe(200);

    const { loan: disbursed } = await approvedLoan(product);
    const refused = await loanAction(world, 'DELETE', '/cooperative/member/loans/delete', disbursed.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A disbursed loan cannot be deleted');
    expect((await loanAction(world, 'GET', '/cooperative/loans/single', disbursed.id)).status).toBe(200);
  });
});

describe('dashboards', () => {
  it("show the staff pending loans and latest applications, and a member's loan overview", async () => {
    const product = await loanProduct(world, 'Dashboard Loan');
    const other = await loanProduct(world, 'Dashboard Loan Two');
    const { loan: pending, applicant } = await pendingLoan(product, { loan_amount: '1000' });
    const staff = await call<{ dashboard: { request: number }; loan_applications: LoanRow[] }>(
      'GET',
      '/cooperative/dashboard',
      {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop },
      },
    );
    expect(staff.status).toBe(200);
    const list = await call<Paged<LoanRow>>('GET', '/cooperative/loans/list', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, status: 0, per_page: 100 },
    });
    expect(staff.body.data.dashboard.request).toBe(list.body.data.meta.total);
    expect(staff.body.data.dashboard.request).toBeGreaterThanOrEqual(1);
    expect(staff.body.data.loan_applications.length).toBeLessThanOrEqual(5);
    expect(staff.body.data.loan_applications.map((l) => l.id)).toContain(pending.id);

    // The applicant's second loan, approved: 1,200 flat 12% a year -> 1,344 to repay.
    const second = await applied(
      world,
      application(world, other, applicant.id, bola.id, chidi.id, { loan_amount: '1200' }),
    );
    await suretiesApprove(world, second, tokens);
    expect((await approveLoan(world, second.id)).status).toBe(200);
    const mine = await call<{
      loan_overview: { total_loan: number; active_loan: number; loans: LoanRow[] };
      savings_overview: { histories: { type_name: string; savings_id: string }[] };
    }>('GET', '/cooperative/member/single/dashboard', {
      token: applicant.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.loan_overview.total_loan).toBe(1200);
    expect(mine.body.data.loan_overview.active_loan).toBe(1344);
    expect(mine.body.data.loan_overview.loans.map((l) => l.id)).toEqual([second.id, pending.id]);
    // The disbursement is in the member's history, but the Savings Overview keeps to savings.
    const history = await call<{ data: { type_name: string; savings_id: string }[] }>(
      'GET',
      '/cooperative/member/details/transaction-history',
      { token: applicant.token, query: { cooperative_id: world.ctx.coop, coop_id: applicant.id } },
    );
    expect(history.body.data.data.map((t) => t.type_name)).toContain('LOAN_DISBURSEMENT');
    const overview = mine.body.data.savings_overview.histories;
    expect(overview.filter((t) => t.type_name.startsWith('LOAN_') || t.savings_id === '')).toEqual([]);
    const savingsLines = history.body.data.data.filter((t) => t.savings_id !== '');
    expect(overview.length).toBe(Math.min(10, savingsLines.length));
  });
});
