import { createHash } from 'node:crypto';
import type { Kobo, KoboSum } from '@coopledger/shared/money';
import { koboOfNairaCell, nairaFigure, parseNaira, toNaira } from '@coopledger/shared/money';
import { amountIssue } from '@coopledger/shared/posting-rules';
import type { PayrollFilePeriod, PayrollRowError } from '@coopledger/shared/payroll-views';
import { AppError } from '#core/errors';
import { cellText } from '#core/import-files';
import type { CellValue, Workbook, Worksheet } from '#core/workbook';
import { moneyCell, streamedWorkbook } from '#core/workbook';
import type { WorkbookCaps } from '#core/workbook-upload';
import { loadWorkbook } from '#core/workbook-upload';
import type { MemberDues, Period } from './dues.ts';
import { MAX_PAYROLL_ROWS } from './runs.ts';

/**
 * The payroll file (POST /cooperative/monthly-deduction/download) and reading it back on upload.
 *
 * Sheet "Payroll": Member No, Staff ID, Name, Department, one column per savings product ("Savings:
 * <product>"), two per loan product ("Loan: <product> ID" and "Loan: <product> Due"), "E-shop Due"
 * (the installments of store orders paid by payroll deduction, when any member owes one), Total Due and
 * Amount Deducted (pre-filled with the Total Due; the payroll office changes it to what it really
 * deducted), then a TOTAL row. A member has at most one running loan per product, so one loan id
 * column per product is enough; several plans on one savings product add up in its column.
 *
 * Sheet "Run" (very hidden) names the cooperative, the period, the repayment type and the columns,
 * so the upload can tell a file of another period, cooperative or layout.
 */

const FIXED_COLUMNS = ['Member No', 'Staff ID', 'Name', 'Department'] as const;
const TOTAL_DUE = 'Total Due';
export const AMOUNT_DEDUCTED = 'Amount Deducted';
const RUN_SHEET = 'Run';
const PAYROLL_SHEET = 'Payroll';
const TOTAL_LABEL = 'TOTAL';
export const PAYROLL_UNREADABLE =
  'The file could not be read as an Excel (.xlsx) workbook; upload the downloaded payroll file';

/**
 * What an uploaded payroll file may hold (functions/core/workbook-upload.ts): 16 cells a row on
 * average, so a payroll of 20,000 members may have 4 fixed columns, the 2 totals and 10 product
 * columns (one per savings product, two per loan product); a smaller payroll may have more. More
 * cells a row would let a file past what a 512 MB Lambda holds (docs/decisions.md "Requests,
 * sessions and files after review").
 */
export const PAYROLL_WORKBOOK: WorkbookCaps = {
  rows: MAX_PAYROLL_ROWS,
  tooManyRows: `A payroll file may hold at most ${MAX_PAYROLL_ROWS} rows`,
  cellsPerRow: 16,
  bytes: 40 * 1024 * 1024,
};

const savingsHeader = (product: string) => `Savings: ${product}`;
const loanIdHeader = (product: string) => `Loan: ${product} ID`;
const loanDueHeader = (product: string) => `Loan: ${product} Due`;
const STORE_DUE = 'E-shop Due';

export interface PayrollLayout {
  savings: string[];
  loans: string[];
  /** Whether any member owes store installments (the E-shop Due column). */
  store: boolean;
  columns: string[];
}

/** The columns for these dues: savings and loan products by name. */
export function layoutOf(dues: readonly MemberDues[]): PayrollLayout {
  const savings = [...new Set(dues.flatMap((d) => d.plans.map((p) => p.product_name)))].sort((a, b) =>
    a.localeCompare(b),
  );
  const loans = [...new Set(dues.flatMap((d) => d.loans.map((l) => l.product_name)))].sort((a, b) =>
    a.localeCompare(b),
  );
  const store = dues.some((d) => d.orders.length > 0);
  const columns = [
    ...FIXED_COLUMNS,
    ...savings.map(savingsHeader),
    ...loans.flatMap((p) => [loanIdHeader(p), loanDueHeader(p)]),
    ...(store ? [STORE_DUE] : []),
    TOTAL_DUE,
    AMOUNT_DEDUCTED,
  ];
  return { savings, loans, store, columns };
}

const naira = (kobo: number) => toNaira(kobo);

export const payrollFileName = (period: Pick<Period, 'start_date' | 'end_date'>) =>
  `${period.start_date}-${period.end_date}-monthly-payroll.xlsx`;

export interface RunSheet {
  cooperative_id: string;
  start_date: string;
  end_date: string;
  repayment_type: string;
  columns: string[];
  generated_at: string;
  /** sha256 of the fields above: a Run sheet edited by hand does not match. */
  signature: string;
}

const signatureOf = (run: Omit<RunSheet, 'signature'>) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        run.cooperative_id,
        run.start_date,
        run.end_date,
        run.repayment_type,
        run.columns,
        run.generated_at,
      ]),
    )
    .digest('hex');

export async function payrollWorkbook(input: {
  cooperativeId: string;
  cooperativeName: string;
  period: Period;
  dues: readonly MemberDues[];
  generatedAt: string;
}): Promise<Buffer> {
  const { period, dues } = input;
  const layout = layoutOf(dues);
  // Thousands of rows: written as they are added (docs/decisions.md 2026-11-26 "Payroll download").
  const workbook = streamedWorkbook({
    title: `${input.cooperativeName} monthly payroll ${period.start_date} to ${period.end_date} (${period.repayment_type})`,
    creator: 'CoopLedger',
  });
  const sheet = workbook.addWorksheet(PAYROLL_SHEET, { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
  sheet.columns = layout.columns.map((header) => {
    const money = header.startsWith('Savings: ') || header.endsWith(' Due') || header === AMOUNT_DEDUCTED;
    const text = header === 'Member No' || header === 'Staff ID' || header.endsWith(' ID');
    return {
      header,
      key: header,
      width: Math.max(14, header.length + 2),
      ...(money ? { style: { numFmt: '#,##0.00' } } : text ? { style: { numFmt: '@' } } : {}),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.getCell(layout.columns.length).note =
    'What was really deducted from the member; pre-filled with the Total Due.';
  header.commit();
  // Column totals over thousands of members: exact sums, written as text once Excel could not hold them.
  const totals = new Map<string, KoboSum>();
  const addTotal = (column: string, kobo: number) => totals.set(column, (totals.get(column) ?? 0n) + BigInt(kobo));
  for (const member of dues) {
    const values: Record<string, string | number> = {
      'Member No': member.member_id,
      'Staff ID': member.staff_id,
      Name: member.name,
      Department: member.department,
    };
    for (const product of layout.savings) {
      const due = member.plans.filter((p) => p.product_name === product).reduce((s, p) => s + p.due, 0);
      values[savingsHeader(product)] = naira(due);
      addTotal(savingsHeader(product), due);
    }
    for (const product of layout.loans) {
      const loan = member.loans.find((l) => l.product_name === product);
      values[loanIdHeader(product)] = loan?.loan_id ?? '';
      values[loanDueHeader(product)] = naira(loan?.due ?? 0);
      addTotal(loanDueHeader(product), loan?.due ?? 0);
    }
    if (layout.store) {
      const due = member.orders.reduce((s, o) => s + o.due, 0);
      values[STORE_DUE] = naira(due);
      addTotal(STORE_DUE, due);
    }
    values[TOTAL_DUE] = naira(member.total);
    values[AMOUNT_DEDUCTED] = naira(member.total);
    addTotal(TOTAL_DUE, member.total);
    addTotal(AMOUNT_DEDUCTED, member.total);
    workbook.addSafeRow(sheet, values).commit();
  }
  const totalRow: Record<string, string | number> = { Name: TOTAL_LABEL };
  for (const [column, kobo] of totals) totalRow[column] = moneyCell(nairaFigure(kobo));
  const total = workbook.addSafeRow(sheet, totalRow);
  total.font = { bold: true };
  total.commit();
  sheet.commit();

  const run: Omit<RunSheet, 'signature'> = {
    cooperative_id: input.cooperativeId,
    start_date: period.start_date,
    end_date: period.end_date,
    repayment_type: period.repayment_type,
    columns: layout.columns,
    generated_at: input.generatedAt,
  };
  const runSheet = workbook.addWorksheet(RUN_SHEET, { state: 'veryHidden' });
  for (const [key, value] of Object.entries({
    ...run,
    columns: JSON.stringify(run.columns),
    signature: signatureOf(run),
  }))
    workbook.addSafeRow(runSheet, [key, value]).commit();
  runSheet.commit();
  return workbook.finish();
}

/** A data row of an uploaded payroll file. */
export interface PayrollFileRow {
  row: number;
  member_no: string;
  staff_id: string;
  name: string;
  /** Kobo; undefined when the cell is not a valid amount (the error is reported). */
  amount?: Kobo;
}

export interface PayrollFile {
  run?: RunSheet;
  header: string[];
  rows: PayrollFileRow[];
  /** File-level and row errors found while reading (layout, amounts). */
  errors: PayrollRowError[];
}

/** A money cell to kobo: a number (rounded to the kobo when a formula left float noise) or text like "15,000.00". */
export function amountOf(value: CellValue): { kobo?: Kobo; error?: string } {
  const raw =
    value !== null && typeof value === 'object' && !(value instanceof Date) && 'result' in value
      ? (value.result as CellValue)
      : value;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return { error: 'Amount Deducted is empty; enter 0 when nothing was deducted' };
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return { error: 'Amount Deducted must be a number' };
    const kobo = koboOfNairaCell(raw);
    if (kobo === undefined) return { error: `Amount Deducted (${raw}) has more than 2 decimals` };
    if (raw < 0) return { error: 'Amount Deducted cannot be negative' };
    return withinLimit(kobo);
  }
  const text = cellText(raw);
  const kobo = parseNaira(text);
  if (kobo === undefined)
    return {
      error: `Amount Deducted must be a number in naira with at most 2 decimals (found "${text.slice(0, 40)}")`,
    };
  if (kobo < 0) return { error: 'Amount Deducted cannot be negative' };
  return withinLimit(kobo);
}

/** At most the cooperative's limit on a single amount (the run's tasks validate inside its rules). */
function withinLimit(kobo: Kobo): { kobo?: Kobo; error?: string } {
  const overLimit = amountIssue(kobo);
  return overLimit ? { error: `Amount Deducted: ${overLimit}` } : { kobo };
}

function readRunSheet(sheet: Worksheet | undefined): RunSheet | undefined {
  if (!sheet) return undefined;
  const fields: Record<string, string> = {};
  sheet.eachRow((row) => {
    fields[cellText(row.getCell(1).value)] = cellText(row.getCell(2).value);
  });
  try {
    const columns = JSON.parse(fields.columns ?? '') as unknown;
    if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')) return undefined;
    const run = {
      cooperative_id: fields.cooperative_id ?? '',
      start_date: fields.start_date ?? '',
      end_date: fields.end_date ?? '',
      repayment_type: fields.repayment_type ?? '',
      columns: columns,
      generated_at: fields.generated_at ?? '',
    };
    return signatureOf(run) === fields.signature ? { ...run, signature: fields.signature } : undefined;
  } catch {
    return undefined;
  }
}

/** Reads an uploaded payroll file. A file that is not a readable .xlsx is a file-level error. */
export async function readPayrollFile(content: Buffer): Promise<PayrollFile> {
  let workbook: Workbook;
  try {
    workbook = await loadWorkbook(content, PAYROLL_UNREADABLE, PAYROLL_WORKBOOK);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { header: [], rows: [], errors: [{ row: 0, column: '', message: error.message }] };
  }
  const sheet = workbook.getWorksheet(PAYROLL_SHEET) ?? workbook.worksheets.find((w) => w.name !== RUN_SHEET);
  const run = readRunSheet(workbook.getWorksheet(RUN_SHEET));
  if (!sheet)
    return {
      run,
      header: [],
      rows: [],
      errors: [{ row: 0, column: '', message: 'The workbook has no payroll sheet' }],
    };
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col - 1] = cellText(cell.value);
  });
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const at = (name: string) => header.indexOf(name) + 1;
  const errors: PayrollRowError[] = [];
  const rows: PayrollFileRow[] = [];
  const [memberCol, staffCol, nameCol, amountCol] = ['Member No', 'Staff ID', 'Name', AMOUNT_DEDUCTED].map(at);
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const text = (col: number) => (col > 0 ? cellText(row.getCell(col).value) : '');
    const memberNo = text(memberCol);
    const staffId = text(staffCol);
    const name = text(nameCol);
    if (!memberNo && !staffId && name.toUpperCase() === TOTAL_LABEL) return;
    // Only the cells the row holds: looking up every header column would create a cell for each.
    let blank = true;
    row.eachCell((cell, col) => {
      if (blank && col <= header.length && cellText(cell.value) !== '') blank = false;
    });
    if (blank) return;
    const parsed = amountCol > 0 ? amountOf(row.getCell(amountCol).value) : { error: undefined, kobo: undefined };
    if (parsed.error) errors.push({ row: rowNumber, column: AMOUNT_DEDUCTED, message: parsed.error });
    rows.push({ row: rowNumber, member_no: memberNo, staff_id: staffId, name, amount: parsed.kobo });
  });
  return { run, header, rows, errors };
}

export const NOT_A_PAYROLL_FILE =
  'This is not a payroll file downloaded from CoopLedger, or its hidden Run sheet was changed; download the payroll for the period and fill in Amount Deducted';
const ANOTHER_COOPERATIVE = 'This payroll file was downloaded for another cooperative';

/**
 * What an uploaded file says it is, before it is posted: the period and repayment type of its Run
 * sheet, or the file-level problem that would refuse it (unreadable, not a CoopLedger payroll file,
 * another cooperative's).
 */
export function fileIdentity(
  file: PayrollFile,
  cooperativeId: string,
): { identity: PayrollFilePeriod } | { problem: string } {
  const unreadable = file.errors.find((e) => e.row === 0);
  if (unreadable) return { problem: unreadable.message };
  if (!file.run) return { problem: NOT_A_PAYROLL_FILE };
  if (file.run.cooperative_id !== cooperativeId) return { problem: ANOTHER_COOPERATIVE };
  const { start_date, end_date, repayment_type } = file.run;
  return { identity: { start_date, end_date, repayment_type, rows: file.rows.length } };
}

/** Compares the uploaded file's Run sheet and header with the period and cooperative it is posted for. */
export function layoutErrors(file: PayrollFile, cooperativeId: string, period: Period): PayrollRowError[] {
  const { run } = file;
  if (!run) {
    return [
      {
        row: 0,
        column: '',
        message: NOT_A_PAYROLL_FILE,
      },
    ];
  }
  if (run.cooperative_id !== cooperativeId) return [{ row: 0, column: '', message: ANOTHER_COOPERATIVE }];
  if (
    run.start_date !== period.start_date ||
    run.end_date !== period.end_date ||
    run.repayment_type !== period.repayment_type
  ) {
    return [
      {
        row: 0,
        column: '',
        message: `This file is the ${run.repayment_type} payroll for ${run.start_date} to ${run.end_date}; the upload names the ${period.repayment_type} payroll for ${period.start_date} to ${period.end_date}`,
      },
    ];
  }
  if (JSON.stringify(file.header) !== JSON.stringify(run.columns)) {
    const missing = run.columns.filter((c) => !file.header.includes(c));
    const added = file.header.filter((c) => !run.columns.includes(c));
    const detail = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      added.length ? `added ${added.join(', ')}` : '',
      !missing.length && !added.length ? 'moved' : '',
    ]
      .filter(Boolean)
      .join('; ');
    return [
      {
        row: 1,
        column: '',
        message: `The columns differ from the downloaded payroll file (${detail}); upload the downloaded layout with only Amount Deducted changed`,
      },
    ];
  }
  return [];
}
