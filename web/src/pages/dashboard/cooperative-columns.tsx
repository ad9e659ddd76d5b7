import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import { statusCell } from '../../components/crud/columns';
import type { Cooperative } from '../../api/cooperatives';
import { formatNaira } from '../../format/money';

export function cooperativeColumns(
  onViewMembers: (cooperative: Cooperative) => void,
): TableProps.ColumnDefinition<Cooperative>[] {
  return [
    { id: 'code', header: 'Code', cell: (row) => row.code, isRowHeader: true },
    { id: 'name', header: 'Name', cell: (row) => row.name },
    { id: 'activeMembers', header: 'Active members', cell: (row) => row.meta?.activeMembers ?? 0 },
    { id: 'inactiveMembers', header: 'Inactive members', cell: (row) => row.meta?.inactiveMembers ?? 0 },
    { id: 'totalSavings', header: 'Total savings', cell: (row) => formatNaira(row.meta?.totalSavings) },
    {
      id: 'status',
      header: 'Status',
      cell: statusCell,
    },
    {
      id: 'actions',
      header: 'Action',
      cell: (row) => (
        <Button variant="inline-link" ariaLabel={`View members of ${row.name}`} onClick={() => onViewMembers(row)}>
          View Members
        </Button>
      ),
    },
  ];
}
