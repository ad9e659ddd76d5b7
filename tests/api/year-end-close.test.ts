import { beforeAll, describe, expect, it } from 'vitest';
import type { FinancialYearView, FinancialYearsView } from '@coopledger/shared/accounting-views';
import type { BalanceSheet, IncomeStatement, TrialBalanceReport } from '@coopledger/shared/report-views';
import { RETAINED_EARNINGS_ROW } from '@coopledger/shared/report-views';
import { kobo, toKobo } from '@coopledger/shared/money';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { getItem, queryPartition } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { cooperativeRules, withRules } from '../../functions/core/cooperative-rules.ts';
import { post } from '../../functions/core/ledger.ts';
import { AppError } from '../../functions/core/errors.ts';
import { call, superToken } from './support/api.ts';
import { createTestCooperative, postJournal, setAttribute } from './support/fixtures.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { OrderRow, PlanRow, SavingsWorld } from './support/savings.ts';
import { approve, glTotal, newMember, order, placed, planOf, savingsWorld } from './support/savings.ts';

/**
 * Year-end close (issue 23). A cooperative opened on 2020-01-01 (financial years = calendar years)
 * earns and spends in 2024 through the journal API; the empty years 2020 to 2023 close first (years
 * close in order), then 2024. Every figure below is worked out by hand from the journals posted.
 */
useRuntimeEnv();

const GL = {
  bank: standardAccount('bank'),
  loanInterest: standardAccount('loan_interest'),
  other: '504001',
  salaries: '702001',
  office: standardAccount('operating_expenses'),
  retained: standardAccount('retained_earnings'),
};
const CLOSED_MESSAGE =
  'The financial year ending 2024-12-31 is closed; postings dated on or before it are not accepted';

let world: SavingsWorld;
let plan: PlanRow;
let pendingDeposit: OrderRow;
let categoryId = '';

const send = <T>(path: string, body: Record<string, unknown>) =>
  call<T>('POST', path, { token: world.ctx.token, body: { cooperative_id: world.ctx.coop, ...body } });
const get = <T>(path: string, query: Record<string, string> = {}) =>
  call<T>('GET', path, { token: world.ctx.token, query: { cooperative_id: world.ctx.coop, ...query } });

const journal = (date: string, debit: string, credit: string, amount: number, description = 'Year-end test') =>
  send('/cooperative/journal-entry', {
    date,
    description,
    lines: [
      { gl_code: debit, description, debit: amount, credit: 0 },
      { gl_code: credit, description, debit: 0, credit: amount },
    ],
  });

const close = (yearEnd: string) => send<FinancialYearView>('/cooperative/financial-years/close', { year_end: yearEnd });
const reopen = (body: Record<string, unknown>) => send<FinancialYearView>('/cooperative/financial-years/reopen', body);
const years = async () => (await get<FinancialYearsView>('/cooperative/financial-years')).body.data;
const yearOf = async (end: string) => (await years()).years.find((y) => y.end === end);

const income2024 = () =>
  get<IncomeStatement>('/cooperative/reports/income-statement', { start_date: '2024-01-01', end_date: '2024-12-31' });
const balanceSheet2024 = () =>
  get<BalanceSheet>('/cooperative/reports/balance-sheet', { start_date: '2024-01-01', end_date: '2024-12-31' });

/** A balance sheet row's current figure, kobo. */
function sheetRow(sheet: BalanceSheet, id: string): number {
  for (const group of sheet.results)
    for (const sub of group.sub_results) if (sub.subcategory_id === id) return toKobo(sub.amounts.current);
  return 0;
}

/** Journal entries listed for 2024. */
const entries2024 = async () =>
  (
    await get<{ meta: { total: number } }>('/cooperative/journal-entry', {
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    })
  ).body.data.meta.total;

beforeAll(async () => {
  world = await savingsWorld('YE');
  const member = await newMember(world);
  plan = await planOf(world, member.id);
  // 2024: income ₦50,000.00 (other) + ₦12,000.50 (loan interest); expenses ₦20,000.00 (salaries) + ₦8,000.25 (office).
  for (const [date, debit, credit, amount] of [
    ['2024-03-15', GL.bank, GL.other, 50000],
    ['2024-06-30', GL.bank, GL.loanInterest, 12000.5],
    ['2024-09-01', GL.salaries, GL.bank, 20000],
    ['2024-12-31', GL.office, GL.bank, 8000.25],
  ] as const) {
    const r = await journal(date, debit, credit, amount);
    expect(r.status, r.body.message).toBe(201);
  }
  // A deposit order dated in 2024, still pending when the year closes.
  pendingDeposit = await placed(world, plan.id, 'DEPOSIT', '1500', '2024-11-20');
  const category = await call<{ id: string }>('POST', '/e-shop/admin/product-category', {
    token: world.ctx.token,
    body: { name: `Year-end ${world.ctx.tag}`, status: 1, description: 'Test goods' },
  });
  categoryId = category.body.data.id;
}, 180_000);

describe('year-end close', () => {
  const before: { income?: IncomeStatement; sheet?: BalanceSheet } = {};

  it('lists the years from the opening date, the earliest ended open year closable', async () => {
    const list = await years();
    expect(list.year_start_month).toBe(1);
    expect(list.closed_through).toBeNull();
    const ends = list.years.map((y) => y.end);
    expect(ends.at(-1)).toBe('2020-12-31');
    expect(ends).toContain('2024-12-31');
    expect(list.years.filter((y) => y.can_close).map((y) => y.end)).toEqual(['2020-12-31']);
    expect(list.years.every((y) => y.status === 'open')).toBe(true);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    expect((await close('2024-12-30')).status).toBe(422); // not a year's last day
    expect((await close('not a date')).status).toBe(422);
    expect((await send('/cooperative/financial-years/close', {})).status).toBe(422);
    expect((await close('2019-12-31')).status).toBe(422); // before the books' first year
    const current = `${new Date().getUTCFullYear()}-12-31`;
    const notEnded = await close(current);
    expect(notEnded.status).toBe(422);
    expect(notEnded.body.message).toBe(`The year ending ${current} has not ended yet`);
    const list = await years();
    expect(list.closed_through).toBeNull();
  });

  it('closes years in order only', async () => {
    const r = await close('2024-12-31');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Years close in order: close the year ending 2020-12-31 first');
    for (const end of ['2020-12-31', '2021-12-31', '2022-12-31', '2023-12-31']) {
      const closed = await close(end);
      expect(closed.status, closed.body.message).toBe(200);
      expect(closed.body.data.status).toBe('closed');
      expect(closed.body.data.journal_ids).toEqual([]);
      expect(Number(closed.body.data.net_profit)).toBe(0);
    }
    expect((await close('2025-12-31')).status).toBe(409);
  });

  it('closes 2024 into Retained Earnings: one closing journal, the income statement unchanged', async () => {
    before.income = (await income2024()).body.data;
    before.sheet = (await balanceSheet2024()).body.data;
    // Before the close: net profit ₦62,000.50 − ₦28,000.25 = ₦34,000.25, shown as the open years' profit.
    expect(before.income.totals.net_profit.current_year).toBe(34000.25);
    expect(sheetRow(before.sheet, RETAINED_EARNINGS_ROW)).toBe(3400025);
    expect(sheetRow(before.sheet, '402')).toBe(0);
    const bank = await glTotal(world.ctx.coop, GL.bank);

    const r = await close('2024-12-31');
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'closed', closed_by: 'SUPERADMIN', net_profit: 34000.25 });
    expect(r.body.data.journal_ids).toHaveLength(1);
    const closing = await getItem<{ lines: { gl_code: string; dc: string; amount: number }[]; source_type: string }>(
      keys.journal(world.ctx.coop, r.body.data.journal_ids[0] ?? ''),
      true,
    );
    expect(closing?.source_type).toBe('YEAR_CLOSE');
    // Each income account debited by its credit balance, each expense credited, the profit to Retained Earnings.
    expect(closing?.lines.map((l) => [l.gl_code, l.dc, l.amount])).toEqual([
      [GL.loanInterest, 'D', 1200050],
      [GL.other, 'D', 5000000],
      [GL.salaries, 'C', 2000000],
      [GL.office, 'C', 800025],
      [GL.retained, 'C', 3400025],
    ]);
    const retained = await glTotal(world.ctx.coop, GL.retained);
    expect(Number(retained.credit) - Number(retained.debit)).toBe(3400025);
    for (const code of [GL.loanInterest, GL.other, GL.salaries, GL.office]) {
      const t = await glTotal(world.ctx.coop, code);
      expect(Number(t.debit) - Number(t.credit), code).toBe(0);
    }
    expect(await glTotal(world.ctx.coop, GL.bank)).toEqual(bank);

    // The income statement of the closed year is the same, figure for figure.
    expect((await income2024()).body.data).toEqual(before.income);
    // The balance sheet: Retained Earnings (in Reserves, 402) carries ₦34,000.25; no open-year profit; still balanced.
    const sheet = (await balanceSheet2024()).body.data;
    expect(sheetRow(sheet, '402')).toBe(3400025);
    expect(sheetRow(sheet, RETAINED_EARNINGS_ROW)).toBe(0);
    expect(sheet.totals.equity).toEqual(before.sheet.totals.equity);
    expect(Number(sheet.totals.difference.current)).toBe(0);
    // The trial balance of 2024 is the one before closing: income and expenses as posted.
    const trial = (
      await get<TrialBalanceReport>('/cooperative/reports/trial-balance', {
        start_date: '2024-01-01',
        end_date: '2024-12-31',
      })
    ).body.data;
    const line = trial.results
      .flatMap((c) => c.sub_results.flatMap((s) => s.coas))
      .find((a) => a.coa_code === GL.other);
    expect(line?.results).toMatchObject({ dc: 'C', balance: 50000 });
    expect(trial.total.debitBalance).toBe(trial.total.creditBalance);
  });

  it('closing twice posts once', async () => {
    const retained = await glTotal(world.ctx.coop, GL.retained);
    const again = await close('2024-12-31');
    expect(again.status).toBe(200);
    expect(again.body.data.journal_ids).toHaveLength(1);
    expect(await glTotal(world.ctx.coop, GL.retained)).toEqual(retained);
  });

  it('refuses a posting dated in the closed year on every route that takes a date, writing nothing', async () => {
    const entries = await entries2024();
    const bank = await glTotal(world.ctx.coop, GL.bank);
    const r = await journal('2024-12-31', GL.office, GL.bank, 100);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(CLOSED_MESSAGE);
    expect((await journal('2021-05-05', GL.office, GL.bank, 100)).status).toBe(422);
    expect(await entries2024()).toBe(entries);
    expect(await glTotal(world.ctx.coop, GL.bank)).toEqual(bank);

    // A deposit order dated in the year, approved after the close: refused, still pending.
    const approval = await approve(world, pendingDeposit.id);
    expect(approval.status).toBe(422);
    expect(approval.body.message).toBe(CLOSED_MESSAGE);
    // A new order dated in the year is refused when placed.
    const dated = await order(world, plan.id, 'DEPOSIT', '1500', '2024-12-01');
    expect(dated.status).toBe(422);
    expect(dated.body.message).toBe(CLOSED_MESSAGE);

    // A store receipt dated in the year.
    const product = await send<{ id: string }>('/cooperative/e-shop/product', {
      name: 'Year-end rice',
      sku: `YE-${world.ctx.tag}`,
      category_id: categoryId,
      status: 1,
      buying_price: '100',
      selling_price: '150',
      max_purchase_quantity: 5,
      low_stock_quantity: 1,
    });
    expect(product.status, product.body.message).toBe(201);
    const receipt = await send('/cooperative/e-shop/stock/receipt', {
      product_id: product.body.data.id,
      quantity: 2,
      unit_cost: '100',
      supplier: 'Wholesale',
      date: '2024-12-31',
      bank_id: world.bank,
    });
    expect(receipt.status).toBe(422);
    expect(receipt.body.message).toBe(CLOSED_MESSAGE);
    expect(await glTotal(world.ctx.coop, GL.bank)).toEqual(bank);
  });

  it('refuses inside the transaction a posting that read the rules before the close', async () => {
    // The rules as a request read them before the year closed: the ledger's own check still refuses.
    const rules = await cooperativeRules(world.ctx.coop);
    const stale = { ...rules!, closedThrough: undefined };
    const attempt = withRules(
      stale,
      () =>
        post({
          cooperativeId: world.ctx.coop,
          idempotencyKey: `race-${world.ctx.tag}`,
          date: '2024-12-30',
          description: 'Raced the close',
          source: { type: 'TEST', id: world.ctx.tag },
          lines: [
            { glCode: GL.office, side: 'D', amount: kobo(100) },
            { glCode: GL.bank, side: 'C', amount: kobo(100) },
          ],
        }),
      world.ctx.coop,
    );
    await expect(attempt).rejects.toThrow(AppError);
    await expect(attempt).rejects.toThrow(CLOSED_MESSAGE);
    expect(await getItem(keys.idempotency(world.ctx.coop, `race-${world.ctx.tag}`), true)).toBeUndefined();
  });

  it('refuses a change of the start month once a year is closed', async () => {
    const profile = (
      await get<{ name: string; code: string; email: string; phone: string; address: string }>('/cooperative')
    ).body.data;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      id: world.ctx.coop,
      cooperative_id: world.ctx.coop,
      name: profile.name,
      code: profile.code,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      year_start_month: '7',
    }))
      form.append(name, value);
    const r = await call('POST', '/cooperative/update', { token: world.ctx.token, form });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^The financial year's start month cannot change once a year has been closed/);
    const list = await years();
    expect(list.year_start_month).toBe(1);
    expect(list.closed_through).toBe('2024-12-31');
    expect(list.years.find((y) => y.end === '2025-12-31')?.can_close).toBe(true);
    expect(list.years.find((y) => y.end === '2024-12-31')?.can_reopen).toBe(true);
  });

  it('reopens only the latest closed year, with a reason, reversing its closing journal', async () => {
    expect((await reopen({ year_end: '2024-12-31' })).status).toBe(422);
    expect((await reopen({ year_end: '2024-12-31', reason: '   ' })).status).toBe(422);
    expect((await reopen({ year_end: '2024-12-31', reason: 'x'.repeat(501) })).status).toBe(422);
    const older = await reopen({ year_end: '2023-12-31', reason: 'Wrong year' });
    expect(older.status).toBe(409);
    expect(older.body.message).toBe('Only the latest closed year (ending 2024-12-31) may be reopened');
    expect((await reopen({ year_end: '2025-12-31', reason: 'Not closed' })).status).toBe(409);
    expect((await years()).closed_through).toBe('2024-12-31');

    const r = await reopen({ year_end: '2024-12-31', reason: 'Late supplier invoice' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'open', reopen_reason: 'Late supplier invoice', can_close: true });
    expect((await years()).closed_through).toBe('2023-12-31');
    // The closing journal's reversal puts every balance back: Retained Earnings nil, the income as posted.
    const retained = await glTotal(world.ctx.coop, GL.retained);
    expect(Number(retained.credit) - Number(retained.debit)).toBe(0);
    const other = await glTotal(world.ctx.coop, GL.other);
    expect(Number(other.credit) - Number(other.debit)).toBe(5000000);
    expect((await income2024()).body.data).toEqual(before.income);
    const sheet = (await balanceSheet2024()).body.data;
    expect(sheetRow(sheet, RETAINED_EARNINGS_ROW)).toBe(3400025);
    expect(sheetRow(sheet, '402')).toBe(0);

    // A posting in 2024 is accepted again; the deposit order approves.
    const late = await journal('2024-12-31', GL.office, GL.bank, 1000);
    expect(late.status, late.body.message).toBe(201);
    expect((await approve(world, pendingDeposit.id)).status).toBe(200);
  });

  it('closes the reopened year again under a fresh key, with the new figures', async () => {
    // Profit now ₦34,000.25 − ₦1,000.00 (the late invoice) = ₦33,000.25.
    const r = await close('2024-12-31');
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.net_profit).toBe(33000.25);
    const retained = await glTotal(world.ctx.coop, GL.retained);
    expect(Number(retained.credit) - Number(retained.debit)).toBe(3300025);
    const items = await queryPartition<{ sk: string }>(keys.cooperative(world.ctx.coop).pk, 'FYEAR#2024');
    expect(items).toHaveLength(1);
    expect((await yearOf('2024-12-31'))?.status).toBe('closed');
  });
});

describe('a chart with more income accounts than one closing journal holds, years starting in July', () => {
  let coop = '';
  let token = '';
  const codes = Array.from({ length: 20 }, (_, i) => `5040${String(i + 10).padStart(2, '0')}`);
  const asAdmin = <T>(path: string, body: Record<string, unknown>) =>
    call<T>('POST', path, { token, body: { cooperative_id: coop, ...body } });

  beforeAll(async () => {
    const made = await createTestCooperative('YJ', { opening_date: '2024-07-01' });
    coop = made.id;
    token = await superToken();
    const profile = (
      await call<Record<string, string>>('GET', '/cooperative', { token, query: { cooperative_id: coop } })
    ).body.data;
    const form = new FormData();
    for (const name of ['name', 'code', 'email', 'phone', 'address']) form.append(name, String(profile[name]));
    form.append('id', coop);
    form.append('cooperative_id', coop);
    form.append('year_start_month', '7');
    const updated = await call('POST', '/cooperative/update', { token, form });
    expect(updated.status, updated.body.message).toBe(200);
    // 20 more income accounts (sub-category 504, Other Income), each credited ₦(101 + i) for i = 0..19.
    for (const [i, code] of codes.entries()) {
      const r = await asAdmin('/cooperative/coa', {
        code,
        name: `Income ${i}`,
        subcategory_id: '504',
        type: 'C',
        status: 1,
      });
      expect(r.status, r.body.message).toBe(201);
      await postJournal(coop, token, { date: '2025-03-01', debit: GL.bank, credit: code, amount: 101 + i });
    }
  }, 180_000);

  it('names the years by their last day, 30 June, and closes the first one in two journals under one lock', async () => {
    const list = (
      await call<FinancialYearsView>('GET', '/cooperative/financial-years', { token, query: { cooperative_id: coop } })
    ).body.data;
    expect(list.year_start_month).toBe(7);
    expect(list.years.at(-1)).toMatchObject({ start: '2024-07-01', end: '2025-06-30', can_close: true });
    expect((await asAdmin('/cooperative/financial-years/close', { year_end: '2024-12-31' })).status).toBe(422);

    const r = await asAdmin<FinancialYearView>('/cooperative/financial-years/close', { year_end: '2025-06-30' });
    expect(r.status, r.body.message).toBe(200);
    // 20 accounts: a journal of 18 and one of 2. Profit: 20 × ₦101 + (0 + 1 + ... + 19) = ₦2,020 + ₦190 = ₦2,210.
    expect(r.body.data.journal_ids).toHaveLength(2);
    expect(r.body.data.net_profit).toBe(2210);
    const retained = await glTotal(coop, GL.retained);
    expect(Number(retained.credit) - Number(retained.debit)).toBe(221000);
    for (const code of codes) {
      const t = await glTotal(coop, code);
      expect(Number(t.credit) - Number(t.debit), code).toBe(0);
    }
    const statement = (
      await call<IncomeStatement>('GET', '/cooperative/reports/income-statement', {
        token,
        query: { cooperative_id: coop, start_date: '2024-07-01', end_date: '2025-06-30' },
      })
    ).body.data;
    expect(statement.totals.income.current_year).toBe(2210);
    const refused = await postJournal(coop, token, {
      date: '2025-06-30',
      debit: GL.bank,
      credit: codes[0],
      amount: 5,
    }).catch((error: Error) => error.message);
    expect(refused).toBe(`Could not post the journal: 422 ${CLOSED_MESSAGE.replace('2024-12-31', '2025-06-30')}`);
  });

  it('reopens it by reversing both journals', async () => {
    const r = await asAdmin<FinancialYearView>('/cooperative/financial-years/reopen', {
      year_end: '2025-06-30',
      reason: 'Audit adjustment',
    });
    expect(r.status, r.body.message).toBe(200);
    const retained = await glTotal(coop, GL.retained);
    expect(Number(retained.credit) - Number(retained.debit)).toBe(0);
    const t = await glTotal(coop, codes[19]);
    expect(Number(t.credit) - Number(t.debit)).toBe(12000);
  });

  it('refuses to start a close that an inactive account with a balance would stop half way', async () => {
    const account = { id: codes[19], code: codes[19], name: 'Income 19', subcategory_id: '504', type: 'C' };
    expect((await asAdmin('/cooperative/coa/update', { ...account, status: 0 })).status).toBe(200);
    const r = await asAdmin('/cooperative/financial-years/close', { year_end: '2025-06-30' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      `GL account ${codes[19]} (Income 19) is inactive and has a balance for the year; activate it to close the year`,
    );
    const list = (
      await call<FinancialYearsView>('GET', '/cooperative/financial-years', { token, query: { cooperative_id: coop } })
    ).body.data;
    expect(list.years.at(-1)?.status).toBe('open');
    expect((await asAdmin('/cooperative/coa/update', { ...account, status: 1 })).status).toBe(200);
  });

  it('finishes a close that stopped after locking the year when it is closed again', async () => {
    // A close stopped after its first step: the year locked (close number 2), nothing posted.
    await setAttribute(keys.cooperative(coop), 'closing_through', '2025-06-30');
    await setAttribute(keys.cooperative(coop), 'year_closes', 2);
    const list = (
      await call<FinancialYearsView>('GET', '/cooperative/financial-years', { token, query: { cooperative_id: coop } })
    ).body.data;
    expect(list.years.at(-1)).toMatchObject({ status: 'closing', can_close: true, can_reopen: false });
    const refused = await postJournal(coop, token, {
      date: '2025-05-01',
      debit: GL.bank,
      credit: codes[0],
      amount: 5,
    }).catch((error: Error) => error.message);
    expect(refused).toBe(`Could not post the journal: 422 ${CLOSED_MESSAGE.replace('2024-12-31', '2025-06-30')}`);

    const r = await asAdmin<FinancialYearView>('/cooperative/financial-years/close', { year_end: '2025-06-30' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'closed', net_profit: 2210 });
    expect(r.body.data.journal_ids).toHaveLength(2);
    const retained = await glTotal(coop, GL.retained);
    expect(Number(retained.credit) - Number(retained.debit)).toBe(221000);
  });
});
