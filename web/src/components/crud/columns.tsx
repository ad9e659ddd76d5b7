import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { ACTIVE_STATUS, ACTIVE_STATUS_LABELS, isActive } from '@coopledger/shared/statuses';

interface WithStatus {
  status?: number | string | null;
}

/** Active or Inactive (statuses.ts ACTIVE_STATUS), as a status indicator. */
export function ActiveIndicator({ status }: { status: unknown }) {
  return isActive(status) ? (
    <StatusIndicator type="success">{ACTIVE_STATUS_LABELS[ACTIVE_STATUS.ACTIVE]}</StatusIndicator>
  ) : (
    <StatusIndicator type="stopped">{ACTIVE_STATUS_LABELS[ACTIVE_STATUS.INACTIVE]}</StatusIndicator>
  );
}

export const statusCell = (row: WithStatus) => <ActiveIndicator status={row.status} />;

export function statusColumn<R extends WithStatus>(): TableProps.ColumnDefinition<R> {
  return { id: 'status', header: 'Status', cell: statusCell };
}
