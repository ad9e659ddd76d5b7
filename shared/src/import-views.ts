/**
 * The member, savings and loan imports as the API sends them (functions/core/import-pipeline.ts
 * answers the upload and the status, each kind adding its own figures; web/src/api/members.ts,
 * savings-import.ts and loan-import.ts read them). Amounts are naira.
 */
import type { ImportStatus } from './statuses.ts';

/** The savings import's kinds of file (functions/savings/import-rows.ts reads each). */
export const SAVINGS_IMPORT_TYPES = ['NORMAL_BALANCES', 'NORMAL_HISTORY', 'TARGET_HISTORY'] as const;
export type SavingsImportType = (typeof SAVINGS_IMPORT_TYPES)[number];

/** The upload's answer (202): the workflow has started. */
export interface ImportStartedView {
  import_id: string;
  rows_total: number;
  status: 'VALIDATING';
}

export interface SavingsImportStartedView extends ImportStartedView {
  type: SavingsImportType;
}

/** One refused cell (row 0 for the file as a whole). */
export interface ImportErrorView {
  row: number;
  column: string;
  message: string;
}

/** An import's progress and result, the same for every kind; each kind adds its own figures. */
export interface ImportStatusView {
  import_id: string;
  file_name: string;
  status: ImportStatus;
  /** Completed, invalid or failed: nothing more will change. */
  done: boolean;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  error_count: number;
  errors: ImportErrorView[];
  /** Whether the row/column/message report can be downloaded. */
  report_available: boolean;
  created_at: string;
  updated_at: string;
}

/** The member import's own figures. */
export interface MemberImportFigures {
  created: number;
  updated: number;
}

/** The savings import's own figures. */
export interface SavingsImportFigures {
  type: SavingsImportType;
  /** Rows posted by this import. */
  posted: number;
  /** Rows an earlier import already posted. */
  already: number;
  plans_opened: number;
  /** Naira posted. */
  amount: number;
}

/** The loan import's own figures. */
export interface LoanImportFigures {
  /** Loans created by this import. */
  created: number;
  /** Of those, loans repaid in full (Completed). */
  completed: number;
  /** Loans an earlier import already created. */
  already: number;
  /** Naira: principal outstanding posted as opening balances. */
  amount: number;
}

export type MemberImportStatusView = ImportStatusView & MemberImportFigures;
export type SavingsImportStatusView = ImportStatusView & SavingsImportFigures;
export type LoanImportStatusView = ImportStatusView & LoanImportFigures;
