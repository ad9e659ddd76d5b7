/**
 * Accounting as the API sends it (functions/accounting presents it, web/src/api/accounting.ts reads
 * it): manual journal entries, the investment tracker and the GL accounts the posting forms offer.
 * Amounts are naira with at most 2 decimals; dates YYYY-MM-DD.
 */
import type { ApprovalMark } from './approval-rules.ts';
import type { NairaFigure } from './money.ts';
import type { InvestmentStatus, JournalEntryStatus } from './statuses.ts';
import type { LedgerAccountView } from './setup-views.ts';

// ---- journal entries ----

/** One line of a manual journal entry; the lines of one entry share its transaction_code. */
export interface JournalLineView {
  /** `<transaction_code>-<line number>`. */
  id: string;
  transaction_code: string;
  date: string;
  description: string;
  gl_code: string;
  gl_name: string;
  debit: number;
  credit: number;
  created_by?: string | null;
  created_at: string;
}

export interface JournalEntryView {
  transaction_code: string;
  date: string;
  description: string;
  status: JournalEntryStatus;
  /** How many times it was edited (each edit is a reversal plus a new posting). */
  version: number;
  total: number;
  lines: JournalLineView[];
  created_by: string;
  /** Above the two-approval threshold: the first of the two approvals, while the second is awaited. */
  first_approval: ApprovalMark | null;
  /** Who approved an entry that awaited approval (null: posted when entered). */
  approved_by: string | null;
  denied_by: string | null;
  denial_reason: string | null;
}

// ---- investments ----

export interface InvestmentView {
  id: string;
  investment_id: string;
  invested_with: string;
  investment_amount: number;
  /** Expected income while open; the income received once closed. */
  investment_income: number;
  expected_income: number;
  start_date: string;
  due_date: string;
  gl_code: string;
  gl_name: string | null;
  investment_interest_gl: string;
  interest_gl_name: string | null;
  bank_id: string;
  bank_name: string | null;
  comment: string | null;
  status: InvestmentStatus;
  closed_at: string | null;
  close_date: string | null;
  created_at: string;
}

// ---- GL accounts ----

/** A GL account as the chart lists it (GET /cooperative/coa), with the purpose the standard chart tagged it with. */
export type GlAccountView = LedgerAccountView;

/** A GL account with its posted totals (GET /cooperative/gl-accounts); the balance on its normal side. */
export interface GlBalanceView {
  /** The account's code. */
  id: string;
  code: string;
  name: string;
  type: 'D' | 'C';
  category_id: string;
  category_name: string | null;
  subcategory_id: string;
  subcategory_name: string | null;
  status: number;
  debit: NairaFigure;
  credit: NairaFigure;
  balance: NairaFigure;
}

// ---- financial years ----

/** One financial year (GET /cooperative/financial-years): open, closing (a close under way) or closed. */
export interface FinancialYearView {
  start: string;
  /** The year's last day: its name. */
  end: string;
  status: 'open' | 'closing' | 'closed';
  /** Its last day is before today. */
  ended: boolean;
  closed_by: string | null;
  closed_at: string | null;
  /** The profit the closing journals moved into Retained Earnings (a loss is negative); closed years only. */
  net_profit: NairaFigure | null;
  /** The closing journals of a closed year. */
  journal_ids: string[];
  /** The last reopening, if the year was ever reopened. */
  reopened_by: string | null;
  reopened_at: string | null;
  reopen_reason: string | null;
  /** The earliest open year that has ended (or the year whose close is under way). */
  can_close: boolean;
  /** The latest closed year. */
  can_reopen: boolean;
}

export interface FinancialYearsView {
  /** The month the years start, 1 to 12. */
  year_start_month: number;
  /** The last day of the last closed year. */
  closed_through: string | null;
  /** Newest first. */
  years: FinancialYearView[];
}
