/**
 * The names of the functions' metrics (functions/core/observability.ts), also read by the CloudWatch
 * dashboard (infra/lib/monitoring/monitoring-stack.ts); kept free of imports so that CDK can load them.
 */
/** The `service` dimension of every metric and the `service` key of every log line. */
export const SERVICE_NAME = 'coopledger';
export const METRICS_NAMESPACE = 'CoopLedger';

/** The business metrics (all counts). */
export const METRIC = {
  /** Journals posted by the ledger (functions/core/ledger.ts `post`), duplicates not counted. */
  postings: 'Postings',
  /** Deposit and withdrawal orders approved. */
  orderApprovals: 'OrderApprovals',
  /** Loans approved. */
  loanApprovals: 'LoanApprovals',
  /** Payroll rows posted by the payroll-upload workflow (rows already posted not counted). */
  payrollRowsPosted: 'PayrollRowsPosted',
  /** Rows written by the member, savings and loan imports. */
  importRowsWritten: 'ImportRowsWritten',
  /** Requests refused or failed, with the AppError code as the `code` dimension (INTERNAL for a 500). */
  errors: 'Errors',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];
