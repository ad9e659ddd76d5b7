import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { Loan } from '../../api/loans';
import { loanStatusName, paidStatusName, suretyStatusName } from './loan-helpers';

const DECISION_TYPES: StatusIndicatorProps.Type[] = ['pending', 'success', 'error'];
const PAID_TYPES: StatusIndicatorProps.Type[] = ['in-progress', 'success', 'warning'];

/** Pending, Approved or Rejected. */
export function LoanStatusBadge({ status }: { status: number }) {
  return <StatusIndicator type={DECISION_TYPES[status] ?? 'info'}>{loanStatusName(status)}</StatusIndicator>;
}

/** Running, Completed or Incomplete; only an approved loan is repaid, so others show a dash. */
export function PaidBadge({ loan }: { loan: Pick<Loan, 'status' | 'is_paid'> }) {
  if (loan.status !== 1) return <Box color="text-body-secondary">-</Box>;
  return <StatusIndicator type={PAID_TYPES[loan.is_paid] ?? 'info'}>{paidStatusName(loan.is_paid)}</StatusIndicator>;
}

/** The decision and, once approved, whether it is running or completed. */
export function LoanStatusCell({ loan }: { loan: Pick<Loan, 'status' | 'is_paid'> }) {
  return (
    <SpaceBetween size="xxxs">
      <LoanStatusBadge status={loan.status} />
      {loan.status === 1 && <PaidBadge loan={loan} />}
    </SpaceBetween>
  );
}

/** Pending, Approved or Denied. */
export function SuretyStatusBadge({ status }: { status: number }) {
  return <StatusIndicator type={DECISION_TYPES[status] ?? 'info'}>{suretyStatusName(status)}</StatusIndicator>;
}
