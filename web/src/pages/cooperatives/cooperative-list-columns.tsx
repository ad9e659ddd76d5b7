import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { statusCell } from '../../components/crud/columns';
import type { TableProps } from '@cloudscape-design/components/table';
import type { Cooperative } from '../../api/cooperatives';
import { initials } from '../../app/layout/cooperative-band';
import { colorsOf } from '../../app/theme/cooperative-colors';
import styles from './cooperatives.module.css';

interface Actions {
  onEdit: (cooperative: Cooperative) => void;
  onDelete: (cooperative: Cooperative) => void;
}

function Logo({ cooperative }: { cooperative: Cooperative }) {
  if (cooperative.logo) return <img className={styles.logo} src={cooperative.logo} alt={`${cooperative.name} logo`} />;
  return (
    <span className={styles.initials} style={{ background: colorsOf(cooperative.colors).primary }} aria-hidden="true">
      {initials(cooperative.name)}
    </span>
  );
}

export function cooperativeListColumns({ onEdit, onDelete }: Actions): TableProps.ColumnDefinition<Cooperative>[] {
  return [
    { id: 'logo', header: 'Logo', cell: (row) => <Logo cooperative={row} />, width: 80 },
    { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
    { id: 'code', header: 'Code', cell: (row) => row.code },
    {
      id: 'status',
      header: 'Status',
      cell: statusCell,
    },
    { id: 'members', header: 'Members', cell: (row) => row.meta?.members_count ?? 0 },
    { id: 'location', header: 'Location', cell: (row) => row.location ?? row.address },
    {
      id: 'actions',
      header: 'Action',
      minWidth: 120,
      cell: (row) => (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="icon" iconName="edit" ariaLabel={`Edit ${row.name}`} onClick={() => onEdit(row)} />
          <Button variant="icon" iconName="remove" ariaLabel={`Delete ${row.name}`} onClick={() => onDelete(row)} />
        </SpaceBetween>
      ),
    },
  ];
}
