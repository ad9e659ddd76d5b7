import { kobo } from '@coopledger/shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../functions/core/ledger.ts';
import { call, tokenFor } from './support/api.ts';
import { newContext, withCoop } from './support/crud-suite.ts';
import { useRuntimeEnv } from './support/env.ts';
import { GL } from './support/setup-records.ts';

beforeAll(() => useRuntimeEnv());

interface GlRow {
  code: string;
  name: string;
  type: 'D' | 'C';
  category_name: string;
  subcategory_name: string;
  debit: number;
  credit: number;
  balance: number;
}

describe('GL accounts with balances', () => {
  it("shows each account's balance on its normal side from the ledger's running totals", async () => {
    // Prepare: a deposit of 2,500.50 and a withdrawal of 500.00.
    const ctx = await newContext('cooperative');
    const lines = (amount: number, from: string, to: string) => [
      { glCode: from, side: 'D' as const, amount: kobo(amount) },
      { glCode: to, side: 'C' as const, amount: kobo(amount) },
    ];
    await post({
      cooperativeId: ctx.coop!,
      idempotencyKey: 'gl-1',
      date: '2026-04-01',
      description: 'Deposit',
      source: { type: 'TEST', id: '1' },
      lines: lines(2_500_50, GL.bank, GL.savings),
    });
    await post({
      cooperativeId: ctx.coop!,
      idempotencyKey: 'gl-2',
      date: '2026-04-02',
      description: 'Withdrawal',
      source: { type: 'TEST', id: '2' },
      lines: lines(500_00, GL.savings, GL.bank),
    });

    // Act
    const response = await call<{ data: GlRow[]; meta: { total: number } }>('GET', '/cooperative/gl-accounts', {
      token: ctx.token,
      query: withCoop(ctx, { per_page: 100 }),
    });

    // Assess
    expect(response.status).toBe(200);
    const byCode = new Map(response.body.data.data.map((r) => [r.code, r]));
    expect(byCode.get(GL.bank)).toMatchObject({
      type: 'D',
      debit: 2500.5,
      credit: 500,
      balance: 2000.5,
      category_name: 'Current Assets',
      subcategory_name: 'Cash and Bank',
    });
    expect(byCode.get(GL.savings)).toMatchObject({ type: 'C', debit: 500, credit: 2500.5, balance: 2000.5 });
    expect(byCode.get(GL.cash)).toMatchObject({ balance: 0 });
    expect(response.body.data.meta.total).toBe(byCode.size);
  });

  it('searches and pages', async () => {
    const ctx = await newContext('cooperative');
    const found = await call<{ data: GlRow[] }>('GET', '/cooperative/gl-accounts', {
      token: ctx.token,
      query: withCoop(ctx, { query: 'savings' }),
    });
    expect(found.body.data.data.map((r) => r.name)).toEqual(
      expect.arrayContaining(["Members' Savings", 'Interest on Savings']),
    );
    const paged = await call<{ data: GlRow[]; meta: { last_page: number } }>('GET', '/cooperative/gl-accounts', {
      token: ctx.token,
      query: withCoop(ctx, { per_page: 5 }),
    });
    expect(paged.body.data.data).toHaveLength(5);
    expect(paged.body.data.meta.last_page).toBeGreaterThan(1);
  });

  it('is for staff, not members', async () => {
    expect((await call('GET', '/cooperative/gl-accounts', { token: await tokenFor('DEMO0001') })).status).toBe(403);
  });
});
