import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { apiUrl, call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { PlanRow, SavingsWorld } from './support/savings.ts';
import { GL, glTotal, glTotals, newMember, planOf, savingsWorld } from './support/savings.ts';

let world: SavingsWorld;
let other: SavingsWorld;

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('SI');
  other = await savingsWorld('SO');
}, 60_000);

type Cell = string | number;
const HEADERS = {
  NORMAL_BALANCES: ['member', 'product', 'balance', 'as_at_date'],
  NORMAL_HISTORY: ['member', 'product', 'transaction_type', 'amount', 'date', 'description'],
  TARGET_HISTORY: ['member', 'plan_start_date', 'amount', 'date', 'description'],
} as const;
type ImportType = keyof typeof HEADERS;

async function xlsx(type: ImportType, rows: Cell[][]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Savings');
  sheet.addRow([...HEADERS[type]]);
  for (const row of rows) sheet.addRow(row);
  return new Blob([Buffer.from(await book.xlsx.writeBuffer())]);
}

const csv = (type: ImportType, lines: string[]) =>
  new Blob([[HEADERS[type].join(','), ...lines].join('\r\n') + '\r\n']);

interface Status {
  done: boolean;
  status: string;
  rows_total: number;
  rows_written: number;
  posted: number;
  already: number;
  plans_opened: number;
  amount: number;
  error_count: number;
  errors: { row: number; column: string; message: string }[];
}

function upload(fields: { file?: Blob; name?: string; bank?: string; type?: string }, w = world) {
  const form = new FormData();
  form.append('cooperative_id', w.ctx.coop);
  if (fields.type !== undefined) form.append('type', fields.type);
  if (fields.bank !== undefined) form.append('bank_id', fields.bank);
  if (fields.file) form.append('file', fields.file, fields.name ?? 'savings.xlsx');
  return call<{ import_id: string; rows_total: number }>('POST', '/savings/import', { token: w.ctx.token, form });
}

async function finished(importId: string, w = world): Promise<Status> {
  for (let i = 0; i < 400; i++) {
    const status = await call<Status>('GET', '/savings/import/status', {
      token: w.ctx.token,
      query: { cooperative_id: w.ctx.coop, import_id: importId },
    });
    expect(status.status, status.body.message).toBe(200);
    if (status.body.data.done) return status.body.data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The import did not finish');
}

async function imported(type: ImportType, file: Blob, name = 'savings.xlsx'): Promise<Status> {
  const started = await upload({ file, name, bank: world.bank, type });
  expect(started.status, `${started.body.message} ${JSON.stringify(started.body.errors)}`).toBe(202);
  return finished(started.body.data.import_id);
}

async function plansOf(memberId: string): Promise<PlanRow[]> {
  const r = await call<{ data: PlanRow[] }>('GET', '/savings', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, coop_id: memberId },
  });
  return r.body.data.data;
}

async function history(memberId: string) {
  const r = await call<{
    data: { type_name: string; amount: number; transaction_date: string; product_name: string; description: string }[];
  }>('GET', '/cooperative/member/details/transaction-history', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, coop_id: memberId, per_page: 100 },
  });
  return r.body.data.data;
}

/** The trial balance over the GL totals: every debit has its credit. */
async function expectBalancedLedger(coop: string) {
  const totals = await glTotals(coop);
  const debit = totals.reduce((sum, t) => sum + t.debit, 0);
  const credit = totals.reduce((sum, t) => sum + t.credit, 0);
  expect(debit).toBe(credit);
}

async function staffIdOf(memberId: string): Promise<string> {
  const member = await getItem<{ staff_id: string }>(keys.member(world.ctx.coop, memberId), true);
  return member!.staff_id;
}

describe('Savings import', () => {
  it('imports opening balances (.xlsx): opens the plans, posts Dr bank / Cr savings to the kobo, and the same file again posts nothing', async () => {
    const a = await newMember(world);
    const b = await newMember(world);
    const bankBefore = await glTotal(world.ctx.coop, GL.bank);
    const savingsBefore = await glTotal(world.ctx.coop, GL.savings);
    const file = await xlsx('NORMAL_BALANCES', [
      [a.id, 'Regular Savings', 15000.5, '2026-01-31'],
      [await staffIdOf(b.id), 'regular savings', '2500.05', '2026-01-31'],
    ]);
    const result = await imported('NORMAL_BALANCES', file);
    expect(result).toMatchObject({
      status: 'COMPLETED',
      rows_total: 2,
      rows_written: 2,
      posted: 2,
      already: 0,
      plans_opened: 2,
      amount: 17500.55,
    });

    const [planA] = await plansOf(a.id);
    expect(planA).toMatchObject({
      balance: 15000.5,
      available: 15000.5,
      start_date: '2026-01-31',
      product_name: 'Regular Savings',
    });
    expect((await plansOf(b.id))[0]).toMatchObject({ balance: 2500.05, available: 2500.05 });
    const bank = await glTotal(world.ctx.coop, GL.bank);
    const savings = await glTotal(world.ctx.coop, GL.savings);
    expect(bank.debit - bankBefore.debit).toBe(1_750_055);
    expect(bank.credit - bankBefore.credit).toBe(0);
    expect(savings.credit - savingsBefore.credit).toBe(1_750_055);
    expect(savings.debit - savingsBefore.debit).toBe(0);
    const txns = await history(a.id);
    expect(txns).toHaveLength(1);
    expect(txns[0]).toMatchObject({
      type_name: 'DEPOSIT',
      amount: 15000.5,
      transaction_date: '2026-01-31',
      product_name: 'Regular Savings',
      description: 'Opening balance as at 2026-01-31',
    });
    await expectBalancedLedger(world.ctx.coop);

    const again = await imported('NORMAL_BALANCES', file);
    expect(again).toMatchObject({ status: 'COMPLETED', posted: 0, already: 2, plans_opened: 0, amount: 0 });
    expect(await plansOf(a.id)).toHaveLength(1);
    expect((await plansOf(a.id))[0].balance).toBe(15000.5);
    expect((await glTotal(world.ctx.coop, GL.bank)).debit).toBe(bank.debit);
    expect(await history(a.id)).toHaveLength(1);
  }, 120_000);

  it('imports history (.csv) in date order per plan, with quoted fields, and posts equal rows as two movements', async () => {
    const c = await newMember(world);
    const bankBefore = await glTotal(world.ctx.coop, GL.bank);
    const file = csv('NORMAL_HISTORY', [
      `${c.id},Regular Savings,DEPOSIT,1000,2026-02-01,"February, first"`,
      `${c.id},Regular Savings,WITHDRAWAL,300.25,2026-02-10,"Said ""urgent"""`,
      `${c.id},Regular Savings,deposit,50.10,2026-02-05,`,
      `${c.id},Regular Savings,DEPOSIT,50.10,2026-02-05,`,
    ]);
    const result = await imported('NORMAL_HISTORY', file, 'history.csv');
    expect(result).toMatchObject({ status: 'COMPLETED', posted: 4, plans_opened: 1, amount: 799.95 });
    const [plan] = await plansOf(c.id);
    expect(plan).toMatchObject({ balance: 799.95, available: 799.95, start_date: '2026-02-01' });
    const bank = await glTotal(world.ctx.coop, GL.bank);
    expect(bank.debit - bankBefore.debit).toBe(110_020);
    expect(bank.credit - bankBefore.credit).toBe(30_025);
    const txns = await history(c.id);
    expect(txns.map((t) => [t.type_name, t.amount, t.transaction_date]).sort()).toEqual(
      [
        ['DEPOSIT', 1000, '2026-02-01'],
        ['DEPOSIT', 50.1, '2026-02-05'],
        ['DEPOSIT', 50.1, '2026-02-05'],
        ['WITHDRAWAL', 300.25, '2026-02-10'],
      ].sort(),
    );
    expect(txns.map((t) => t.description)).toEqual(expect.arrayContaining(['February, first', 'Said "urgent"']));
    await expectBalancedLedger(world.ctx.coop);

    const again = await imported('NORMAL_HISTORY', file, 'history.csv');
    expect(again).toMatchObject({ status: 'COMPLETED', posted: 0, already: 4 });
    expect((await plansOf(c.id))[0].balance).toBe(799.95);
  }, 120_000);

  it('imports target payments: deposits on the Targeted plan that pay its schedule items in date order', async () => {
    const d = await newMember(world);
    const plan = await planOf(world, d.id, {
      savings_product_id: world.targeted,
      amount: '5000',
      start_date: '2026-01-01',
      end_date: '2026-06-30',
      frequency: 'Monthly',
    });
    const file = await xlsx('TARGET_HISTORY', [
      [d.id, '2026-01-01', 7500, '2026-02-05', 'Second'],
      [d.id, '2026-01-01', 5000, '2026-01-05', 'First'],
    ]);
    const result = await imported('TARGET_HISTORY', file);
    expect(result).toMatchObject({ status: 'COMPLETED', posted: 2, plans_opened: 0, amount: 12500 });
    const [after] = await plansOf(d.id);
    expect(after).toMatchObject({ id: plan.id, balance: 12500, available: 12500 });
    const schedule = await call<{ data: { serial: number; status: number }[] }>('GET', '/target-savings-schedule', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, target_savings_id: plan.id },
    });
    expect(schedule.body.data.data.filter((i) => i.status === 1).map((i) => i.serial)).toEqual([1, 2]);
    const stored = await getItem<{ schedule_credit: number }>(keys.savingsPlan(world.ctx.coop, plan.id), true);
    expect(stored!.schedule_credit).toBe(250_000);
    await expectBalancedLedger(world.ctx.coop);
  }, 120_000);

  it('writes nothing for a file with bad rows and gives a row/column/message report', async () => {
    const good = await newMember(world);
    const bankBefore = await glTotal(world.ctx.coop, GL.bank);
    const file = await xlsx('NORMAL_HISTORY', [
      [good.id, 'Regular Savings', 'DEPOSIT', 100, '2026-03-01'],
      ['NOSUCH999', 'Regular Savings', 'DEPOSIT', 100, '2026-03-01'],
      [good.id, 'Regular Savings', 'DEPOSIT', '10.123', '2026-03-02'],
      [good.id, 'Regular Savings', 'DEPOSIT', 10, '2026-02-30'],
      [good.id, 'Regular Savings', 'WITHDRAWAL', 150, '2026-03-03'],
      [good.id, 'Targeted', 'DEPOSIT', 10, '2026-03-01'],
      [good.id, 'Regular Savings', 'TRANSFER', -5, '2099-01-01'],
    ]);
    const started = await upload({ file, bank: world.bank, type: 'NORMAL_HISTORY' });
    expect(started.status).toBe(202);
    const result = await finished(started.body.data.import_id);
    expect(result.status).toBe('INVALID');
    expect(result.errors).toEqual([
      { row: 3, column: 'member', message: 'No member of this cooperative has the number or staff ID NOSUCH999' },
      { row: 4, column: 'amount', message: 'Enter an amount in naira with at most 2 decimals' },
      { row: 5, column: 'date', message: 'Enter a valid date as YYYY-MM-DD' },
      {
        row: 6,
        column: 'amount',
        message: 'This withdrawal would take the balance below zero: ₦100.00 is available on 2026-03-03',
      },
      {
        row: 7,
        column: 'product',
        message: 'Targeted plans follow a payment schedule; import them with Target History',
      },
      { row: 8, column: 'amount', message: 'Enter an amount greater than zero' },
      { row: 8, column: 'date', message: 'The date must not be in the future' },
      { row: 8, column: 'transaction_type', message: 'Enter DEPOSIT or WITHDRAWAL' },
    ]);
    expect(await plansOf(good.id)).toHaveLength(0);
    expect(await glTotal(world.ctx.coop, GL.bank)).toEqual(bankBefore);

    const report = await fetch(
      `${apiUrl()}/api/v1/savings/import/report?cooperative_id=${world.ctx.coop}&import_id=${started.body.data.import_id}`,
      {
        headers: { authorization: `Bearer ${world.ctx.token}` },
      },
    );
    expect(report.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await report.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Row', 'Column', 'Message']);
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      3,
      'member',
      'No member of this cooperative has the number or staff ID NOSUCH999',
    ]);
  }, 120_000);

  it("refuses a missing file, bank or savings type with the spec's messages, and another cooperative's bank", async () => {
    const file = await xlsx('NORMAL_BALANCES', [['X', 'Regular Savings', 1, '2026-01-01']]);
    const none = await upload({ bank: world.bank, type: 'NORMAL_BALANCES' });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Please select a file to import');
    expect(none.body.errors).toEqual({ file: 'Please select a file to import' });
    const noBank = await upload({ file, type: 'NORMAL_BALANCES' });
    expect(noBank.status).toBe(422);
    expect(noBank.body.errors).toEqual({ bank_id: 'Please select a bank' });
    const noType = await upload({ file, bank: world.bank });
    expect(noType.status).toBe(422);
    expect(noType.body.errors).toEqual({ type: 'Please select a savings type' });
    expect((await upload({ file, bank: world.bank, type: 'SOMETHING' })).body.errors).toEqual({
      type: 'Please select a savings type',
    });
    const nothing = await upload({});
    expect(nothing.body.errors).toEqual({
      type: 'Please select a savings type',
      bank_id: 'Please select a bank',
      file: 'Please select a file to import',
    });
    const foreignBank = await upload({ file, bank: other.bank, type: 'NORMAL_BALANCES' });
    expect(foreignBank.status).toBe(422);
    expect(foreignBank.body.errors).toEqual({ bank_id: 'Please select a bank' });
  });

  it('refuses a corrupt workbook, a non-spreadsheet file and a file without the sample columns with a clear 422', async () => {
    const corrupt = await upload({
      file: new Blob([Buffer.from('PK not really a zip')]),
      name: 'savings.xlsx',
      bank: world.bank,
      type: 'NORMAL_BALANCES',
    });
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.message).toContain('could not be read as an Excel (.xlsx) workbook');
    const pdf = await upload({
      file: new Blob(['%PDF-1.4']),
      name: 'savings.pdf',
      bank: world.bank,
      type: 'NORMAL_BALANCES',
    });
    expect(pdf.status).toBe(422);
    expect(pdf.body.message).toBe('The file must be an Excel workbook (.xlsx) or a CSV file (.csv)');
    const binary = await upload({
      file: new Blob([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff])]),
      name: 'savings.csv',
      bank: world.bank,
      type: 'NORMAL_BALANCES',
    });
    expect(binary.status).toBe(422);
    expect(binary.body.message).toContain('could not be read as a CSV text file');
    const wrongColumns = await upload({
      file: new Blob(['name,amount\r\nAda,10\r\n']),
      name: 'savings.csv',
      bank: world.bank,
      type: 'NORMAL_BALANCES',
    });
    expect(wrongColumns.status).toBe(422);
    expect(wrongColumns.body.message).toBe(
      "The first row must hold the sample's column names; missing: member, product, balance, as_at_date",
    );
    const empty = await upload({
      file: csv('NORMAL_BALANCES', []),
      name: 'savings.csv',
      bank: world.bank,
      type: 'NORMAL_BALANCES',
    });
    expect(empty.body.message).toBe('The file has no rows to import');
  });

  it('downloads a sample of each type with the columns the import reads', async () => {
    for (const type of Object.keys(HEADERS) as ImportType[]) {
      const r = await fetch(
        `${apiUrl()}/api/v1/cooperative/member/savings/download-sample?cooperative_id=${world.ctx.coop}&download_type=${type}`,
        {
          headers: { authorization: `Bearer ${world.ctx.token}` },
        },
      );
      expect(r.status).toBe(200);
      expect(r.headers.get('content-disposition')).toContain('sample-savings-import.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await r.arrayBuffer());
      const values = book.worksheets[0].getRow(1).values as unknown[];
      expect(values.slice(1)).toEqual([...HEADERS[type]]);
      expect(book.worksheets[0].rowCount).toBe(2);
      expect(book.getWorksheet('Notes')).toBeDefined();
    }
    const bad = await call('GET', '/cooperative/member/savings/download-sample', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, download_type: 'X' },
    });
    expect(bad.status).toBe(422);
  });
});

describe('the scheduled interest run (functions/schedules/interest-run.ts)', () => {
  it("credits a month's interest to the imported plans once; a second run posts nothing", async () => {
    const { runInterest } = await import('../../functions/schedules/interest-run.ts');
    const e = await newMember(world);
    await imported('NORMAL_BALANCES', await xlsx('NORMAL_BALANCES', [[e.id, 'Regular Savings', 12000, '2026-09-30']]));
    const [before] = await plansOf(e.id);
    const code = (await getItem<{ code: string }>(keys.cooperative(world.ctx.coop)))!.code;
    const interestBefore = await glTotal(world.ctx.coop, GL.interestOnSavings);

    const [first] = await runInterest('2026-10', code);
    expect(first).toMatchObject({ code, month: '2026-10' });
    expect(first.credited).toBeGreaterThan(0);
    // 12,000.00 at 3.5% a year for one month: 35.00.
    const [after] = await plansOf(e.id);
    expect(before.balance).toBe(12000);
    expect(after.balance).toBe(12035);
    const interest = await glTotal(world.ctx.coop, GL.interestOnSavings);
    expect(interest.debit - interestBefore.debit).toBe(first.amount);

    const [second] = await runInterest('2026-10', code);
    expect(second).toMatchObject({ credited: 0, already: first.credited, amount: 0 });
    expect((await plansOf(e.id))[0].balance).toBe(after.balance);
    expect((await glTotal(world.ctx.coop, GL.interestOnSavings)).debit).toBe(interest.debit);
    await expectBalancedLedger(world.ctx.coop);
    await expect(runInterest('2026-10', 'NOSUCHCOOP')).rejects.toThrow('No cooperative has the code NOSUCHCOOP');
  }, 120_000);
});
