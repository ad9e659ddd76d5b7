import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { Loan } from '../../api/loans';
import { useMemberLoans } from '../../api/loans';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { useLoanActions } from './loan-actions';
import type { LoanAction } from './loan-helpers';
import { LOAN_ACTION_LABELS, tenureText } from './loan-helpers';
import { LoanStatusBadge, PaidBadge } from './loan-status';

interface MemberLoansTableProps {
  memberId: string;
  /** What a row's menu offers; the schedule and sureties at least. */
  actionsFor: (loan: Loan) => LoanAction[];
  /** Shown when the member has no loan. */
  emptyText: string;
}

/**
 * One member's loans, newest first: the member's own /member/loans and the Loan History of the
 * member detail page. The product opens the Loan Details modal; the menu holds the rest.
 */
export function MemberLoansTable({ memberId, actionsFor, emptyText }: MemberLoansTableProps) {
  const [page, setPage] = useState(1);
  const loans = useMemberLoans(memberId, page);
  const { run, dialogs } = useLoanActions();
  const meta = loans.data?.meta;

  const columns = useMemo<TableProps.ColumnDefinition<Loan>[]>(
    () => [
      {
        id: 'product',
        header: 'Product',
        isRowHeader: true,
        cell: (loan) => (
          <Button
            variant="inline-link"
            onClick={() => run(loan, 'schedule')}
            ariaLabel={`Loan details of the ${loan.product.name} of ${formatNaira(loan.loan_amount)}`}
          >
            {loan.product.name}
          </Button>
        ),
      },
      { id: 'amount', header: 'Amount', cell: (loan) => formatNaira(loan.loan_amount) },
      { id: 'total', header: 'Total', cell: (loan) => formatNaira(loan.total_amount) },
      { id: 'balance', header: 'Balance', cell: (loan) => formatNaira(loan.loan_balance) },
      { id: 'tenure', header: 'Tenure', cell: (loan) => tenureText(loan) },
      { id: 'status', header: 'Status', cell: (loan) => <LoanStatusBadge status={loan.status} /> },
      { id: 'paid', header: 'Repayment', cell: (loan) => <PaidBadge loan={loan} /> },
      { id: 'date', header: 'Date', cell: (loan) => formatDay(loan.date) },
      {
        id: 'actions',
        header: 'Action',
        cell: (loan) => (
          <ButtonDropdown
            variant="icon"
            expandToViewport
            ariaLabel={`Actions for the ${loan.product.name} of ${formatNaira(loan.loan_amount)}`}
            items={actionsFor(loan).map((action) => ({ id: action, text: LOAN_ACTION_LABELS[action] }))}
            onItemClick={({ detail }) => run(loan, detail.id as LoanAction)}
          />
        ),
      },
    ],
    [actionsFor, run],
  );

  return (
    <>
      <Table<Loan>
        variant="container"
        ariaLabels={{ tableLabel: 'Loan history' }}
        trackBy="id"
        wrapLines
        items={loans.data?.data ?? []}
        columnDefinitions={columns}
        loading={loans.isPending}
        loadingText="Loading loans"
        header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Loan history</Header>}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No loans yet</b>
            <Box variant="p" color="inherit">
              {loans.isError ? errorMessage(loans.error) : emptyText}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, loans.isFetching, setPage)}
      />
      {dialogs}
    </>
  );
}
