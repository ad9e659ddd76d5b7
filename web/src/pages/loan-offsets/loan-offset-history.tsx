import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { LoanOffset } from '../../api/loan-offsets';
import { useOffsetHistory } from '../../api/loan-offsets';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';

const COLUMNS: TableProps.ColumnDefinition<LoanOffset>[] = [
  { id: 'product', header: 'Product', isRowHeader: true, cell: (o) => o.loan.product.name },
  { id: 'initial', header: 'Initial Amount', cell: (o) => formatNaira(o.initial_loan_amount) },
  { id: 'offset', header: 'Offset Amount', cell: (o) => formatNaira(o.offset_amount) },
  { id: 'new', header: 'New Amount', cell: (o) => formatNaira(o.new_loan_amount) },
  { id: 'type', header: 'Type', cell: (o) => o.type.name },
  { id: 'mode', header: 'Paid From', cell: (o) => o.mode.name },
  { id: 'date', header: 'Date', cell: (o) => formatDay(o.date) },
];

const MEMBER_COLUMN: TableProps.ColumnDefinition<LoanOffset> = {
  id: 'member',
  header: 'Member',
  cell: (o) => `${o.member.name} (${o.member.id})`,
};

/**
 * Loan offsets, newest first (spec 000 section 3, "Loan offset record"): one member's (the member
 * detail's Loan Offset tab, and the member's own /member/loan-offset-history), or with no member the
 * whole cooperative's for staff. Initial and new amounts are the loan's balance before and after.
 */
export function LoanOffsetHistory({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const history = useOffsetHistory(memberId, page);
  const meta = history.data?.meta;
  return (
    <Table<LoanOffset>
      variant="container"
      ariaLabels={{ tableLabel: 'Loan offset history' }}
      trackBy="id"
      wrapLines
      items={history.data?.data ?? []}
      columnDefinitions={memberId ? COLUMNS : [MEMBER_COLUMN, ...COLUMNS]}
      loading={history.isPending}
      loadingText="Loading loan offsets"
      header={
        <Header
          counter={meta ? `(${totalText(meta)})` : undefined}
          description="Part and full repayments of loans from a bank or from savings"
        >
          Loan offset history
        </Header>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No loan offsets</b>
          <Box variant="p" color="inherit">
            {history.isError ? errorMessage(history.error) : 'No loan has been offset yet.'}
          </Box>
        </Box>
      }
      pagination={resultsPagination(meta, history.isFetching, setPage)}
    />
  );
}
