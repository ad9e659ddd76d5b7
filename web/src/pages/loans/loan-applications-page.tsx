import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { errorMessage } from '../../api/api-error';
import type { Loan, LoanListParams, LoanStatus } from '../../api/loans';
import { useLoanList } from '../../api/loans';
import { DateRangeFilter } from '../../components/date-range/date-range-filter';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import type { DayRange } from '../../format/date-presets';
import { presetRange } from '../../format/date-presets';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { useLoanActions } from './loan-actions';
import type { LoanAction } from './loan-helpers';
import { LOAN_ACTION_LABELS, loanActions, tenureText } from './loan-helpers';
import { LoanStatusBadge, PaidBadge } from './loan-status';
import { approvalNote } from '../../components/approvals/approval-note';
import { LOAN_STATUS, LOAN_STATUS_LABELS } from '@coopledger/shared/statuses';

const ALL_STATUSES = { value: 'all', label: 'All statuses' };
const STATUS_OPTIONS = [
  ALL_STATUSES,
  ...Object.values(LOAN_STATUS).map((status) => ({ value: String(status), label: LOAN_STATUS_LABELS[status] })),
];

/** The period (default Current Month), status, search and page; a new filter starts at page 1. */
function useLoanFilters() {
  const [range, setRange] = useState<DayRange>(() => presetRange('current-month'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LoanStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim());
  const params = useMemo<LoanListParams>(
    () => ({ ...range, page, query: query || undefined, status }),
    [range, page, query, status],
  );
  return {
    range,
    search,
    status,
    query,
    params,
    setPage,
    setRange: (next: DayRange) => {
      setRange(next);
      setPage(1);
    },
    setSearch: (next: string) => {
      setSearch(next);
      setPage(1);
    },
    setStatus: (next: LoanStatus | undefined) => {
      setStatus(next);
      setPage(1);
    },
  };
}

/** /loans/applications: the cooperative's loans by application date, with every staff action. */
export function LoanApplicationsPage() {
  const filters = useLoanFilters();
  const loans = useLoanList(filters.params);
  const { run, dialogs } = useLoanActions();
  const meta = loans.data?.meta;

  const columns = useMemo<TableProps.ColumnDefinition<Loan>[]>(
    () => [
      {
        id: 'member',
        header: 'Member',
        isRowHeader: true,
        cell: (loan) => (
          <div>
            <div>{loan.member.name}</div>
            <Box variant="small" color="text-body-secondary">
              {loan.member_id}
            </Box>
          </div>
        ),
      },
      { id: 'product', header: 'Product', cell: (loan) => loan.product.name },
      { id: 'amount', header: 'Amount', cell: (loan) => formatNaira(loan.loan_amount) },
      { id: 'total', header: 'Total', cell: (loan) => formatNaira(loan.total_amount) },
      { id: 'balance', header: 'Balance', cell: (loan) => formatNaira(loan.loan_balance) },
      { id: 'tenure', header: 'Tenure', cell: (loan) => tenureText(loan) },
      { id: 'rate', header: 'Rate', cell: (loan) => `${loan.interest_rate}%` },
      {
        id: 'status',
        header: 'Status',
        cell: (loan) => (
          <div>
            <LoanStatusBadge status={loan.status} />
            <Box variant="small" color="text-body-secondary">
              {approvalNote(loan, loan.status === LOAN_STATUS.APPROVED)}
            </Box>
          </div>
        ),
      },
      { id: 'paid', header: 'Repayment', cell: (loan) => <PaidBadge loan={loan} /> },
      { id: 'date', header: 'Date', cell: (loan) => formatDay(loan.date) },
      {
        id: 'actions',
        header: 'Action',
        cell: (loan) => (
          <ButtonDropdown
            variant="icon"
            expandToViewport
            ariaLabel={`Actions for the loan of ${loan.member.name} ${formatNaira(loan.loan_amount)}`}
            items={loanActions(loan).map((action) => ({ id: action, text: LOAN_ACTION_LABELS[action] }))}
            onItemClick={({ detail }) => run(loan, detail.id as LoanAction)}
          />
        ),
      },
    ],
    [run],
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Loan applications by application date, to approve, deny and follow up.">
          Loan Applications
        </Header>
      }
    >
      <div style={{ minHeight: 300 }}>
        <Table<Loan>
          variant="container"
          ariaLabels={{ tableLabel: 'Loan applications' }}
          trackBy="id"
          wrapLines
          items={loans.data?.data ?? []}
          columnDefinitions={columns}
          loading={loans.isPending}
          loadingText="Loading loans"
          header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Loans</Header>}
          filter={
            <SpaceBetween direction="horizontal" size="l" alignItems="end">
              <DateRangeFilter value={filters.range} onChange={filters.setRange} />
              <FormField label="Status">
                <Select
                  ariaLabel="Status"
                  selectedOption={
                    STATUS_OPTIONS.find((option) => option.value === String(filters.status ?? 'all')) ?? ALL_STATUSES
                  }
                  options={STATUS_OPTIONS}
                  onChange={({ detail }) => {
                    const value = detail.selectedOption.value;
                    filters.setStatus(
                      value === undefined || value === 'all' ? undefined : (Number(value) as LoanStatus),
                    );
                  }}
                />
              </FormField>
              <FormField label="Search">
                <TextFilter
                  filteringText={filters.search}
                  filteringPlaceholder="Member name or number"
                  filteringAriaLabel="Search by member name or number"
                  onChange={({ detail }) => filters.setSearch(detail.filteringText)}
                />
              </FormField>
            </SpaceBetween>
          }
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No loans</b>
              <Box variant="p" color="inherit">
                {loans.isError
                  ? errorMessage(loans.error)
                  : filters.query || filters.status !== undefined
                    ? 'No loan in this period matches these filters.'
                    : 'No loan was applied for in this period.'}
              </Box>
            </Box>
          }
          pagination={resultsPagination(meta, loans.isFetching, filters.setPage)}
        />
      </div>
      {dialogs}
    </ContentLayout>
  );
}
