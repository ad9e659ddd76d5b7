import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntryView } from '@coopledger/shared/accounting-views';
import { businessDate } from '@coopledger/shared/dates';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import type { ApiResponse } from './support/api.ts';
import { call, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative, secondAdmin } from './support/fixtures.ts';
import type { LoanRow, LoanWorld, Member } from './support/loans.ts';
import { application, applied, loanProduct, loanWorld, members, suretiesApprove } from './support/loans.ts';
import type { OrderRow } from './support/savings.ts';
import { GL, glTotal, placed, plan, planOf } from './support/savings.ts';

/**
 * Four-eyes approvals (docs/decisions.md "Four-eyes approvals"): the creator of an order or a loan
 * cannot approve it while the cooperative's rule is on (as it is by default), and above the
 * cooperative's threshold a deposit, a withdrawal or a loan needs two approvals by two people.
 */
const CREATOR = 'The person who created this record cannot approve it; another approver must';
const SECOND = 'You gave the first approval; a second approver must give the other';

let world: LoanWorld;
let ngozi: { id: string; token: string };
let tunde: { id: string; token: string };
let people: Member[];
let tokens: Record<string, string>;
let product: string;

const rules = (body: Record<string, unknown>, token = world.ctx.token) =>
  call('PUT', '/cooperative/approval-rules', { token, query: { cooperative_id: world.ctx.coop }, body });
const readRules = (token = world.ctx.token) =>
  call<Record<string, unknown>>('GET', '/cooperative/approval-rules', {
    token,
    query: { cooperative_id: world.ctx.coop },
  });
const approveOrder = (orderId: string, token: string): Promise<ApiResponse<OrderRow>> =>
  call<OrderRow>('POST', '/cooperative/transaction-order/approve', {
    token,
    body: { cooperative_id: world.ctx.coop, transaction_id: orderId, bank_id: world.bank },
  });
const approveLoan = (loanId: string, token: string): Promise<ApiResponse<LoanRow>> =>
  call<LoanRow>('POST', '/cooperative/member/loans/approve', {
    token,
    body: { cooperative_id: world.ctx.coop, loan_id: loanId, bank_id: world.bank },
  });
const bankTotal = async () => (await glTotal(world.ctx.coop, GL.bank)).debit;

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('FE');
  const tag = world.ctx.tag;
  ngozi = await secondAdmin(world.ctx.coop, world.ctx.token, `NGOZI-${tag}`, 'Ngozi');
  tunde = await secondAdmin(world.ctx.coop, world.ctx.token, `TUNDE-${tag}`, 'Tunde');
  people = await members(world, 3);
  tokens = Object.fromEntries(people.map((p) => [p.id, p.token]));
  product = await loanProduct(world, 'Four-eyes Loan');
});

describe('the approval rules', () => {
  it('are on for a new cooperative: its creator cannot approve, and one approval does', async () => {
    const coop = await createTestCooperative('FD', { four_eyes: true });
    const r = await call('GET', '/cooperative/approval-rules', {
      token: await superToken(),
      query: { cooperative_id: coop.id },
    });

    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      creator_cannot_approve: true,
      second_approval_above: null,
      updated_at: null,
      updated_by: null,
    });
  });

  it('refuses a rule that is not one, with a message, and keeps the rules', async () => {
    expect((await rules({ creator_cannot_approve: true, second_approval_above: '250000.5' })).status).toBe(200);

    const notFlag = await rules({ creator_cannot_approve: 'yes', second_approval_above: '10' });
    const negative = await rules({ creator_cannot_approve: false, second_approval_above: '-5' });
    const byAccountant = await rules({ creator_cannot_approve: false }, await accountantToken());

    expect(notFlag.status).toBe(422);
    expect(notFlag.body.errors).toEqual({ creator_cannot_approve: 'Please say whether the creator may approve' });
    expect(negative.status).toBe(422);
    expect(negative.body.errors).toEqual({ second_approval_above: 'Enter an amount in naira with at most 2 decimals' });
    expect(byAccountant.status).toBe(403);
    const kept = await readRules();
    expect(kept.body.data).toMatchObject({ creator_cannot_approve: true, second_approval_above: 250000.5 });
    expect(kept.body.data.updated_by).toBe('SUPERADMIN');
  });
});

/** The token of a new accountant of the world's cooperative. */
async function accountantToken(): Promise<string> {
  const login = `ACCT-${world.ctx.tag}`;
  const made = await call('POST', '/user/coopledger', {
    token: world.ctx.token,
    body: {
      coop_id: login,
      firstname: 'Ade',
      lastname: 'Accountant',
      email: `${login.toLowerCase()}@example.com`,
      role_id: 'cooperative-accountant',
      cooperative_id: world.ctx.coop,
      password: 'secret12',
      confirm_password: 'secret12',
    },
  });
  if (made.status !== 201) throw new Error(`Could not add the accountant: ${made.body.message}`);
  return tokenFor(login, 'secret12');
}

describe('the creator of an order or a loan', () => {
  beforeAll(async () => {
    expect((await rules({ creator_cannot_approve: true, second_approval_above: '' })).status).toBe(200);
  });

  it('cannot approve their own deposit, which stays pending and posts nothing; another admin can', async () => {
    const savings = await planOf(world, people[0].id);
    const deposit = await placed(world, savings.id, 'DEPOSIT', '7500');
    const bankBefore = await bankTotal();

    const own = await approveOrder(deposit.id, world.ctx.token);
    const afterOwn = { bank: await bankTotal(), plan: await plan(world, people[0].id, savings.id) };
    const other = await approveOrder(deposit.id, ngozi.token);

    expect(own.status).toBe(403);
    expect(own.body.message).toBe(CREATOR);
    expect(afterOwn.bank).toBe(bankBefore);
    expect(afterOwn.plan.balance).toBe(0);
    expect(other.status).toBe(200);
    expect(other.body.data).toMatchObject({ status: 1, created_by: 'SUPERADMIN', approved_by: ngozi.id });
    expect(await bankTotal()).toBe(bankBefore + 750_000);
  });

  it('may approve once an admin turns the rule off', async () => {
    const savings = await planOf(world, people[1].id);
    const deposit = await placed(world, savings.id, 'DEPOSIT', '1200');
    expect((await rules({ creator_cannot_approve: false })).status).toBe(200);

    const own = await approveOrder(deposit.id, world.ctx.token);

    expect((await rules({ creator_cannot_approve: true })).status).toBe(200);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ status: 1, approved_by: 'SUPERADMIN' });
  });
});

describe('amounts above the threshold', () => {
  beforeAll(async () => {
    expect((await rules({ creator_cannot_approve: true, second_approval_above: '50000' })).status).toBe(200);
  });

  it('take one approval at the threshold itself', async () => {
    const savings = await planOf(world, people[2].id);
    const deposit = await placed(world, savings.id, 'DEPOSIT', '50000');

    const r = await approveOrder(deposit.id, ngozi.token);

    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe(1);
    expect((await plan(world, people[2].id, savings.id)).balance).toBe(50_000);
  });

  it('take two approvers for a deposit a kobo above it: the first posts nothing, the same one cannot give the second', async () => {
    const savings = await planOf(world, people[1].id, { amount: '6000' });
    const deposit = await placed(world, savings.id, 'DEPOSIT', '50000.01');
    const bankBefore = await bankTotal();

    const first = await approveOrder(deposit.id, ngozi.token);
    const afterFirst = { bank: await bankTotal(), plan: await plan(world, people[1].id, savings.id) };
    const again = await approveOrder(deposit.id, ngozi.token);
    const byCreator = await approveOrder(deposit.id, world.ctx.token);
    const second = await approveOrder(deposit.id, tunde.token);

    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Deposit: first approval given; a second approver must approve it');
    expect(first.body.data).toMatchObject({ status: 0, first_approval: { by: ngozi.id }, approved_by: null });
    expect(afterFirst.bank).toBe(bankBefore);
    expect(afterFirst.plan.balance).toBe(0);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SECOND);
    expect(byCreator.status).toBe(403);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Deposit approved');
    expect(second.body.data).toMatchObject({ status: 1, first_approval: { by: ngozi.id }, approved_by: tunde.id });
    expect(await bankTotal()).toBe(bankBefore + 5_000_001);
    expect((await plan(world, people[1].id, savings.id)).balance).toBe(50_000.01);
  });

  it('take two approvers for a withdrawal above it too', async () => {
    const savings = await planOf(world, people[0].id, { amount: '9000' });
    const deposit = await placed(world, savings.id, 'DEPOSIT', '90000');
    expect((await approveOrder(deposit.id, ngozi.token)).body.data.status).toBe(0);
    expect((await approveOrder(deposit.id, tunde.token)).body.data.status).toBe(1);
    const withdrawal = await placed(world, savings.id, 'WITHDRAWAL', '60000');

    const first = await approveOrder(withdrawal.id, tunde.token);
    const second = await approveOrder(withdrawal.id, ngozi.token);

    expect(first.body.message).toBe('Withdrawal: first approval given; a second approver must approve it');
    expect(first.body.data.status).toBe(0);
    expect(second.body.data).toMatchObject({ status: 1, approved_by: ngozi.id });
    expect((await plan(world, people[0].id, savings.id)).balance).toBe(30_000);
  });

  it('take two approvers for a loan, and its applicant cannot be one of them', async () => {
    const [applicant, s1, s2] = people;
    expect((await rules({ creator_cannot_approve: true, second_approval_above: '100000' })).status).toBe(200);
    const loan = await applied(
      world,
      application(world, product, applicant.id, s1.id, s2.id, { loan_amount: '120000' }),
      applicant.token,
    );
    await suretiesApprove(world, loan, tokens);
    const lentBefore = (await glTotal(world.ctx.coop, GL.loans)).debit;

    const first = await approveLoan(loan.id, world.ctx.token);
    const again = await approveLoan(loan.id, world.ctx.token);
    const afterFirst = (await glTotal(world.ctx.coop, GL.loans)).debit;
    const second = await approveLoan(loan.id, ngozi.token);

    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Loan: first approval given; a second approver must approve it');
    expect(first.body.data).toMatchObject({
      status: 0,
      created_by: applicant.id,
      first_approval: { by: 'SUPERADMIN' },
    });
    expect(again.status).toBe(409);
    expect(afterFirst).toBe(lentBefore);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ status: 1, approved_by: ngozi.id });
    expect((await glTotal(world.ctx.coop, GL.loans)).debit).toBe(lentBefore + 12_000_000);
  });
});

describe('journal entries above the threshold', () => {
  const OFFICE = standardAccount('operating_expenses');
  const entry = (amount: string, description = 'Office refit') => ({
    cooperative_id: world.ctx.coop,
    date: businessDate(),
    description,
    lines: [
      { gl_code: OFFICE, description, debit: amount, credit: 0 },
      { gl_code: GL.bank, description, debit: 0, credit: amount },
    ],
  });
  const journal = <T = JournalEntryView>(path: string, body: unknown, token = world.ctx.token) =>
    call<T>('POST', `/cooperative/journal-entry${path}`, { token, body });
  const approve = (code: string, token: string) =>
    journal('/approve', { cooperative_id: world.ctx.coop, transaction_code: code }, token);
  const awaiting = async () =>
    (
      await call<{ data: JournalEntryView[] }>('GET', '/cooperative/journal-entry/awaiting', {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop, per_page: 100 },
      })
    ).body.data.data.map((e) => e.transaction_code);
  const office = async () => (await glTotal(world.ctx.coop, OFFICE)).debit;

  it('post at once up to it, and await two approvers above it, posting nothing until the second', async () => {
    expect((await rules({ creator_cannot_approve: true, second_approval_above: '100000' })).status).toBe(200);
    const before = await office();

    const atThreshold = await journal('', entry('100000'));
    expect(atThreshold.status, atThreshold.body.message).toBe(201);
    expect(atThreshold.body.data.status).toBe(1);
    expect(await office()).toBe(before + 10_000_000);

    const above = await journal('', entry('100000.01'));
    expect(above.status, above.body.message).toBe(201);
    const code = above.body.data.transaction_code;
    expect(above.body.message).toBe(`Journal entry ${code} saved: it awaits two approvals before it is posted`);
    expect(above.body.data).toMatchObject({ status: 2, created_by: 'SUPERADMIN', first_approval: null });
    expect(await office()).toBe(before + 10_000_000);
    expect(await awaiting()).toContain(code);

    const byCreator = await approve(code, world.ctx.token);
    const edit = await journal('/update', { ...entry('5'), transaction_code: code });
    const remove = await call('DELETE', '/cooperative/journal-entry', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, id: code },
    });
    const first = await approve(code, ngozi.token);
    const sameAgain = await approve(code, ngozi.token);
    const afterFirst = await office();
    const second = await approve(code, tunde.token);
    const third = await approve(code, tunde.token);

    expect(byCreator.status).toBe(403);
    expect(byCreator.body.message).toBe(CREATOR);
    expect(edit.status).toBe(409);
    expect(remove.status).toBe(409);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe(`Journal entry ${code}: first approval given; a second approver must approve it`);
    expect(first.body.data).toMatchObject({ status: 2, first_approval: { by: ngozi.id } });
    expect(sameAgain.status).toBe(409);
    expect(sameAgain.body.message).toBe(SECOND);
    expect(afterFirst).toBe(before + 10_000_000);
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.data).toMatchObject({ status: 1, approved_by: tunde.id });
    expect(third.status).toBe(409);
    // ₦100,000 + ₦100,000.01, each posted once.
    expect(await office()).toBe(before + 20_000_001);
    expect(await awaiting()).not.toContain(code);
  });

  it('can be denied with a reason, and then post nothing, ever', async () => {
    expect((await rules({ creator_cannot_approve: true, second_approval_above: '100000' })).status).toBe(200);
    const before = await office();
    const above = await journal('', entry('250000', 'Generator'));
    const code = above.body.data.transaction_code;

    const noReason = await journal('/deny', { cooperative_id: world.ctx.coop, transaction_code: code }, ngozi.token);
    const denied = await journal(
      '/deny',
      { cooperative_id: world.ctx.coop, transaction_code: code, reason: 'No quotation attached' },
      ngozi.token,
    );
    const approvedAfter = await approve(code, tunde.token);

    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.reason).toBe('Please give the reason for denying this entry');
    expect(denied.status, denied.body.message).toBe(200);
    expect(denied.body.data).toMatchObject({ status: 3, denied_by: ngozi.id, denial_reason: 'No quotation attached' });
    expect(approvedAfter.status).toBe(409);
    expect(await office()).toBe(before);
    expect(await awaiting()).not.toContain(code);
  });

  it('cannot be reached by editing a posted entry above the threshold', async () => {
    expect((await rules({ creator_cannot_approve: true, second_approval_above: '100000' })).status).toBe(200);
    const small = await journal('', entry('40000', 'Cleaning'));
    const before = await office();

    const raised = await journal('/update', {
      ...entry('150000', 'Cleaning'),
      transaction_code: small.body.data.transaction_code,
    });

    expect(raised.status).toBe(422);
    expect(raised.body.errors?.lines).toBe(
      'Entries of more than ₦100,000.00 need two approvals: delete this entry and enter the new one, to be approved',
    );
    expect(await office()).toBe(before);
  });
});
