import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { SavingsAccount } from '../../api/orders';
import { useSavingsAccounts } from '../../api/orders';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { isAnyTime } from '../../components/date-range/date-range-filter';
import { PeriodFilters, usePeriodFilters } from './period-filters';

/** What an empty list says: with no period chosen, there are simply no plans (or none that match). */
export function savingsEmptyText(searching: boolean, anyTime: boolean): string {
  if (anyTime)
    return searching ? 'No savings account matches this search.' : 'The cooperative has no savings accounts yet.';
  return searching
    ? 'No savings account in this period matches this search.'
    : 'No savings account starts in this period.';
}

const accountUser = (a: SavingsAccount) => (a.user ? `${a.user.firstname} ${a.user.lastname}` : a.member_name);

// Spec 000 section 2, "Transaction approval pages": the savings listing's columns.
const COLUMNS: TableProps.ColumnDefinition<SavingsAccount>[] = [
  {
    id: 'user',
    header: 'Account user',
    isRowHeader: true,
    cell: (a) => (
      <div>
        <div>{accountUser(a)}</div>
        <Box variant="small" color="text-body-secondary">
          {a.coop_id}
        </Box>
      </div>
    ),
  },
  { id: 'product', header: 'Product', cell: (a) => a.product?.name ?? a.product_name },
  { id: 'start', header: 'Start date', cell: (a) => formatDay(a.start_date) },
  { id: 'end', header: 'End date', cell: (a) => formatDay(a.end_date) },
  { id: 'balance', header: 'Balance', cell: (a) => formatNaira(a.balance) },
  { id: 'lien', header: 'Lien', cell: (a) => formatNaira(a.lien) },
  { id: 'interest', header: 'Credit interest', cell: (a) => `${a.credit_interest}%` },
  { id: 'frequency', header: 'Frequency', cell: (a) => a.frequency },
];

/**
 * /savings/accounts: the cooperative's savings plans, all of them at first (newest first), or those
 * that start in a chosen period.
 */
export function SavingsAccountsPage() {
  const filters = usePeriodFilters('any-time');
  const { data, isPending, isFetching } = useSavingsAccounts(filters.params);
  const meta = data?.meta;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Members' savings plans, newest first; choose a period to see those started in it."
        >
          Savings Accounts
        </Header>
      }
    >
      <Table
        variant="container"
        ariaLabels={{ tableLabel: 'Savings accounts' }}
        columnDefinitions={COLUMNS}
        items={data?.data ?? []}
        trackBy="id"
        wrapLines
        loading={isPending}
        loadingText="Loading savings accounts"
        header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Results</Header>}
        filter={<PeriodFilters filters={filters} searchLabel="Search by member name or number" anyTime />}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No savings accounts</b>
            <Box variant="p" color="inherit">
              {savingsEmptyText(filters.query !== '', isAnyTime(filters.range))}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, isFetching, filters.setPage)}
      />
    </ContentLayout>
  );
}
