import ExcelJS from 'exceljs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayrollFilePeriod, PayrollRunView, ReconciliationView } from '@coopledger/shared/payroll-views';
import { db } from '../../functions/core/clients.ts';
import { getItem, table } from '../../functions/core/db.ts';
import { putObject } from '../../functions/core/import-files.ts';
import { keys, objectKeys } from '../../functions/core/keys.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { PostingAccounts, postPayrollRow } from '../../functions/payroll/posting.ts';
import { findRun, newRun, putRun } from '../../functions/payroll/runs.ts';
import { readChunk } from '../../functions/payroll/validation.ts';
import { handler as finishTask } from '../../functions/workflows/payroll-upload/finish.ts';
import { handler as validateTask } from '../../functions/workflows/payroll-upload/validate.ts';
import { apiUrl, call, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member, ScheduleRowView } from './support/loans.ts';
import { GL, approvedLoanOf, loanProduct, loanWorld, members } from './support/loans.ts';
import { fileOf, payrollClient, period } from './support/payroll.ts';
import type { PlanRow } from './support/savings.ts';
import { deposited, glTotal, glTotals, plan, planOf } from './support/savings.ts';

/**
 * Monthly payroll deductions (functions/payroll): the download's dues against the schedules and
 * plans, uploads posted through the payroll-upload workflow of the local runtime, shortfalls and
 * excesses, refused files, the same period twice, a re-run after a failure halfway, and reversal.
 *
 * The cooperative of its own: Ada (Regular 5,000 a month and Targeted 2,000 a month from 15 January,
 * and a Salary loan of 120,000 at 12% flat over 12 months from 1 February: 11,200 an installment),
 * Bayo (Regular 5,000), Chika (Regular 3,000 and an Others loan of 60,000 over 6 months from 1
 * February: 10,600 an installment), and Dupe (Regular 1,000 and an Others loan of 10,000 over one
 * month, due 1 August, with a 1,000 lien on her savings).
 */
let world: LoanWorld;
let sureties: Member[];
let tokens: Record<string, string>;
let ada: Member;
let bayo: Member;
let chika: Member;
let dupe: Member;
let adaLoan: LoanRow;
let chikaLoan: LoanRow;
let dupeLoan: LoanRow;
let adaRegular: PlanRow;
let adaTarget: PlanRow;
let bayoRegular: PlanRow;
let dupeRegular: PlanRow;
const INTEREST = standardAccount('loan_interest');

const approvedLoan = (applicant: Member, product: string, overrides: Record<string, unknown>) =>
  approvedLoanOf(world, applicant, product, sureties, tokens, overrides);

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('PR');
  sureties = await members(world, 2);
  tokens = Object.fromEntries(sureties.map((m) => [m.id, m.token]));
  [ada, bayo, chika, dupe] = (await members(world, 4)) as [Member, Member, Member, Member];
  const personal = await loanProduct(world, 'Personal Loan');
  const quick = await loanProduct(world, 'Quick Loan', { lien: 1, lien_amount: '1000.00' });
  adaRegular = await planOf(world, ada.id, { amount: '5000' });
  adaTarget = await planOf(world, ada.id, {
    savings_product_id: world.targeted,
    amount: '2000',
    start_date: '2026-01-15',
    end_date: '2026-12-15',
  });
  bayoRegular = await planOf(world, bayo.id, { amount: '5000' });
  await planOf(world, chika.id, { amount: '3000' });
  dupeRegular = await planOf(world, dupe.id, { amount: '1000' });
  await deposited(world, dupeRegular.id, '1500', '2026-01-05');
  adaLoan = await approvedLoan(ada, personal, {});
  chikaLoan = await approvedLoan(chika, personal, { loan_amount: '60000', tenure: 6, repayment_type: 'Others' });
  dupeLoan = await approvedLoan(dupe, quick, {
    loan_amount: '10000',
    tenure: 1,
    payment_start_date: '2026-08-01',
    repayment_type: 'Others',
  });
}, 120_000);

const { download, upload, inspect, runOf, finished, posted, reverse } = payrollClient(() => world);

/** A cell's text (the payroll file holds only text and numbers). */
const text = (value: ExcelJS.CellValue) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The payroll sheet as records by header, the TOTAL row last. */
function sheetRows(book: ExcelJS.Workbook): Record<string, ExcelJS.CellValue>[] {
  const sheet = book.getWorksheet('Payroll')!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return rows;
}

/** Sets Amount Deducted for members (by member number) and returns the file. */
async function withAmounts(book: ExcelJS.Workbook, amounts: Record<string, number | string>): Promise<Blob> {
  const sheet = book.getWorksheet('Payroll')!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const amountCol = header.indexOf('Amount Deducted') + 1;
  sheet.eachRow((row, n) => {
    const member = text(row.getCell(1).value);
    if (n > 1 && member in amounts) row.getCell(amountCol).value = amounts[member]!;
  });
  return new Blob([Buffer.from(await book.xlsx.writeBuffer())]);
}

const reconciliation = (runId: string, query: Record<string, string> = {}) =>
  call<ReconciliationView>('GET', '/cooperative/monthly-deduction/reconciliation', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, run_id: runId, per_page: 100, ...query },
  });

interface StoredLoan {
  loan_balance: number;
  is_paid: number;
  version: number;
  lien: { plan_id: string; amount: number; released: boolean } | null;
  schedule: { n: number; payment_month: string; principal_paid: number; interest_paid: number; is_paid: number }[];
}
const storedLoan = (id: string) => getItem<StoredLoan>(keys.loan(world.ctx.coop, id), true) as Promise<StoredLoan>;

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

/** Each account's debit - credit (kobo), for comparing the books before and after. */
async function books(): Promise<Record<string, number>> {
  return Object.fromEntries((await glTotals(world.ctx.coop)).map((t) => [t.gl_code, t.debit - t.credit]));
}

/** Plan and loan balances in kobo. */
async function balances() {
  const planOfMember = async (member: Member, p: PlanRow) =>
    Math.round((await plan(world, member.id, p.id)).balance * 100);
  return {
    adaRegular: await planOfMember(ada, adaRegular),
    adaTarget: await planOfMember(ada, adaTarget),
    bayoRegular: await planOfMember(bayo, bayoRegular),
    dupeRegular: await planOfMember(dupe, dupeRegular),
    adaLoan: (await storedLoan(adaLoan.id)).loan_balance,
    dupeLoan: (await storedLoan(dupeLoan.id)).loan_balance,
  };
}

describe('Payroll download', () => {
  it("lists each member's savings contributions and loan installments due in the period, with totals and a hidden sheet naming the run", async () => {
    const { response, book } = await download(period('2026-02'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('2026-02-01-2026-02-28-monthly-payroll.xlsx');
    const rows = sheetRows(book);
    const header = (book.getWorksheet('Payroll')!.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    expect(header).toEqual([
      'Member No',
      'Staff ID',
      'Name',
      'Department',
      'Savings: Regular Savings',
      'Savings: Targeted',
      'Loan: Personal Loan ID',
      'Loan: Personal Loan Due',
      'Total Due',
      'Amount Deducted',
    ]);
    const byMember = new Map(rows.map((r) => [text(r['Member No'] ?? ''), r]));
    // The Salary loan's first installment (1 February) from its stored schedule.
    const schedule = await scheduleOf(adaLoan.id);
    expect(schedule[0]).toMatchObject({ payment_month: '2026-02-01', payment: 11200 });
    expect(byMember.get(ada.id)).toMatchObject({
      'Savings: Regular Savings': 5000,
      'Savings: Targeted': 2000,
      'Loan: Personal Loan ID': adaLoan.id,
      'Loan: Personal Loan Due': schedule[0].payment,
      'Total Due': 18200,
      'Amount Deducted': 18200,
    });
    expect(byMember.get(bayo.id)).toMatchObject({
      'Savings: Regular Savings': 5000,
      'Loan: Personal Loan Due': 0,
      'Total Due': 5000,
    });
    // Chika's loan is repaid by other means: only her savings are on the Salary payroll.
    expect(byMember.get(chika.id)).toMatchObject({
      'Savings: Regular Savings': 3000,
      'Loan: Personal Loan ID': '',
      'Total Due': 3000,
    });
    // Dupe's loan is repaid by other means, from August.
    expect(byMember.get(dupe.id)).toMatchObject({ 'Savings: Regular Savings': 1000, 'Total Due': 1000 });
    // The sureties owe nothing and are not listed.
    for (const s of sureties) expect(byMember.has(s.id)).toBe(false);
    const total = rows.at(-1)!;
    expect(total.Name).toBe('TOTAL');
    expect(total['Total Due']).toBe(18200 + 5000 + 3000 + 1000);
    expect(total['Amount Deducted']).toBe(27200);
    const run = book.getWorksheet('Run')!;
    expect(run.state).toBe('veryHidden');
    const fields = new Map<string, string>();
    run.eachRow((row) => fields.set(text(row.getCell(1).value), text(row.getCell(2).value)));
    expect(fields.get('cooperative_id')).toBe(world.ctx.coop);
    expect(fields.get('repayment_type')).toBe('Salary');
    expect(JSON.parse(fields.get('columns')!)).toEqual(header);

    const others = sheetRows((await download(period('2026-02', 'Others'))).book);
    expect(others.map((r) => r['Member No'])).toEqual([chika.id, null]);
    expect(others[0]).toMatchObject({
      'Loan: Personal Loan ID': chikaLoan.id,
      'Loan: Personal Loan Due': 10600,
      'Total Due': 10600,
    });
  });

  it("refuses a period without dates or type with the spec's messages", async () => {
    const r = await call('POST', '/cooperative/monthly-deduction/download', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      start_date: 'Please select a start date',
      end_date: 'Please select an end date',
      repayment_type: 'Please select repayment type',
    });
    const backwards = await call('POST', '/cooperative/monthly-deduction/download', {
      token: world.ctx.token,
      body: {
        cooperative_id: world.ctx.coop,
        start_date: '2026-02-28',
        end_date: '2026-02-01',
        repayment_type: 'Salary',
      },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors?.end_date).toBe('The end date must be on or after the start date');
  });
});

describe('Payroll upload', () => {
  it("refuses an upload without a file, with the wrong file type, or without the period's fields, and posts nothing", async () => {
    const before = await books();
    const none = await upload(undefined, period('2026-02'));
    expect(none.status).toBe(422);
    expect(none.body.errors?.file).toBe('Please select a file to import');
    const csv = await upload(new Blob(['a,b\n']), period('2026-02'), { file_name: 'payroll.csv' });
    expect(csv.status).toBe(422);
    expect(csv.body.errors?.file).toBe('The payroll file must be an Excel workbook (.xlsx)');
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    form.append('file', await fileOf((await download(period('2026-02'))).book), 'payroll.xlsx');
    const fields = await call('POST', '/cooperative/monthly-deduction/upload', { token: world.ctx.token, form });
    expect(fields.status).toBe(422);
    expect(fields.body.errors).toMatchObject({
      start_date: 'Please select a start date',
      end_date: 'Please select an end date',
      repayment_type: 'Please select repayment type',
      bank_id: 'Please select bank account',
    });
    expect(await books()).toEqual(before);
  });

  it('posts the downloaded file as it is: every due paid, the loan advances, one summarised journal, the trial balance balances', async () => {
    const before = await balances();
    const bankBefore = await glTotal(world.ctx.coop, GL.bank);
    const interestBefore = await glTotal(world.ctx.coop, INTEREST);
    const { book } = await download(period('2026-02'));
    const run = await posted(await fileOf(book), period('2026-02'));
    expect(run).toMatchObject({
      status: 'COMPLETED',
      rows_total: 4,
      rows_posted: 4,
      rows_already: 0,
      expected_total: 27200,
      received_total: 27200,
      shortfall_total: 0,
      excess_total: 0,
      posting_date: '2026-02-28',
    });

    const after = await balances();
    expect(after.adaLoan).toBe(before.adaLoan - 1_120_000);
    expect(after.adaRegular - before.adaRegular).toBe(500_000);
    expect(after.adaTarget - before.adaTarget).toBe(200_000);
    expect(after.bayoRegular - before.bayoRegular).toBe(500_000);
    expect(after.dupeRegular - before.dupeRegular).toBe(100_000);
    const schedule = await scheduleOf(adaLoan.id);
    expect(schedule[0].is_paid).toBe(1);
    expect(schedule[1].is_paid).toBe(0);
    // The Targeted plan's schedule is paid in date order: its oldest item (January's) is now paid.
    const target = await call<{ data: { payment_date: string; status: number }[] }>('GET', '/target-savings-schedule', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, target_savings_id: adaTarget.id, coop_id: ada.id },
    });
    expect(target.body.data.data.filter((i) => i.status === 1).map((i) => i.payment_date)).toEqual(['2026-01-15']);

    expect((await glTotal(world.ctx.coop, GL.bank)).debit - bankBefore.debit).toBe(2_720_000);
    expect((await glTotal(world.ctx.coop, INTEREST)).credit - interestBefore.credit).toBe(120_000);
    await trialBalanced();
    const stored = await findRun(world.ctx.coop, run.id);
    expect(stored?.journal_ids).toHaveLength(1);
    const journal = await getItem<{
      lines: { gl_code: string; dc: string; amount: number }[];
      transaction_date: string;
    }>(keys.journal(world.ctx.coop, stored!.journal_ids![0]), true);
    expect(journal?.transaction_date).toBe('2026-02-28');
    // One line per account and side: bank, savings GL, loans GL, interest.
    expect(journal?.lines).toEqual(
      expect.arrayContaining([
        { gl_code: GL.bank, dc: 'D', amount: 2_720_000, description: undefined },
        { gl_code: GL.loans, dc: 'C', amount: 1_000_000, description: undefined },
        { gl_code: INTEREST, dc: 'C', amount: 120_000, description: undefined },
      ]),
    );
    expect(new Set(journal!.lines.map((l) => `${l.gl_code}${l.dc}`)).size).toBe(journal!.lines.length);

    const rec = await reconciliation(run.id);
    expect(rec.status).toBe(200);
    expect(rec.body.data.summary).toMatchObject({
      members_expected: 4,
      members_in_file: 4,
      paid_in_full: 4,
      shortfalls: 0,
      excesses: 0,
      expected_total: 27200,
      received_total: 27200,
      to_loans_total: 11200,
    });
    expect(rec.body.data.data.find((r) => r.member_id === ada.id)).toMatchObject({
      expected: 18200,
      received: 18200,
      to_loans: 11200,
      to_savings: 7000,
      status: 'Paid',
    });

    // Ada hears of her ₦18,200 (delivery is asynchronous: at most 15 s).
    let told: { title: string; body: string }[] = [];
    for (const deadline = Date.now() + 15_000; told.length === 0 && Date.now() < deadline;) {
      const bell = await call<{ data: { title: string; body: string }[] }>('GET', '/user/notifications', {
        token: ada.token,
      });
      told = bell.body.data.data.filter((n) => n.title === 'Monthly deductions posted');
      if (told.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(told).toHaveLength(1);
    expect(told[0].body).toMatch(/ were posted: ₦18,200\.00 in all\.$/);
  });

  it('refuses the same period and type a second time, and one of two uploads at once', async () => {
    const { book } = await download(period('2026-02'));
    const again = await upload(await fileOf(book), period('2026-02'));
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Salary payroll for 01/02/2026 to 28/02/2026 has already been posted');
    const overlapping = await upload(await fileOf(book), {
      ...period('2026-02'),
      start_date: '2026-02-15',
      end_date: '2026-03-14',
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toContain('overlaps');

    const { book: july } = await download(period('2026-07', 'Others'));
    const file = await fileOf(july);
    const both = await Promise.all([
      upload(file, period('2026-07', 'Others')),
      upload(file, period('2026-07', 'Others')),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const run = await finished(both.find((r) => r.status === 202)!.body.data.id);
    expect(run).toMatchObject({ status: 'COMPLETED', received_total: 10600 * 6 });
  });

  it('allocates a shortfall to the loans first, then savings, and puts an excess on the primary plan', async () => {
    const before = await balances();
    const { book } = await download(period('2026-03'));
    const file = await withAmounts(book, { [ada.id]: 12000, [bayo.id]: 8000, [chika.id]: 0 });
    const run = await posted(file, period('2026-03'));
    expect(run).toMatchObject({
      status: 'COMPLETED',
      expected_total: 27200,
      received_total: 12000 + 8000 + 0 + 1000,
      shortfall_total: 6200 + 3000,
      excess_total: 3000,
    });

    const after = await balances();
    expect(after.adaLoan).toBe(before.adaLoan - 1_120_000);
    expect(after.adaRegular - before.adaRegular).toBe(80_000);
    expect(after.adaTarget - before.adaTarget).toBe(0);
    expect(after.bayoRegular - before.bayoRegular).toBe(800_000);
    await trialBalanced();

    const rec = await reconciliation(run.id);
    const byMember = new Map(rec.body.data.data.map((r) => [r.member_id, r]));
    expect(byMember.get(ada.id)).toMatchObject({
      expected: 18200,
      received: 12000,
      difference: -6200,
      to_loans: 11200,
      to_savings: 800,
      status: 'Shortfall',
    });
    expect(byMember.get(bayo.id)).toMatchObject({
      expected: 5000,
      received: 8000,
      excess: 3000,
      to_savings: 8000,
      status: 'Excess',
    });
    expect(byMember.get(chika.id)).toMatchObject({ received: 0, status: 'Shortfall' });
    expect(rec.body.data.summary).toMatchObject({ shortfalls: 2, excesses: 1, paid_in_full: 1 });
    const filtered = await reconciliation(run.id, { status: 'Shortfall' });
    expect(filtered.body.data.data.map((r) => r.member_id).sort()).toEqual([ada.id, chika.id].sort());

    const xlsx = await fetch(
      `${apiUrl()}/api/v1/cooperative/monthly-deduction/reconciliation?cooperative_id=${world.ctx.coop}&run_id=${run.id}&download=true`,
      {
        headers: { authorization: `Bearer ${world.ctx.token}` },
      },
    );
    expect(xlsx.headers.get('content-disposition')).toContain(
      'payroll-reconciliation-2026-03-01-2026-03-31-Salary.xlsx',
    );
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(await xlsx.arrayBuffer());
    const total = sheet.worksheets[0].lastRow!;
    expect(total.getCell(3).value).toBe('TOTAL');
    expect(total.getCell(6).value).toBe(27200);
    expect(total.getCell(7).value).toBe(21000);
  });

  it('refuses a file with a bad row, an unknown member, a changed layout or another period, posting nothing, with a downloadable report', async () => {
    const before = await books();
    const { book } = await download(period('2026-04'));
    const sheet = book.getWorksheet('Payroll')!;
    const unknown = sheet.addRow([]);
    unknown.getCell(1).value = 'NOSUCH999';
    unknown.getCell(10).value = 500;
    const bad = await withAmounts(book, { [ada.id]: 'twelve thousand', [bayo.id]: -5 });
    const run = await posted(bad, period('2026-04'));
    expect(run.status).toBe('INVALID');
    expect(run.report_available).toBe(true);
    expect(run.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          column: 'Amount Deducted',
          message: expect.stringContaining('must be a number') as string,
        }),
        expect.objectContaining({ column: 'Amount Deducted', message: 'Amount Deducted cannot be negative' }),
        expect.objectContaining({
          column: 'Member No',
          message: 'No member of this cooperative has the number or staff ID NOSUCH999',
        }),
      ]),
    );
    const report = await fetch(
      `${apiUrl()}/api/v1/cooperative/monthly-deduction/report?cooperative_id=${world.ctx.coop}&run_id=${run.id}`,
      {
        headers: { authorization: `Bearer ${world.ctx.token}` },
      },
    );
    const reportBook = new ExcelJS.Workbook();
    await reportBook.xlsx.load(await report.arrayBuffer());
    expect((reportBook.worksheets[0].getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual([
      'Row',
      'Column',
      'Message',
    ]);
    expect(reportBook.worksheets[0].rowCount).toBe(1 + run.error_count);

    const { book: layout } = await download(period('2026-04'));
    layout.getWorksheet('Payroll')!.spliceColumns(2, 1);
    const moved = await posted(await fileOf(layout), period('2026-04'));
    expect(moved.status).toBe('INVALID');
    expect(moved.errors[0]?.message).toContain(
      'The columns differ from the downloaded payroll file (missing Staff ID)',
    );

    const { book: february } = await download(period('2026-02'));
    const wrong = await posted(await fileOf(february), period('2026-04'));
    expect(wrong.errors[0]?.message).toBe(
      'This file is the Salary payroll for 2026-02-01 to 2026-02-28; the upload names the Salary payroll for 2026-04-01 to 2026-04-30',
    );
    expect(await books()).toEqual(before);

    // A refused file leaves the period open: the corrected file posts.
    const { book: fixed } = await download(period('2026-04'));
    expect((await posted(await fileOf(fixed), period('2026-04'))).status).toBe('COMPLETED');
  });

  it('after a run that failed halfway, the same file again posts each row exactly once', async () => {
    const p = period('2026-05');
    const { book } = await download(p);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    // A run as the upload starts it, whose workflow dies after the first row was posted.
    const runId = `HALF${Date.now()}`;
    const claim = await getItem<{ generation: number }>(
      keys.payrollPeriod(world.ctx.coop, p.start_date, p.end_date, p.repayment_type),
      true,
    );
    expect(claim).toBeUndefined();
    const run = newRun({
      id: runId,
      tenant: world.ctx.coop,
      period: { ...p, repayment_type: 'Salary' },
      bank: { id: world.bank, name: 'Test bank', gl: GL.bank },
      file: { name: 'payroll.xlsx', key: objectKeys.payrollFile(world.ctx.coop, runId) },
      generation: 0,
      by: 'TEST',
      today: p.end_date,
    });
    await putObject(run.file_key, content, 'application/octet-stream');
    await putRun(run);
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.payrollPeriod(world.ctx.coop, p.start_date, p.end_date, p.repayment_type),
          run_id: runId,
          generation: 0,
        },
      }),
    );
    const validated = await validateTask({ cooperative_id: world.ctx.coop, run_id: runId });
    expect(validated.valid).toBe(true);
    const plans = await readChunk((await findRun(world.ctx.coop, runId))!, 0);
    const first = plans.find((pl) => pl.member_id === ada.id)!;
    const before = await balances();
    const books0 = await books();
    expect(
      await postPayrollRow((await findRun(world.ctx.coop, runId))!, first, 0, new PostingAccounts(world.ctx.coop)),
    ).toBe('posted');
    // The next row's chunk fails; the Map's Catch hands the failure to the finishing task.
    const failure = {
      Error: 'Error',
      Cause: JSON.stringify({ errorMessage: 'Row 3 (X): the savings plan was closed', stackTrace: ['at secret.ts:1'] }),
    };
    expect(await finishTask({ cooperative_id: world.ctx.coop, run_id: runId, failure })).toMatchObject({
      status: 'FAILED',
    });
    const failed = await runOf(runId);
    expect(failed.body.data).toMatchObject({ status: 'FAILED', done: true });
    expect(failed.body.data.errors[0]?.message).toBe(
      'The run stopped: Row 3 (X): the savings plan was closed. Rows posted so far are kept; upload the file again to post the rest (posted rows are not posted twice).',
    );
    // What was posted is settled: the ledger holds Ada's row.
    expect((await books())[GL.bank] - books0[GL.bank]).toBe(first.received);
    await trialBalanced();

    const rerun = await posted(await fileOf(book), p);
    expect(rerun).toMatchObject({ status: 'COMPLETED', rows_already: 1, rows_posted: plans.length - 1 });
    const after = await balances();
    // May: Ada's third installment and her two contributions, once.
    expect(after.adaLoan).toBe(before.adaLoan - 1_120_000);
    expect(after.adaRegular - before.adaRegular).toBe(500_000);
    expect(after.bayoRegular - before.bayoRegular).toBe(500_000);
    const books1 = await books();
    const received = plans.reduce((s, pl) => s + pl.received, 0);
    expect(books1[GL.bank] - books0[GL.bank]).toBe(received);
    await trialBalanced();
    const rec = await reconciliation(rerun.id);
    expect(Number(rec.body.data.summary.received_total) * 100).toBe(received);
    // The failed run was taken over: only the run that finished the period can be reversed.
    expect((await runOf(runId)).body.data.reversible).toBe(false);
    const refused = await reverse(runId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A later run of this period took over from this one; reverse that run instead');
  });
});

describe('Payroll file check before upload', () => {
  it("reads the period and type from the Run sheet, counts the member rows, and refuses what is not this cooperative's payroll file", async () => {
    const before = await books();
    const { book } = await download(period('2026-06', 'Others'));
    // The member rows the download listed: every row after the header but the TOTAL row.
    const memberRows = book.getWorksheet('Payroll')!.rowCount - 2;
    const read = await inspect(await fileOf(book));
    expect(read.status, read.body.message).toBe(200);
    expect(read.body.data).toEqual({
      start_date: '2026-06-01',
      end_date: '2026-06-30',
      repayment_type: 'Others',
      rows: memberRows,
    });

    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('Payroll').addRow(['Member No', 'Amount Deducted']);
    const notOurs = await inspect(await fileOf(plain));
    expect(notOurs.status).toBe(422);
    expect(notOurs.body.errors?.file).toContain('This is not a payroll file downloaded from CoopLedger');

    const text = await inspect(new Blob(['not a workbook']), 'payroll.csv');
    expect(text.status).toBe(422);
    expect(text.body.errors?.file).toBe('The payroll file must be an Excel workbook (.xlsx)');

    // This cooperative's file, read by another cooperative's admin in their own cooperative.
    const form = new FormData();
    form.append('file', await fileOf(book), 'payroll.xlsx');
    const elsewhere = await call<PayrollFilePeriod>('POST', '/cooperative/monthly-deduction/inspect', {
      token: await tokenFor('ALPHA-ADMIN'),
      form,
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors?.file).toBe('This payroll file was downloaded for another cooperative');
    // Nothing was posted or started by reading files.
    expect(await books()).toEqual(before);
  });
});

describe('Payroll isolation', () => {
  it("keeps a cooperative's runs from another cooperative's admin", async () => {
    const runs = await call<{ data: PayrollRunView[] }>('GET', '/cooperative/monthly-deduction/runs', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
    });
    const runId = runs.body.data.data[0].id;
    const alpha = await tokenFor('ALPHA-ADMIN');
    expect(
      (
        await call('GET', '/cooperative/monthly-deduction/single', {
          token: alpha,
          query: { cooperative_id: world.ctx.coop, run_id: runId },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('GET', '/cooperative/monthly-deduction/single', { token: alpha, query: { run_id: runId } })).status,
    ).toBe(404);
    expect(
      (await call('POST', '/cooperative/monthly-deduction/reverse', { token: alpha, body: { run_id: runId } })).status,
    ).toBe(404);
    const list = await call<{ data: PayrollRunView[] }>('GET', '/cooperative/monthly-deduction/runs', { token: alpha });
    expect(list.body.data.data.some((r) => r.id === runId)).toBe(false);
  });
});

describe('Payroll reversal', () => {
  it('reverses a run as a whole and opens the period again; a run whose loans moved on since is refused with nothing changed', async () => {
    const runs = await call<{ data: PayrollRunView[] }>('GET', '/cooperative/monthly-deduction/runs', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, per_page: 50 },
    });
    const march = runs.body.data.data.find((r) => r.start_date === '2026-03-01' && r.status === 'COMPLETED')!;
    const february = runs.body.data.data.find(
      (r) => r.start_date === '2026-02-01' && r.repayment_type === 'Salary' && r.status === 'COMPLETED',
    )!;
    expect(march.reversible).toBe(true);

    // February's loan repayment was followed by March's and May's: refused, nothing changed.
    const booksBefore = await books();
    const started = await reverse(february.id);
    expect(started.status).toBe(202);
    const refused = await finished(february.id);
    expect(refused.status).toBe('COMPLETED');
    expect(refused.errors[0]?.message).toContain('The reversal was refused and nothing was changed');
    expect(refused.errors.some((e) => e.message.includes('has changed since this payroll'))).toBe(true);
    expect(await books()).toEqual(booksBefore);

    // May is the latest: reversing it restores every balance and the books.
    const may = runs.body.data.data.find((r) => r.start_date === '2026-05-01' && r.status === 'COMPLETED')!;
    const loanBefore = await storedLoan(adaLoan.id);
    const mayBooks = await books();
    const beforeBalances = await balances();
    expect((await reverse(may.id)).status).toBe(202);
    const reversed = await finished(may.id);
    expect(reversed.status).toBe('REVERSED');
    const after = await balances();
    expect(after.adaLoan).toBe(beforeBalances.adaLoan + 1_120_000);
    expect(after.adaRegular).toBe(beforeBalances.adaRegular - 500_000);
    const loanAfter = await storedLoan(adaLoan.id);
    expect(loanAfter.schedule[3]).toMatchObject({ is_paid: 0, principal_paid: 0, interest_paid: 0 });
    expect(loanAfter.version).toBe(loanBefore.version + 1);
    const booksAfter = await books();
    const received = Number(may.received_total) * 100;
    expect(mayBooks[GL.bank] - booksAfter[GL.bank]).toBe(received);
    await trialBalanced();
    expect((await reverse(may.id)).status).toBe(409);

    // The period posts again.
    const { book } = await download(period('2026-05'));
    const again = await posted(await fileOf(book), period('2026-05'));
    expect(again).toMatchObject({ status: 'COMPLETED', rows_already: 0 });
    expect((await balances()).adaLoan).toBe(beforeBalances.adaLoan);
  });

  it("reverses a payment that completed a loan: the loan runs again and its lien is back on the member's savings", async () => {
    const p = period('2026-08', 'Others');
    const { book } = await download(p);
    const rows = sheetRows(book);
    // Dupe owes her whole one-month loan (10,000 + 100 interest); Chika's loan was repaid in July.
    expect(rows.map((r) => r['Member No'])).toEqual([dupe.id, null]);
    expect(rows[0]).toMatchObject({ 'Loan: Quick Loan ID': dupeLoan.id, 'Loan: Quick Loan Due': 10100 });
    const lienBefore = (await plan(world, dupe.id, dupeRegular.id)).lien;
    expect(lienBefore).toBe(1000);
    const run = await posted(await fileOf(book), p);
    expect(run.status).toBe('COMPLETED');
    expect(await storedLoan(dupeLoan.id)).toMatchObject({
      is_paid: 1,
      loan_balance: 0,
      lien: { amount: 100_000, released: true },
    });
    expect((await plan(world, dupe.id, dupeRegular.id)).lien).toBe(0);
    await trialBalanced();

    expect((await reverse(run.id)).status).toBe(202);
    expect((await finished(run.id)).status).toBe('REVERSED');
    expect(await storedLoan(dupeLoan.id)).toMatchObject({
      is_paid: 0,
      loan_balance: 1_010_000,
      lien: { amount: 100_000, released: false },
    });
    const after = await plan(world, dupe.id, dupeRegular.id);
    expect(after.lien).toBe(1000);
    expect(after.available).toBe(after.balance - 1000);
    await trialBalanced();
  });
});
