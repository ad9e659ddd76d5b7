import type { NairaFigure } from './money.ts';
import type { PayrollRunStatus } from './statuses.ts';

/**
 * Payroll runs as the API sends them (amounts in naira; totals over a file's rows are NairaFigures,
 * money.ts). See functions/payroll for how they are made and docs/decisions.md "Payroll deductions"
 * for the rules.
 */

/**
 * VALIDATING -> INVALID (nothing posted, error report) or POSTING -> COMPLETED (or FAILED: rows
 * posted so far are kept; uploading the file again posts the rest once). An admin reverses a
 * COMPLETED run: REVERSING -> REVERSED (the period is open again) or REVERSAL_FAILED (reverse
 * again to finish; rows reversed so far are kept), or back to COMPLETED when the reversal is
 * refused before anything changed.
 */
export { PAYROLL_RUN_STATUSES } from './statuses.ts';
export type { PayrollRunStatus } from './statuses.ts';

export interface PayrollRowError {
  /** The file's row (1 is the header); 0 for the file as a whole. */
  row: number;
  column: string;
  message: string;
}

/** What a payroll file's hidden Run sheet says it is: read before an upload and shown to confirm. */
export interface PayrollFilePeriod {
  start_date: string;
  end_date: string;
  repayment_type: string;
  /** The file's member rows (the TOTAL row left out). */
  rows: number;
}

export interface PayrollRunView {
  id: string;
  start_date: string;
  end_date: string;
  repayment_type: 'Salary' | 'Others';
  bank: { id: string; name: string };
  file_name: string;
  status: PayrollRunStatus;
  /** True when the run is no longer working (INVALID, COMPLETED, FAILED, REVERSED, REVERSAL_FAILED). */
  done: boolean;
  rows_total: number;
  rows_validated: number;
  rows_posted: number;
  /** Rows an earlier run of the same period had already posted (a re-run after a failure). */
  rows_already: number;
  rows_reversed: number;
  members_expected: number;
  expected_total: NairaFigure;
  received_total: NairaFigure;
  shortfall_total: NairaFigure;
  excess_total: NairaFigure;
  /** The posting date of the run's journals and member transactions. */
  posting_date: string;
  error_count: number;
  /** The first 100 errors (validation, or why the run or its reversal stopped). */
  errors: PayrollRowError[];
  report_available: boolean;
  reconciliation_available: boolean;
  /** A run that can be reversed now (COMPLETED, or REVERSAL_FAILED to finish). */
  reversible: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
  reversed_by: string | null;
  reversed_at: string | null;
}

export const RECONCILIATION_STATUSES = ['Paid', 'Shortfall', 'Excess', 'Not in file', 'Not expected'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export interface ReconciliationRowView {
  member_id: string;
  staff_id: string;
  name: string;
  department: string;
  /** The member's row in the file; null when the member was expected but is not in it. */
  row: number | null;
  expected: number;
  received: number;
  /** received - expected. */
  difference: number;
  to_loans: number;
  /** To store orders paid by payroll deduction. */
  to_store: number;
  to_savings: number;
  /** Above what was due, put on the member's primary savings plan. */
  excess: number;
  status: ReconciliationStatus;
}

export interface ReconciliationSummary {
  members_expected: number;
  members_in_file: number;
  paid_in_full: number;
  shortfalls: number;
  excesses: number;
  not_in_file: number;
  not_expected: number;
  expected_total: NairaFigure;
  received_total: NairaFigure;
  shortfall_total: NairaFigure;
  excess_total: NairaFigure;
  to_loans_total: NairaFigure;
  to_store_total: NairaFigure;
  to_savings_total: NairaFigure;
}

export interface ReconciliationView {
  run: PayrollRunView;
  summary: ReconciliationSummary;
  data: ReconciliationRowView[];
  meta: { total: number; per_page: number; current_page: number; first_page: number; last_page: number };
}
