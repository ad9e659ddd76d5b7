import type { PageMeta } from './envelope.ts';
import type { NairaFigure } from './money.ts';
import type { AdminFeeType, DividendGlField } from './schemas/dividends.ts';

/** A GL account as the dividend screens name it. */
export interface DividendGlRef {
  code: string;
  name: string;
}

/** GET /cooperative/dividend/gl-setup: the saved setup (null until saved) and the accounts each field may take. */
export interface DividendGlSetupView {
  setup:
    | (Record<DividendGlField, DividendGlRef> & {
        updated_at: string;
        updated_by: string;
      })
    | null;
  /** The active accounts of the classes each field allows, by code. */
  choices: Record<DividendGlField, DividendGlRef[]>;
}

/** GET /cooperative/dividend/revenue-sharing: a period's surplus and how it would be shared (nothing is saved). */
export interface RevenueSharingView {
  from: string;
  to: string;
  reserve_percent: number;
  admin_fee_type: AdminFeeType;
  /** The admin fee as given: naira for an amount, the percentage for a percent. */
  admin_fee_given: NairaFigure;
  ratios: { savings: number; loan: number; other: number };
  /** Income of the period (the income statement's income). */
  total_revenue: NairaFigure;
  /** Direct and operating expenses of the period. */
  total_expenses: NairaFigure;
  /** Revenue less expenses (negative for a loss). */
  surplus: NairaFigure;
  statutory_reserve: NairaFigure;
  admin_fee: NairaFigure;
  /** What is left to share (the spec's net revenue). */
  distributable: NairaFigure;
  pools: { savings: NairaFigure; loan: NairaFigure; other: NairaFigure };
  /** The period has no surplus: nothing is shared. */
  no_surplus: boolean;
}

/** One member's line of a dividend (computed, saved or uploaded). */
export interface DividendMemberView {
  member_id: string;
  member_name: string;
  /** The average of the member's month-end savings balances over the period (0 for an uploaded line). */
  savings_basis: NairaFigure;
  /** The loan interest the member paid in the period (0 for an uploaded line). */
  loan_basis: NairaFigure;
  savings_part: NairaFigure;
  loan_part: NairaFigure;
  /** savings_part + loan_part: what the member is paid. */
  amount: NairaFigure;
}

/** The totals of a dividend's member lines. */
export interface DividendTotals {
  members: number;
  savings_basis: NairaFigure;
  loan_basis: NairaFigure;
  savings_part: NairaFigure;
  loan_part: NairaFigure;
  amount: NairaFigure;
}

/** The revenue sharing a pool was carried from, as it stood when the dividend was computed. */
export interface DividendRevenueSharingView {
  from: string;
  to: string;
  distributable: NairaFigure;
  statutory_reserve: NairaFigure;
  admin_fee: NairaFigure;
}

/** POST /cooperative/dividend/compute: the whole computation, nothing saved. */
export interface DividendComputationView {
  from: string;
  to: string;
  /** The months whose month-end balances are averaged. */
  months: number;
  x_percent: number;
  y_percent: number;
  /** The pool (the spec's dividend amount). */
  amount: NairaFigure;
  revenue_sharing: DividendRevenueSharingView | null;
  totals: DividendTotals;
  /** By member number. */
  members: DividendMemberView[];
}

/** A saved dividend declaration (list row and single). */
export interface DividendDeclarationView {
  id: string;
  source: 'compute' | 'upload';
  from: string | null;
  to: string | null;
  x_percent: number | null;
  y_percent: number | null;
  amount: NairaFigure;
  revenue_sharing: DividendRevenueSharingView | null;
  totals: DividendTotals;
  status: number;
  status_label: string;
  created_by: string;
  created_at: string;
  approved_by: string | null;
  approved_at: string | null;
  /** The approval's journal. */
  journal_id: string | null;
  /** The payment, once started: how, where it stands, members paid of those to pay, its journals. */
  payment: {
    mode: 'savings' | 'bank';
    status: 'PAYING' | 'FAILED' | 'COMPLETED';
    savings_product_id: string | null;
    bank_id: string | null;
    date: string | null;
    rows: number | null;
    rows_paid: number;
    error: string | null;
    /** A stopped payment into savings paid some members: the rest go into savings, the same product. */
    paid_some: boolean;
    journal_ids: string[];
    paid_by: string | null;
    paid_at: string | null;
  } | null;
}

/** The four measures of a head office summary, in the order the screens show them. */
export const HEAD_OFFICE_MEASURES = ['savings_mobilised', 'loans_disbursed', 'new_members', 'surplus'] as const;
export type HeadOfficeMeasure = (typeof HEAD_OFFICE_MEASURES)[number];

/** A year's figures of the four measures: naira figures, new members a count. */
export interface HeadOfficeFigures {
  savings_mobilised: NairaFigure;
  loans_disbursed: NairaFigure;
  new_members: number;
  surplus: NairaFigure;
}

/** GET /cooperative/dividend/head-office-summary: one cooperative's targets of a year against the ledger's actuals. */
export interface HeadOfficeSummaryView {
  year: number;
  /** The year's first day and its last, or today while the year runs. */
  from: string;
  to: string;
  /** Null until the cooperative-admin sets the year's targets. */
  targets: (HeadOfficeFigures & { updated_at: string; updated_by: string }) | null;
  actuals: HeadOfficeFigures;
  /** Actual as a percentage of target (2 decimals); null with no target for the measure (none set, or 0). */
  percent: Record<HeadOfficeMeasure, number | null>;
}

/** A row of GET /head-office-summary: one cooperative's summary. */
export interface HeadOfficeRowView extends HeadOfficeSummaryView {
  cooperative: { id: string; code: string; name: string };
}

/** GET /head-office-summary: a page of the platform's cooperatives (code order), each with its summary of the year. */
export interface HeadOfficeSummaries {
  year: number;
  data: HeadOfficeRowView[];
  meta: PageMeta;
}

/**
 * One of the signed-in member's own dividends (GET /member/dividends): their line of an Approved or
 * Paid declaration of their cooperative; Drafts and Cancelled ones are never shown to members.
 */
export interface MemberDividendView {
  /** The declaration's id. */
  id: string;
  source: 'compute' | 'upload';
  /** The period (null for an uploaded dividend). */
  from: string | null;
  to: string | null;
  status: number;
  status_label: string;
  approved_at: string | null;
  /**
   * Whether the member's line was paid: the dividend is Paid, or a payment into savings that is
   * still running or stopped has paid this member already.
   */
  paid: boolean;
  /** How the member was paid (into their savings or by bank), once paid. */
  paid_into: 'savings' | 'bank' | null;
  /** The payment's accounting date, once paid. */
  paid_on: string | null;
  savings_part: NairaFigure;
  loan_part: NairaFigure;
  /** savings_part + loan_part: the member's dividend. */
  amount: NairaFigure;
}

/** GET /member/dividends: the member's dividends, newest declaration first, and what was paid of them. */
export interface MemberDividendsView {
  dividends: MemberDividendView[];
  /** The amounts of the lines paid. */
  total_paid: NairaFigure;
  /** The amounts of the lines approved and not yet paid. */
  total_unpaid: NairaFigure;
}
