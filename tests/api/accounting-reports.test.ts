import type { NairaFigure } from '@coopledger/shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalysisReport,
  BalanceSheet,
  ConsolidatedReport,
  IncomeStatement,
  LedgerStatement,
  MemberBalanceRow,
  TrialBalanceReport,
} from '@coopledger/shared/report-views';
import type { JournalEntryView } from '@coopledger/shared/accounting-views';
import { businessDate } from '@coopledger/shared/dates';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { call, superToken, tokenFor } from './support/api.ts';
import { downloadSheet } from './support/workbooks.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld, Member, Paged } from './support/loans.ts';
import {
  GL,
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';
import { deposited, glTotal, placed, approve, planOf } from './support/savings.ts';

/**
 * A year of a cooperative's activity, scripted through the API (deposits, a withdrawal, a month's
 * savings interest, a loan with its charge, an offset repayment, an investment opened and closed,
 * manual journals edited and deleted), then the reports read back: the trial balance balances, the
 * balance sheet identity holds, net profit is income less expenses, each ledger statement closes
 * on the trial balance's figure, and the downloads hold the same numbers as the screens.
 */
useRuntimeEnv();

// The cooperatives' business day (Lagos): between 23:00 and midnight UTC it is already tomorrow there.
const TODAY = businessDate();
const YEAR_START = `${TODAY.slice(0, 4)}-01-01`;
const NEXT_MONTH = new Date(Date.UTC(Number(TODAY.slice(0, 4)), Number(TODAY.slice(5, 7)), 1))
  .toISOString()
  .slice(0, 10);
const OFFICE = standardAccount('operating_expenses');
const INVESTMENT_INCOME = standardAccount('investment_income');

let world: LoanWorld;
let saver: Member;
let borrower: Member;
let sureties: Member[];

const q = (extra: Record<string, string | number | undefined> = {}) => ({ cooperative_id: world.ctx.coop, ...extra });
const get = <T>(path: string, query: Record<string, string | number | undefined> = {}) =>
  call<T>('GET', path, { token: world.ctx.token, query: q(query) });
const send = <T>(path: string, body: Record<string, unknown>) =>
  call<T>('POST', path, { token: world.ctx.token, body: { cooperative_id: world.ctx.coop, ...body } });

const journal = (date: string, amount: number, description = 'Stationery', debitGl = OFFICE, creditGl = GL.bank) => ({
  date,
  description,
  lines: [
    { gl_code: debitGl, description, debit: amount, credit: 0 },
    { gl_code: creditGl, description, debit: 0, credit: amount },
  ],
});

async function posted(date: string, amount: number, description?: string): Promise<JournalEntryView> {
  const r = await send<JournalEntryView>('/cooperative/journal-entry', journal(date, amount, description));
  expect(r.status, r.body.message).toBe(201);
  return r.body.data;
}

/** Fetches a report as a file and reads its first sheet's rows as arrays of cell values. */
async function download(path: string, query: Record<string, string>): Promise<{ name: string; rows: unknown[][] }> {
  const found = await downloadSheet(world.ctx.token, path, q(query));
  expect(found.status).toBe(200);
  return found;
}

/** A trial balance line's closing balance on the account's normal side. */
function trialFigure(report: TrialBalanceReport, code: string, type: 'D' | 'C'): number {
  for (const c of report.results)
    for (const s of c.sub_results)
      for (const a of s.coas)
        if (a.coa_code === code) return a.results.dc === type ? Number(a.results.balance) : -Number(a.results.balance);
  return 0;
}

function trialAccounts(report: TrialBalanceReport) {
  return report.results.flatMap((c) => c.sub_results.flatMap((s) => s.coas));
}

/** Figures of this test's size are numbers on the wire (a NairaFigure is text only past ₦70 trillion). */
const cents = (n: NairaFigure) => Math.round(Number(n) * 100);

beforeAll(async () => {
  world = await loanWorld('AR');
  [saver, borrower, ...sureties] = await members(world, 4);

  // Savings through the year: monthly deposits, a withdrawal, one month's interest.
  const saverPlan = await planOf(world, saver.id);
  const borrowerPlan = await planOf(world, borrower.id);
  for (const [month, amount] of [
    ['01', 20000],
    ['02', 15000.5],
    ['03', 30000],
    ['05', 12500],
    ['07', 40000],
    ['09', 10000.25],
  ] as const) {
    await deposited(world, saverPlan.id, amount, `${TODAY.slice(0, 4)}-${month}-10`);
  }
  await deposited(world, borrowerPlan.id, 50000, `${TODAY.slice(0, 4)}-02-14`);
  const withdrawal = await placed(world, saverPlan.id, 'WITHDRAWAL', 7500, `${TODAY.slice(0, 4)}-06-20`);
  expect((await approve(world, withdrawal.id)).status).toBe(200);
  const interest = await send('/cooperative/savings/credit-interest', { month: `${TODAY.slice(0, 4)}-03` });
  expect(interest.status, interest.body.message).toBe(200);

  // A loan with a charge, approved (disbursed today) and partly repaid from a bank.
  const product = await loanProduct(world, 'Personal Loan', { charge_type: 'Flat', charge_amount: 1500 });
  const loan = await applied(world, application(world, product, borrower.id, sureties[0].id, sureties[1].id));
  await suretiesApprove(world, loan, Object.fromEntries(sureties.map((s) => [s.id, s.token])));
  const approval = await approveLoan(world, loan.id);
  expect(approval.status, approval.body.message).toBe(200);
  const offset = await send('/cooperative/loan-offset', {
    loan_id: loan.id,
    offset_mode: 1,
    offset_type: 1,
    loan_amount: 120000,
    bank_id: world.bank,
    offset_amount: 25000,
    date: TODAY,
    restructure_tenure: 2,
    payment_start_date: NEXT_MONTH,
  });
  expect(offset.status, offset.body.message).toBe(201);

  // An investment opened in the spring and closed in the summer with its income.
  const opened = await send<{ id: string }>('/cooperative/investment-tracker', {
    invested_with: 'Treasury Bills',
    investment_amount: 60000,
    investment_income: 4500,
    start_date: `${TODAY.slice(0, 4)}-04-01`,
    due_date: `${TODAY.slice(0, 4)}-08-31`,
    gl_code: GL.investments,
    investment_interest_gl: INVESTMENT_INCOME,
    bank_id: world.bank,
    comment: '91-day bills',
    status: 1,
  });
  expect(opened.status, opened.body.message).toBe(201);
  const closed = await send('/cooperative/investment-tracker/close', {
    investment_id: opened.body.data.id,
    investment_income: 4750.75,
    date: `${TODAY.slice(0, 4)}-08-31`,
  });
  expect(closed.status, closed.body.message).toBe(200);

  // Manual journals: one kept, one edited, one deleted.
  await posted(`${TODAY.slice(0, 4)}-05-15`, 3200, 'Stationery');
  const edited = await posted(`${TODAY.slice(0, 4)}-05-18`, 999, 'Printer toner');
  const editedRes = await send('/cooperative/journal-entry/update', {
    transaction_code: edited.transaction_code,
    ...journal(`${TODAY.slice(0, 4)}-05-19`, 1450.4, 'Printer toner'),
  });
  expect(editedRes.status, JSON.stringify(editedRes.body)).toBe(200);
  const dropped = await posted(`${TODAY.slice(0, 4)}-06-02`, 800, 'Posted by mistake');
  expect(
    (
      await call('DELETE', '/cooperative/journal-entry', {
        token: world.ctx.token,
        query: q({ id: dropped.transaction_code }),
      })
    ).status,
  ).toBe(200);
}, 240_000);

describe('after a scripted year of activity', () => {
  let trial: TrialBalanceReport;
  beforeAll(async () => {
    const r = await get<TrialBalanceReport>('/cooperative/reports/trial-balance', {
      start_date: YEAR_START,
      end_date: TODAY,
    });
    expect(r.status, r.body.message).toBe(200);
    trial = r.body.data;
  });

  it('the trial balance balances, for the closing balances and for the period', () => {
    expect(trial.total.debitBalance).toBeGreaterThan(0);
    expect(trial.total.debitBalance).toBe(trial.total.creditBalance);
    expect(trial.total.periodDebit).toBe(trial.total.periodCredit);
    // Every balance in the table is its account's running total: the bank's equals its GL totals.
    expect(trialAccounts(trial).map((a) => a.coa_code)).toEqual(
      expect.arrayContaining([GL.bank, GL.savings, GL.loans, OFFICE, INVESTMENT_INCOME]),
    );
  });

  it("the trial balance's figures are the ledger's running totals", async () => {
    const bank = await glTotal(world.ctx.coop, GL.bank);
    expect(cents(trialFigure(trial, GL.bank, 'D'))).toBe(bank.debit - bank.credit);
  });

  it("each account's ledger statement closes on its trial balance line", async () => {
    for (const account of trialAccounts(trial)) {
      const r = await get<LedgerStatement>('/cooperative/reports/get-ledger-statement', {
        ledger_code: account.coa_code,
        start_date: YEAR_START,
        end_date: TODAY,
      });
      expect(r.status, r.body.message).toBe(200);
      const statement = r.body.data;
      expect(statement.final_balance, account.coa_code).toBe(
        trialFigure(trial, account.coa_code, statement.account.type),
      );
      const last = statement.results.at(-1);
      expect(last?.balance ?? statement.opening_balance).toBe(statement.final_balance);
      expect(cents(statement.total_debit)).toBe(cents(account.results.period_debit));
      expect(cents(statement.total_credit)).toBe(cents(account.results.period_credit));
    }
  });

  it('the balance sheet identity holds: assets equal liabilities plus equity', async () => {
    const r = await get<BalanceSheet>('/cooperative/reports/balance-sheet', {
      start_date: YEAR_START,
      end_date: TODAY,
    });
    expect(r.status, r.body.message).toBe(200);
    const sheet = r.body.data;
    expect(sheet.totals.assets.current).toBeGreaterThan(0);
    expect(sheet.totals.difference.current).toBe(0);
    expect(cents(sheet.totals.assets.current)).toBe(cents(sheet.totals.liabilities_and_equity.current));
    expect(sheet.results[0]?.class).toBe('asset');
    // The groups add up to the totals.
    const assets = sheet.results.filter((g) => g.class === 'asset').reduce((s, g) => s + cents(g.totalCurrent), 0);
    expect(assets).toBe(cents(sheet.totals.assets.current));
  });

  it('net profit is income less expenses, and the balance sheet carries it as retained earnings', async () => {
    const r = await get<IncomeStatement>('/cooperative/reports/income-statement', {
      start_date: YEAR_START,
      end_date: TODAY,
    });
    expect(r.status, r.body.message).toBe(200);
    const statement = r.body.data;
    const { income, expenses, net_profit, gross_profit } = statement.totals;
    expect(income.current_year).toBeGreaterThan(0);
    expect(expenses.current_year).toBeGreaterThan(0);
    expect(cents(net_profit.current_year)).toBe(cents(income.current_year) - cents(expenses.current_year));
    // From the trial balance's period movements of the income and expense accounts.
    const byClass = (cls: string) =>
      statement.results
        .filter((g) => g.class === cls)
        .reduce((s, g) => s + g.sub_results.reduce((t, x) => t + cents(x.currentAmount.balance), 0), 0);
    expect(byClass('income')).toBe(cents(income.current_year));
    expect(byClass('direct_expense') + byClass('operating_expense')).toBe(cents(expenses.current_year));
    expect(cents(gross_profit.current_year)).toBe(byClass('income') - byClass('direct_expense'));
    // Operating Expenses come last.
    expect(statement.results.at(-1)?.class).toBe('operating_expense');
    // All of this cooperative's postings are in this year, so the profit to date is the year's profit.
    const sheet = (
      await get<BalanceSheet>('/cooperative/reports/balance-sheet', { start_date: YEAR_START, end_date: TODAY })
    ).body.data;
    expect(sheet.totals.retained_earnings.current).toBe(net_profit.current_year);
  });

  it('a range inside a month reads day balances and matches the ledger lines of those days', async () => {
    const from = `${TODAY.slice(0, 4)}-05-11`;
    const to = `${TODAY.slice(0, 4)}-05-20`;
    const part = (
      await get<TrialBalanceReport>('/cooperative/reports/trial-balance', { start_date: from, end_date: to })
    ).body.data;
    const office = trialAccounts(part).find((a) => a.coa_code === OFFICE);
    // Stationery 3,200 on the 15th, and the toner entry: 999 on the 18th, reversed on the 18th, 1,450.40 on the 19th.
    expect(office?.results.period_debit).toBe(3200 + 999 + 1450.4);
    expect(office?.results.period_credit).toBe(999);
    const lines = (
      await get<LedgerStatement>('/cooperative/reports/get-ledger-statement', {
        ledger_code: OFFICE,
        start_date: from,
        end_date: to,
      })
    ).body.data;
    expect(lines.results.map((l) => [l.transaction_date, l.debit_credit, l.transaction_amount])).toEqual([
      [`${TODAY.slice(0, 4)}-05-15`, 'D', 3200],
      [`${TODAY.slice(0, 4)}-05-18`, 'D', 999],
      [`${TODAY.slice(0, 4)}-05-18`, 'C', 999],
      [`${TODAY.slice(0, 4)}-05-19`, 'D', 1450.4],
    ]);
    expect(cents(lines.final_balance) - cents(lines.opening_balance)).toBe(cents(3200 + 1450.4));
  });

  it('the downloads hold the same numbers as the screens', async () => {
    const tb = await download('/cooperative/reports/trial-balance', { start_date: YEAR_START, end_date: TODAY });
    expect(tb.name).toMatch(/^cooperative-report-\d{14}\.xlsx$/);
    const total = tb.rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total.slice(5, 9)).toEqual([
      trial.total.periodDebit,
      trial.total.periodCredit,
      trial.total.debitBalance,
      trial.total.creditBalance,
    ]);
    const bankRow = tb.rows.find((row) => row[2] === GL.bank)!;
    expect(bankRow[7]).toBe(trialFigure(trial, GL.bank, 'D'));

    const ledger = (
      await get<LedgerStatement>('/cooperative/reports/get-ledger-statement', {
        ledger_code: GL.bank,
        start_date: YEAR_START,
        end_date: TODAY,
      })
    ).body.data;
    const lb = await download('/cooperative/reports/get-ledger-statement', {
      ledger_code: GL.bank,
      start_date: YEAR_START,
      end_date: TODAY,
    });
    expect(lb.rows).toHaveLength(ledger.results.length + 3);
    expect(lb.rows.at(-1)?.[5]).toBe(ledger.final_balance);

    const income = (
      await get<IncomeStatement>('/cooperative/reports/income-statement', { start_date: YEAR_START, end_date: TODAY })
    ).body.data;
    const ib = await download('/cooperative/reports/income-statement', { start_date: YEAR_START, end_date: TODAY });
    expect(ib.rows.find((r) => r[0] === 'Net Profit')?.[2]).toBe(income.totals.net_profit.current_year);

    const sheet = (
      await get<BalanceSheet>('/cooperative/reports/balance-sheet', { start_date: YEAR_START, end_date: TODAY })
    ).body.data;
    const bb = await download('/cooperative/reports/balance-sheet', { start_date: YEAR_START, end_date: TODAY });
    expect(bb.rows.find((r) => r[0] === 'Total Assets')?.[2]).toBe(sheet.totals.assets.current);
    expect(bb.rows.find((r) => r[0] === 'Total Liabilities and Equity')?.[2]).toBe(
      sheet.totals.liabilities_and_equity.current,
    );
  });

  it("member balances are the members' savings and loans", async () => {
    const r = await get<Paged<MemberBalanceRow>>('/cooperative/reports/member-balance', { query: borrower.id });
    expect(r.status, r.body.message).toBe(200);
    const row = r.body.data.data.find((m) => m.coop_id === borrower.id);
    const borrowerPlans = (
      await call<{ data: { balance: number }[] }>('GET', '/savings', {
        token: world.ctx.token,
        query: q({ coop_id: borrower.id }),
      })
    ).body.data.data;
    expect(row?.meta.totalSavingsBalance).toBe(borrowerPlans.reduce((s, p) => s + p.balance, 0));
    // 120,000 lent; the offset's 25,000 went to interest first, then principal.
    expect(row?.meta.totalLoanAmount).toBeGreaterThan(95000);
    expect(row?.meta.totalLoanAmount).toBeLessThan(120000);
    expect(row?.meta.totalLoanInterest).toBeGreaterThan(Number(row?.meta.totalLoanAmount ?? 0));
    const saverRow = (await get<Paged<MemberBalanceRow>>('/cooperative/reports/member-balance', { query: saver.id }))
      .body.data.data[0];
    expect(saverRow?.coop_id).toBe(saver.id);
    expect(saverRow?.meta.totalLoanAmount).toBe(0);
  });

  it('the consolidated report shows the cooperative with its savings and loans from the ledger', async () => {
    const r = await call<ConsolidatedReport>('GET', '/consolidated-report', {
      token: await superToken(),
      query: { start_date: YEAR_START, end_date: TODAY, per_page: 100 },
    });
    expect(r.status, r.body.message).toBe(200);
    let row = r.body.data.data.find((c) => c.id === world.ctx.coop);
    for (let page = 2; !row && page <= r.body.data.meta.last_page; page++) {
      const next = await call<ConsolidatedReport>('GET', '/consolidated-report', {
        token: await superToken(),
        query: { start_date: YEAR_START, end_date: TODAY, per_page: 100, page },
      });
      row = next.body.data.data.find((c) => c.id === world.ctx.coop);
    }
    const savings = await glTotal(world.ctx.coop, GL.savings);
    const loans = await glTotal(world.ctx.coop, GL.loans);
    expect(row?.meta.activeMembers).toBe(4);
    expect(cents(row?.meta.totalSavings ?? 0)).toBe(savings.credit - savings.debit);
    expect(cents(row?.meta.totalLoans ?? 0)).toBe(loans.debit);
    expect(cents(row?.meta.loansPaid ?? 0)).toBe(loans.credit);
  });

  it('the analysis report charts the portfolio month by month from the same ledger', async () => {
    const r = await get<AnalysisReport>('/cooperative/reports/analysis', { start_date: YEAR_START, end_date: TODAY });
    expect(r.status, r.body.message).toBe(200);
    const report = r.body.data;
    expect(report.months[0]?.month).toBe(YEAR_START.slice(0, 7));
    expect(report.months.at(-1)?.month).toBe(TODAY.slice(0, 7));
    const savings = await glTotal(world.ctx.coop, GL.savings);
    expect(cents(report.months.at(-1)!.savings_balance)).toBe(savings.credit - savings.debit);
    expect(report.months.find((m) => m.month === `${TODAY.slice(0, 4)}-06`)?.withdrawals).toBe(7500);
    expect(report.loans_by_product).toEqual([
      expect.objectContaining({ product_name: 'Personal Loan', count: 1, amount: 120000 }),
    ]);
    expect(report.top_savers[0]?.member_id).toBe(saver.id);
  });
});

describe('journal entries', () => {
  it('refuses an entry whose debits and credits differ, and posts nothing', async () => {
    const before = await glTotal(world.ctx.coop, OFFICE);
    const r = await send('/cooperative/journal-entry', {
      ...journal(TODAY, 100),
      lines: [
        { gl_code: OFFICE, debit: 100, credit: 0 },
        { gl_code: GL.bank, debit: 0, credit: 90 },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Total debits (100.00) and total credits (90.00) must be equal');
    expect(await glTotal(world.ctx.coop, OFFICE)).toEqual(before);
  });

  it('refuses an empty line, a line with both sides, an unknown GL code and a future date', async () => {
    const empty = await send('/cooperative/journal-entry', {
      ...journal(TODAY, 100),
      lines: [...journal(TODAY, 100).lines, { gl_code: OFFICE, debit: '', credit: '' }],
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.['lines.2.debit']).toBe('Enter a debit or a credit amount');
    const both = await send('/cooperative/journal-entry', {
      ...journal(TODAY, 100),
      lines: [
        { gl_code: OFFICE, debit: 100, credit: 100 },
        { gl_code: GL.bank, debit: 0, credit: 0 },
      ],
    });
    expect(both.status).toBe(422);
    const unknown = await send('/cooperative/journal-entry', journal(TODAY, 100, 'x', '999999'));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('GL account 999999 does not exist');
    const future = await send('/cooperative/journal-entry', journal('2999-01-01', 100));
    expect(future.status).toBe(422);
    expect(future.body.message).toBe('The date must not be in the future');
    const noLines = await send('/cooperative/journal-entry', { date: TODAY, description: 'x', lines: [] });
    expect(noLines.body.message).toBe('A journal entry needs at least two lines');
  });

  it('lists entries by date with their lines, and reads one by its transaction code', async () => {
    const entry = await posted(TODAY, 210.5, 'Courier');
    expect(entry.transaction_code).toMatch(/^JV\d{6}$/);
    const list = await get<Paged<JournalEntryView>>('/cooperative/journal-entry', { startDate: TODAY, endDate: TODAY });
    const found = list.body.data.data.find((e) => e.transaction_code === entry.transaction_code);
    expect(found?.lines.map((l) => [l.gl_code, l.debit, l.credit])).toEqual([
      [OFFICE, 210.5, 0],
      [GL.bank, 0, 210.5],
    ]);
    expect(found?.lines[0]?.gl_name).toBe('Office Expenses');
    const one = await get<JournalEntryView>('/cooperative/journal-entry/single', {
      transaction_code: entry.transaction_code,
    });
    expect(one.body.data.total).toBe(210.5);
  });

  it('an edit reverses the old posting and posts the new one; a delete reverses it', async () => {
    const before = await glTotal(world.ctx.coop, OFFICE);
    const entry = await posted(TODAY, 500, 'Cleaning');
    const edit = await send<JournalEntryView>('/cooperative/journal-entry/update', {
      transaction_code: entry.transaction_code,
      ...journal(TODAY, 650, 'Cleaning'),
    });
    expect(edit.status, edit.body.message).toBe(200);
    expect(edit.body.data.version).toBe(2);
    let after = await glTotal(world.ctx.coop, OFFICE);
    // 500 debited, 500 credited back, 650 debited: history kept, net effect the new amount.
    expect(after.debit - before.debit).toBe(500_00 + 650_00);
    expect(after.credit - before.credit).toBe(500_00);
    const lines = (
      await get<LedgerStatement>('/cooperative/reports/get-ledger-statement', {
        ledger_code: OFFICE,
        start_date: TODAY,
        end_date: TODAY,
      })
    ).body.data.results.filter((l) => l.transaction_code === entry.transaction_code);
    expect(lines.map((l) => [l.debit_credit, l.transaction_amount])).toEqual([
      ['D', 500],
      ['C', 500],
      ['D', 650],
    ]);
    const del = await call('DELETE', '/cooperative/journal-entry', {
      token: world.ctx.token,
      query: q({ id: entry.transaction_code }),
    });
    expect(del.status, del.body.message).toBe(200);
    after = await glTotal(world.ctx.coop, OFFICE);
    expect(after.debit - after.credit).toBe(before.debit - before.credit);
    const list = await get<Paged<JournalEntryView>>('/cooperative/journal-entry', {
      start_date: TODAY,
      end_date: TODAY,
      per_page: 100,
    });
    expect(list.body.data.data.some((e) => e.transaction_code === entry.transaction_code)).toBe(false);
    const again = await call('DELETE', '/cooperative/journal-entry', {
      token: world.ctx.token,
      query: q({ id: entry.transaction_code }),
    });
    expect(again.status).toBe(409);
  });
});

describe('journal entry edits at the same time', () => {
  it('saving an entry unchanged posts nothing', async () => {
    const entry = await posted(TODAY, 75, 'Postage');
    const before = await glTotal(world.ctx.coop, OFFICE);
    const same = await send<JournalEntryView>('/cooperative/journal-entry/update', {
      transaction_code: entry.transaction_code,
      ...journal(TODAY, 75, 'Postage'),
    });
    expect(same.status, same.body.message).toBe(200);
    expect(same.body.data.version).toBe(1);
    expect(await glTotal(world.ctx.coop, OFFICE)).toEqual(before);
  });

  // Both editors loaded version 1. Whether the two requests overlap on the server or one finishes
  // before the other starts, the second to land must not overwrite the first.
  it('of two different edits of the same version sent at once, one lands and the other is told to reload; the books hold one', async () => {
    const entry = await posted(TODAY, 120, 'Water');
    const before = await glTotal(world.ctx.coop, OFFICE);
    const edit = (amount: number) =>
      send<JournalEntryView>('/cooperative/journal-entry/update', {
        transaction_code: entry.transaction_code,
        version: 1,
        ...journal(TODAY, amount, 'Water'),
      });
    const [a, b] = await Promise.all([edit(130), edit(140)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 130 : 140;
    const after = await glTotal(world.ctx.coop, OFFICE);
    // One reversal of the 120 and one new posting of the winner's amount.
    expect(after.credit - before.credit).toBe(120_00);
    expect(after.debit - before.debit).toBe(winner * 100);
    const stored = await get<JournalEntryView>('/cooperative/journal-entry/single', {
      transaction_code: entry.transaction_code,
    });
    expect(stored.body.data).toMatchObject({ version: 2, total: winner });
  });

  it('refuses an edit of a version that another edit has replaced, and posts nothing', async () => {
    const entry = await posted(TODAY, 90, 'Diesel');
    const first = await send<JournalEntryView>('/cooperative/journal-entry/update', {
      transaction_code: entry.transaction_code,
      version: 1,
      ...journal(TODAY, 95, 'Diesel'),
    });
    expect(first.status, first.body.message).toBe(200);
    const before = await glTotal(world.ctx.coop, OFFICE);
    const stale = await send<JournalEntryView>('/cooperative/journal-entry/update', {
      transaction_code: entry.transaction_code,
      version: 1,
      ...journal(TODAY, 99, 'Diesel'),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect(await glTotal(world.ctx.coop, OFFICE)).toEqual(before);
    // Sending the landed edit again with the version it was made from is not a conflict.
    const again = await send<JournalEntryView>('/cooperative/journal-entry/update', {
      transaction_code: entry.transaction_code,
      version: 1,
      ...journal(TODAY, 95, 'Diesel'),
    });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toMatchObject({ version: 2, total: 95 });
    expect(await glTotal(world.ctx.coop, OFFICE)).toEqual(before);
  });

  it('refuses a version that is not a whole number of at least 1', async () => {
    const entry = await posted(TODAY, 60, 'Stamps');
    for (const version of ['x', 0.5, -1]) {
      const res = await send<JournalEntryView>('/cooperative/journal-entry/update', {
        transaction_code: entry.transaction_code,
        version,
        ...journal(TODAY, 61, 'Stamps'),
      });
      expect(res.status, String(version)).toBe(422);
      expect(res.body.errors).toHaveProperty('version');
    }
  });
});

describe('investments', () => {
  it('opening posts Dr investment GL Cr bank; closing returns the principal and books the income, once', async () => {
    const investments = await glTotal(world.ctx.coop, GL.investments);
    const bank = await glTotal(world.ctx.coop, GL.bank);
    const opened = await send<{ id: string; status: number }>('/cooperative/investment-tracker', {
      invested_with: 'Fixed deposit',
      investment_amount: '10000.50',
      investment_income: 300,
      start_date: TODAY,
      due_date: TODAY,
      gl_code: GL.investments,
      investment_interest_gl: INVESTMENT_INCOME,
      bank_id: world.bank,
      status: 1,
    });
    expect(opened.status, opened.body.message).toBe(201);
    expect((await glTotal(world.ctx.coop, GL.investments)).debit - investments.debit).toBe(10000_50);
    expect((await glTotal(world.ctx.coop, GL.bank)).credit - bank.credit).toBe(10000_50);
    const close = () =>
      send<{ status: number; investment_income: number }>('/cooperative/investment-tracker/close', {
        investment_id: opened.body.data.id,
        investment_income: 312.25,
      });
    const closed = await close();
    expect(closed.status, closed.body.message).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 2, investment_income: 312.25 });
    expect((await glTotal(world.ctx.coop, GL.bank)).debit - bank.debit).toBe(10000_50 + 312_25);
    expect((await close()).status).toBe(409);
    const list = await get<Paged<{ id: string; status: number }>>('/cooperative/investment-tracker');
    expect(list.body.data.data.find((i) => i.id === opened.body.data.id)?.status).toBe(2);
  });

  it('refuses a missing field with the spec message, and a close without income', async () => {
    const r = await send('/cooperative/investment-tracker', { investment_amount: 100 });
    expect(r.status).toBe(422);
    expect(r.body.errors?.invested_with).toBe('This field is required');
    expect(r.body.errors?.gl_code).toBe('This field is required');
    const close = await send('/cooperative/investment-tracker/close', { investment_id: 'X' });
    expect(close.body.errors?.investment_income).toBe('Please enter an amount');
  });
});

describe('report inputs', () => {
  it('refuses an end date before the start date', async () => {
    const r = await get('/cooperative/reports/trial-balance', { start_date: '2026-05-01', end_date: '2026-04-01' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The end date must not be before the start date');
  });

  it('says which GL account a ledger statement needs', async () => {
    expect((await get('/cooperative/reports/get-ledger-statement', {})).body.message).toBe('Select GL account');
    expect((await get('/cooperative/reports/get-ledger-statement', { ledger_code: '999999' })).status).toBe(404);
  });

  it("keeps cooperatives apart: another cooperative's admin can neither read these reports nor this cooperative's entries", async () => {
    const alpha = await tokenFor('ALPHA-ADMIN');
    const trialOfOther = await call('GET', '/cooperative/reports/trial-balance', {
      token: alpha,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(trialOfOther.status).toBe(403);
    const entry = await posted(TODAY, 55, 'Isolation check');
    const asAlpha = await call('GET', '/cooperative/journal-entry/single', {
      token: alpha,
      query: { transaction_code: entry.transaction_code },
    });
    // ALPHA's own entry of that code, if it has one, is not this one.
    if (asAlpha.status === 200) expect((asAlpha.body.data as JournalEntryView).description).not.toBe('Isolation check');
    else expect(asAlpha.status).toBe(404);
    const unknown = await call('GET', '/cooperative/reports/trial-balance', {
      token: await superToken(),
      query: { cooperative_id: 'no-such-coop' },
    });
    expect(unknown.status).toBe(404);
  });
});
