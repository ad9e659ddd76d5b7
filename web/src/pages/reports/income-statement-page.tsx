import { useCallback, useMemo, useState } from 'react';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { errorMessage } from '../../api/api-error';
import { REPORT_ROUTES, useIncomeStatement } from '../../api/reports';
import type { BreakdownTarget } from './account-breakdown-modal';
import { AccountBreakdownModal } from './account-breakdown-modal';
import { ReportFilters, useReportDownload, useReportPeriod } from './report-period';
import type { StatementRow } from './report-rows';
import { incomeStatementRows } from './report-rows';
import { EmptyReport, periodText } from './report-table';
import type { StatementPeriods } from './statement-table';
import { StatementTable } from './statement-table';

const NO_ROWS: StatementRow[] = [];

/**
 * Income statement (spec document 1, section 2): income and direct expenses, Gross Profit,
 * operating expenses and Net Profit, for the period and the same period a year before. A
 * sub-category opens its accounts (the Account Statement).
 */
export function IncomeStatementPage() {
  const period = useReportPeriod();
  const statement = useIncomeStatement(period.applied);
  const { downloading, download } = useReportDownload(REPORT_ROUTES.incomeStatement);
  const [target, setTarget] = useState<BreakdownTarget | null>(null);
  const data = statement.data;
  const rows = useMemo(() => (data ? incomeStatementRows(data) : NO_ROWS), [data]);
  const periods = useMemo<StatementPeriods>(
    () => ({
      previousTitle: 'Previous year',
      previous: data ? periodText(data.date.previous_year.start, data.date.previous_year.end) : undefined,
      currentTitle: 'Current year',
      current: data ? periodText(data.date.current_year.start, data.date.current_year.end) : undefined,
    }),
    [data],
  );
  const open = useCallback((row: StatementRow) => {
    if (row.subcategoryId) setTarget({ subcategoryId: row.subcategoryId, name: row.label });
  }, []);

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Income and expenses of the period against the same period a year before.">
          Income Statement
        </Header>
      }
    >
      <StatementTable
        label="Income statement"
        rows={rows}
        periods={periods}
        onOpen={open}
        loading={statement.isPending}
        loadingText="Loading the income statement"
        header={
          <Header variant="h2" description="Choose a sub-category to see its accounts.">
            Statement
          </Header>
        }
        filter={
          <ReportFilters
            initial={period.applied}
            onSearch={(range) => period.search(range, () => void statement.refetch())}
            onDownload={(range) => download({ ...range })}
            searching={statement.isFetching}
            downloading={downloading}
          />
        }
        empty={
          <EmptyReport title="No data available">
            {statement.isError ? errorMessage(statement.error) : undefined}
          </EmptyReport>
        }
      />
      <AccountBreakdownModal target={target} range={period.applied} onClose={() => setTarget(null)} />
    </ContentLayout>
  );
}
