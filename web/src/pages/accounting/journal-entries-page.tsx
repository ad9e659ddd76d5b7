import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '../../components/tables/table';
import type { JournalEntryView } from '../../api/accounting';
import { useDeleteJournalEntry, useJournalEntries } from '../../api/accounting';
import { ConfirmDeleteModal } from '../../components/crud/confirm-delete-modal';
import { DateRangeFilter } from '../../components/date-range/date-range-filter';
import type { DayRange } from '../../format/date-presets';
import { toApiDate } from '../../format/dates';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import type { JournalRow } from './journal-rows';
import {
  POSTED_DELETE_NOTE,
  POSTED_DELETE_NOTE_ID,
  POSTED_EDIT_NOTE,
  POSTED_EDIT_NOTE_ID,
  journalColumns,
  journalRows,
  linesOf,
} from './journal-rows';
import { JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import type { JournalTarget } from './journal-entry-modal';
import { JournalEntryModal } from './journal-entry-modal';
import { AwaitingJournalEntries } from './awaiting-journal-entries';

/** Spec 001 section 9: the journal list opens on the start of the month to today. */
function monthToDate(today = new Date()): DayRange {
  return { start_date: toApiDate(new Date(today.getFullYear(), today.getMonth(), 1)), end_date: toApiDate(today) };
}

/**
 * /finance-reporting/journal-entry: the manual journal entries of a period, each with its lines
 * under it, with Add New, Edit and Delete (an edit or a delete reverses the entry's posting), and
 * above them the entries awaiting a second approval.
 */
export function JournalEntriesPage() {
  const [range, setRange] = useState<DayRange>(() => monthToDate());
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useJournalEntries({ ...range, page });
  const [editing, setEditing] = useState<JournalTarget | null>(null);
  const [deleting, setDeleting] = useState<JournalEntryView | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const remove = useDeleteJournalEntry();
  const meta = data?.meta;
  const rows = useMemo(() => journalRows(data?.data ?? []), [data]);
  const columns = useMemo(
    () =>
      journalColumns({
        onEdit: (entry) => setEditing({ transactionCode: entry.transaction_code }),
        onDelete: setDeleting,
      }),
    [],
  );
  // Every entry opens with its lines shown; the reader may fold any of them.
  const expanded = useMemo(
    () => rows.filter((row) => row.kind === 'entry' && !collapsed.has(row.entry.transaction_code)),
    [rows, collapsed],
  );

  const toggle = (row: JournalRow, open: boolean) => {
    const next = new Set(collapsed);
    if (open) next.delete(row.entry.transaction_code);
    else next.add(row.entry.transaction_code);
    setCollapsed(next);
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Manual postings to the ledger: each entry's debits equal its credits.">
          Journal entries
        </Header>
      }
    >
      <SpaceBetween size="l">
        <AwaitingJournalEntries />
        <Table<JournalRow>
          variant="container"
          ariaLabels={{
            tableLabel: 'Journal entries',
            expandButtonLabel: (row) => `Show the lines of entry ${row.entry.transaction_code}`,
            collapseButtonLabel: (row) => `Hide the lines of entry ${row.entry.transaction_code}`,
          }}
          columnDefinitions={columns}
          items={rows.filter((row) => row.kind === 'entry')}
          trackBy={(row) => row.id}
          expandableRows={{
            getItemChildren: (row) => (row.kind === 'entry' ? linesOf(row.entry) : []),
            isItemExpandable: (row) => row.kind === 'entry',
            expandedItems: expanded,
            onExpandableItemToggle: ({ detail }) => toggle(detail.item, detail.expanded),
          }}
          wrapLines
          loading={isPending}
          loadingText="Loading journal entries"
          header={
            <Header
              counter={meta ? `(${totalText(meta)})` : undefined}
              description={
                <>
                  <span id={POSTED_EDIT_NOTE_ID}>{POSTED_EDIT_NOTE}</span>{' '}
                  <span id={POSTED_DELETE_NOTE_ID}>{POSTED_DELETE_NOTE}</span>
                </>
              }
              actions={
                <Button variant="primary" iconName="add-plus" onClick={() => setEditing({ transactionCode: null })}>
                  Add New
                </Button>
              }
            >
              Entries
            </Header>
          }
          filter={
            <DateRangeFilter
              value={range}
              onChange={(next) => {
                setRange(next);
                setPage(1);
              }}
            />
          }
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No journal entries</b>
              <Box variant="p" color="inherit">
                No entry was posted in this period.
              </Box>
              <SpaceBetween size="xs" alignItems="center">
                <Button onClick={() => setEditing({ transactionCode: null })}>Add New</Button>
              </SpaceBetween>
            </Box>
          }
          pagination={resultsPagination(meta, isFetching, setPage)}
        />
      </SpaceBetween>
      <JournalEntryModal target={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        subject={deleting ? `the journal entry ${deleting.transaction_code} (${deleting.description})` : null}
        noun="journal entry"
        consequence={deleting?.status === JOURNAL_ENTRY_STATUS.POSTED ? POSTED_DELETE_NOTE : undefined}
        pending={remove.isPending}
        onConfirm={() => remove.mutateAsync(deleting?.transaction_code ?? '')}
        onClose={() => setDeleting(null)}
      />
    </ContentLayout>
  );
}
