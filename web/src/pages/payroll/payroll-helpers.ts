import { isCalendarDate, lastDayOfMonth } from '@coopledger/shared/dates';
import { wholePercent } from '@coopledger/shared/money';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type {
  PayrollFilePeriod,
  PayrollRowError,
  PayrollRunStatus,
  PayrollRunView,
  ReconciliationStatus,
} from '@coopledger/shared/payroll-views';
import { RECONCILIATION_STATUSES } from '@coopledger/shared/payroll-views';
import { PAYROLL_REPAYMENT_TYPES } from '@coopledger/shared/schemas/payroll';
import { formatDay } from '../../format/dates';
import { PAYROLL_RUN_STATUS_LABELS } from '@coopledger/shared/statuses';

/**
 * The rules of the payroll screen that need no React: how far a run has got, what its status
 * reads as, what each run offers, and the form's checks that the shared schema does not make.
 */

export const REPAYMENT_TYPE_CHOICES = PAYROLL_REPAYMENT_TYPES.map((type) => ({ value: type, label: type }));

export const FILE_REQUIRED = 'Please select a file to import';
export const XLSX_ONLY = 'The payroll file must be an Excel workbook (.xlsx)';

/** The file problem of the upload form, checked before its other fields (spec 001 section 5). */
export function payrollFileError(files: readonly File[]): string | null {
  const file = files[0];
  if (!file) return FILE_REQUIRED;
  return /\.xlsx$/i.test(file.name) ? null : XLSX_ONLY;
}

/** What a chosen file says it is: "The Salary payroll for 01 Nov 2026 to 30 Nov 2026, 12 members." */
export const fileIdentityText = (file: PayrollFilePeriod): string =>
  `The ${file.repayment_type} payroll for ${formatDay(file.start_date)} to ${formatDay(file.end_date)}, ` +
  `${file.rows} ${file.rows === 1 ? 'member' : 'members'}.`;

/** The last day of the month of a YYYY-MM-DD date ('' for anything else): the usual end date. */
export const monthEndOf = (day: string): string => (isCalendarDate(day) ? lastDayOfMonth(day) : '');

export interface RunProgress {
  /** What the bar measures: 'rows validated', 'rows posted', 'rows reversed'. */
  label: string;
  value: number;
  /** '3 of 10 rows posted'. */
  description: string;
}

type ProgressFields = Pick<
  PayrollRunView,
  'status' | 'rows_total' | 'rows_validated' | 'rows_posted' | 'rows_already' | 'rows_reversed'
>;

/**
 * The bar of a working run; null once it is done. Rows an earlier run of the period posted count
 * as posted (a re-run after a failure posts only the rest), and a reversal counts the rows it has
 * undone out of those the run posted.
 */
export function runProgress(run: ProgressFields): RunProgress | null {
  const bar = (label: string, done: number, whole: number): RunProgress => ({
    label,
    value: wholePercent(done, whole),
    description: `${done} of ${whole} ${label}`,
  });
  switch (run.status) {
    case 'VALIDATING':
      return bar('rows validated', run.rows_validated, run.rows_total);
    case 'POSTING':
      return bar('rows posted', run.rows_posted + run.rows_already, run.rows_total);
    case 'REVERSING':
      return bar('rows reversed', run.rows_reversed, run.rows_posted);
    default:
      return null;
  }
}

export const RUN_STATUS_LABELS = PAYROLL_RUN_STATUS_LABELS;

export const RUN_STATUS_TYPES: Record<PayrollRunStatus, StatusIndicatorProps.Type> = {
  VALIDATING: 'in-progress',
  INVALID: 'error',
  POSTING: 'in-progress',
  COMPLETED: 'success',
  FAILED: 'error',
  REVERSING: 'in-progress',
  REVERSED: 'stopped',
  REVERSAL_FAILED: 'error',
};

export const RECONCILIATION_STATUS_TYPES: Record<ReconciliationStatus, StatusIndicatorProps.Type> = {
  Paid: 'success',
  Shortfall: 'warning',
  Excess: 'info',
  'Not in file': 'error',
  'Not expected': 'stopped',
};

export const ALL_RECONCILIATION = { value: 'all', label: 'All statuses' };
export const RECONCILIATION_STATUS_CHOICES = [
  ALL_RECONCILIATION,
  ...RECONCILIATION_STATUSES.map((status) => ({ value: status, label: status })),
];

/** '01 Nov 2026 – 30 Nov 2026' */
export const periodText = (run: Pick<PayrollRunView, 'start_date' | 'end_date'>) =>
  `${formatDay(run.start_date)} – ${formatDay(run.end_date)}`;

/** A workflow failure may arrive as the step's JSON error; show its message, not its trace. */
export function readableMessage(message: string): string {
  if (!message.trimStart().startsWith('{')) return message;
  try {
    const parsed = JSON.parse(message) as { errorMessage?: unknown; message?: unknown };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
    return typeof parsed.message === 'string' ? parsed.message : message;
  } catch {
    return message;
  }
}

/** 'Row 4, Amount Deducted: Enter an amount'; an error of the file as a whole is its message alone. */
export function rowErrorText(error: PayrollRowError): string {
  if (error.row <= 0) return readableMessage(error.message);
  return `Row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}`;
}

export type RunAction = 'progress' | 'reconciliation' | 'report' | 'reverse';

export const RUN_ACTION_LABELS: Record<RunAction, string> = {
  progress: 'View progress',
  reconciliation: 'View reconciliation',
  report: 'Download error report',
  reverse: 'Reverse',
};

/** What a run's menu offers: its progress always, the rest as the run and the role allow. */
export function runActions(
  run: Pick<PayrollRunView, 'reconciliation_available' | 'report_available' | 'reversible'>,
  canReverse: boolean,
): RunAction[] {
  const actions: RunAction[] = ['progress'];
  if (run.reconciliation_available) actions.push('reconciliation');
  if (run.report_available) actions.push('report');
  if (run.reversible && canReverse) actions.push('reverse');
  return actions;
}

/** The route admits cooperative-admins and super-admins; accountants are refused. */
export const mayReverse = (roleName: string | undefined) =>
  roleName === 'cooperative-admin' || roleName === 'super-admin';

/** The confirmation of a reversal, naming the run by its type and period. */
export function reverseQuestion(run: Pick<PayrollRunView, 'repayment_type' | 'start_date' | 'end_date'>): string {
  return `Reverse the ${run.repayment_type} payroll for ${periodText(run)}? Every deduction of this run is reversed in the members' savings and loans and in the ledger; the period can then be posted again.`;
}
