import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';

interface WithStatus {
  status?: number | string | null;
}

export const statusCell = (row: WithStatus) =>
  Number(row.status) === 1 ? <StatusIndicator type="success">Active</StatusIndicator> : <StatusIndicator type="stopped">Inactive</StatusIndicator>;

export function statusColumn<R extends WithStatus>(): TableProps.ColumnDefinition<R> {
  return { id: 'status', header: 'Status', cell: statusCell };
}
