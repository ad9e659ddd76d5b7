/**
 * Loans as the API sends them (functions/loans presents them, web/src/api/loans.ts reads them).
 * Amounts are naira with at most 2 decimals; dates YYYY-MM-DD, timestamps ISO 8601.
 */

import type { LoanRepaymentStatus, LoanStatus, ScheduleLineStatus, SuretyStatus } from './statuses.ts';

export type { LoanStatus, SuretyStatus } from './statuses.ts';
/** loan.is_paid (statuses.ts LOAN_REPAYMENT_STATUS). */
export type PaidStatus = LoanRepaymentStatus;

export interface NamedRef {
  id: string;
  name: string;
}

/** One of a loan's two sureties and their answer. */
export interface SuretyView {
  id: string;
  /** The surety's member number. */
  member_id: string;
  member: NamedRef;
  status: SuretyStatus;
}

export interface LoanView {
  id: string;
  /** The applicant's member number. */
  member_id: string;
  member: NamedRef & { firstname: string; lastname: string };
  product: NamedRef;
  loan_product_id: string;
  loan_amount: number;
  total_interest: number;
  total_amount: number;
  /** Principal and interest still unpaid on the stored schedule. */
  loan_balance: number;
  tenure: number;
  tenure_type: string;
  interest_rate: number;
  calculation_method_id: number;
  charge_id: string;
  charge_amount: number;
  /** The loan setup's penal charge when the loan was applied for, in the unit of `penal_type`. */
  penal_charge: number;
  /** None, Flat (naira) or Percentage; null for a loan stored before loans carried it. */
  penal_type: 'None' | 'Flat' | 'Percentage' | null;
  upfront: number;
  /** The upfront interest kept back when the loan is paid out (naira). */
  upfront_amount: number;
  /** What reaches the member when the loan is paid out: the amount less the charge and upfront interest. */
  paid_out: number;
  source: string;
  repayment_type: string;
  payment_start_date: string;
  /** Application date. */
  date: string;
  status: LoanStatus;
  is_paid: PaidStatus;
  bank_id: string | null;
  /** Who entered the application, who gave the first of two approvals (while a second is awaited), who approved it. */
  created_by: string;
  first_approval: { by: string; at: string } | null;
  approved_by: string | null;
  approved_at: string | null;
  created_at: string;
  sureties: SuretyView[];
}

export interface ScheduleRowView {
  payment_month: string;
  principal: number;
  interest: number;
  payment: number;
  balance: number;
  is_paid: ScheduleLineStatus;
}

/** A surety's request as the surety (and staff) see it, with the loan it guarantees. */
export interface SuretyRequestView {
  id: string;
  status: SuretyStatus;
  /** The surety's member number. */
  member_id: string;
  member: NamedRef;
  loan: {
    id: string;
    member: NamedRef;
    product: NamedRef;
    /** The amount guaranteed: what the applicant asked for. */
    loan_amount: number;
    /** Principal and interest over the whole tenure. */
    total_amount: number;
    tenure: number;
    tenure_type: string;
    /** The first installment (principal and interest); later ones are the same or, on equal principal, less. */
    installment: number;
    status: LoanStatus;
  } | null;
  replaced_by: string | null;
  created_at: string;
}

/** The schedule a loan would have (POST /cooperative/loans/schedule-preview). */
export interface SchedulePreviewView {
  rows: ScheduleRowView[];
  totals: { principal: number; interest: number; payment: number };
  /**
   * With a product: what the loan costs on the day it is paid out, as the approval posts it (the
   * product's charge and upfront interest, kept back from the loan) and what reaches the applicant.
   */
  fees: { charge: number; upfront_interest: number; paid_out: number } | null;
}

// ---- loan offsets ----

/** An offset mode (1 Bank, 2 Savings) or type (1 Partial, 2 Full, 3 Partial and Restructure). */
export interface OffsetLookupView {
  id: number;
  name: string;
}

/** A running approved loan as the offset form lists it. */
export interface OffsettableLoanView {
  id: string;
  name: string;
  product: { id: string; name: string };
  loan_amount: number;
  loan_balance: number;
  date: string;
}

/** A loan's figures on the offset date. */
export interface OffsetDetailView {
  loan_id: string;
  product: { id: string; name: string };
  loan_amount: number;
  loan_balance: number;
  date: string;
  /** What settles the loan on the date (a Full Offset); its interest is the least a partial one pays. */
  payoff: { principal: number; interest: number; amount: number };
  /** Unpaid installments after the date: the longest tenure a Partial Offset (type 1) may take. */
  remaining_installments: number;
}

/** A loan offset record (spec 000 section 3, "Loan offset record"). */
export interface LoanOffsetView {
  id: string;
  reference_no: string;
  loan_id: string;
  loan: { id: string; product: { id: string; name: string } };
  member_id: string;
  member: NamedRef;
  initial_loan_amount: number;
  offset_amount: number;
  new_loan_amount: number;
  principal_paid: number;
  interest_paid: number;
  type: OffsetLookupView;
  mode: OffsetLookupView;
  bank_id: string | null;
  savings_id: string | null;
  savings: { id: string; product: { name: string } } | null;
  date: string;
  restructure_tenure: number | null;
  payment_start_date: string | null;
  created_at: string;
}
