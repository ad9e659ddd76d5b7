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
  source: string;
  repayment_type: string;
  payment_start_date: string;
  /** Application date. */
  date: string;
  status: LoanStatus;
  is_paid: PaidStatus;
  bank_id: string | null;
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
    loan_amount: number;
    total_amount: number;
    status: LoanStatus;
  } | null;
  replaced_by: string | null;
  created_at: string;
}
