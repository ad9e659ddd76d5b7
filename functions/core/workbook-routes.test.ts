import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '@coopledger/shared/schemas/members';
import { LOAN_IMPORT_WORKBOOK, readLoanImportRows } from '../loans/import.ts';
import { MAX_LOAN_IMPORT_ROWS } from '../loans/import-rows.ts';
import { MEMBER_IMPORT_WORKBOOK, readSheet } from '../members/member-import.ts';
import type { MemberDues } from '../payroll/dues.ts';
import { PAYROLL_WORKBOOK, layoutErrors, payrollWorkbook, readPayrollFile } from '../payroll/payroll-workbook.ts';
import { MAX_PAYROLL_ROWS } from '../payroll/runs.ts';
import { SAVINGS_IMPORT_WORKBOOK, readImportRows } from '../savings/import.ts';
import { MAX_SAVINGS_IMPORT_ROWS } from '../savings/import-rows.ts';
import type { WorkbookCaps } from './workbook-upload.ts';
import { checkWorkbookArchive, workbookLimits, workbookMessages } from './workbook-upload.ts';

/**
 * The largest legitimate file of every workbook route passes its caps and is read whole, and its
 * caps are what those files need. Every text is as long as its field allows and written in
 * letters that take 2 or 3 bytes in UTF-8 (Yoruba with its tone marks), so no real file unpacks to more.
 */

/** Text of exactly `length` characters, unique by `id`. */
const text = (seed: string, length: number, id: number | string) => {
  const tail = ` ${id}`;
  return seed.repeat(Math.ceil(length / seed.length)).slice(0, length - tail.length) + tail;
};
const YORUBA = 'Fúnmiláyọ̀ Adébáyọ̀ Ọlọ́run ';

/** An .xlsx of these rows, written as a stream with shared strings, as Excel keeps text. */
async function streamedWorkbook(rows: Iterable<(string | number)[]>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

function* numbered<T>(count: number, row: (i: number) => T): Generator<T> {
  for (let i = 1; i <= count; i++) yield row(i);
}

/** What a workbook unpacks to, in bytes. */
async function unpackedBytes(content: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(content);
  const sizes = await Promise.all(
    Object.values(zip.files).map(async (file) => (file.dir ? 0 : (await file.async('uint8array')).length)),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** Passes the check, and the route's byte limit leaves room for 40% more (the heavier XML other programs write). */
async function expectWithinCaps(content: Buffer, caps: WorkbookCaps): Promise<void> {
  await expect(checkWorkbookArchive(content, 'unreadable', caps)).resolves.toBeUndefined();
  expect((await unpackedBytes(content)) * 1.4).toBeLessThanOrEqual(workbookLimits(caps).bytes);
}

describe('the largest legitimate workbook of every upload route', () => {
  it(`passes a member import of ${MAX_IMPORT_ROWS} members with every field at its longest, and reads every member`, async () => {
    const header = [
      'staff_id',
      'firstname',
      'middlename',
      'lastname',
      'email',
      'phone',
      'gender',
      'marital_status',
      'dob',
      'current_address',
      'savings_amount',
      'level',
      'department',
      'date_joined',
    ];
    const content = await streamedWorkbook([
      header,
      ...numbered(MAX_IMPORT_ROWS, (i) => [
        text('STF', 30, i),
        text(YORUBA, 100, i),
        text(YORUBA, 100, i),
        text(YORUBA, 100, i),
        `${text('a', 60, i).replace(' ', '.')}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.ng`,
        '+234 (803) 000-0000',
        'Female',
        'Married',
        '1980-01-01',
        text(YORUBA, 255, i),
        9_999_999_999.99,
        10,
        text(YORUBA, 100, i % 50),
        '2021-03-01',
      ]),
    ]);

    await expectWithinCaps(content, MEMBER_IMPORT_WORKBOOK);
    const rows = await readSheet(content);
    expect(rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(rows.at(-1)).toMatchObject({
      row: MAX_IMPORT_ROWS + 1,
      staff_id: text('STF', 30, MAX_IMPORT_ROWS),
      level: '10',
    });
  }, 60_000);

  it('refuses a member import of 50,000 members, which the old byte limits were chosen to pass, before ExcelJS reads it', async () => {
    // 3.4 MB zipped, 36 MB unpacked, about 440 MB for ExcelJS to hold.
    const content = await streamedWorkbook([
      [
        'staff_id',
        'firstname',
        'lastname',
        'email',
        'phone',
        'gender',
        'marital_status',
        'dob',
        'current_address',
        'savings_amount',
        'level',
        'department',
        'date_joined',
      ],
      ...numbered(50_000, (i) => [
        `STF${i}`,
        'Fúnmiláyọ',
        `Okonkwo${i}`,
        `member.${i}@cooperative.example`,
        '08030000000',
        'Female',
        'Married',
        '1980-01-01',
        `${i} Adeola Odeku Street, Lagos`,
        1000,
        3,
        'Finance',
        '2021-03-01',
      ]),
    ]);

    await expect(readSheet(content)).rejects.toMatchObject({
      fields: { file: workbookMessages(MEMBER_IMPORT_WORKBOOK).tooLarge },
    });
  }, 60_000);

  it(`passes a savings import of ${MAX_SAVINGS_IMPORT_ROWS} rows with 500-character descriptions, and reads every row`, async () => {
    const content = await streamedWorkbook([
      ['member', 'product', 'transaction_type', 'amount', 'date', 'description'],
      ...numbered(MAX_SAVINGS_IMPORT_ROWS, (i) => [
        text('STF', 30, i),
        text(YORUBA, 100, i % 20),
        'WITHDRAWAL',
        9_999_999_999.99,
        '2026-02-25',
        text(YORUBA, 500, i),
      ]),
    ]);

    await expectWithinCaps(content, SAVINGS_IMPORT_WORKBOOK);
    const rows = await readImportRows('NORMAL_HISTORY', 'xlsx', content);
    expect(rows).toHaveLength(MAX_SAVINGS_IMPORT_ROWS);
    expect(rows.at(-1)?.values.member).toBe(text('STF', 30, MAX_SAVINGS_IMPORT_ROWS));
  }, 60_000);

  it(`passes a loan import of ${MAX_LOAN_IMPORT_ROWS} rows, and reads every row`, async () => {
    const content = await streamedWorkbook([
      [
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
      ],
      ...numbered(MAX_LOAN_IMPORT_ROWS, (i) => [
        text('STF', 30, i),
        text(YORUBA, 100, i % 20),
        9_999_999_999.99,
        12.5,
        120,
        'Month(s)',
        'Reducing Balance (Equal Installments)',
        '2026-02-01',
        '2026-01-10',
        1_234_567.89,
      ]),
    ]);

    await expectWithinCaps(content, LOAN_IMPORT_WORKBOOK);
    expect(await readLoanImportRows('xlsx', content)).toHaveLength(MAX_LOAN_IMPORT_ROWS);
  }, 60_000);

  it(`passes the payroll file of ${MAX_PAYROLL_ROWS} members with 4 savings and 3 loan products (16 columns) as downloaded, and reads every row`, async () => {
    const savings = Array.from({ length: 4 }, (_, p) => text(YORUBA, 100, `S${p}`));
    const loans = Array.from({ length: 3 }, (_, p) => text(YORUBA, 100, `L${p}`));
    const period = { start_date: '2026-03-01', end_date: '2026-03-31', repayment_type: 'Salary' as const };
    const dues: MemberDues[] = Array.from({ length: MAX_PAYROLL_ROWS }, (_, m) => ({
      member_id: text('COOP', 30, m),
      staff_id: text('STF', 30, m),
      name: text(YORUBA, 302, m),
      department: text(YORUBA, 100, m % 50),
      plans: savings.map((product_name, p) => ({
        plan_id: `P${m}-${p}`,
        product_id: `SP${p}`,
        product_name,
        due: 999_999_999,
      })),
      loans: loans.map((product_name, p) => ({
        loan_id: text('01JLOAN', 26, `${m}-${p}`),
        product_id: `LP${p}`,
        product_name,
        due: 999_999_999,
      })),
      orders: [],
      total: 9_999_999_990,
      primary_plan_id: `P${m}-0`,
    }));
    const content = await payrollWorkbook({
      cooperativeId: 'COOP1',
      cooperativeName: 'Ọlọ́run Cooperative',
      period,
      dues,
      generatedAt: '2026-03-31T10:00:00.000Z',
    });

    await expectWithinCaps(content, PAYROLL_WORKBOOK);
    const file = await readPayrollFile(content);
    expect(file.errors).toEqual([]);
    expect(file.rows).toHaveLength(MAX_PAYROLL_ROWS);
    expect(layoutErrors(file, 'COOP1', period)).toEqual([]);
  }, 120_000);
});

describe('reading a workbook within the caps', () => {
  it('reads an import whose every row holds a stray cell in the last column without making the cells before it', async () => {
    // 2,000 rows of 11 cells pass the caps; filling each row up to column XFD would make 33 million cells.
    const stray = (cells: (string | number)[]) => Object.assign([...cells], { 16383: 'note' });
    const content = await streamedWorkbook([
      stray([
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
      ]),
      ...numbered(MAX_LOAN_IMPORT_ROWS, (i) =>
        stray([`STF${i}`, 'Personal Loan', 120000, 12, 12, 'Month(s)', 1, '2026-02-01', '2026-01-10', 0]),
      ),
    ]);

    const rows = await readLoanImportRows('xlsx', content);

    expect(rows).toHaveLength(MAX_LOAN_IMPORT_ROWS);
    expect(rows[0]).toEqual({
      row: 2,
      values: {
        member: 'STF1',
        loan_product: 'Personal Loan',
        loan_amount: '120000',
        interest_rate: '12',
        tenure: '12',
        tenure_type: 'Month(s)',
        calculation_method: '1',
        payment_start_date: '2026-02-01',
        disbursement_date: '2026-01-10',
        amount_repaid: '0',
      },
    });
  }, 60_000);

  it('reads a payroll file whose header reaches column XFD without making a cell for every header column in every row', async () => {
    const header = Object.assign(['Member No', 'Staff ID', 'Name', 'Amount Deducted'], { 16383: 'Remarks' });
    const content = await streamedWorkbook([
      header,
      ...numbered(MAX_PAYROLL_ROWS, (i) => [`COOP${i}`, `STF${i}`, `Member ${i}`, 1500]),
    ]);

    const file = await readPayrollFile(content);

    expect(file.rows).toHaveLength(MAX_PAYROLL_ROWS);
    expect(file.rows.at(-1)).toEqual({
      row: MAX_PAYROLL_ROWS + 1,
      member_no: `COOP${MAX_PAYROLL_ROWS}`,
      staff_id: `STF${MAX_PAYROLL_ROWS}`,
      name: `Member ${MAX_PAYROLL_ROWS}`,
      amount: 150_000,
    });
  }, 60_000);

  it('reads a member import by the first column of each name, however many columns repeat it', async () => {
    const columns = [
      'staff_id',
      'firstname',
      'lastname',
      'email',
      'phone',
      'gender',
      'current_address',
      'savings_amount',
      'level',
      'department',
      'date_joined',
    ];
    const header = [...columns, ...Array.from({ length: 16_000 }, () => 'email')];
    const content = await streamedWorkbook([
      header,
      ...numbered(MAX_IMPORT_ROWS, (i) => [
        `STF${i}`,
        'Ada',
        'Obi',
        `ada${i}@example.com`,
        '08030000000',
        'Female',
        '1 Marina',
        1000,
        1,
        'Finance',
        '2021-03-01',
      ]),
    ]);

    const rows = await readSheet(content);

    expect(rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(rows[0]).toMatchObject({ row: 2, staff_id: 'STF1', email: 'ada1@example.com' });
  }, 60_000);
});
