import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { ConsolidatedReport, ConsolidatedRow } from '../../api/platform-reports';
import { downloadConsolidatedReport, useConsolidatedReport } from '../../api/platform-reports';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { DateRangeFilter } from '../../components/date-range/date-range-filter';
import type { DayRange } from '../../format/date-presets';
import { presetRange } from '../../format/date-presets';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { useSession } from '../../session/use-session';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';

/** A cooperative's row, or the totals row under them. */
type ReportRow =
  (ConsolidatedRow & { total?: false }) | { total: true; id: string; meta: ConsolidatedReport['totals'] };

const count = (value: number) => value.toLocaleString('en-NG');

function TotalCell({ row, children }: { row: ReportRow; children: string }) {
  return row.total ? <Box fontWeight="bold">{children}</Box> : <>{children}</>;
}

const COLUMNS: TableProps.ColumnDefinition<ReportRow>[] = [
  {
    id: 'code',
    header: 'Code',
    isRowHeader: true,
    cell: (row) => (row.total ? <Box fontWeight="bold">Total</Box> : row.code),
  },
  { id: 'name', header: 'Name', cell: (row) => (row.total ? '' : row.name) },
  {
    id: 'active',
    header: 'Active members',
    cell: (row) => <TotalCell row={row}>{count(row.meta.activeMembers)}</TotalCell>,
  },
  {
    id: 'inactive',
    header: 'Inactive members',
    cell: (row) => <TotalCell row={row}>{count(row.meta.inactiveMembers)}</TotalCell>,
  },
  {
    id: 'savings',
    header: 'Total savings',
    cell: (row) => <TotalCell row={row}>{formatNaira(row.meta.totalSavings)}</TotalCell>,
  },
  {
    id: 'loans',
    header: 'Total loans',
    cell: (row) => <TotalCell row={row}>{formatNaira(row.meta.totalLoans)}</TotalCell>,
  },
  {
    id: 'paid',
    header: 'Paid loans',
    cell: (row) => <TotalCell row={row}>{formatNaira(row.meta.loansPaid)}</TotalCell>,
  },
  { id: 'date', header: 'Date', cell: (row) => (row.total ? '' : formatDay(row.created_at)) },
];

function rowsOf(report: ConsolidatedReport | undefined): ReportRow[] {
  if (!report) return [];
  const rows: ReportRow[] = report.data.map((row) => ({ ...row, total: false }));
  return rows.length ? [...rows, { total: true, id: 'total', meta: report.totals }] : rows;
}

/**
 * /reports/consolidated-report (super-admin): every cooperative with its members, its savings and
 * the loans disbursed and repaid in the period, with the platform's totals. The period is chosen
 * in the boxes and applied with Search; Download gives the report shown as .xlsx.
 */
export function ConsolidatedReportPage() {
  const superAdmin = useSession()?.user.role_name === 'super-admin';
  const [draft, setDraft] = useState<DayRange>(() => presetRange('current-month'));
  const [applied, setApplied] = useState<DayRange>(draft);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const { data, isPending, isFetching } = useConsolidatedReport({ ...applied, page }, superAdmin);
  const rows = useMemo(() => rowsOf(data), [data]);
  const meta = data?.meta;

  const search = () => {
    setApplied(draft);
    setPage(1);
  };
  const download = () => {
    setDownloading(true);
    downloadConsolidatedReport(applied)
      .catch((error: unknown) => notificationsStore.notify('error', errorMessage(error)))
      .finally(() => setDownloading(false));
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Members, savings and loans of every cooperative on the platform.">
          Consolidated report
        </Header>
      }
    >
      {superAdmin ? (
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Consolidated report' }}
          columnDefinitions={COLUMNS}
          items={rows}
          trackBy="id"
          wrapLines
          loading={isPending}
          loadingText="Loading the report"
          header={
            <Header
              counter={meta ? `(${totalText(meta)})` : undefined}
              description={`${formatDay(applied.start_date)} to ${formatDay(applied.end_date)}`}
              actions={
                <Button iconName="download" loading={downloading} onClick={download}>
                  Download
                </Button>
              }
            >
              Cooperatives
            </Header>
          }
          filter={
            <form
              aria-label="Report period"
              onSubmit={(event) => {
                event.preventDefault();
                search();
              }}
            >
              <SpaceBetween direction="horizontal" size="s" alignItems="end">
                <DateRangeFilter value={draft} onChange={setDraft} />
                <Button variant="primary" formAction="submit" loading={isFetching && !isPending}>
                  Search
                </Button>
              </SpaceBetween>
            </form>
          }
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No cooperatives</b>
              <Box variant="p" color="inherit">
                No cooperative has been added yet.
              </Box>
            </Box>
          }
          pagination={resultsPagination(meta, isFetching, setPage)}
        />
      ) : (
        <Alert type="info" header="Platform report">
          The consolidated report covers every cooperative and is open to platform administrators only.
        </Alert>
      )}
    </ContentLayout>
  );
}
