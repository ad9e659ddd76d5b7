import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { NairaFigure } from '@coopledger/shared/money';
import type { MemberBalanceRow } from '@coopledger/shared/report-views';
import { z } from 'zod';
import { errorMessage } from '../../api/api-error';
import type { MemberBalanceParams } from '../../api/reports';
import { REPORT_ROUTES, useMemberBalances } from '../../api/reports';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { TextField } from '../../components/forms/text-field';
import { useZodForm } from '../../forms/zod-form';
import { useReportDownload } from './report-period';
import { Amount, EmptyReport } from './report-table';

const amountColumn = (
  id: string,
  header: string,
  value: (meta: MemberBalanceRow['meta']) => NairaFigure,
): TableProps.ColumnDefinition<MemberBalanceRow> => ({
  id,
  header: <Box textAlign="right">{header}</Box>,
  cell: (row) => <Amount value={value(row.meta)} />,
});

const COLUMNS: TableProps.ColumnDefinition<MemberBalanceRow>[] = [
  { id: 'name', header: 'Name', isRowHeader: true, cell: (row) => `${row.firstname} ${row.lastname}` },
  { id: 'coop-id', header: 'Membership no.', cell: (row) => row.coop_id },
  amountColumn('savings', 'Savings', (meta) => meta.totalSavingsBalance),
  amountColumn('target', 'Target saving', (meta) => meta.totalTargetBalance),
  amountColumn('loan', 'Loan', (meta) => meta.totalLoanAmount),
  amountColumn('loan-interest', 'Loan + interest', (meta) => meta.totalLoanInterest),
  amountColumn('other-debits', 'Other debits', (meta) => meta.otherDebits),
  amountColumn('share-capital', 'Share capital', (meta) => meta.shareCapital),
];

/** The search box: a name or member number, blank for every member. */
const balanceSearchSchema = z.object({ query: z.string().transform((text) => text.trim() || undefined) });

/**
 * Member account balance (spec document 1, section 2): each member's savings, target savings,
 * loans owed with and without interest, liens and share capital, a page at a time. The search
 * runs when Search is pressed; Download takes the whole search, not just the page.
 */
export function MembersBalancePage() {
  const { control, handleSubmit, getValues } = useZodForm(balanceSearchSchema, { defaultValues: { query: '' } });
  const [params, setParams] = useState<MemberBalanceParams>({ page: 1 });
  const balances = useMemberBalances(params);
  const { downloading, download } = useReportDownload(REPORT_ROUTES.memberBalance);
  const meta = balances.data?.meta;

  const search = handleSubmit(({ query }) => {
    if (query === params.query && params.page === 1) void balances.refetch();
    else setParams({ query, page: 1 });
  });

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Savings, loans and share capital of every member.">
          Member Account Balance
        </Header>
      }
    >
      <Table<MemberBalanceRow>
        variant="container"
        ariaLabels={{ tableLabel: 'Member balances' }}
        columnDefinitions={COLUMNS}
        items={balances.data?.data ?? []}
        trackBy="id"
        wrapLines
        loading={balances.isPending}
        loadingText="Loading member balances"
        header={
          <Header variant="h2" counter={meta ? `(${totalText(meta)})` : undefined}>
            Members
          </Header>
        }
        filter={
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void search();
            }}
          >
            <SpaceBetween direction="horizontal" size="s" alignItems="end">
              <TextField
                control={control}
                name="query"
                label="Search"
                type="search"
                placeholder="Member name or number"
                ariaLabel="Search members"
              />
              <Button variant="primary" iconName="search" formAction="submit" loading={balances.isFetching}>
                Search
              </Button>
              <Button
                iconName="download"
                formAction="none"
                loading={downloading}
                onClick={() => download(balanceSearchSchema.parse(getValues()))}
              >
                Download
              </Button>
            </SpaceBetween>
          </form>
        }
        empty={
          <EmptyReport title="No data available">
            {balances.isError
              ? errorMessage(balances.error)
              : params.query
                ? 'No member matches this search.'
                : 'The cooperative has no members yet.'}
          </EmptyReport>
        }
        pagination={resultsPagination(meta, balances.isFetching, (page) =>
          setParams((previous) => ({ ...previous, page })),
        )}
      />
    </ContentLayout>
  );
}
