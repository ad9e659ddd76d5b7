import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { InvestmentView } from '../../api/accounting';
import { useInvestments } from '../../api/accounting';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { InvestmentsCloseModal } from './investments-close-modal';
import { InvestmentsFormModal } from './investments-form-modal';
import { INVESTMENT_STATUS, INVESTMENT_STATUS_LABELS } from '@coopledger/shared/statuses';

const isOpen = (investment: InvestmentView) => investment.status === INVESTMENT_STATUS.OPEN;
const CLOSED = INVESTMENT_STATUS_LABELS[INVESTMENT_STATUS.CLOSED];

function investmentColumns(
  onClose: (investment: InvestmentView) => void,
): TableProps.ColumnDefinition<InvestmentView>[] {
  return [
    {
      id: 'invested_with',
      header: 'Invested with',
      isRowHeader: true,
      cell: (row) => (
        <div>
          <div>{row.invested_with}</div>
          {row.comment && (
            <Box variant="small" color="text-body-secondary">
              {row.comment}
            </Box>
          )}
        </div>
      ),
    },
    { id: 'amount', header: 'Amount', cell: (row) => formatNaira(row.investment_amount) },
    {
      id: 'income',
      header: 'Expected income / Income',
      cell: (row) =>
        isOpen(row) ? (
          formatNaira(row.expected_income)
        ) : (
          <div>
            <div>{formatNaira(row.investment_income)}</div>
            <Box variant="small" color="text-body-secondary">
              Expected {formatNaira(row.expected_income)}
            </Box>
          </div>
        ),
    },
    { id: 'start', header: 'Start date', cell: (row) => formatDay(row.start_date) },
    { id: 'due', header: 'Due date', cell: (row) => formatDay(row.due_date) },
    {
      id: 'status',
      header: 'Status',
      cell: (row) =>
        isOpen(row) ? (
          <StatusIndicator type="in-progress">{INVESTMENT_STATUS_LABELS[INVESTMENT_STATUS.OPEN]}</StatusIndicator>
        ) : (
          <StatusIndicator type="stopped">
            {row.close_date ? `${CLOSED} ${formatDay(row.close_date)}` : CLOSED}
          </StatusIndicator>
        ),
    },
    {
      id: 'actions',
      header: 'Action',
      cell: (row) =>
        isOpen(row) ? (
          <Button ariaLabel={`Close the investment with ${row.invested_with}`} onClick={() => onClose(row)}>
            Close
          </Button>
        ) : null,
    },
  ];
}

/**
 * /reports/investment-trackers: money the cooperative has placed with banks or companies. Adding
 * one moves the amount from a bank account to the investment GL; closing it brings the amount and
 * its income back.
 */
export function InvestmentsPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useInvestments(page);
  const [adding, setAdding] = useState(false);
  const [closing, setClosing] = useState<InvestmentView | null>(null);
  const columns = useMemo(() => investmentColumns(setClosing), []);
  const meta = data?.meta;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Investments of the cooperative's money, open until they are closed with their income."
        >
          Investment tracker
        </Header>
      }
    >
      <Table
        variant="container"
        ariaLabels={{ tableLabel: 'Investments' }}
        columnDefinitions={columns}
        items={data?.data ?? []}
        trackBy="id"
        wrapLines
        loading={isPending}
        loadingText="Loading investments"
        header={
          <Header
            counter={meta ? `(${totalText(meta)})` : undefined}
            actions={
              <Button variant="primary" iconName="add-plus" onClick={() => setAdding(true)}>
                Add investment
              </Button>
            }
          >
            Investments
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No investments</b>
            <Box variant="p" color="inherit">
              No investment has been added yet.
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, isFetching, setPage)}
      />
      <InvestmentsFormModal visible={adding} onClose={() => setAdding(false)} />
      <InvestmentsCloseModal investment={closing} onClose={() => setClosing(null)} />
    </ContentLayout>
  );
}
