import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { apiUrl, call, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Paged, ScheduleRowView } from './support/loans.ts';
import { GL, loanProduct, loanWorld } from './support/loans.ts';
import { glTotal, glTotals, newMember } from './support/savings.ts';

let world: LoanWorld;
let other: LoanWorld;
const EQUITY = standardAccount('opening_balance_equity');

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('LI');
  other = await loanWorld('LO');
  await loanProduct(world, 'Personal Loan');
  await loanProduct(world, 'Car Loan');
}, 60_000);

const HEADER = [
  'member',
  'loan_product',
  'loan_amount',
  'interest_rate',
  'tenure',
  'tenure_type',
  'calculation_method',
  'payment_start_date',
  'disbursement_date',
  'amount_repaid',
];
type Cell = string | number;

async function xlsx(rows: Cell[][]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Loans');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return new Blob([Buffer.from(await book.xlsx.writeBuffer())]);
}

const csv = (lines: string[]) => new Blob([[HEADER.join(','), ...lines].join('\r\n') + '\r\n']);

interface Status {
  done: boolean;
  status: string;
  rows_total: number;
  rows_written: number;
  created: number;
  completed: number;
  already: number;
  amount: number;
  error_count: number;
  errors: { row: number; column: string; message: string }[];
  report_available: boolean;
}

function upload(file: Blob | undefined, name = 'loans.xlsx', w = world) {
  const form = new FormData();
  form.append('cooperative_id', w.ctx.coop);
  if (file) form.append('file', file, name);
  return call<{ import_id: string; rows_total: number }>('POST', '/cooperative/loans/import', {
    token: w.ctx.token,
    form,
  });
}

const status = (importId: string, token = world.ctx.token, coop = world.ctx.coop) =>
  call<Status>('GET', '/cooperative/loans/import/status', {
    token,
    query: { cooperative_id: coop, import_id: importId },
  });

async function finished(importId: string): Promise<Status> {
  for (let i = 0; i < 400; i++) {
    const r = await status(importId);
    expect(r.status, r.body.message).toBe(200);
    if (r.body.data.done) return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The import did not finish');
}

async function imported(file: Blob, name = 'loans.xlsx'): Promise<Status> {
  const started = await upload(file, name);
  expect(started.status, `${started.body.message} ${JSON.stringify(started.body.errors)}`).toBe(202);
  return finished(started.body.data.import_id);
}

async function loansOf(memberId: string): Promise<LoanRow[]> {
  const r = await call<Paged<LoanRow>>('GET', '/cooperative/member/loans', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, coop_id: memberId },
  });
  expect(r.status).toBe(200);
  return r.body.data.data;
}

async function scheduleOf(loanId: string): Promise<ScheduleRowView[]> {
  const r = await call<ScheduleRowView[]>('GET', '/cooperative/loans/loan-schedule', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, loan_id: loanId },
  });
  expect(r.status).toBe(200);
  return r.body.data;
}

async function trialBalanced() {
  const all = await glTotals(world.ctx.coop);
  expect(all.reduce((sum, t) => sum + t.debit, 0)).toBe(all.reduce((sum, t) => sum + t.credit, 0));
}

async function staffIdOf(memberId: string): Promise<string> {
  const member = await getItem<{ staff_id: string }>(keys.member(world.ctx.coop, memberId), true);
  return member!.staff_id;
}

describe('Loan import', () => {
  it('creates approved loans with their schedules, repayments applied and principal outstanding posted against Opening Balance Equity; the same file again creates nothing', async () => {
    const a = await newMember(world);
    const b = await newMember(world);
    const c = await newMember(world);
    const loansBefore = await glTotal(world.ctx.coop, GL.loans);
    const equityBefore = await glTotal(world.ctx.coop, EQUITY);
    const file = await xlsx([
      // Flat: 12 x (10,000 principal + 1,200 interest); 30,000 repaid pays rows 1-2 and 1,200 interest + 6,400
      // principal of row 3.
      [a.id, 'Personal Loan', 120000, 12, 12, 'Month(s)', 1, '2026-02-01', '2026-01-10', 30000],
      // By staff ID, the method by name, in years, nothing repaid.
      [
        await staffIdOf(b.id),
        'personal loan',
        '50000',
        '10',
        1,
        'Year(s)',
        'Reducing Balance (Equal Installments)',
        '2026-03-01',
        '2026-02-15',
        0,
      ],
      // Equal principal over 2 months at 1% a month: 5,000 + 100, then 5,000 + 50; repaid in full.
      [c.id, 'Car Loan', 10000, 12, 2, 'Month(s)', 3, '2026-02-01', '2026-01-05', 10150],
    ]);
    const result = await imported(file);
    expect(result).toMatchObject({
      status: 'COMPLETED',
      rows_total: 3,
      rows_written: 3,
      created: 3,
      completed: 1,
      already: 0,
      amount: 143600,
    });

    const [loanA] = await loansOf(a.id);
    expect(loanA).toMatchObject({
      member_id: a.id,
      product: { name: 'Personal Loan' },
      loan_amount: 120000,
      total_interest: 14400,
      total_amount: 134400,
      loan_balance: 104400,
      tenure: 12,
      tenure_type: 'Month(s)',
      interest_rate: 12,
      calculation_method_id: 1,
      payment_start_date: '2026-02-01',
      date: '2026-01-10',
      status: 1,
      is_paid: 0,
      sureties: [],
    });
    const rowsA = await scheduleOf(loanA.id);
    expect(rowsA).toHaveLength(12);
    expect(rowsA.map((r) => r.is_paid)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(rowsA[0]).toMatchObject({ payment_month: '2026-02-01', principal: 10000, interest: 1200, payment: 11200 });
    const stored = await getItem<{ schedule: { principal_paid: number; interest_paid: number }[] }>(
      keys.loan(world.ctx.coop, loanA.id),
      true,
    );
    expect(stored!.schedule[2]).toMatchObject({ interest_paid: 120_000, principal_paid: 640_000 });
    const suretyList = await call<unknown[]>('GET', '/cooperative/loans/view-surety', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, loan_id: loanA.id },
    });
    expect(suretyList.body.data).toEqual([]);

    const [loanB] = await loansOf(b.id);
    expect(loanB).toMatchObject({
      loan_amount: 50000,
      tenure_type: 'Year(s)',
      calculation_method_id: 2,
      status: 1,
      is_paid: 0,
    });
    expect(loanB.loan_balance).toBe(loanB.total_amount);
    expect((await scheduleOf(loanB.id)).every((r) => r.is_paid === 0)).toBe(true);

    const [loanC] = await loansOf(c.id);
    expect(loanC).toMatchObject({
      loan_amount: 10000,
      total_interest: 150,
      total_amount: 10150,
      loan_balance: 0,
      status: 1,
      is_paid: 1,
    });
    expect((await scheduleOf(loanC.id)).map((r) => r.is_paid)).toEqual([1, 1]);

    const loansGl = await glTotal(world.ctx.coop, GL.loans);
    const equity = await glTotal(world.ctx.coop, EQUITY);
    expect(loansGl.debit - loansBefore.debit).toBe(14_360_000);
    expect(loansGl.credit - loansBefore.credit).toBe(0);
    expect(equity.credit - equityBefore.credit).toBe(14_360_000);
    expect(equity.debit - equityBefore.debit).toBe(0);
    await trialBalanced();

    const again = await imported(file);
    expect(again).toMatchObject({ status: 'COMPLETED', created: 0, already: 3, amount: 0 });
    expect(await loansOf(a.id)).toHaveLength(1);
    expect(await loansOf(b.id)).toHaveLength(1);
    expect(await loansOf(c.id)).toHaveLength(1);
    expect(await glTotal(world.ctx.coop, GL.loans)).toEqual(loansGl);
    expect(await glTotal(world.ctx.coop, EQUITY)).toEqual(equity);
  }, 120_000);

  it('imports a .csv file', async () => {
    const d = await newMember(world);
    const result = await imported(
      csv([`${d.id},"Car Loan",2400.50,6,6,Months,"Flat Rate",2026-04-01,2026-03-20,`]),
      'loans.csv',
    );
    expect(result).toMatchObject({ status: 'COMPLETED', created: 1, amount: 2400.5 });
    const [loan] = await loansOf(d.id);
    expect(loan).toMatchObject({
      loan_amount: 2400.5,
      tenure: 6,
      tenure_type: 'Month(s)',
      calculation_method_id: 1,
      is_paid: 0,
    });
    expect(loan.loan_balance).toBe(loan.total_amount);
  }, 120_000);

  it('writes nothing for a file with bad rows and gives a row/column/message report', async () => {
    const running = await newMember(world);
    expect(
      (
        await imported(
          await xlsx([[running.id, 'Personal Loan', 1000, 12, 2, 'Month(s)', 1, '2026-02-01', '2026-01-01', 0]]),
        )
      ).status,
    ).toBe('COMPLETED');
    const good = await newMember(world);
    const twice = await newMember(world);
    const loansBefore = await glTotal(world.ctx.coop, GL.loans);
    const file = await xlsx([
      [good.id, 'Personal Loan', 1000, 12, 2, 'Month(s)', 1, '2026-02-01', '2026-01-01', 0],
      ['NOSUCH999', 'Personal Loan', 1000, 12, 2, 'Month(s)', 1, '2026-02-01', '2026-01-01', 0],
      [good.id, 'Boat Loan', 1000, 12, 2, 'Month(s)', 1, '2026-02-01', '2026-01-01', 0],
      [good.id, 'Car Loan', '10.123', 12, 2, 'Weeks', 7, '2026-02-30', '2099-01-01', -1],
      [good.id, 'Car Loan', 1000, 12, 2, 'Month(s)', 1, '2026-02-01', '2026-01-01', 5000],
      [running.id, 'Personal Loan', 2000, 12, 2, 'Month(s)', 1, '2026-03-01', '2026-02-01', 0],
      [twice.id, 'Car Loan', 1000, 12, 2, 'Month(s)', 1, '2026-02-01', '2026-01-01', 0],
      [twice.id, 'Car Loan', 1000, 12, 2, 'Month(s)', 1, '2026-02-01', '2026-01-01', 0],
    ]);
    const started = await upload(file);
    expect(started.status).toBe(202);
    const result = await finished(started.body.data.import_id);
    expect(result.status).toBe('INVALID');
    expect(result.errors).toEqual([
      { row: 3, column: 'member', message: 'No member of this cooperative has the number or staff ID NOSUCH999' },
      { row: 4, column: 'loan_product', message: 'No loan product with an active loan setup is named Boat Loan' },
      { row: 5, column: 'amount_repaid', message: 'Enter 0 or more' },
      {
        row: 5,
        column: 'calculation_method',
        message:
          'Enter 1, 2 or 3 (Flat Rate, Reducing Balance (Equal Installments), Reducing Balance (Equal Principal))',
      },
      { row: 5, column: 'disbursement_date', message: 'The date must not be in the future' },
      { row: 5, column: 'loan_amount', message: 'Enter an amount in naira with at most 2 decimals' },
      { row: 5, column: 'payment_start_date', message: 'Enter a valid date as YYYY-MM-DD' },
      { row: 5, column: 'tenure_type', message: 'Enter Month(s) or Year(s)' },
      { row: 6, column: 'amount_repaid', message: 'The amount repaid must not exceed the total to repay, ₦1,020.00' },
      { row: 7, column: 'loan_product', message: `The member ${running.id} already has a running Personal Loan loan` },
      { row: 9, column: 'member', message: 'The same loan is also on row 8' },
    ]);
    expect(result.report_available).toBe(true);
    expect(await loansOf(good.id)).toHaveLength(0);
    expect(await loansOf(twice.id)).toHaveLength(0);
    expect(await loansOf(running.id)).toHaveLength(1);
    expect(await glTotal(world.ctx.coop, GL.loans)).toEqual(loansBefore);

    const report = await fetch(
      `${apiUrl()}/api/v1/cooperative/loans/import/report?cooperative_id=${world.ctx.coop}&import_id=${started.body.data.import_id}`,
      {
        headers: { authorization: `Bearer ${world.ctx.token}` },
      },
    );
    expect(report.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await report.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Row', 'Column', 'Message']);
    expect(sheet.rowCount).toBe(12);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      3,
      'member',
      'No member of this cooperative has the number or staff ID NOSUCH999',
    ]);
  }, 120_000);

  it("refuses a missing file, a non-spreadsheet file and a file without the sample's columns with a clear 422", async () => {
    const none = await upload(undefined);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Please select a file to import');
    expect(none.body.errors).toEqual({ file: 'Please select a file to import' });
    const pdf = await upload(new Blob(['%PDF-1.4']), 'loans.pdf');
    expect(pdf.status).toBe(422);
    expect(pdf.body.status).toBe(false);
    expect(pdf.body.message).toBe('The file must be an Excel workbook (.xlsx) or a CSV file (.csv)');
    const corrupt = await upload(new Blob([Buffer.from('PK not really a zip')]), 'loans.xlsx');
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.message).toContain('could not be read as an Excel (.xlsx) workbook');
    const wrongColumns = await upload(new Blob(['name,amount\r\nAda,10\r\n']), 'loans.csv');
    expect(wrongColumns.status).toBe(422);
    expect(wrongColumns.body.message).toContain(
      "The first row must hold the sample's column names; missing: member, loan_product",
    );
  });

  it("keeps an import's status and report to its own cooperative", async () => {
    const e = await newMember(world);
    const started = await upload(
      await xlsx([[e.id, 'Personal Loan', 500, 12, 1, 'Month(s)', 1, '2026-02-01', '2026-01-01', 0]]),
    );
    expect(started.status).toBe(202);
    const importId = started.body.data.import_id;
    await finished(importId);
    // Another cooperative's admin (the seeded ALPHA-ADMIN): refused naming this cooperative, not found in their own.
    const alpha = await tokenFor('ALPHA-ADMIN');
    const naming = await status(importId, alpha, world.ctx.coop);
    expect(naming.status).toBe(403);
    const elsewhere = await call('GET', '/cooperative/loans/import/status', {
      token: alpha,
      query: { import_id: importId },
    });
    expect(elsewhere.status).toBe(404);
    // A super-admin naming another cooperative does not find it there either.
    const report = await call('GET', '/cooperative/loans/import/report', {
      token: other.ctx.token,
      query: { cooperative_id: other.ctx.coop, import_id: importId },
    });
    expect(report.status).toBe(404);
    const missing = await call('GET', '/cooperative/loans/import/status', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(missing.status).toBe(422);
  }, 120_000);

  it('downloads the sample with the columns the import reads, two example rows and notes', async () => {
    const r = await fetch(`${apiUrl()}/api/v1/cooperative/loans/download-sample?cooperative_id=${world.ctx.coop}`, {
      headers: { authorization: `Bearer ${world.ctx.token}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain('sample-loan-import.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await r.arrayBuffer());
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(2).value).toBe('Personal Loan');
    expect(book.getWorksheet('Notes')).toBeDefined();
  });
});
