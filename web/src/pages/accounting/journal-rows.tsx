import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { JournalEntryView, JournalLineView } from '../../api/accounting';
import { formatDay } from '../../format/dates';
import { toKobo, toNaira } from '@coopledger/shared/money';
import { formatNaira } from '../../format/money';
import { JOURNAL_ENTRY_STATUS, JOURNAL_ENTRY_STATUS_LABELS } from '@coopledger/shared/statuses';

/** The journal table shows each entry as a row with its lines as the rows under it. */
export type JournalRow =
  | { kind: 'entry'; id: string; entry: JournalEntryView }
  | { kind: 'line'; id: string; entry: JournalEntryView; line: JournalLineView };

export const journalRows = (entries: readonly JournalEntryView[]): JournalRow[] =>
  entries.map((entry) => ({ kind: 'entry', id: entry.transaction_code, entry }));

export const linesOf = (entry: JournalEntryView): JournalRow[] =>
  entry.lines.map((line) => ({ kind: 'line', id: line.id, entry, line }));

const sum = (lines: readonly JournalLineView[], side: 'debit' | 'credit') =>
  toNaira(lines.reduce((total, line) => total + toKobo(line[side]), 0));

function Amount({ row, side }: { row: JournalRow; side: 'debit' | 'credit' }) {
  if (row.kind === 'entry') return <Box fontWeight="bold">{formatNaira(sum(row.entry.lines, side))}</Box>;
  return row.line[side] ? <>{formatNaira(row.line[side])}</> : null;
}

interface JournalActions {
  onEdit: (entry: JournalEntryView) => void;
  onDelete: (entry: JournalEntryView) => void;
}

export function journalColumns({ onEdit, onDelete }: JournalActions): TableProps.ColumnDefinition<JournalRow>[] {
  return [
    {
      id: 'ref',
      header: 'Ref',
      isRowHeader: true,
      minWidth: 170,
      cell: (row) => (row.kind === 'entry' ? row.entry.transaction_code : ''),
    },
    {
      id: 'date',
      header: 'Date',
      minWidth: 120,
      cell: (row) => (row.kind === 'entry' ? formatDay(row.entry.date) : ''),
    },
    {
      id: 'description',
      header: 'Description',
      cell: (row) =>
        row.kind === 'entry' ? (
          row.entry.description
        ) : (
          <Box color="text-body-secondary">{row.line.description || '—'}</Box>
        ),
    },
    {
      id: 'gl',
      header: 'GL account',
      cell: (row) =>
        row.kind === 'entry' ? (
          <Box color="text-body-secondary">{`${row.entry.lines.length} lines`}</Box>
        ) : (
          `${row.line.gl_code} ${row.line.gl_name}`
        ),
    },
    { id: 'debit', header: 'Debit', cell: (row) => <Amount row={row} side="debit" /> },
    { id: 'credit', header: 'Credit', cell: (row) => <Amount row={row} side="credit" /> },
    {
      id: 'actions',
      header: 'Action',
      minWidth: 130,
      cell: (row) => {
        if (row.kind === 'line') return null;
        const { entry } = row;
        if (entry.status === JOURNAL_ENTRY_STATUS.DELETED)
          return (
            <StatusIndicator type="stopped">
              {JOURNAL_ENTRY_STATUS_LABELS[JOURNAL_ENTRY_STATUS.DELETED]}
            </StatusIndicator>
          );
        return (
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="inline-link"
              ariaLabel={`Edit journal entry ${entry.transaction_code}`}
              onClick={() => onEdit(entry)}
            >
              Edit
            </Button>
            <Button
              variant="inline-link"
              ariaLabel={`Delete journal entry ${entry.transaction_code}`}
              onClick={() => onDelete(entry)}
            >
              Delete
            </Button>
          </SpaceBetween>
        );
      },
    },
  ];
}
