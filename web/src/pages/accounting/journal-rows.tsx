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

/**
 * What Edit and Delete do to a posted entry (issue 24, journey 10): the ledger is never rewritten.
 * Shown over the list, in each button's description and tooltip, and in the dialogs.
 */
export const POSTED_EDIT_NOTE =
  "Editing a posted entry reverses its posting (dated on the entry's date) and posts the corrected lines.";
export const POSTED_DELETE_NOTE =
  'Deleting a posted entry reverses its posting; the entry stays listed as Deleted and both postings stay in the ledger.';
/** The ids of the notes the Edit and Delete buttons of a posted entry are described by (journal-entries-page). */
export const POSTED_EDIT_NOTE_ID = 'journal-posted-edit-note';
export const POSTED_DELETE_NOTE_ID = 'journal-posted-delete-note';

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
        const posted = entry.status === JOURNAL_ENTRY_STATUS.POSTED;
        return (
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="inline-link"
              ariaLabel={`Edit journal entry ${entry.transaction_code}`}
              ariaDescribedby={posted ? POSTED_EDIT_NOTE_ID : undefined}
              nativeButtonAttributes={posted ? { title: POSTED_EDIT_NOTE } : undefined}
              onClick={() => onEdit(entry)}
            >
              Edit
            </Button>
            <Button
              variant="inline-link"
              ariaLabel={`Delete journal entry ${entry.transaction_code}`}
              ariaDescribedby={posted ? POSTED_DELETE_NOTE_ID : undefined}
              nativeButtonAttributes={posted ? { title: POSTED_DELETE_NOTE } : undefined}
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
