import { beforeAll, describe, expect, it } from 'vitest';
import { queryPartition } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { SavingsWorld } from './support/savings.ts';
import {
  GL,
  addPlan,
  approve,
  deny,
  deposited,
  glTotal,
  glTotals,
  newMember,
  order,
  placed,
  plan,
  planOf,
  savingsWorld,
} from './support/savings.ts';

/**
 * Savings plans and deposit/withdrawal orders through the ledger, in a cooperative of their own.
 */
let world: SavingsWorld;
let ada: { id: string; token: string };
let bola: { id: string; token: string };

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('SO');
  ada = await newMember(world);
  bola = await newMember(world);
});

describe('savings plans', () => {
  it('refuses a plan without its fields, with the spec messages', async () => {
    const r = await addPlan(world, ada.id, {
      savings_product_id: '',
      start_date: '',
      end_date: undefined,
      amount: '',
      credit_interest: undefined,
      frequency: 'Yearly',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      savings_product_id: 'Please select product type',
      start_date: 'This field is required',
      end_date: 'This field is required',
      amount: 'This field is required',
      credit_interest: 'This field is required',
      frequency: 'Select frequency',
    });
    const noSetup = await addPlan(world, ada.id, { savings_product_id: 'NOPE' });
    expect(noSetup.status).toBe(422);
    expect(noSetup.body.errors).toEqual({ savings_product_id: 'Please select product type' });
  });

  it('lets a member hold several plans and see only their own', async () => {
    await planOf(world, ada.id);
    await planOf(world, ada.id, { amount: '1000' });
    const own = await call<{ data: { balance: number; available: number; product: { name: string } }[] }>(
      'GET',
      '/savings',
      { token: ada.token },
    );
    expect(own.status).toBe(200);
    expect(own.body.data.data.length).toBeGreaterThanOrEqual(2);
    expect(own.body.data.data[0]).toMatchObject({
      balance: 0,
      lien: 0,
      available: 0,
      product: { name: 'Regular Savings' },
      frequency: 'Monthly',
      status: 1,
    });

    const other = await call('GET', '/savings', { token: ada.token, query: { coop_id: bola.id } });
    expect(other.status).toBe(403);
    const otherPlan = await addPlan(world, bola.id, {}, ada.token);
    expect(otherPlan.status).toBe(403);
  });
});

describe('deposit and withdrawal orders', () => {
  it('validates an order with the spec messages, and refuses withdrawals from a member', async () => {
    const r = await call('POST', '/cooperative/transaction-order', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, transaction_type: 'DEPOSIT' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      savings_id: 'Please select account',
      amount: 'This field is required',
      payment_mode_id: 'This field is required',
    });
    const p = await planOf(world, ada.id);
    const noDate = await order(world, p.id, 'DEPOSIT', 100, '');
    expect(noDate.body.errors).toMatchObject({ date: 'This field is required' });
    const memberWithdrawal = await order(world, p.id, 'WITHDRAWAL', 1, '2026-03-10', ada.token);
    expect(memberWithdrawal.status).toBe(403);
    expect(memberWithdrawal.body.message).toMatch(/cannot withdraw/);
    const memberDeposit = await order(world, p.id, 'DEPOSIT', 10, '2026-03-10', ada.token);
    expect(memberDeposit.status).toBe(201);
    const othersPlan = await order(world, p.id, 'DEPOSIT', 10, '2026-03-10', bola.token);
    expect(othersPlan.status).toBe(403);
  });

  it('approves a deposit: balance up, Dr bank Cr member savings, and a member transaction', async () => {
    const p = await planOf(world, ada.id);
    const bankBefore = await glTotal(world.ctx.coop, GL.bank);
    const savingsBefore = await glTotal(world.ctx.coop, GL.savings);
    const o = await placed(world, p.id, 'DEPOSIT', '2500.50', '2026-03-15');
    expect(o.status).toBe(0);

    const r = await approve(world, o.id);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 1, amount: 2500.5 });
    expect(r.body.data.reference_no).toMatch(/^DEP20260315/);

    expect(await plan(world, ada.id, p.id)).toMatchObject({ balance: 2500.5, available: 2500.5, lien: 0 });
    expect((await glTotal(world.ctx.coop, GL.bank)).debit - bankBefore.debit).toBe(2_500_50);
    expect((await glTotal(world.ctx.coop, GL.savings)).credit - savingsBefore.credit).toBe(2_500_50);
    const history = await call<{
      data: { reference_no: string; type: { name: string }; amount: number; transaction_date: string }[];
    }>('GET', '/cooperative/member/details/transaction-history', { token: ada.token });
    expect(history.status).toBe(200);
    expect(history.body.data.data).toContainEqual(
      expect.objectContaining({
        reference_no: r.body.data.reference_no,
        type: { name: 'Deposit' },
        amount: 2500.5,
        transaction_date: '2026-03-15',
      }),
    );
  });

  it('approves a cash deposit and a cash withdrawal into cash in hand: Dr/Cr the Cash in Hand GL, not the bank', async () => {
    const p = await planOf(world, bola.id);
    const [cashBefore, bankBefore, savingsBefore] = await Promise.all([
      glTotal(world.ctx.coop, GL.cash),
      glTotal(world.ctx.coop, GL.bank),
      glTotal(world.ctx.coop, GL.savings),
    ]);
    const approveInCash = (orderId: string) =>
      call<{ status: number; bank_id: string }>('POST', '/cooperative/transaction-order/approve', {
        token: world.ctx.token,
        body: { cooperative_id: world.ctx.coop, transaction_id: orderId, bank_id: 'cash-in-hand' },
      });
    // The order helper places orders paid in Cash (payment mode 1).
    const dep = await placed(world, p.id, 'DEPOSIT', '1234.56', '2026-03-16');
    const r = await approveInCash(dep.id);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 1, bank_id: 'cash-in-hand' });
    const wdl = await placed(world, p.id, 'WITHDRAWAL', '234.56', '2026-03-17');
    expect((await approveInCash(wdl.id)).status).toBe(200);

    // By hand: cash Dr 1,234.56 (123,456 kobo) and Cr 234.56 (23,456 kobo); savings the mirror; bank untouched.
    const [cash, bank, savings] = await Promise.all([
      glTotal(world.ctx.coop, GL.cash),
      glTotal(world.ctx.coop, GL.bank),
      glTotal(world.ctx.coop, GL.savings),
    ]);
    expect(cash.debit - cashBefore.debit).toBe(123_456);
    expect(cash.credit - cashBefore.credit).toBe(23_456);
    expect(savings.credit - savingsBefore.credit).toBe(123_456);
    expect(savings.debit - savingsBefore.debit).toBe(23_456);
    expect(bank).toEqual(bankBefore);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 1000, available: 1000 });
  });

  it('refuses cash in hand for an order not paid in cash (422 on bank_id) and changes nothing', async () => {
    const p = await planOf(world, bola.id);
    const transfer = await call<{ id: string; status: number }>('POST', '/cooperative/transaction-order', {
      token: world.ctx.token,
      body: {
        cooperative_id: world.ctx.coop,
        savings_id: p.id,
        amount: 500,
        date: '2026-03-18',
        payment_mode_id: 2,
        transaction_type: 'DEPOSIT',
      },
    });
    expect(transfer.status, transfer.body.message).toBe(201);
    const cashBefore = await glTotal(world.ctx.coop, GL.cash);
    const r = await call('POST', '/cooperative/transaction-order/approve', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, transaction_id: transfer.body.data.id, bank_id: 'cash-in-hand' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      bank_id: 'Cash in hand is only for orders paid in cash; this one is paid by Bank Transfer',
    });
    expect(await glTotal(world.ctx.coop, GL.cash)).toEqual(cashBefore);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 0 });
    // Still pending: approved through a bank account it posts.
    expect((await approve(world, transfer.body.data.id)).status).toBe(200);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 500 });
  });

  it('denies a deposit and posts nothing; a denied order cannot be approved', async () => {
    const p = await planOf(world, bola.id);
    const before = await glTotal(world.ctx.coop, GL.bank);
    const o = await placed(world, p.id, 'DEPOSIT', 700);
    const r = await deny(world, o.id);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe(2);
    expect(await glTotal(world.ctx.coop, GL.bank)).toEqual(before);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 0 });
    expect((await approve(world, o.id)).status).toBe(409);
    expect((await deny(world, o.id)).status).toBe(409);
  });

  it('posts once when an order is approved twice, and answers 409 the second time', async () => {
    const p = await planOf(world, bola.id);
    const before = await glTotal(world.ctx.coop, GL.bank);
    const o = await placed(world, p.id, 'DEPOSIT', 300);
    expect((await approve(world, o.id)).status).toBe(200);
    const again = await approve(world, o.id);
    expect(again.status).toBe(409);
    expect((await glTotal(world.ctx.coop, GL.bank)).debit - before.debit).toBe(300_00);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 300 });
  });

  it('posts once when 20 approvals of one order race', async () => {
    const p = await planOf(world, bola.id);
    const before = await glTotal(world.ctx.coop, GL.bank);
    const o = await placed(world, p.id, 'DEPOSIT', 1000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(world, o.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect((await glTotal(world.ctx.coop, GL.bank)).debit - before.debit).toBe(1000_00);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 1000, available: 1000 });
    const txns = await queryPartition<{ order_id?: string }>(keys.memberTransactionsPartition(world.ctx.coop, bola.id));
    expect(txns.filter((t) => t.order_id === o.id)).toHaveLength(1);
  });

  it('never overdraws when withdrawals race', async () => {
    const p = await planOf(world, ada.id);
    await deposited(world, p.id, 5000);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await placed(world, p.id, 'WITHDRAWAL', 1000));
    const answers = await Promise.all(orders.map((o) => approve(world, o.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe('Insufficient available balance');
    }
    expect(await plan(world, ada.id, p.id)).toMatchObject({ balance: 0, available: 0 });
    const overdraw = await order(world, p.id, 'WITHDRAWAL', 1);
    expect(overdraw.status).toBe(422);
  });

  it('lists deposits and withdrawals by order date and searches by member', async () => {
    const p = await planOf(world, bola.id);
    const march = await placed(world, p.id, 'DEPOSIT', 11, '2026-03-05');
    const april = await placed(world, p.id, 'DEPOSIT', 12, '2026-04-20');
    const may = await placed(world, p.id, 'DEPOSIT', 13, '2026-05-31');
    const list = (query: Record<string, string>) =>
      call<{
        data: { id: string; date: string; savings: { product: { product: { name: string } } } }[];
        meta: { total: number };
      }>('GET', '/cooperative/transaction-order/deposits', {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop, per_page: '100', ...query },
      });
    const april1 = await list({ start_date: '2026-04-01', end_date: '2026-05-31' });
    const ids = april1.body.data.data.map((o) => o.id);
    expect(ids).toContain(april.id);
    expect(ids).toContain(may.id);
    expect(ids).not.toContain(march.id);
    expect(april1.body.data.data.every((o) => o.date >= '2026-04-01' && o.date <= '2026-05-31')).toBe(true);
    expect(april1.body.data.data[0]?.savings.product.product.name).toBe('Regular Savings');
    const byNumber = await list({ query: bola.id });
    expect(byNumber.body.data.data.length).toBeGreaterThanOrEqual(3);
    const nobody = await list({ query: 'no such member' });
    expect(nobody.body.data.meta.total).toBe(0);
    const withdrawals = await call('GET', '/cooperative/transaction-order/withdrawals', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(withdrawals.status).toBe(200);
    const plans = await call<{ data: unknown[] }>('GET', '/cooperative/transaction-order/savings', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, start_date: '2026-01-01', end_date: '2026-01-01' },
    });
    expect(plans.body.data.data.length).toBeGreaterThan(0);

    const history = await call<{ data: { transaction_date: string }[] }>(
      'GET',
      '/cooperative/member/details/transaction-history',
      {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop, coop_id: ada.id, start_date: '2026-03-15', end_date: '2026-03-15' },
      },
    );
    expect(history.status).toBe(200);
    expect(history.body.data.data.length).toBeGreaterThan(0);
    expect(history.body.data.data.every((t) => t.transaction_date === '2026-03-15')).toBe(true);
    const other = await call('GET', '/cooperative/member/details/transaction-history', {
      token: bola.token,
      query: { coop_id: ada.id },
    });
    expect(other.status).toBe(403);
  });

  it('balances: the debits of every GL account equal the credits', async () => {
    const totals = await glTotals(world.ctx.coop);
    const debit = totals.reduce((s, t) => s + (t.debit ?? 0), 0);
    const credit = totals.reduce((s, t) => s + (t.credit ?? 0), 0);
    expect(debit).toBeGreaterThan(0);
    expect(debit).toBe(credit);
  });
});

describe("a member's activity", () => {
  it('reads in their own words, with the amount, and shows sign-ins in a row once with their count', async () => {
    const member = await newMember(world);
    const p = await planOf(world, member.id);
    for (let i = 0; i < 3; i++)
      expect((await call('POST', '/auth/signed-in', { token: member.token })).status).toBe(200);
    expect((await order(world, p.id, 'DEPOSIT', '1500.50', undefined, member.token)).status).toBe(201);
    expect((await call('POST', '/auth/signed-in', { token: member.token })).status).toBe(200);

    const mine = await call<{ action: string; count?: number; at: string }[]>('GET', '/user/activity', {
      token: member.token,
    });
    const detail = await call<{ activity: { action: string; count?: number }[] }>('GET', '/cooperative/member/single', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: member.id },
    });

    expect(mine.body.data.map(({ action, count }) => ({ action, count }))).toEqual([
      { action: 'Signed in', count: undefined },
      { action: 'Placed a deposit or withdrawal of ₦1,500.50', count: undefined },
      // Three sign-ins here, after the one that gave the member their token.
      { action: 'Signed in', count: 4 },
    ]);
    expect(detail.body.data.activity.map((a) => a.action)).toEqual([
      'Signed in',
      'Placed a deposit or withdrawal of ₦1,500.50',
      'Signed in',
    ]);
  });
});
