import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { Loan } from '../../api/loans';
import { loanStatusName, paidStatusName, suretyStatusName } from './loan-helpers';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS } from '@coopledger/shared/statuses';
import type { LoanRepaymentStatus, LoanStatus, SuretyStatus } from '@coopledger/shared/statuses';

/** A loan's and a surety's decision (the same values: pending, approved, rejected or denied). */
const DECISION_TYPES: Record<LoanStatus, StatusIndicatorProps.Type> = {
  [LOAN_STATUS.PENDING]: 'pending',
  [LOAN_STATUS.APPROVED]: 'success',
  [LOAN_STATUS.REJECTED]: 'error',
};
const PAID_TYPES: Record<LoanRepaymentStatus, StatusIndicatorProps.Type> = {
  [LOAN_REPAYMENT_STATUS.RUNNING]: 'in-progress',
  [LOAN_REPAYMENT_STATUS.COMPLETED]: 'success',
  [LOAN_REPAYMENT_STATUS.INCOMPLETE]: 'warning',
};

/** Pending, Approved or Rejected. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <StatusIndicator type={DECISION_TYPES[status] ?? 'info'}>{loanStatusName(status)}</StatusIndicator>;
}

/** Running, Completed or Incomplete; only an approved loan is repaid, so others show a dash. */
export function PaidBadge({ loan }: { loan: Pick<Loan, 'status' | 'is_paid'> }) {
  if (loan.status !== LOAN_STATUS.APPROVED) return <Box color="text-body-secondary">-</Box>;
  return <StatusIndicator type={PAID_TYPES[loan.is_paid] ?? 'info'}>{paidStatusName(loan.is_paid)}</StatusIndicator>;
}

/** The decision and, once approved, whether it is running or completed. */
export function LoanStatusCell({ loan }: { loan: Pick<Loan, 'status' | 'is_paid'> }) {
  return (
    <SpaceBetween size="xxxs">
      <LoanStatusBadge status={loan.status} />
      {loan.status === LOAN_STATUS.APPROVED && <PaidBadge loan={loan} />}
    </SpaceBetween>
  );
}

/** Pending, Approved or Denied. */
export function SuretyStatusBadge({ status }: { status: SuretyStatus }) {
  return <StatusIndicator type={DECISION_TYPES[status] ?? 'info'}>{suretyStatusName(status)}</StatusIndicator>;
}
