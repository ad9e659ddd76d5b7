import type { PayrollRowError } from '@coopledger/shared/payroll-views';
import { formatNaira } from '@coopledger/shared/money';
import { putObject, readObject, writeErrorReport } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { findGlAccount } from '../chart/coa-entity.ts';
import type { MemberDues } from './dues.ts';
import { cooperativeDues } from './dues.ts';
import { PAYROLL_WORKBOOK, layoutErrors, readPayrollFile } from './payroll-workbook.ts';
import type { RowPlan } from './posting.ts';
import type { PayrollRun } from './runs.ts';
import { MAX_PAYROLL_ROWS, PAYROLL_CHUNK_ROWS } from './runs.ts';
import { MEMBER_STATUS, isActive } from '@coopledger/shared/statuses';

/**
 * The first step of a payroll run: every row is checked before anything is posted (DESIGN.md
 * section 5). Errors (the file's layout, unknown or inactive members, amounts that are not
 * numbers, a member twice, an excess with no savings plan to take it) refuse the whole file with a
 * row/column/message report. A valid file becomes row plans in chunks (S3) and the expected dues of
 * every member (for the reconciliation).
 */

/** Everyone expected or present: what the reconciliation compares. */
export interface ExpectedMember {
  member_id: string;
  staff_id: string;
  name: string;
  department: string;
  expected: number;
  /** The file's row and amount; null when the member is not in the file. */
  row: number | null;
  received: number;
}

export interface ValidationResult {
  errors: PayrollRowError[];
  rowsTotal: number;
  plans: RowPlan[];
  expected: ExpectedMember[];
}

/**
 * The GL accounts the run will post to must exist and be active: the bank's, and each setup's (checked when the rows
 * post).
 */
async function accountErrors(run: PayrollRun): Promise<PayrollRowError[]> {
  const bank = await findGlAccount(run.cooperative_id, run.bank_gl);
  if (!bank || !isActive(bank.status))
    return [
      {
        row: 0,
        column: '',
        message: `The bank account's GL account ${run.bank_gl} is missing or inactive; choose another bank account`,
      },
    ];
  return [];
}

export async function validateRun(
  run: PayrollRun,
  content: Buffer,
  onProgress: (rows: number) => Promise<void> = async () => {},
): Promise<ValidationResult> {
  const period = { start_date: run.start_date, end_date: run.end_date, repayment_type: run.repayment_type };
  const file = await readPayrollFile(content);
  const layout = file.errors.some((e) => e.row === 0) ? [] : layoutErrors(file, run.cooperative_id, period);
  if (file.errors.some((e) => e.row === 0) || layout.length > 0) {
    return {
      errors: [...file.errors.filter((e) => e.row === 0), ...layout],
      rowsTotal: file.rows.length,
      plans: [],
      expected: [],
    };
  }
  const errors: PayrollRowError[] = [...file.errors, ...(await accountErrors(run))];
  if (file.rows.length === 0) errors.push({ row: 0, column: '', message: 'The file has no member rows' });
  if (file.rows.length > MAX_PAYROLL_ROWS) errors.push({ row: 0, column: '', message: PAYROLL_WORKBOOK.tooManyRows });

  const { byMember, members, byStaffId } = await cooperativeDues(run.cooperative_id, period);
  const memberOf = (written: string) =>
    members.get(written.trim().toUpperCase()) ?? byStaffId.get(written.trim().toUpperCase());
  const seen = new Map<string, number>();
  const plans: RowPlan[] = [];
  const inFile = new Map<string, { row: number; received: number }>();
  for (const [index, row] of file.rows.entries()) {
    if (index > 0 && index % 1000 === 0) await onProgress(index);
    const written = row.member_no || row.staff_id;
    if (!written) {
      errors.push({ row: row.row, column: 'Member No', message: 'Member No is empty' });
      continue;
    }
    const member = memberOf(written);
    if (!member) {
      errors.push({
        row: row.row,
        column: 'Member No',
        message: `No member of this cooperative has the number or staff ID ${written}`,
      });
      continue;
    }
    if (member.status !== MEMBER_STATUS.APPROVED) {
      errors.push({ row: row.row, column: 'Member No', message: `The member ${member.id} is not active` });
      continue;
    }
    const first = seen.get(member.id);
    if (first !== undefined) {
      errors.push({ row: row.row, column: 'Member No', message: `${member.id} is also on row ${first}` });
      continue;
    }
    seen.set(member.id, row.row);
    if (row.amount === undefined) continue;
    const dues: MemberDues | undefined = byMember.get(member.id);
    const expected = dues?.total ?? 0;
    if (row.amount > expected && !dues?.primary_plan_id) {
      errors.push({
        row: row.row,
        column: 'Amount Deducted',
        message: `${member.id} has no active savings plan to take the ${formatNaira(row.amount - expected)} above what was due; open a plan or correct the amount`,
      });
      continue;
    }
    inFile.set(member.id, { row: row.row, received: row.amount });
    plans.push({
      row: row.row,
      member_id: member.id,
      member_name: dues?.name ?? member.id,
      received: row.amount,
      expected,
      loans: dues?.loans ?? [],
      plans: dues?.plans ?? [],
      orders: dues?.orders ?? [],
      primary_plan_id: dues?.primary_plan_id ?? null,
    });
  }
  errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));

  const expectedMembers: ExpectedMember[] = [];
  for (const dues of byMember.values()) {
    const present = inFile.get(dues.member_id);
    if (dues.total === 0 && !present) continue;
    expectedMembers.push({
      member_id: dues.member_id,
      staff_id: dues.staff_id,
      name: dues.name,
      department: dues.department,
      expected: dues.total,
      row: present?.row ?? null,
      received: present?.received ?? 0,
    });
  }
  expectedMembers.sort((a, b) => a.name.localeCompare(b.name) || a.member_id.localeCompare(b.member_id));
  return { errors, rowsTotal: file.rows.length, plans, expected: expectedMembers };
}

export const readRunFile = (run: PayrollRun) => readObject(run.file_key);

export async function writeReport(run: PayrollRun, errors: PayrollRowError[]): Promise<string> {
  const key = objectKeys.payrollReport(run.cooperative_id, run.id);
  await writeErrorReport(key, errors);
  return key;
}

/** Row plans in chunks of PAYROLL_CHUNK_ROWS, one S3 object each; returns the number of chunks. */
export async function writeChunks(run: PayrollRun, plans: RowPlan[]): Promise<number> {
  const chunks = Math.ceil(plans.length / PAYROLL_CHUNK_ROWS);
  const write = (chunk: number) =>
    putObject(
      objectKeys.payrollChunk(run.cooperative_id, run.id, chunk),
      Buffer.from(JSON.stringify(plans.slice(chunk * PAYROLL_CHUNK_ROWS, (chunk + 1) * PAYROLL_CHUNK_ROWS))),
      'application/json',
    );
  // Eight objects at a time.
  for (let first = 0; first < chunks; first += 8) {
    await Promise.all(Array.from({ length: Math.min(8, chunks - first) }, (_, i) => write(first + i)));
  }
  return chunks;
}

export async function writeExpected(run: PayrollRun, expected: ExpectedMember[]): Promise<void> {
  await putObject(
    objectKeys.payrollExpected(run.cooperative_id, run.id),
    Buffer.from(JSON.stringify(expected)),
    'application/json',
  );
}

export async function readChunk(run: PayrollRun, chunk: number): Promise<RowPlan[]> {
  return JSON.parse(
    (await readObject(objectKeys.payrollChunk(run.cooperative_id, run.id, chunk))).toString('utf8'),
  ) as RowPlan[];
}

export async function readExpected(run: PayrollRun): Promise<ExpectedMember[]> {
  return JSON.parse(
    (await readObject(objectKeys.payrollExpected(run.cooperative_id, run.id))).toString('utf8'),
  ) as ExpectedMember[];
}
