import { useMemo, useState } from 'react';
import type { NairaFigure } from '@coopledger/shared/money';
import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { PayrollRunView } from '../../api/payroll';
import { usePayrollRuns } from '../../api/payroll';
import { formatDateTime } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import type { RunAction } from './payroll-helpers';
import { RUN_ACTION_LABELS, RUN_STATUS_LABELS, RUN_STATUS_TYPES, periodText, runActions } from './payroll-helpers';

interface RunHistoryProps {
  canReverse: boolean;
  /** The run whose progress is shown, highlighted here. */
  selectedId: string | null;
  onAction: (run: PayrollRunView, action: RunAction) => void;
}

const amount = (
  id: string,
  header: string,
  value: (run: PayrollRunView) => NairaFigure,
): TableProps.ColumnDefinition<PayrollRunView> => ({
  id,
  header: <Box textAlign="right">{header}</Box>,
  cell: (run) => <Box textAlign="right">{formatNaira(value(run))}</Box>,
});

/** Every payroll run of the cooperative, newest first; a row opens its progress, its menu the rest. */
export function RunHistory({ canReverse, selectedId, onAction }: RunHistoryProps) {
  const [page, setPage] = useState(1);
  const runs = usePayrollRuns(page);
  const meta = runs.data?.meta;
  const items = runs.data?.data ?? [];

  const columns = useMemo<TableProps.ColumnDefinition<PayrollRunView>[]>(
    () => [
      { id: 'period', header: 'Period', isRowHeader: true, minWidth: 130, cell: (run) => periodText(run) },
      { id: 'type', header: 'Type', cell: (run) => run.repayment_type },
      {
        id: 'file',
        header: 'File',
        cell: (run) => (
          <div>
            <div>{run.file_name}</div>
            <Box variant="small" color="text-body-secondary">
              {run.bank.name}
            </Box>
          </div>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        minWidth: 140,
        cell: (run) => (
          <StatusIndicator type={RUN_STATUS_TYPES[run.status]}>{RUN_STATUS_LABELS[run.status]}</StatusIndicator>
        ),
      },
      { id: 'rows', header: 'Rows', cell: (run) => String(run.rows_total) },
      amount('expected', 'Expected', (run) => run.expected_total),
      amount('received', 'Received', (run) => run.received_total),
      amount('shortfall', 'Shortfall', (run) => run.shortfall_total),
      amount('excess', 'Excess', (run) => run.excess_total),
      {
        id: 'created',
        header: 'Created',
        cell: (run) => (
          <div>
            <div>{formatDateTime(run.created_at)}</div>
            <Box variant="small" color="text-body-secondary">
              {run.created_by}
            </Box>
          </div>
        ),
      },
      {
        id: 'actions',
        header: 'Action',
        cell: (run) => (
          <ButtonDropdown
            variant="icon"
            expandToViewport
            ariaLabel={`Actions for the ${run.repayment_type} payroll of ${periodText(run)}`}
            items={runActions(run, canReverse).map((action) => ({ id: action, text: RUN_ACTION_LABELS[action] }))}
            onItemClick={({ detail }) => onAction(run, detail.id as RunAction)}
          />
        ),
      },
    ],
    [canReverse, onAction],
  );

  return (
    <Table<PayrollRunView>
      variant="container"
      ariaLabels={{ tableLabel: 'Payroll runs' }}
      trackBy="id"
      wrapLines
      items={items}
      columnDefinitions={columns}
      selectionType="single"
      selectedItems={items.filter((run) => run.id === selectedId)}
      onSelectionChange={({ detail }) => {
        const run = detail.selectedItems[0];
        if (run) onAction(run, 'progress');
      }}
      onRowClick={({ detail }) => onAction(detail.item, 'progress')}
      loading={runs.isPending}
      loadingText="Loading payroll runs"
      header={
        <Header
          variant="h2"
          counter={meta ? `(${totalText(meta)})` : undefined}
          description="Every uploaded payroll file, newest first. Choose a run to see its progress."
        >
          History
        </Header>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No payroll runs</b>
          <Box variant="p" color="inherit">
            {runs.isError ? errorMessage(runs.error) : 'No payroll file has been uploaded yet.'}
          </Box>
        </Box>
      }
      pagination={resultsPagination(meta, runs.isFetching, setPage)}
    />
  );
}
