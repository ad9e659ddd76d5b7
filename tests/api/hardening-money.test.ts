import ExcelJS from 'exceljs';
import { kobo } from '@coopledger/shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@coopledger/shared/dates';
import { batchRows, postBatchRow, settleBatch } from '../../functions/core/batch-ledger.ts';
import { getItem, queryAll, table } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { post, reverse } from '../../functions/core/ledger.ts';
import { monthFigures } from '../../functions/savings/savings-month-entity.ts';
import { summaryUpdate } from '../../functions/savings/member-savings-entity.ts';
import { createUser } from '../../functions/users/user-service.ts';
import { apiUrl, call, superToken, tokenFor } from './support/api.ts';
import type { ApiResponse } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import type { LoanWorld, Member } from './support/loans.ts';
import { application, loanProduct, loanWorld, members } from './support/loans.ts';
import { memberBody } from './support/members.ts';
import type { SavingsWorld } from './support/savings.ts';
import { GL, approve, deposited, newMember, order, placed, planOf, savingsWorld } from './support/savings.ts';
import { assetBody, createAssetType, loanSetupBody, savingsSetupBody } from './support/setup-records.ts';

/**
 * Issue 18, items 1 and 4 (DESIGN.md section 3): every single amount is at most the cooperative's
 * limit under the platform maximum of ₦10,000,000,000; totals of any size the limits allow are
 * added and sent exactly; a posting date is a real day, not in the future (Nigerian time) and not
 * before the cooperative's opening date, imports of history aside.
 *
 * Figures past 2^46 naira (₦70 trillion) arrive as decimal text (money.ts NairaFigure), which this
 * file compares as written below, worked out by hand.
 */
const TODAY = businessDate();
const q = (world: SavingsWorld, extra: Record<string, string | number> = {}) => ({
  cooperative_id: world.ctx.coop,
  ...extra,
});
const fieldOf = (r: ApiResponse, field: string) => r.body.errors?.[field];

interface CooperativeView {
  id: string;
  name: string;
  code: string;
  email: string;
  phone: string;
  address: string;
  website: string | null;
  colors: string;
  opening_date: string;
  max_amount: number;
  meta: { totalSavings: number | string; totalLoans: number | string; loansPaid: number | string };
}

const cooperativeOf = async (id: string) =>
  (await call<CooperativeView>('GET', '/cooperative', { token: await superToken(), query: { cooperative_id: id } }))
    .body.data;

/**
 * POST /cooperative/update with the cooperative's own fields and the settings given (as super-admin unless `token` says
 * otherwise).
 */
async function updateSettings(id: string, settings: { opening_date?: string; max_amount?: string }, token?: string) {
  const coop = await cooperativeOf(id);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    id,
    name: coop.name,
    code: coop.code,
    email: coop.email,
    phone: coop.phone,
    address: coop.address,
    colors: coop.colors,
    ...settings,
  })) {
    form.append(name, String(value));
  }
  return call<CooperativeView>('POST', '/cooperative/update', { token: token ?? (await superToken()), form });
}

beforeAll(() => {
  useRuntimeEnv();
});

describe('the largest single amount', () => {
  let world: SavingsWorld;
  let member: { id: string; token: string };
  let planId = '';

  beforeAll(async () => {
    world = await savingsWorld('HM');
    member = await newMember(world);
    planId = (await planOf(world, member.id)).id;
  }, 60_000);

  it('refuses a deposit above the platform maximum with the field message, writing nothing', async () => {
    // ₦90,071,992,547,409.91 is Number.MAX_SAFE_INTEGER kobo, the amount of the report.
    for (const amount of ['90071992547409.91', '10000000000.01']) {
      const r = await order(world, planId, 'DEPOSIT', amount, TODAY);
      expect(r.status, amount).toBe(422);
      expect(fieldOf(r, 'amount')).toBe('Enter an amount of at most ₦10,000,000,000.00');
    }
    const orders = await call<{ data: unknown[] }>('GET', '/cooperative/transaction-order/deposits', {
      token: world.ctx.token,
      query: q(world),
    });
    expect(orders.body.data.data).toHaveLength(0);
    // The maximum itself is allowed.
    expect((await order(world, planId, 'DEPOSIT', '10000000000', TODAY)).status).toBe(201);
  });

  it("keeps the cooperative's limit and opening date as settings, under the platform maximum", async () => {
    const fresh = await createTestCooperative('HS', { opening_date: '' });
    const created = await cooperativeOf(fresh.id);
    expect(created.opening_date).toBe(TODAY);
    expect(created.max_amount).toBe(10_000_000_000);

    const over = await updateSettings(fresh.id, { max_amount: '10000000000.01' });
    expect(over.status).toBe(422);
    expect(fieldOf(over, 'max_amount')).toBe('Enter an amount of at most ₦10,000,000,000.00');
    expect(fieldOf(await updateSettings(fresh.id, { max_amount: '0' }), 'max_amount')).toBe(
      'Enter an amount greater than zero',
    );
    expect(fieldOf(await updateSettings(fresh.id, { opening_date: '2999-01-01' }), 'opening_date')).toBe(
      'The opening date cannot be in the future',
    );
    expect(fieldOf(await updateSettings(fresh.id, { opening_date: '1899-12-31' }), 'opening_date')).toBe(
      'The opening date cannot be before 1900-01-01',
    );

    const saved = await updateSettings(fresh.id, { max_amount: '2500000.50', opening_date: '2024-07-01' });
    expect(saved.status, saved.body.message).toBe(200);
    expect(await cooperativeOf(fresh.id)).toMatchObject({ max_amount: 2_500_000.5, opening_date: '2024-07-01' });
    // Blank keeps them.
    expect((await updateSettings(fresh.id, { max_amount: '', opening_date: '' })).status).toBe(200);
    expect(await cooperativeOf(fresh.id)).toMatchObject({ max_amount: 2_500_000.5, opening_date: '2024-07-01' });
  });

  it("refuses journal entry lines above the platform maximum (adding up past 2^53 kobo) with the first line's field message, not a 500", async () => {
    const big = '45035996273704.96'; // 2^52 kobo: two of them are 2^53
    const r = await call('POST', '/cooperative/journal-entry', {
      token: world.ctx.token,
      body: {
        cooperative_id: world.ctx.coop,
        date: TODAY,
        description: 'Too large',
        lines: [
          { gl_code: GL.bank, debit: big, credit: 0 },
          { gl_code: GL.cash, debit: big, credit: 0 },
          { gl_code: GL.savings, debit: 0, credit: '90071992547409.92' },
        ],
      },
    });
    expect(r.status).toBe(422);
    expect(fieldOf(r, 'lines.0.debit')).toBe('Enter an amount of at most ₦10,000,000,000.00');
  });
});

describe("the cooperative's own limit", () => {
  let world: LoanWorld;
  let saver: Member;
  let planId = '';
  let loanProductId = '';
  let assetType = '';
  let department = '';
  let code = '';
  const OVER = '1000.01';
  const LIMIT_MESSAGE = 'Enter an amount of at most ₦1,000.00';

  beforeAll(async () => {
    world = await loanWorld('HL');
    [saver] = await members(world, 1);
    planId = (await planOf(world, saver!.id, { amount: '500' })).id;
    loanProductId = await loanProduct(world, 'Small Loan');
    assetType = (await createAssetType(world.ctx, `Furniture ${world.ctx.tag}`)).id;
    department = world.department;
    code = (await cooperativeOf(world.ctx.coop)).code;
    const limited = await updateSettings(world.ctx.coop, { max_amount: '1000' });
    expect(limited.status, limited.body.message).toBe(200);
  }, 90_000);

  const send = (path: string, body: Record<string, unknown>, token = world.ctx.token) =>
    call('POST', path, { token, body: { cooperative_id: world.ctx.coop, ...body } });

  it('refuses every amount above the limit on every route that takes one, and allows the limit itself', async () => {
    const journal = (debit: string) => ({
      date: TODAY,
      description: 'Limit',
      lines: [
        { gl_code: GL.bank, debit, credit: 0 },
        { gl_code: GL.cash, debit: 0, credit: debit },
      ],
    });
    const cases: [string, string, Record<string, unknown>][] = [
      [
        '/cooperative/transaction-order',
        'amount',
        { savings_id: planId, amount: OVER, date: TODAY, payment_mode_id: 1, transaction_type: 'DEPOSIT' },
      ],
      [
        '/cooperative/member/savings/add-plan',
        'amount',
        {
          coop_id: saver!.id,
          savings_product_id: world.regular,
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          amount: OVER,
          credit_interest: 3.5,
          frequency: 'Monthly',
        },
      ],
      ['/cooperative/member/savings/change-amount', 'amount', { savings_id: planId, amount: OVER, comment: 'More' }],
      ['/cooperative/member', 'savings_amount', memberBody(department, { savings_amount: OVER })],
      [
        '/cooperative/member/loans/apply',
        'loan_amount',
        application(world, loanProductId, saver!.id, 'X1', 'X2', { loan_amount: OVER }),
      ],
      [
        '/cooperative/loan-offset',
        'offset_amount',
        {
          loan_id: 'NOSUCHLOAN',
          offset_mode: 1,
          offset_type: 1,
          loan_amount: '5000',
          offset_amount: OVER,
          bank_id: world.bank,
          restructure_tenure: 3,
          payment_start_date: '2026-12-01',
        },
      ],
      ['/cooperative/journal-entry', 'lines.0.debit', journal(OVER)],
      [
        '/cooperative/investment-tracker',
        'investment_amount',
        {
          invested_with: 'Bills',
          investment_amount: OVER,
          investment_income: '10',
          start_date: TODAY,
          due_date: '2030-01-01',
          gl_code: GL.investments,
          investment_interest_gl: '504001',
          bank_id: world.bank,
          status: 1,
        },
      ],
      [
        '/cooperative/investment-tracker/close',
        'investment_income',
        { investment_id: 'NOSUCH', investment_income: OVER },
      ],
      [
        '/cooperative/asset',
        'initial_cost',
        { ...assetBody(assetType, 'Desk'), initial_cost: OVER, residual_value: '0' },
      ],
      [
        '/cooperative/product-setup/savings',
        'opening_balance',
        { ...savingsSetupBody(world.regular, world.charge), opening_balance: OVER },
      ],
      [
        '/cooperative/product-setup/loans',
        'lien_amount',
        { ...loanSetupBody(loanProductId, world.charge), lien_amount: OVER },
      ],
    ];
    for (const [path, field, body] of cases) {
      const r = await send(path, body);
      expect(r.status, `${path}: ${r.body.message}`).toBe(422);
      expect(fieldOf(r, field), path).toBe(LIMIT_MESSAGE);
    }
    // The public registration names its cooperative by code.
    const {
      role_id: _r,
      staff_id: _s,
      password: _p,
      ...registration
    } = memberBody(department, { savings_amount: OVER });
    const pending = await call('POST', '/cooperative/pending_members', {
      body: { ...registration, cooperative_code: code, type: 'pending' },
    });
    expect(pending.status).toBe(422);
    expect(fieldOf(pending, 'savings_amount')).toBe(LIMIT_MESSAGE);
    // Nothing was written; the limit itself passes.
    const deposits = await call<{ data: unknown[] }>('GET', '/cooperative/transaction-order/deposits', {
      token: world.ctx.token,
      query: q(world),
    });
    expect(deposits.body.data.data).toHaveLength(0);
    expect(
      (
        await send('/cooperative/transaction-order', {
          savings_id: planId,
          amount: '1000',
          date: TODAY,
          payment_mode_id: 1,
          transaction_type: 'DEPOSIT',
        })
      ).status,
    ).toBe(201);
  });

  it('refuses rows of savings and loan import files above the limit, importing nothing', async () => {
    const savingsCsv = new Blob([
      `member,product,transaction_type,amount,date,description\r\n${saver!.id},Regular Savings,DEPOSIT,${OVER},2026-02-01,x\r\n${saver!.id},Regular Savings,DEPOSIT,1000,2026-02-02,y\r\n`,
    ]);
    const savingsErrors = await importErrors('/savings/import', savingsCsv, 'savings.csv', {
      type: 'NORMAL_HISTORY',
      bank_id: world.bank,
    });
    expect(savingsErrors).toEqual([{ row: 2, column: 'amount', message: LIMIT_MESSAGE }]);

    const loansCsv = new Blob([
      `member,loan_product,loan_amount,interest_rate,tenure,tenure_type,calculation_method,payment_start_date,disbursement_date,amount_repaid\r\n${saver!.id},Small Loan,${OVER},6,6,Months,1,2026-04-01,2026-03-20,\r\n`,
    ]);
    const loanErrors = await importErrors('/cooperative/loans/import', loansCsv, 'loans.csv', {});
    expect(loanErrors).toEqual([{ row: 2, column: 'loan_amount', message: LIMIT_MESSAGE }]);
  });

  it('refuses a payroll file whose Amount Deducted is above the limit, posting nothing', async () => {
    const period = { start_date: '2026-03-01', end_date: '2026-03-31', repayment_type: 'Salary' };
    const url = new URL(`${apiUrl()}/api/v1/cooperative/monthly-deduction/download`);
    url.searchParams.set('cooperative_id', world.ctx.coop);
    const downloaded = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(period),
    });
    expect(downloaded.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await downloaded.arrayBuffer());
    const sheet = book.getWorksheet('Payroll')!;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(1).value === saver!.id)
        row.getCell(header.indexOf('Amount Deducted') + 1).value = 1000.01;
    });
    const form = new FormData();
    for (const [name, value] of Object.entries({ cooperative_id: world.ctx.coop, ...period, bank_id: world.bank }))
      form.append(name, value);
    form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'payroll.xlsx');
    const started = await call<{ id: string }>('POST', '/cooperative/monthly-deduction/upload', {
      token: world.ctx.token,
      form,
    });
    expect(started.status, started.body.message).toBe(202);
    let run:
      { done: boolean; status: string; rows_posted: number; errors: { column: string; message: string }[] } | undefined;
    for (let i = 0; i < 300 && !run?.done; i++) {
      run = (
        await call<typeof run>('GET', '/cooperative/monthly-deduction/single', {
          token: world.ctx.token,
          query: q(world, { run_id: started.body.data.id }),
        })
      ).body.data;
      if (!run?.done) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(run).toMatchObject({ status: 'INVALID', rows_posted: 0 });
    expect(run?.errors.map((e) => e.message)).toContain(`Amount Deducted: ${LIMIT_MESSAGE}`);
  });

  async function importErrors(path: string, file: Blob, name: string, fields: Record<string, string>) {
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    form.append('file', file, name);
    const started = await call<{ import_id: string }>('POST', path, { token: world.ctx.token, form });
    expect(started.status, started.body.message).toBe(202);
    for (let i = 0; i < 300; i++) {
      const status = await call<{ done: boolean; status: string; errors: unknown[] }>('GET', `${path}/status`, {
        token: world.ctx.token,
        query: q(world, { import_id: started.body.data.import_id }),
      });
      if (status.body.data.done) {
        expect(status.body.data.status).toBe('INVALID');
        return status.body.data.errors;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('The import did not finish');
  }
});

describe('totals past 2^53 kobo', () => {
  /**
   * The books of a cooperative whose members' savings already hold 2^53 − 1 kobo (as about 9,007
   * deposits of ₦10 billion would leave them), written through the ledger in one journal, then moved
   * past 2^53 by deposits and a withdrawal through the API:
   *
   *      9,007,199,254,740,991  kobo before (2^53 − 1)
   *    +     1,000,000,000,000  a deposit of ₦10,000,000,000.00
   *    +                     1  a deposit of ₦0.01
   *    = 9,008,199,254,740,992  deposited: ₦90,081,992,547,409.92
   *    −                     2  a withdrawal of ₦0.02
   *    = 9,008,199,254,740,990  the balance: ₦90,081,992,547,409.90
   */
  const BEFORE = 9_007_199_254_740_991;
  const DEPOSITED = '90081992547409.92';
  const BALANCE = '90081992547409.90';
  const BEFORE_NAIRA = '90071992547409.91';
  let world: SavingsWorld;
  let saver: { id: string; token: string };
  let planId = '';

  beforeAll(async () => {
    world = await savingsWorld('HT');
    saver = await newMember(world);
    planId = (await planOf(world, saver.id)).id;
    await post({
      cooperativeId: world.ctx.coop,
      idempotencyKey: 'earlier-deposits',
      date: TODAY,
      description: 'Deposits before',
      source: { type: 'TEST', id: 'earlier-deposits' },
      lines: [
        { glCode: GL.bank, side: 'D', amount: kobo(BEFORE) },
        { glCode: GL.savings, side: 'C', amount: kobo(BEFORE) },
      ],
      effects: [
        {
          item: {
            Update: {
              TableName: table(),
              Key: keys.savingsPlan(world.ctx.coop, planId),
              UpdateExpression: 'ADD balance :a, available :a',
              ExpressionAttributeValues: { ':a': BEFORE },
            },
          },
        },
        { item: summaryUpdate(world.ctx.coop, saver.id, { balance: BEFORE, available: BEFORE }) },
        { item: monthFigures(world.ctx.coop, TODAY.slice(0, 7), 'deposits', BEFORE) },
      ],
    });
    await deposited(world, planId, '10000000000', TODAY);
    await deposited(world, planId, '0.01', TODAY);
    const withdrawal = await placed(world, planId, 'WITHDRAWAL', '0.02', TODAY);
    const approved = await approve(world, withdrawal.id);
    expect(approved.status, approved.body.message).toBe(200);
  }, 60_000);

  const get = async <T>(path: string, query: Record<string, string | number> = {}, token = world.ctx.token) => {
    const r = await call<T>('GET', path, { token, query: q(world, query) });
    expect(r.status, `${path}: ${r.body.message}`).toBe(200);
    return r.body.data;
  };

  it('keeps the running totals exact in the table', async () => {
    const bank = await getItem<{ debit: bigint; credit: number }>(keys.glTotal(world.ctx.coop, GL.bank), true);
    expect(bank).toMatchObject({ debit: 9_008_199_254_740_992n, credit: 2 });
    expect((await getItem<{ balance: bigint }>(keys.savingsPlan(world.ctx.coop, planId), true))?.balance).toBe(
      9_008_199_254_740_990n,
    );
  });

  it("serves the member's savings, the member list and the dashboards to the kobo", async () => {
    const plans = await get<{ data: { id: string; balance: unknown; available: unknown }[] }>('/savings', {
      coop_id: saver.id,
    });
    expect(plans.data.find((p) => p.id === planId)).toMatchObject({ balance: BALANCE, available: BALANCE });
    const list = await get<{ data: { coop_id: string; ledger_balance: unknown; available_balance: unknown }[] }>(
      '/cooperative/member',
      { query: saver.id },
    );
    expect(list.data[0]).toMatchObject({ coop_id: saver.id, ledger_balance: BALANCE, available_balance: BALANCE });
    const mine = await get<{ savings_overview: { balance: unknown; available: unknown } }>(
      '/cooperative/member/single/dashboard',
      {},
      saver.token,
    );
    expect(mine.savings_overview).toMatchObject({ balance: BALANCE, available: BALANCE });
    const staff = await get<{
      transaction_overview: { overview: { period: string; deposits: unknown; withdrawals: unknown }[] };
    }>('/cooperative/dashboard');
    expect(staff.transaction_overview.overview.find((m) => m.period === TODAY.slice(0, 7))).toMatchObject({
      deposits: DEPOSITED,
      withdrawals: 0.02,
    });
  });

  it("serves the cooperative's figures to its staff and to platform staff", async () => {
    expect((await get<CooperativeView>('/cooperative')).meta.totalSavings).toBe(BALANCE);
    const platform = await superToken();
    const { code } = await cooperativeOf(world.ctx.coop);
    const all = await call<{ data: { id: string; meta: CooperativeView['meta'] }[] }>('GET', '/cooperative/all', {
      token: platform,
      query: { query: code },
    });
    expect(all.status).toBe(200);
    expect(all.body.data.data[0]?.meta.totalSavings).toBe(BALANCE);
    const home = await call<{ cooperatives: { meta: { last_page: number } } }>('GET', '/dashboard', {
      token: platform,
      query: { per_page: 100 },
    });
    expect(home.status, home.body.message).toBe(200);
    let found: { meta: CooperativeView['meta'] } | undefined;
    for (let page = 1; !found && page <= home.body.data.cooperatives.meta.last_page; page++) {
      const r = await call<{ cooperatives: { data: { id: string; meta: CooperativeView['meta'] }[] } }>(
        'GET',
        '/dashboard',
        { token: platform, query: { per_page: 100, page } },
      );
      expect(r.status).toBe(200);
      found = r.body.data.cooperatives.data.find((c) => c.id === world.ctx.coop);
    }
    expect(found?.meta.totalSavings).toBe(BALANCE);
  });

  it('serves the GL accounts and every report to the kobo, the books still balancing', async () => {
    const accounts = await get<{ data: { code: string; debit: unknown; credit: unknown; balance: unknown }[] }>(
      '/cooperative/gl-accounts',
      { per_page: 100 },
    );
    expect(accounts.data.find((a) => a.code === GL.bank)).toMatchObject({
      debit: DEPOSITED,
      credit: 0.02,
      balance: BALANCE,
    });

    const period = { start_date: TODAY, end_date: TODAY };
    const trial = await get<{
      total: Record<string, unknown>;
      results: { sub_results: { coas: { coa_code: string; results: Record<string, unknown> }[] }[] }[];
    }>('/cooperative/reports/trial-balance', period);
    // The period's debits: the bank's 9,008,199,254,740,992 and the savings account's 2 kobo; the credits the other way
    // round.
    expect(trial.total).toEqual({
      debitBalance: BALANCE,
      creditBalance: BALANCE,
      periodDebit: '90081992547409.94',
      periodCredit: '90081992547409.94',
    });
    const bankLine = trial.results
      .flatMap((c) => c.sub_results.flatMap((s) => s.coas))
      .find((a) => a.coa_code === GL.bank);
    expect(bankLine?.results).toMatchObject({
      dc: 'D',
      balance: BALANCE,
      period_debit: DEPOSITED,
      period_credit: 0.02,
    });

    const sheet = await get<{
      totals: { assets: { current: unknown }; liabilities: { current: unknown }; difference: { current: unknown } };
    }>('/cooperative/reports/balance-sheet', period);
    expect(sheet.totals).toMatchObject({
      assets: { current: BALANCE },
      liabilities: { current: BALANCE },
      difference: { current: 0 },
    });

    const ledger = await get<{
      opening_balance: unknown;
      final_balance: unknown;
      total_debit: unknown;
      total_credit: unknown;
      results: { transaction_amount: unknown }[];
    }>('/cooperative/reports/get-ledger-statement', { ...period, ledger_code: GL.savings });
    expect(ledger).toMatchObject({
      opening_balance: 0,
      final_balance: BALANCE,
      total_debit: 0.02,
      total_credit: DEPOSITED,
    });
    expect(ledger.results.map((line) => line.transaction_amount).sort()).toEqual(
      [0.01, 0.02, 10_000_000_000, BEFORE_NAIRA].sort(),
    );

    const balances = await get<{ data: { coop_id: string; meta: { totalSavingsBalance: unknown } }[] }>(
      '/cooperative/reports/member-balance',
      { query: saver.id },
    );
    expect(balances.data[0]?.meta.totalSavingsBalance).toBe(BALANCE);

    const analysis = await get<{
      months: { savings_balance: unknown; deposits: unknown }[];
      top_savers: { member_id: string; balance: unknown }[];
    }>('/cooperative/reports/analysis', period);
    expect(analysis.months.at(-1)).toMatchObject({ savings_balance: BALANCE, deposits: DEPOSITED });
    expect(analysis.top_savers[0]).toMatchObject({ member_id: saver.id, balance: BALANCE });

    const consolidated = await call<{
      data: { id: string; meta: { totalSavings: unknown } }[];
      meta: { last_page: number };
    }>('GET', '/consolidated-report', { token: await superToken(), query: { ...period, per_page: 100 } });
    expect(consolidated.status, consolidated.body.message).toBe(200);
    let row = consolidated.body.data.data.find((c) => c.id === world.ctx.coop);
    for (let page = 2; !row && page <= consolidated.body.data.meta.last_page; page++) {
      const next = await call<{ data: { id: string; meta: { totalSavings: unknown } }[] }>(
        'GET',
        '/consolidated-report',
        { token: await superToken(), query: { ...period, per_page: 100, page } },
      );
      row = next.body.data.data.find((c) => c.id === world.ctx.coop);
    }
    expect(row?.meta.totalSavings).toBe(BALANCE);
  });

  it('writes the trial balance download with the exact figure as text', async () => {
    const url = new URL(`${apiUrl()}/api/v1/cooperative/reports/trial-balance`);
    for (const [name, value] of Object.entries({
      cooperative_id: world.ctx.coop,
      start_date: TODAY,
      end_date: TODAY,
      download: 'true',
    }))
      url.searchParams.set(name, value);
    const response = await fetch(url, { headers: { authorization: `Bearer ${world.ctx.token}` } });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const cells: unknown[] = [];
    book.worksheets[0]?.eachRow((r) => r.eachCell((c) => cells.push(c.value)));
    expect(cells).toContain(BALANCE);
    expect(cells).toContain(DEPOSITED);
  });

  it('posts a summarised batch journal whose sides add up past 2^53 kobo, as several lines', async () => {
    const batch = `big-${Date.now()}`;
    const each = 900_000_000_000_000; // ₦9 trillion a row, eleven rows: 9,900,000,000,000,000 kobo
    for (let n = 0; n < 11; n++) {
      await postBatchRow({
        cooperativeId: world.ctx.coop,
        batchKey: batch,
        rowKey: `R${n}`,
        shard: n % 8,
        lines: [
          { glCode: GL.cash, side: 'D', amount: kobo(each) },
          { glCode: GL.investments, side: 'C', amount: kobo(each) },
        ],
        record: { n },
        effects: [],
      });
    }
    const settled = await settleBatch({
      cooperativeId: world.ctx.coop,
      batchKey: batch,
      date: TODAY,
      description: 'Big batch',
      source: { type: 'TEST_BATCH', id: batch },
    });
    expect(settled.rowsSettled).toBe(11);
    expect(await batchRows(world.ctx.coop, batch)).toHaveLength(11);
    const cash = await getItem<{ debit: bigint }>(keys.glTotal(world.ctx.coop, GL.cash), true);
    const investments = await getItem<{ credit: bigint }>(keys.glTotal(world.ctx.coop, GL.investments), true);
    expect(cash?.debit).toBe(9_900_000_000_000_000n);
    expect(investments?.credit).toBe(9_900_000_000_000_000n);
    const journal = await getItem<{ lines: { gl_code: string; dc: string; amount: number }[]; amount: bigint }>(
      keys.journal(world.ctx.coop, settled.journalId!),
      true,
    );
    // 9,900,000,000,000,000 = 9,007,199,254,740,991 + 892,800,745,259,009 on each side.
    expect(journal?.lines.filter((l) => l.gl_code === GL.cash).map((l) => l.amount)).toEqual([
      9_007_199_254_740_991, 892_800_745_259_009,
    ]);
    expect(journal?.amount).toBe(9_900_000_000_000_000n);
  });
});

describe('posting dates', () => {
  let world: SavingsWorld;
  let saver: { id: string; token: string };
  let planId = '';
  const OPENING = '2021-01-01';
  const tomorrow = () => {
    const d = new Date(`${TODAY}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };

  beforeAll(async () => {
    world = await savingsWorld('HD');
    const opened = await updateSettings(world.ctx.coop, { opening_date: OPENING });
    expect(opened.status, opened.body.message).toBe(200);
    saver = await newMember(world);
    planId = (await planOf(world, saver.id)).id;
  }, 60_000);

  const journal = (date: string) =>
    call('POST', '/cooperative/journal-entry', {
      token: world.ctx.token,
      body: {
        cooperative_id: world.ctx.coop,
        date,
        description: 'Dated',
        lines: [
          { gl_code: GL.bank, debit: 100, credit: 0 },
          { gl_code: GL.cash, debit: 0, credit: 100 },
        ],
      },
    });

  it('refuses orders and journals on days that do not exist, in the future or before the opening date, moving nothing', async () => {
    const refusals: [string, string][] = [
      ['0000-01-01', `The date must not be before the cooperative's opening date (${OPENING})`],
      ['0001-01-01', `The date must not be before the cooperative's opening date (${OPENING})`],
      ['2020-12-31', `The date must not be before the cooperative's opening date (${OPENING})`],
      ['9999-12-31', 'The date must not be in the future'],
      [tomorrow(), 'The date must not be in the future'],
      ['2026-02-30', 'This is not a valid date'],
      ['2026-2-3', 'Use the date format YYYY-MM-DD'],
    ];
    for (const [date, message] of refusals) {
      const deposit = await order(world, planId, 'DEPOSIT', 100, date);
      expect(deposit.status, date).toBe(422);
      expect(fieldOf(deposit, 'date'), date).toBe(message);
      const entry = await journal(date);
      expect(entry.status, date).toBe(422);
      expect(fieldOf(entry, 'date'), date).toBe(message);
    }
    const deposits = await call<{ data: unknown[] }>('GET', '/cooperative/transaction-order/deposits', {
      token: world.ctx.token,
      query: q(world),
    });
    expect(deposits.body.data.data).toHaveLength(0);
    expect(await getItem(keys.glTotal(world.ctx.coop, GL.bank), true)).toBeUndefined();
    // The opening date itself and today are fine.
    expect((await journal(OPENING)).status).toBe(201);
    expect((await order(world, planId, 'DEPOSIT', 100, TODAY)).status).toBe(201);
  });

  it('refuses investment, offset and payroll dates by the same rule', async () => {
    const investment = await call('POST', '/cooperative/investment-tracker', {
      token: world.ctx.token,
      body: {
        cooperative_id: world.ctx.coop,
        invested_with: 'Bills',
        investment_amount: 100,
        investment_income: 1,
        start_date: '2020-06-01',
        due_date: '2030-01-01',
        gl_code: GL.investments,
        investment_interest_gl: '504001',
        bank_id: world.bank,
        status: 1,
      },
    });
    expect(fieldOf(investment, 'start_date')).toBe(
      `The date must not be before the cooperative's opening date (${OPENING})`,
    );
    const close = await call('POST', '/cooperative/investment-tracker/close', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, investment_id: 'NOSUCH', investment_income: 1, date: '9999-12-31' },
    });
    expect(fieldOf(close, 'date')).toBe('The date must not be in the future');
    const offset = await call('POST', '/cooperative/loan-offset', {
      token: world.ctx.token,
      body: {
        cooperative_id: world.ctx.coop,
        loan_id: 'NOSUCH',
        offset_mode: 1,
        offset_type: 2,
        loan_amount: 100,
        bank_id: world.bank,
        date: '2020-12-31',
      },
    });
    expect(fieldOf(offset, 'date')).toBe(`The date must not be before the cooperative's opening date (${OPENING})`);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      cooperative_id: world.ctx.coop,
      start_date: '2020-12-01',
      end_date: '2020-12-31',
      repayment_type: 'Salary',
      bank_id: world.bank,
    }))
      form.append(name, value);
    form.append('file', new Blob(['not read']), 'payroll.xlsx');
    const payroll = await call('POST', '/cooperative/monthly-deduction/upload', { token: world.ctx.token, form });
    expect(payroll.status).toBe(422);
    expect(fieldOf(payroll, 'end_date')).toBe(
      `The date must not be before the cooperative's opening date (${OPENING})`,
    );
  });

  it('lets a savings import of history go before the opening date, but not into the future or before 1900', async () => {
    const history = (date: string) =>
      new Blob([
        `member,product,transaction_type,amount,date,description\r\n${saver.id},Regular Savings,DEPOSIT,250,${date},History\r\n`,
      ]);
    const imported = async (date: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        cooperative_id: world.ctx.coop,
        type: 'NORMAL_HISTORY',
        bank_id: world.bank,
      }))
        form.append(name, value);
      form.append('file', history(date), 'history.csv');
      const started = await call<{ import_id: string }>('POST', '/savings/import', { token: world.ctx.token, form });
      expect(started.status, started.body.message).toBe(202);
      for (let i = 0; i < 300; i++) {
        const status = await call<{
          done: boolean;
          status: string;
          posted: number;
          errors: { column: string; message: string }[];
        }>('GET', '/savings/import/status', {
          token: world.ctx.token,
          query: q(world, { import_id: started.body.data.import_id }),
        });
        if (status.body.data.done) return status.body.data;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('The import did not finish');
    };
    expect(await imported('1899-12-31')).toMatchObject({
      status: 'INVALID',
      errors: [{ column: 'date', message: 'The date must not be before 1900-01-01' }],
    });
    expect(await imported('9999-12-31')).toMatchObject({
      status: 'INVALID',
      errors: [{ column: 'date', message: 'The date must not be in the future' }],
    });
    expect(await imported('2015-03-02')).toMatchObject({ status: 'COMPLETED', posted: 1 });
    const journals = await queryAll<{ transaction_date: string; history?: boolean }>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.journalsByMonth(world.ctx.coop, '2015-03') },
    });
    expect(journals).toEqual([expect.objectContaining({ transaction_date: '2015-03-02', history: true })]);
  });

  it('refuses a posting before the opening date in the ledger whatever called it, history and reversals aside', async () => {
    const posting = (key: string, date: string, history?: boolean) =>
      post({
        cooperativeId: world.ctx.coop,
        idempotencyKey: key,
        date,
        description: 'Direct',
        source: { type: 'TEST', id: key },
        history,
        lines: [
          { glCode: GL.bank, side: 'D', amount: kobo(1) },
          { glCode: GL.cash, side: 'C', amount: kobo(1) },
        ],
      });
    await expect(posting('early', '2020-12-31')).rejects.toMatchObject({
      code: 'VALIDATION',
      message: `The date must not be before the cooperative's opening date (${OPENING})`,
    });
    await expect(posting('future', tomorrow())).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'The date must not be in the future',
    });
    const early = await posting('early-history', '2019-05-05', true);
    expect(early.duplicate).toBe(false);
    const reversal = await reverse({
      cooperativeId: world.ctx.coop,
      journalId: early.journalId,
      idempotencyKey: 'early-history-reversal',
      date: '2019-05-05',
      description: 'Reversal',
    });
    expect(reversal.duplicate).toBe(false);
  });

  it('refuses an opening date later than a posting already in the books, and takes any earlier one', async () => {
    const coop = await createTestCooperative('HO', { opening_date: '2022-01-01' });
    const token = await superToken();
    const entry = await call('POST', '/cooperative/journal-entry', {
      token,
      body: {
        cooperative_id: coop.id,
        date: '2022-06-15',
        description: 'June',
        lines: [
          { gl_code: GL.bank, debit: 10, credit: 0 },
          { gl_code: GL.cash, debit: 0, credit: 10 },
        ],
      },
    });
    expect(entry.status, entry.body.message).toBe(201);
    const later = await updateSettings(coop.id, { opening_date: '2022-06-16' });
    expect(later.status).toBe(422);
    expect(fieldOf(later, 'opening_date')).toBe(
      'The books already hold a posting dated 2022-06-15; the opening date cannot be later than that',
    );
    expect((await updateSettings(coop.id, { opening_date: '2022-06-15' })).status).toBe(200);
    expect((await updateSettings(coop.id, { opening_date: '2010-01-01' })).status).toBe(200);
    expect((await cooperativeOf(coop.id)).opening_date).toBe('2010-01-01');
  });

  it("refuses a cooperative admin's move of the opening date earlier, so the past stays closed to postings; later is theirs to choose", async () => {
    const coop = await createTestCooperative('HE', { opening_date: '2022-01-01' });
    await createUser({
      tenant: coop.id,
      loginId: `${coop.code}-ADMIN`,
      firstname: 'Test',
      lastname: 'Admin',
      email: `admin.${coop.code.toLowerCase()}@example.com`,
      role: 'cooperative-admin',
      password: 'password123',
    });
    const admin = await tokenFor(`${coop.code}-ADMIN`);
    const entry = (date: string) =>
      call('POST', '/cooperative/journal-entry', {
        token: admin,
        body: {
          cooperative_id: coop.id,
          date,
          description: 'Dated',
          lines: [
            { gl_code: GL.bank, debit: 10, credit: 0 },
            { gl_code: GL.cash, debit: 0, credit: 10 },
          ],
        },
      });

    for (const date of ['1900-01-01', '2021-12-31']) {
      const earlier = await updateSettings(coop.id, { opening_date: date }, admin);
      expect(earlier.status, date).toBe(422);
      expect(fieldOf(earlier, 'opening_date')).toBe(
        "Only the platform's administrators may move the opening date earlier than 2022-01-01",
      );
    }
    expect((await cooperativeOf(coop.id)).opening_date).toBe('2022-01-01');
    // So the admin's next request cannot post in 1900.
    expect(fieldOf(await entry('1900-01-02'), 'date')).toBe(
      "The date must not be before the cooperative's opening date (2022-01-01)",
    );

    // Later (and the same date) are theirs; back earlier again is not.
    expect((await updateSettings(coop.id, { opening_date: '2022-01-01' }, admin)).status).toBe(200);
    expect((await updateSettings(coop.id, { opening_date: '2023-03-01' }, admin)).status).toBe(200);
    expect((await cooperativeOf(coop.id)).opening_date).toBe('2023-03-01');
    expect(fieldOf(await updateSettings(coop.id, { opening_date: '2022-01-01' }, admin), 'opening_date')).toBe(
      "Only the platform's administrators may move the opening date earlier than 2023-03-01",
    );
    // Still not past a posting already in the books.
    expect((await entry('2023-05-10')).status).toBe(201);
    expect(fieldOf(await updateSettings(coop.id, { opening_date: '2023-06-01' }, admin), 'opening_date')).toBe(
      'The books already hold a posting dated 2023-05-10; the opening date cannot be later than that',
    );

    // Platform staff may move it earlier.
    expect((await updateSettings(coop.id, { opening_date: '2015-01-01' })).status).toBe(200);
    expect((await cooperativeOf(coop.id)).opening_date).toBe('2015-01-01');
  });
});
