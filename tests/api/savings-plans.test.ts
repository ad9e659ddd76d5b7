import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { SavingsWorld } from './support/savings.ts';
import { GL, deposited, glTotal, glTotals, newMember, placed, plan, planOf, savingsWorld } from './support/savings.ts';

/**
 * Target schedules, change requests, interest, dashboards, history download and the member list's
 * balances, in a cooperative of their own.
 */
let world: SavingsWorld;
let ada: { id: string; token: string };
let bola: { id: string; token: string };

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('SP');
  ada = await newMember(world);
  bola = await newMember(world, 'cooperative-executive');
});

const q = (extra: Record<string, string> = {}) => ({ cooperative_id: world.ctx.coop, ...extra });

describe('target savings', () => {
  it('builds the schedule from start, end, frequency and amount, and marks items paid in date order', async () => {
    const p = await planOf(world, ada.id, {
      savings_product_id: world.targeted,
      start_date: '2026-01-31',
      end_date: '2026-06-30',
      amount: '1000',
      frequency: 'Monthly',
    });
    expect(p.is_target).toBe(true);
    const schedule = async () =>
      (
        await call<{ data: { serial: number; amount: number; payment_date: string; status: number }[] }>(
          'GET',
          '/target-savings-schedule',
          { token: ada.token, query: { target_savings_id: p.id } },
        )
      ).body.data.data;
    const first = await schedule();
    expect(first.map((i) => i.payment_date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    expect(first.every((i) => i.amount === 1000 && i.status === 0)).toBe(true);

    await deposited(world, p.id, 2500);
    expect((await schedule()).map((i) => i.status)).toEqual([1, 1, 0, 0, 0, 0]);
    await deposited(world, p.id, 1500);
    expect((await schedule()).map((i) => i.status)).toEqual([1, 1, 1, 1, 0, 0]);
    expect(await plan(world, ada.id, p.id)).toMatchObject({ balance: 4000 });

    const weekly = await planOf(world, ada.id, {
      savings_product_id: world.targeted,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      amount: '10',
      frequency: 'Weekly',
    });
    const weeks = await call<{ data: unknown[] }>('GET', '/target-savings-schedule', {
      token: world.ctx.token,
      query: q({ target_savings_id: weekly.id }),
    });
    expect(weeks.body.data.data).toHaveLength(5);
    const notYours = await call('GET', '/target-savings-schedule', {
      token: bola.token,
      query: { target_savings_id: p.id },
    });
    expect(notYours.status).toBe(403);
  });
});

describe('savings change requests', () => {
  it('approving a pending request changes the plan amount; only pending ones can be decided', async () => {
    const p = await planOf(world, bola.id, { amount: '2000' });
    const asked = await call<{ id: string; old_amount: number; new_amount: number; status: number }>(
      'POST',
      '/cooperative/member/savings/change-amount',
      {
        token: bola.token,
        body: { savings_id: p.id, amount: '3500', comment: 'Salary increase' },
      },
    );
    expect(asked.status, asked.body.message).toBe(201);
    expect(asked.body.data).toMatchObject({ old_amount: 2000, new_amount: 3500, status: 0 });

    const missing = await call('POST', '/cooperative/member/savings/change-amount', { token: bola.token, body: {} });
    expect(missing.body.errors).toMatchObject({
      savings_id: 'Please select account',
      amount: 'This field is required',
      comment: 'This field is required',
    });
    const others = await call('POST', '/cooperative/member/savings/change-amount', {
      token: ada.token,
      body: { savings_id: p.id, amount: '1', comment: 'x' },
    });
    expect(others.status).toBe(403);

    const own = await call<{ data: { id: string; member?: unknown }[] }>('GET', '/cooperative/savings/request/member', {
      token: bola.token,
    });
    expect(own.body.data.data.map((r) => r.id)).toContain(asked.body.data.id);
    expect(own.body.data.data[0]?.member).toBeUndefined();
    const staff = await call<{ data: { id: string; member: { firstname: string } }[] }>(
      'GET',
      '/cooperative/savings/request',
      { token: world.ctx.token, query: q() },
    );
    expect(staff.body.data.data.find((r) => r.id === asked.body.data.id)?.member.firstname).toBe('Ada');

    const approved = await call('POST', '/cooperative/savings/request/approve', {
      token: world.ctx.token,
      query: q({ request_id: asked.body.data.id }),
    });
    expect(approved.status, approved.body.message).toBe(200);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ amount: 3500 });
    expect(
      (
        await call('POST', '/cooperative/savings/request/approve', {
          token: world.ctx.token,
          query: q({ request_id: asked.body.data.id }),
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('POST', '/cooperative/savings/request/deny', {
          token: world.ctx.token,
          query: q({ request_id: asked.body.data.id }),
        })
      ).status,
    ).toBe(409);
  });
});

describe('a denied savings change request', () => {
  it("is marked denied and leaves the plan's amount as it was", async () => {
    // Prepare: a plan of ₦2,000 a month and the member's request to make it ₦5,000.
    const member = await newMember(world);
    const p = await planOf(world, member.id, { amount: '2000' });
    const asked = await call<{ id: string }>('POST', '/cooperative/member/savings/change-amount', {
      token: member.token,
      body: { savings_id: p.id, amount: '5000', comment: 'New job' },
    });
    expect(asked.status, asked.body.message).toBe(201);

    // Act
    const denied = await call<{ id: string; status: number; status_name: string }>(
      'POST',
      '/cooperative/savings/request/deny',
      { token: world.ctx.token, query: q({ request_id: asked.body.data.id }) },
    );

    // Assert: denied, the plan still ₦2,000 with no money moved, and the request no longer pending.
    expect(denied.status, denied.body.message).toBe(200);
    expect(denied.body.message).toBe('Savings change request denied');
    expect(denied.body.data).toMatchObject({
      id: asked.body.data.id,
      old_amount: 2000,
      new_amount: 5000,
      status: 2,
      status_name: 'Denied',
    });
    expect(await plan(world, member.id, p.id)).toMatchObject({ amount: 2000, balance: 0 });
    const own = await call<{ data: { id: string; status: number }[] }>('GET', '/cooperative/savings/request/member', {
      token: member.token,
    });
    expect(own.body.data.data.find((r) => r.id === asked.body.data.id)?.status).toBe(2);
    const approve = await call('POST', '/cooperative/savings/request/approve', {
      token: world.ctx.token,
      query: q({ request_id: asked.body.data.id }),
    });
    expect(approve.status).toBe(409);
    expect(await plan(world, member.id, p.id)).toMatchObject({ amount: 2000 });
  });
});

describe('credit interest', () => {
  it('credits balance x rate / 12 once per plan per month', async () => {
    const p = await planOf(world, bola.id, { credit_interest: 3.5 });
    await deposited(world, p.id, 10000, '2026-02-01');
    const expenseBefore = await glTotal(world.ctx.coop, GL.interestOnSavings);
    const run = (month: string) =>
      call<{ credited: number; already: number }>('POST', '/cooperative/savings/credit-interest', {
        token: world.ctx.token,
        body: { cooperative_id: world.ctx.coop, month },
      });
    const first = await run('2026-02');
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.credited).toBeGreaterThanOrEqual(1);
    // 10,000.00 x 3.5% / 12 = 29.1666.. -> 29.17
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 10029.17, available: 10029.17 });
    const second = await run('2026-02');
    expect(second.body.data.credited).toBe(0);
    expect(second.body.data.already).toBe(first.body.data.credited);
    expect(await plan(world, bola.id, p.id)).toMatchObject({ balance: 10029.17 });
    expect((await glTotal(world.ctx.coop, GL.interestOnSavings)).debit - expenseBefore.debit).toBeGreaterThanOrEqual(
      29_17,
    );
    const bad = await run('2026-13');
    expect(bad.status).toBe(422);
  });
});

describe('dashboards, history download and member balances', () => {
  it('serves the staff dashboard from real orders and postings', async () => {
    const p = await planOf(world, ada.id);
    await deposited(world, p.id, 400, `${new Date().getUTCFullYear()}-03-03`);
    await placed(world, p.id, 'DEPOSIT', 50);
    const r = await call<{
      dashboard: { pending: number; deposit: number; withdrawal: number; request: number };
      transaction_overview: { overview: { month: string; deposits: number; withdrawals: number }[] };
      deposits: { member_name: string; product_name: string; amount: number; status: number }[];
      loan_applications: unknown[];
    }>('GET', '/cooperative/dashboard', { token: world.ctx.token, query: q() });
    expect(r.status).toBe(200);
    expect(r.body.data.dashboard.deposit).toBeGreaterThanOrEqual(1);
    expect(r.body.data.dashboard.request).toBe(0);
    expect(r.body.data.transaction_overview.overview.map((m) => m.month)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(r.body.data.transaction_overview.overview[2]?.deposits).toBeGreaterThanOrEqual(400);
    expect(r.body.data.deposits.length).toBeGreaterThan(0);
    expect(r.body.data.deposits.length).toBeLessThanOrEqual(5);
    expect(r.body.data.deposits[0]).toMatchObject({ product_name: 'Regular Savings' });
    expect(r.body.data.loan_applications).toEqual([]);
  });

  it("serves a member's own dashboard only", async () => {
    const r = await call<{
      savings_overview: {
        balance: number;
        last_payment: { amount: number } | null;
        histories: { type: { name: string } }[];
      };
      loan_overview: unknown;
    }>('GET', '/cooperative/member/single/dashboard', { token: ada.token });
    expect(r.status).toBe(200);
    expect(r.body.data.savings_overview.balance).toBeGreaterThan(0);
    expect(r.body.data.savings_overview.last_payment).not.toBeNull();
    expect(r.body.data.savings_overview.histories.length).toBeGreaterThan(0);
    expect(r.body.data.loan_overview).toEqual({ total_loan: 0, active_loan: 0, loans: [] });
    expect(
      (await call('GET', '/cooperative/member/single/dashboard', { token: ada.token, query: { coop_id: bola.id } }))
        .status,
    ).toBe(403);
  });

  it('downloads the transaction history as .xlsx named with a timestamp', async () => {
    const r = await fetch(
      `${(await import('./support/api.ts')).apiUrl()}/api/v1/cooperative/member/details/transaction-history?download=true`,
      { headers: { authorization: `Bearer ${ada.token}` } },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    expect(r.headers.get('content-disposition')).toMatch(/transaction-history-.*-\d{8}-\d{6}\.xlsx/);
  });

  it("fills the member list's Leg./Avl. balance and Monthly Sav. from the plans", async () => {
    const fresh = await newMember(world);
    const p = await planOf(world, fresh.id, { amount: '1200' });
    await planOf(world, fresh.id, { amount: '300' });
    await deposited(world, p.id, 900);
    const r = await call<{
      data: { coop_id: string; ledger_balance: number; available_balance: number; monthly_savings: number }[];
    }>('GET', '/cooperative/member', {
      token: world.ctx.token,
      query: q({ query: fresh.id }),
    });
    expect(r.body.data.data.find((m) => m.coop_id === fresh.id)).toMatchObject({
      ledger_balance: 900,
      available_balance: 900,
      monthly_savings: 1500,
    });
  });

  it('keeps the books balanced', async () => {
    const totals = await glTotals(world.ctx.coop);
    expect(totals.reduce((s, t) => s + (t.debit ?? 0), 0)).toBe(totals.reduce((s, t) => s + (t.credit ?? 0), 0));
  });
});
