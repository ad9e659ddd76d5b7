import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../tables/table';
import type { PageMeta } from '@coopledger/shared/envelope';
import type { AuditChange, AuditRecord } from '../../api/audit';
import { resultsPagination } from '../crud/results-pagination';
import { formatDateTime } from '../../format/dates';

/** A stored value as the trail shows it: text as it is, anything else as JSON; "—" when there was none. */
export const shownValue = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** `phone: 08030000000 → 08031112222`, one line per field the change set. */
export function changeLines(change: AuditChange): string[] {
  const fields = [...new Set([...Object.keys(change.before), ...Object.keys(change.after)])].sort();
  return fields.map((field) => `${field}: ${shownValue(change.before[field])} → ${shownValue(change.after[field])}`);
}

function Changes({ record }: { record: AuditRecord }) {
  if (record.changes.length === 0)
    return (
      <Box variant="small" color="text-body-secondary">
        Nothing stored in the books changed (a sign-in setting)
      </Box>
    );
  return (
    <div>
      {record.changes.map((change) => (
        <div key={`${change.kind}-${change.key}`}>
          <Box variant="small" fontWeight="bold">
            {change.kind.replaceAll('_', ' ').toLowerCase()} ({change.op === 'put' ? 'new' : change.op})
          </Box>
          {changeLines(change).map((line) => (
            <Box key={line} variant="small">
              {line}
            </Box>
          ))}
        </div>
      ))}
    </div>
  );
}

const COLUMNS: TableProps.ColumnDefinition<AuditRecord>[] = [
  { id: 'at', header: 'When', cell: (r) => formatDateTime(r.at) },
  {
    id: 'user',
    header: 'Who',
    isRowHeader: true,
    cell: (r) => (
      <div>
        <div>{r.user}</div>
        <Box variant="small" color="text-body-secondary">
          {r.role}
        </Box>
      </div>
    ),
  },
  { id: 'action', header: 'Action', cell: (r) => r.action_label },
  {
    id: 'entity',
    header: 'What',
    cell: (r) => (
      <div>
        <div>{r.entity}</div>
        <Box variant="small" color="text-body-secondary">
          {r.entity_id}
        </Box>
      </div>
    ),
  },
  { id: 'changes', header: 'Changes', cell: (r) => <Changes record={r} /> },
  {
    id: 'from',
    header: 'From',
    cell: (r) => (
      <div>
        <div>{r.ip}</div>
        <Box variant="small" color="text-body-secondary">
          {r.user_agent.slice(0, 60)}
        </Box>
      </div>
    ),
  },
];

interface AuditRecordsTableProps {
  label: string;
  records: AuditRecord[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  fetching: boolean;
  onPage: (page: number) => void;
  header?: ReactNode;
  filter?: ReactNode;
  empty: ReactNode;
  /** The History tab leaves out "What" (it is the record the tab belongs to). */
  columns?: string[];
}

/** The audit trail's records, newest first, a page at a time: the Audit log and every History tab. */
export function AuditRecordsTable(props: AuditRecordsTableProps) {
  const { label, records, meta, loading, fetching, onPage, header, filter, empty, columns } = props;
  return (
    <Table<AuditRecord>
      variant="container"
      ariaLabels={{ tableLabel: label }}
      trackBy="id"
      wrapLines
      items={records ?? []}
      columnDefinitions={columns ? COLUMNS.filter((c) => columns.includes(c.id ?? '')) : COLUMNS}
      loading={loading}
      loadingText="Loading the records"
      header={header}
      filter={filter}
      empty={empty}
      pagination={resultsPagination(meta, fetching, onPage)}
    />
  );
}
