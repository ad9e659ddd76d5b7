import { beforeAll, describe, expect, it } from 'vitest';
import type { DividendGlSetupView, RevenueSharingView } from '@coopledger/shared/dividend-views';
import { keys } from '../../functions/core/keys.ts';
import { call, superToken } from './support/api.ts';
import { DIVIDEND_GL_SETUP } from './support/dividends.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative, postJournal, setAttribute } from './support/fixtures.ts';

/**
 * Dividends, first slice (issue 21): the cooperative's dividend GL accounts and a period's revenue
 * sharing. Accounts are the standard chart's (functions/cooperatives/standard-chart.ts): 3xxxxx are
 * liabilities, 4xxxxx equity, 5xxxxx income, 6xxxxx and 7xxxxx expenses.
 */
useRuntimeEnv();

let coop: string;
let token: string;

beforeAll(async () => {
  token = await superToken();
  coop = (await createTestCooperative('DV')).id;
});

const get = <T>(path: string, query: Record<string, string | number> = {}) =>
  call<T>('GET', path, { token, query: { cooperative_id: coop, ...query } });
const send = <T>(path: string, body: Record<string, unknown>) =>
  call<T>('POST', path, { token, body: { cooperative_id: coop, ...body } });

const SETUP = DIVIDEND_GL_SETUP;

describe('dividend GL setup', () => {
  it('is empty at first, and offers each field only active accounts of its classes', async () => {
    const first = await get<DividendGlSetupView>('/cooperative/dividend/gl-setup');
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.setup).toBeNull();
    const codes = (field: keyof DividendGlSetupView['choices']) => first.body.data.choices[field].map((a) => a.code);
    expect(codes('provision_gl')).toEqual(['301001', '301002', '302001', '302002']);
    expect(codes('retained_earnings_gl')).toEqual(['401001', '402001', '402002', '402003']);
    expect(codes('statutory_reserve_gl')).toEqual(codes('retained_earnings_gl'));
    expect(codes('admin_fee_gl')).toEqual([
      '301001',
      '301002',
      '302001',
      '302002',
      '501001',
      '502001',
      '502002',
      '503001',
      '504001',
      '505001',
    ]);
  });

  it('saves four accounts of the right classes and shows them back with their names', async () => {
    const saved = await send<DividendGlSetupView>('/cooperative/dividend/gl-setup', SETUP);
    expect(saved.status, saved.body.message).toBe(200);
    const shown = (await get<DividendGlSetupView>('/cooperative/dividend/gl-setup')).body.data.setup;
    expect(shown).toMatchObject({
      provision_gl: { code: '302002', name: 'Other Payables' },
      retained_earnings_gl: { code: '402002', name: 'Retained Earnings' },
      statutory_reserve_gl: { code: '402001', name: 'Statutory Reserve' },
      admin_fee_gl: { code: '504001', name: 'Other Income' },
      updated_by: 'SUPERADMIN',
    });
  });

  it.each([
    [
      { provision_gl: '503001' },
      'provision_gl',
      'GL account 503001 (Investment Income) is an income account; the Provision for dividend GL must be a liability account',
    ],
    [
      { retained_earnings_gl: '101002' },
      'retained_earnings_gl',
      'GL account 101002 (Main Bank Account) is an asset account; the Retained earnings GL must be an equity account',
    ],
    [
      { admin_fee_gl: '702002' },
      'admin_fee_gl',
      'GL account 702002 (Office Expenses) is an operating expense account; the Admin fee GL must be an income or a liability account',
    ],
    [{ statutory_reserve_gl: '499999' }, 'statutory_reserve_gl', 'GL account 499999 does not exist'],
    [{ statutory_reserve_gl: '' }, 'statutory_reserve_gl', 'Please select the statutory reserve GL'],
    [
      { statutory_reserve_gl: '402002' },
      'statutory_reserve_gl',
      'The Statutory reserve GL must differ from the Retained earnings GL',
    ],
  ])('refuses %j on %s, keeping what was saved', async (change, field, message) => {
    const refused = await send('/cooperative/dividend/gl-setup', { ...SETUP, provision_gl: '301002', ...change });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[field]).toBe(message);
    const kept = (await get<DividendGlSetupView>('/cooperative/dividend/gl-setup')).body.data.setup;
    expect(kept?.provision_gl.code).toBe('302002');
  });

  it('refuses an inactive account and no longer offers it', async () => {
    const key = keys.glAccount(coop, '302001');
    const setStatus = (status: number) => setAttribute(key, 'status', status);
    await setStatus(0);
    try {
      const refused = await send('/cooperative/dividend/gl-setup', { ...SETUP, provision_gl: '302001' });
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.provision_gl).toBe('GL account 302001 (Interest Payable on Savings) is inactive');
      const choices = (await get<DividendGlSetupView>('/cooperative/dividend/gl-setup')).body.data.choices;
      expect(choices.provision_gl.map((a) => a.code)).toEqual(['301001', '301002', '302002']);
    } finally {
      await setStatus(1);
    }
  });
});

describe('revenue sharing', () => {
  const YEAR = new Date().toISOString().slice(0, 4);
  const MARCH = { from: `${YEAR}-03-01`, to: `${YEAR}-03-31` };

  const journal = (date: string, debit: string, credit: string, amount: number) =>
    postJournal(coop, token, { date, debit, credit, amount, description: 'Revenue sharing test' });

  beforeAll(async () => {
    // March: income 1,000,000 + 250,000 (two income accounts); expenses 600,000 + 250,000.
    await journal(`${YEAR}-03-05`, '101002', '504001', 1_000_000);
    await journal(`${YEAR}-03-20`, '101002', '502001', 250_000);
    await journal(`${YEAR}-03-10`, '702002', '101002', 600_000);
    await journal(`${YEAR}-03-31`, '601001', '101002', 250_000);
    // Outside March: not counted.
    await journal(`${YEAR}-02-28`, '101002', '504001', 7_777);
    await journal(`${YEAR}-04-01`, '702002', '101002', 3_333);
    // April alone makes a loss.
  });

  it('takes the surplus of the period from the ledger and shares it after the reserve and the fee', async () => {
    const r = await get<RevenueSharingView>('/cooperative/dividend/revenue-sharing', {
      ...MARCH,
      reserve_percent: 20,
      admin_fee_type: 'percent',
      admin_fee: '2.5',
    });
    expect(r.status, r.body.message).toBe(200);
    // Surplus 1,250,000 - 850,000 = 400,000; reserve 20% = 80,000; fee 2.5% = 10,000;
    // left 310,000 shared 50/40/10 = 155,000 / 124,000 / 31,000.
    expect(r.body.data).toMatchObject({
      total_revenue: 1_250_000,
      total_expenses: 850_000,
      surplus: 400_000,
      statutory_reserve: 80_000,
      admin_fee: 10_000,
      distributable: 310_000,
      pools: { savings: 155_000, loan: 124_000, other: 31_000 },
      ratios: { savings: 50, loan: 40, other: 10 },
      no_surplus: false,
    });
  });

  it('gives the kobo of an uneven split to the largest remainders, and takes a fee as an amount', async () => {
    // Surplus 400,000; reserve 12.5% = 50,000; fee 0.07 naira; left 349,999.93 = 34,999,993 kobo.
    // 33.33/33.33/33.34: exact 11,665,497.6669 / 11,665,497.6669 / 11,668,997.6662 kobo ->
    // floors 11,665,497 / 11,665,497 / 11,668,997 (2 kobo left) to the largest remainders.
    const r = await get<RevenueSharingView>('/cooperative/dividend/revenue-sharing', {
      ...MARCH,
      reserve_percent: '12.5',
      admin_fee_type: 'amount',
      admin_fee: '0.07',
      savings_ratio: '33.33',
      loan_ratio: '33.33',
      other_ratio: '33.34',
    });
    expect(r.status, r.body.message).toBe(200);
    const { savings, loan, other } = r.body.data.pools;
    expect(r.body.data.distributable).toBe(349_999.93);
    expect(Math.round((Number(savings) + Number(loan) + Number(other)) * 100)).toBe(34_999_993);
    // Remainders: savings .6669, loan .6669, other .6662 (of a kobo): the two kobo go to savings and loan.
    expect([savings, loan, other]).toEqual([116_654.98, 116_654.98, 116_689.97]);
  });

  it('shares nothing in a period with a loss', async () => {
    const r = await get<RevenueSharingView>('/cooperative/dividend/revenue-sharing', {
      from: `${YEAR}-04-01`,
      to: `${YEAR}-04-30`,
      reserve_percent: 20,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      total_revenue: 0,
      total_expenses: 3_333,
      surplus: -3_333,
      statutory_reserve: 0,
      distributable: 0,
      pools: { savings: 0, loan: 0, other: 0 },
      no_surplus: true,
    });
  });

  it.each([
    [{ to: `${YEAR}-02-01` }, 'to', 'The end date must not be before the start date'],
    [{ to: '2999-01-01' }, 'to', 'The period cannot end in the future'],
    [{ from: '2026-02-30' }, 'from', undefined],
    [{ reserve_percent: '' }, 'reserve_percent', 'Please enter the statutory reserve percentage'],
    [{ reserve_percent: '101' }, 'reserve_percent', 'Must be at most 100'],
    [{ other_ratio: '5' }, 'savings_ratio', 'The sharing ratios must add up to 100 (they add up to 95)'],
    [
      { admin_fee_type: 'percent', admin_fee: '150' },
      'admin_fee',
      'Enter a percentage from 0 to 100 with at most 2 decimals',
    ],
    [{ admin_fee: '12.345' }, 'admin_fee', 'Enter an amount in naira with at most 2 decimals'],
    [{ admin_fee_type: 'share' }, 'admin_fee_type', 'Select amount or percent'],
    [
      { admin_fee: '320000.01' },
      'admin_fee',
      'The admin fee is more than the surplus left after the statutory reserve (320,000.00)',
    ],
  ])('refuses %j on %s', async (change, field, message) => {
    const r = await get('/cooperative/dividend/revenue-sharing', { ...MARCH, reserve_percent: 20, ...change });
    expect(r.status).toBe(422);
    if (message) expect(r.body.errors?.[field]).toBe(message);
    else expect(r.body.errors?.[field]).toBeTruthy();
  });
});
