import { useCallback, useMemo, useState } from 'react';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { errorMessage } from '../../api/api-error';
import { REPORT_ROUTES, useBalanceSheet } from '../../api/reports';
import { formatDay } from '../../format/dates';
import type { BreakdownTarget } from './account-breakdown-modal';
import { AccountBreakdownModal } from './account-breakdown-modal';
import { ReportFilters, useReportDownload, useReportPeriod } from './report-period';
import type { StatementRow } from './report-rows';
import { balanceSheetRows } from './report-rows';
import { EmptyReport } from './report-table';
import type { StatementPeriods } from './statement-table';
import { StatementTable } from './statement-table';

const NO_ROWS: StatementRow[] = [];

/**
 * Balance sheet (spec document 1, section 2): assets, then liabilities and owner's equity with
 * the retained earnings, as at the end date and a year before, the year's total income, and
 * whether assets equal liabilities plus equity. A sub-category opens its accounts.
 */
export function BalanceSheetPage() {
  const period = useReportPeriod();
  const sheet = useBalanceSheet(period.applied);
  const { downloading, download } = useReportDownload(REPORT_ROUTES.balanceSheet);
  const [target, setTarget] = useState<BreakdownTarget | null>(null);
  const data = sheet.data;
  const rows = useMemo(() => (data ? balanceSheetRows(data) : NO_ROWS), [data]);
  const periods = useMemo<StatementPeriods>(
    () => ({
      previousTitle: 'Previous year',
      previous: data ? `As at ${formatDay(data.date.previous_year)}` : undefined,
      currentTitle: 'Current year',
      current: data ? `As at ${formatDay(data.date.current_year)}` : undefined,
    }),
    [data],
  );
  const open = useCallback((row: StatementRow) => {
    if (row.subcategoryId) setTarget({ subcategoryId: row.subcategoryId, name: row.label });
  }, []);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Assets, liabilities and owner's equity at the end of the period and a year before."
        >
          Balance Sheet
        </Header>
      }
    >
      <StatementTable
        label="Balance sheet"
        rows={rows}
        periods={periods}
        onOpen={open}
        loading={sheet.isPending}
        loadingText="Loading the balance sheet"
        header={
          <Header variant="h2" description="Choose a sub-category to see its accounts.">
            Statement of financial position
          </Header>
        }
        filter={
          <ReportFilters
            initial={period.applied}
            onSearch={(range) => period.search(range, () => void sheet.refetch())}
            onDownload={(range) => download({ ...range })}
            searching={sheet.isFetching}
            downloading={downloading}
          />
        }
        empty={
          <EmptyReport title="No data available">{sheet.isError ? errorMessage(sheet.error) : undefined}</EmptyReport>
        }
      />
      <AccountBreakdownModal target={target} range={period.applied} onClose={() => setTarget(null)} />
    </ContentLayout>
  );
}
