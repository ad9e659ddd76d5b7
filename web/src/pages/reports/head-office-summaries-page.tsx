import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { HEAD_OFFICE_MEASURES } from '@coopledger/shared/dividend-views';
import type { HeadOfficeRowView } from '../../api/dividends';
import { useHeadOfficeSummaries } from '../../api/dividends';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { useSession } from '../../session/use-session';
import { MEASURE_LABELS, measureCell } from '../dividends/head-office-format';
import { HeadOfficeYearSelect, yearOf } from '../dividends/head-office-year-select';

const COLUMNS: TableProps.ColumnDefinition<HeadOfficeRowView>[] = [
  { id: 'code', header: 'Code', isRowHeader: true, cell: (row) => row.cooperative.code },
  { id: 'name', header: 'Name', cell: (row) => row.cooperative.name },
  ...HEAD_OFFICE_MEASURES.map((measure): TableProps.ColumnDefinition<HeadOfficeRowView> => ({
    id: measure,
    header: MEASURE_LABELS[measure],
    cell: (row) => measureCell(row, measure),
  })),
];

/**
 * /reports/head-office-summary (super-admin): every cooperative's head office summary of a year, its
 * actuals against the targets its admin set, a page of cooperatives at a time in code order.
 */
export function HeadOfficeSummariesPage() {
  const superAdmin = useSession()?.user.role_name === 'super-admin';
  const [params, setParams] = useSearchParams();
  const year = yearOf(params);
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useHeadOfficeSummaries({ year, page }, superAdmin);
  const meta = data?.meta;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Every cooperative's year against the targets its admin set.">
          Head office summary
        </Header>
      }
    >
      {superAdmin ? (
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Head office summary of every cooperative' }}
          columnDefinitions={COLUMNS}
          items={data?.data ?? []}
          trackBy={(row) => row.cooperative.id}
          wrapLines
          loading={isPending}
          loadingText="Loading the summaries"
          header={
            <Header counter={meta ? `(${totalText(meta)})` : undefined} description="Actual of target (% of target)">
              Cooperatives, {year}
            </Header>
          }
          filter={
            <SpaceBetween direction="horizontal" size="s">
              <HeadOfficeYearSelect
                year={year}
                onChange={(y) => {
                  setParams({ year: String(y) });
                  setPage(1);
                }}
              />
            </SpaceBetween>
          }
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No cooperatives</b>
            </Box>
          }
          pagination={resultsPagination(meta, isFetching, setPage)}
        />
      ) : (
        <Alert type="info" header="Platform report">
          Every cooperative&apos;s head office summary is open to platform administrators only. A cooperative&apos;s own
          is under Dividend calculator, Head office summary.
        </Alert>
      )}
    </ContentLayout>
  );
}
