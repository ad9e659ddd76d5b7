import { useMemo } from 'react';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { TrialBalanceReport } from '@coopledger/shared/report-views';
import { errorMessage } from '../../api/api-error';
import { REPORT_ROUTES, useTrialBalance } from '../../api/reports';
import { useFollow } from '../../app/navigation/use-follow';
import type { DayRange } from '../../format/date-presets';
import { formatNaira } from '../../format/money';
import { ledgerStatementHref } from './ledger-link';
import { ReportFilters, useReportDownload, useReportPeriod } from './report-period';
import type { TrialBalanceRow } from './report-rows';
import { sideOf, trialBalanceDifference, trialBalanceRows } from './report-rows';
import {
  Amount,
  BalanceCheck,
  EmptyReport,
  periodText,
  Strong,
  useExpandableRows,
  expandToggleLabels,
} from './report-table';

const NO_ROWS: TrialBalanceRow[] = [];

function columnsFor(
  report: TrialBalanceReport | undefined,
  range: DayRange,
  follow: ReturnType<typeof useFollow>,
): TableProps.ColumnDefinition<TrialBalanceRow>[] {
  const label = (row: TrialBalanceRow, text: string) => {
    if (row.kind === 'account') {
      return (
        <Link href={ledgerStatementHref(row.code, range)} onFollow={follow}>
          {text}
        </Link>
      );
    }
    return <Strong>{text}</Strong>;
  };
  const strong = (row: TrialBalanceRow) => row.kind !== 'account';
  return [
    { id: 'code', header: 'Code', isRowHeader: true, cell: (row) => label(row, row.code), minWidth: 150 },
    {
      id: 'name',
      header: 'Account',
      minWidth: 220,
      cell: (row) =>
        row.kind === 'total' && report ? (
          <div>
            <Strong>Total</Strong>
            <BalanceCheck difference={trialBalanceDifference(report)} />
          </div>
        ) : (
          label(row, row.name)
        ),
    },
    {
      id: 'opening',
      header: <Box textAlign="right">Opening balance</Box>,
      cell: (row) => {
        const { amount, dc } = sideOf(row.opening);
        return (
          <Box textAlign="right" fontWeight={strong(row) ? 'bold' : 'normal'}>
            {amount === 0 ? formatNaira(0) : `${formatNaira(amount)} ${dc}`}
          </Box>
        );
      },
    },
    {
      id: 'period-debit',
      header: <Box textAlign="right">Period debit</Box>,
      cell: (row) => <Amount value={row.periodDebit} strong={strong(row)} />,
    },
    {
      id: 'period-credit',
      header: <Box textAlign="right">Period credit</Box>,
      cell: (row) => <Amount value={row.periodCredit} strong={strong(row)} />,
    },
    {
      id: 'debit',
      header: <Box textAlign="right">Debit</Box>,
      cell: (row) => <Amount value={row.debit} strong={strong(row)} blankZero={row.kind === 'account'} />,
    },
    {
      id: 'credit',
      header: <Box textAlign="right">Credit</Box>,
      cell: (row) => <Amount value={row.credit} strong={strong(row)} blankZero={row.kind === 'account'} />,
    },
  ];
}

/**
 * Trial balance (spec document 1, section 2): every account's opening balance, the period's
 * debits and credits and its closing balance on its side, grouped by category and sub-category,
 * with the totals and whether they balance. An account opens its ledger statement for the period.
 */
export function TrialBalancePage() {
  const period = useReportPeriod();
  const report = useTrialBalance(period.applied);
  const { downloading, download } = useReportDownload(REPORT_ROUTES.trialBalance);
  const follow = useFollow();
  const data = report.data;
  const rows = useMemo(() => (data ? trialBalanceRows(data) : NO_ROWS), [data]);
  const expandableRows = useExpandableRows(rows);
  const columns = useMemo(() => columnsFor(data, period.applied, follow), [data, period.applied, follow]);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Opening balances, the period's movements and closing balances of every account."
        >
          Trial Balance
        </Header>
      }
    >
      <Table<TrialBalanceRow>
        variant="container"
        ariaLabels={{ tableLabel: 'Trial balance', ...expandToggleLabels<TrialBalanceRow>((row) => row.name) }}
        columnDefinitions={columns}
        items={rows}
        trackBy="id"
        expandableRows={expandableRows}
        wrapLines
        loading={report.isPending}
        loadingText="Loading the trial balance"
        header={
          <Header variant="h2" description={data ? periodText(data.start_date, data.end_date) : undefined}>
            Accounts
          </Header>
        }
        filter={
          <ReportFilters
            initial={period.applied}
            onSearch={(range) => period.search(range, () => void report.refetch())}
            onDownload={(range) => download({ ...range })}
            searching={report.isFetching}
            downloading={downloading}
          />
        }
        empty={
          <EmptyReport title="No data available">
            {report.isError ? errorMessage(report.error) : 'There is nothing posted in this period.'}
          </EmptyReport>
        }
      />
    </ContentLayout>
  );
}
