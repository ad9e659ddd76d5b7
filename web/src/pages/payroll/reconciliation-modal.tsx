import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../api/api-error';
import type {
  PayrollRunView,
  ReconciliationRowView,
  ReconciliationStatus,
  ReconciliationSummary,
} from '../../api/payroll';
import { downloadReconciliation, useReconciliation } from '../../api/payroll';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { useZodForm } from '../../forms/zod-form';
import {
  ALL_RECONCILIATION,
  RECONCILIATION_STATUS_CHOICES,
  RECONCILIATION_STATUS_TYPES,
  periodText,
} from './payroll-helpers';

const amount = (
  id: string,
  header: string,
  value: (row: ReconciliationRowView) => number,
): TableProps.ColumnDefinition<ReconciliationRowView> => ({
  id,
  header: <Box textAlign="right">{header}</Box>,
  cell: (row) => <Box textAlign="right">{formatNaira(value(row))}</Box>,
});

const COLUMNS: TableProps.ColumnDefinition<ReconciliationRowView>[] = [
  { id: 'member', header: 'Member no.', isRowHeader: true, cell: (row) => row.member_id },
  { id: 'staff', header: 'Staff ID', cell: (row) => row.staff_id || '—' },
  { id: 'name', header: 'Name', cell: (row) => row.name },
  { id: 'department', header: 'Department', cell: (row) => row.department || '—' },
  amount('expected', 'Expected', (row) => row.expected),
  amount('received', 'Received', (row) => row.received),
  amount('difference', 'Difference', (row) => row.difference),
  amount('to-loans', 'To loans', (row) => row.to_loans),
  amount('to-store', 'To e-shop', (row) => row.to_store),
  amount('to-savings', 'To savings', (row) => row.to_savings),
  amount('excess', 'Excess', (row) => row.excess),
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusIndicator type={RECONCILIATION_STATUS_TYPES[row.status]}>{row.status}</StatusIndicator>,
  },
];

function Summary({ summary }: { summary: ReconciliationSummary }) {
  return (
    <KeyValuePairs
      ariaLabel="Reconciliation summary"
      columns={4}
      items={[
        { label: 'Members expected', value: String(summary.members_expected) },
        { label: 'Members in file', value: String(summary.members_in_file) },
        { label: 'Paid in full', value: String(summary.paid_in_full) },
        { label: 'Shortfalls', value: String(summary.shortfalls) },
        { label: 'Excesses', value: String(summary.excesses) },
        { label: 'Not in file', value: String(summary.not_in_file) },
        { label: 'Not expected', value: String(summary.not_expected) },
        { label: 'Expected total', value: formatNaira(summary.expected_total) },
        { label: 'Received total', value: formatNaira(summary.received_total) },
        { label: 'Shortfall total', value: formatNaira(summary.shortfall_total) },
        { label: 'Excess total', value: formatNaira(summary.excess_total) },
        { label: 'To loans', value: formatNaira(summary.to_loans_total) },
        { label: 'To e-shop', value: formatNaira(summary.to_store_total) },
        { label: 'To savings', value: formatNaira(summary.to_savings_total) },
      ]}
    />
  );
}

/**
 * What each member was expected to pay against what the file says was deducted, and where the
 * money went; the search and the status filter run on the server, page by page.
 */
interface FilterValues {
  text: string;
  /** '' for every status. */
  status: ReconciliationStatus | '';
}

/** The search and the status filter: free text and a status of the list, nothing to refuse. */
const filterSchema = z.object({ text: z.string(), status: z.string() });

function ReconciliationContent({ run, onClose }: { run: PayrollRunView; onClose: () => void }) {
  const { control } = useZodForm<FilterValues>(filterSchema, {
    keepValues: true,
    defaultValues: { text: '', status: '' },
  });
  const text = useWatch({ control, name: 'text' });
  const status = useWatch({ control, name: 'status' }) || undefined;
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const query = useDebouncedValue(text.trim()) || undefined;
  const reconciliation = useReconciliation(run.id, { page, query, status });
  const data = reconciliation.data;
  const meta = data?.meta;

  const download = () => {
    setDownloading(true);
    downloadReconciliation(run, { query, status })
      .catch((error: unknown) => {
        console.error('Reconciliation download failed', error);
        notificationsStore.notify('error', errorMessage(error));
      })
      .finally(() => setDownloading(false));
  };

  return (
    <Modal
      visible
      size="max"
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={`Reconciliation: ${run.repayment_type} payroll, ${periodText(run)}`}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="l">
        {reconciliation.isError && <Alert type="error">{errorMessage(reconciliation.error)}</Alert>}
        {data && <Summary summary={data.summary} />}
        <Table<ReconciliationRowView>
          variant="embedded"
          ariaLabels={{ tableLabel: 'Reconciliation' }}
          trackBy={(row) => `${row.member_id}-${row.row ?? 'none'}`}
          wrapLines
          items={data?.data ?? []}
          columnDefinitions={COLUMNS}
          loading={reconciliation.isPending}
          loadingText="Loading the reconciliation"
          header={
            <Header
              variant="h3"
              counter={meta ? `(${totalText(meta)})` : undefined}
              actions={
                <Button iconName="download" loading={downloading} onClick={download}>
                  Download
                </Button>
              }
            >
              Members
            </Header>
          }
          filter={
            <SpaceBetween direction="horizontal" size="l" alignItems="end">
              <Controller
                control={control}
                name="text"
                render={({ field }) => (
                  <FormField label="Search">
                    <TextFilter
                      filteringText={field.value}
                      filteringPlaceholder="Member name, number or staff ID"
                      filteringAriaLabel="Search the reconciliation"
                      onChange={({ detail }) => {
                        field.onChange(detail.filteringText);
                        setPage(1);
                      }}
                    />
                  </FormField>
                )}
              />
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <FormField label="Status">
                    <Select
                      ariaLabel="Reconciliation status"
                      selectedOption={
                        RECONCILIATION_STATUS_CHOICES.find((choice) => choice.value === field.value) ??
                        ALL_RECONCILIATION
                      }
                      options={RECONCILIATION_STATUS_CHOICES}
                      onChange={({ detail }) => {
                        const value = detail.selectedOption.value;
                        field.onChange(value === undefined || value === ALL_RECONCILIATION.value ? '' : value);
                        setPage(1);
                      }}
                    />
                  </FormField>
                )}
              />
            </SpaceBetween>
          }
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No members</b>
              <Box variant="p" color="inherit">
                {query || status ? 'No member matches this search.' : 'This run has no reconciliation rows.'}
              </Box>
            </Box>
          }
          pagination={resultsPagination(meta, reconciliation.isFetching, setPage)}
        />
      </SpaceBetween>
    </Modal>
  );
}

/** The reconciliation of a run in a full-width dialog; null shows nothing and asks for nothing. */
export function ReconciliationModal({ run, onClose }: { run: PayrollRunView | null; onClose: () => void }) {
  return run ? <ReconciliationContent key={run.id} run={run} onClose={onClose} /> : null;
}
