import type { NairaFigure } from '@coopledger/shared/money';
import { nairaFigure, sumKobo, toNaira } from '@coopledger/shared/money';
import type {
  ReconciliationRowView,
  ReconciliationStatus,
  ReconciliationSummary,
} from '@coopledger/shared/payroll-views';
import { putObject, readObject } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { tableWorkbook } from '#core/workbook';
import type { PayrollRowFigures } from './row-entity.ts';
import { rowFiguresOfBatch } from './row-entity.ts';
import type { PayrollRun } from './runs.ts';
import type { ExpectedMember } from './validation.ts';
import { readExpected } from './validation.ts';

/**
 * The reconciliation of a run (kobo while stored): for every member expected or in the file, what
 * was due, what was received and where it went. Written once the run has posted, from the expected
 * dues found at validation and the period's posted rows (a re-run's rows include those its
 * predecessor posted).
 */
export interface ReconciliationRow {
  member_id: string;
  staff_id: string;
  name: string;
  department: string;
  row: number | null;
  expected: number;
  received: number;
  to_loans: number;
  /** To store orders' installments (absent from reconciliations stored before the store had them). */
  to_store?: number;
  to_savings: number;
  excess: number;
  status: ReconciliationStatus;
}

export function statusOf(row: Pick<ReconciliationRow, 'expected' | 'received' | 'row'>): ReconciliationStatus {
  if (row.row === null) return 'Not in file';
  if (row.expected === 0) return 'Not expected';
  if (row.received < row.expected) return 'Shortfall';
  if (row.received > row.expected) return 'Excess';
  return 'Paid';
}

export function reconcile(
  expected: readonly ExpectedMember[],
  posted: readonly PayrollRowFigures[],
): ReconciliationRow[] {
  const byMember = new Map(posted.map((p) => [p.member_id, p]));
  return expected.map((member) => {
    const row = byMember.get(member.member_id);
    // A row an earlier run of the period posted keeps the amount it was posted with.
    const received = row ? row.received : member.received;
    const base = { ...member, received };
    return {
      ...base,
      to_loans: row?.to_loans ?? 0,
      to_store: row?.to_store ?? 0,
      to_savings: row?.to_savings ?? 0,
      excess: row?.excess ?? 0,
      status: statusOf(base),
    };
  });
}

export function summarize(rows: readonly ReconciliationRow[]): ReconciliationSummary {
  const sum = (pick: (r: ReconciliationRow) => number) => sumKobo(rows.map(pick));
  const count = (status: ReconciliationStatus) => rows.filter((r) => r.status === status).length;
  return {
    members_expected: rows.filter((r) => r.expected > 0).length,
    members_in_file: rows.filter((r) => r.row !== null).length,
    paid_in_full: count('Paid'),
    shortfalls: count('Shortfall'),
    excesses: count('Excess'),
    not_in_file: count('Not in file'),
    not_expected: count('Not expected'),
    expected_total: nairaFigure(sum((r) => r.expected)),
    received_total: nairaFigure(sum((r) => r.received)),
    shortfall_total: nairaFigure(sum((r) => Math.max(0, r.expected - r.received))),
    excess_total: nairaFigure(sum((r) => Math.max(0, r.received - r.expected))),
    to_loans_total: nairaFigure(sum((r) => r.to_loans)),
    to_store_total: nairaFigure(sum((r) => r.to_store ?? 0)),
    to_savings_total: nairaFigure(sum((r) => r.to_savings)),
  };
}

export const presentReconciliationRow = (r: ReconciliationRow): ReconciliationRowView => ({
  member_id: r.member_id,
  staff_id: r.staff_id,
  name: r.name,
  department: r.department,
  row: r.row,
  expected: toNaira(r.expected),
  received: toNaira(r.received),
  difference: toNaira(r.received - r.expected),
  to_loans: toNaira(r.to_loans),
  to_store: toNaira(r.to_store ?? 0),
  to_savings: toNaira(r.to_savings),
  excess: toNaira(r.excess),
  status: r.status,
});

/** Builds and stores the run's reconciliation; returns its key and totals (kobo). */
export async function writeReconciliation(run: PayrollRun): Promise<{ key: string; rows: ReconciliationRow[] }> {
  const [expected, posted] = await Promise.all([
    readExpected(run),
    rowFiguresOfBatch(run.cooperative_id, run.batch_key),
  ]);
  const rows = reconcile(expected, posted);
  const key = objectKeys.payrollReconciliation(run.cooperative_id, run.id);
  await putObject(key, Buffer.from(JSON.stringify(rows)), 'application/json');
  return { key, rows };
}

export async function readReconciliation(run: PayrollRun): Promise<ReconciliationRow[]> {
  if (!run.reconciliation_key) return [];
  return JSON.parse((await readObject(run.reconciliation_key)).toString('utf8')) as ReconciliationRow[];
}

export const reconciliationFileName = (run: PayrollRun) =>
  `payroll-reconciliation-${run.start_date}-${run.end_date}-${run.repayment_type}.xlsx`;

export function reconciliationWorkbook(run: PayrollRun, rows: readonly ReconciliationRow[]): Promise<Buffer> {
  const views: (Omit<
    ReconciliationRowView,
    'expected' | 'received' | 'difference' | 'to_loans' | 'to_store' | 'to_savings' | 'excess'
  > &
    Record<'expected' | 'received' | 'difference' | 'to_loans' | 'to_store' | 'to_savings' | 'excess', NairaFigure>)[] =
    rows.map(presentReconciliationRow);
  const summary = summarize(rows);
  const totals: (typeof views)[number] = {
    member_id: '',
    staff_id: '',
    name: 'TOTAL',
    department: '',
    row: null,
    expected: summary.expected_total,
    received: summary.received_total,
    difference: nairaFigure(sumKobo(rows.map((r) => r.received - r.expected))),
    to_loans: summary.to_loans_total,
    to_store: summary.to_store_total,
    to_savings: summary.to_savings_total,
    excess: nairaFigure(sumKobo(rows.map((r) => r.excess))),
    status: 'Paid',
  };
  return tableWorkbook(
    'Reconciliation',
    [
      { header: 'Member No', width: 14, value: (r) => r.member_id },
      { header: 'Staff ID', width: 12, value: (r) => r.staff_id },
      { header: 'Name', width: 28, value: (r) => r.name },
      { header: 'Department', width: 18, value: (r) => r.department },
      { header: 'File Row', width: 9, value: (r) => r.row ?? '' },
      { header: 'Expected', width: 14, value: (r) => r.expected, money: true },
      { header: 'Received', width: 14, value: (r) => r.received, money: true },
      { header: 'Difference', width: 14, value: (r) => r.difference, money: true },
      { header: 'To Loans', width: 14, value: (r) => r.to_loans, money: true },
      { header: 'To E-shop', width: 14, value: (r) => r.to_store, money: true },
      { header: 'To Savings', width: 14, value: (r) => r.to_savings, money: true },
      { header: 'Excess', width: 14, value: (r) => r.excess, money: true },
      { header: 'Status', width: 13, value: (r) => (r.name === 'TOTAL' && r.member_id === '' ? '' : r.status) },
    ],
    [...views, totals],
    { title: `Payroll reconciliation ${run.repayment_type} ${run.start_date} to ${run.end_date}` },
  );
}
