/**
 * Loan forms as the API sends them (functions/loanforms presents them, web/src/api/loan-forms.ts
 * reads them).
 */

/** An uploaded loan application form (one PDF). */
export interface LoanFormView {
  id: string;
  /** The member number the form belongs to. */
  member_id: string;
  member: { id: string; name: string };
  file_name: string;
  /** Bytes. */
  size: number;
  /** ISO timestamp of the upload. */
  created_at: string;
}

/** A short-lived link to an uploaded form. */
export interface FormLinkView {
  url: string;
}
