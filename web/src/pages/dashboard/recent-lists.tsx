import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { RecentOrder } from '../../api/dashboard';
import type { Loan } from '../../api/loans';
import { useFollow } from '../../app/navigation/use-follow';
import { formatNaira } from '../../format/money';
import type { OrderDecisionTarget } from '../transactions/order-decision';
import { isPending, orderStatusLabel } from '../transactions/order-status';
import { ORDER_STATUS } from '@coopledger/shared/statuses';

/** 'Approved' or 'Denied' once an item is decided (spec 000 section 2: the dashboard lists). */
function Decided({ status }: { status: number }) {
  return (
    <StatusIndicator type={status === ORDER_STATUS.APPROVED ? 'success' : 'stopped'}>
      {orderStatusLabel(status)}
    </StatusIndicator>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <Box textAlign="center" color="inherit" padding="s">
      <b>{title}</b>
      <Box variant="p" color="inherit">
        {text}
      </Box>
    </Box>
  );
}

interface RecentOrdersProps {
  title: 'Recent Deposits' | 'Recent Withdrawals';
  orders: RecentOrder[] | undefined;
  loading: boolean;
  onDecide: (target: OrderDecisionTarget) => void;
}

/** The latest orders of one kind: a pending one offers Approve and Deny, a decided one says which. */
export function RecentOrders({ title, orders, loading, onDecide }: RecentOrdersProps) {
  const follow = useFollow();
  const deposits = title === 'Recent Deposits';
  const columns: TableProps.ColumnDefinition<RecentOrder>[] = [
    { id: 'member', header: 'Member', isRowHeader: true, cell: (o) => o.name ?? o.member_name },
    { id: 'product', header: 'Product', cell: (o) => o.product ?? o.product_name },
    { id: 'amount', header: 'Amount', cell: (o) => formatNaira(o.amount) },
    {
      id: 'status',
      header: 'Action',
      minWidth: 90,
      cell: (o) =>
        isPending(o.status) ? (
          <SpaceBetween direction="horizontal" size="xxs">
            <Button
              variant="icon"
              iconName="check"
              ariaLabel={`Approve ${o.name ?? o.member_name} ${formatNaira(o.amount)}`}
              onClick={() => onDecide({ order: o, action: 'approve' })}
            />
            <Button
              variant="icon"
              iconName="close"
              ariaLabel={`Deny ${o.name ?? o.member_name} ${formatNaira(o.amount)}`}
              onClick={() => onDecide({ order: o, action: 'deny' })}
            />
          </SpaceBetween>
        ) : (
          <Decided status={o.status} />
        ),
    },
  ];
  return (
    <Table
      variant="container"
      ariaLabels={{ tableLabel: title }}
      columnDefinitions={columns}
      items={orders ?? []}
      trackBy="id"
      wrapLines
      loading={loading}
      loadingText="Loading"
      header={
        <Header
          variant="h2"
          actions={
            <Link href={deposits ? '/finance-reporting/deposits' : '/finance-reporting/withdrawals'} onFollow={follow}>
              View all
            </Link>
          }
        >
          {title}
        </Header>
      }
      empty={
        <Empty
          title={deposits ? 'No deposits' : 'No withdrawals'}
          text={deposits ? 'No deposit has been placed yet.' : 'No withdrawal has been placed yet.'}
        />
      }
    />
  );
}

interface RecentLoansProps {
  loans: Loan[] | undefined;
  loading: boolean;
  /** Opens the Loan Details modal, the approval (bank account) or the denial of a loan. */
  onAction: (loan: Loan, action: 'schedule' | 'approve' | 'deny') => void;
}

/**
 * The latest loan applications. A pending one offers Approve (which asks for the bank account)
 * and Deny; a decided one says which. Clicking a row opens its Loan Details.
 */
export function RecentLoans({ loans, loading, onAction }: RecentLoansProps) {
  const follow = useFollow();
  const columns: TableProps.ColumnDefinition<Loan>[] = [
    {
      id: 'member',
      header: 'Member',
      isRowHeader: true,
      cell: (loan) => (
        <Button
          variant="inline-link"
          onClick={() => onAction(loan, 'schedule')}
          ariaLabel={`Loan details of ${loan.member.name} ${formatNaira(loan.loan_amount)}`}
        >
          {loan.member.name}
        </Button>
      ),
    },
    { id: 'product', header: 'Product', cell: (loan) => loan.product.name },
    { id: 'amount', header: 'Amount', cell: (loan) => formatNaira(loan.loan_amount) },
    {
      id: 'status',
      header: 'Action',
      minWidth: 90,
      cell: (loan) =>
        isPending(loan.status) ? (
          // The buttons act on their own; the click does not also open the row's details.
          <div onClick={(event) => event.stopPropagation()}>
            <SpaceBetween direction="horizontal" size="xxs">
              <Button
                variant="icon"
                iconName="check"
                ariaLabel={`Approve the loan of ${loan.member.name} ${formatNaira(loan.loan_amount)}`}
                onClick={() => onAction(loan, 'approve')}
              />
              <Button
                variant="icon"
                iconName="close"
                ariaLabel={`Deny the loan of ${loan.member.name} ${formatNaira(loan.loan_amount)}`}
                onClick={() => onAction(loan, 'deny')}
              />
            </SpaceBetween>
          </div>
        ) : (
          <Decided status={loan.status} />
        ),
    },
  ];
  return (
    <Table
      variant="container"
      ariaLabels={{ tableLabel: 'Recent Loan Applications' }}
      columnDefinitions={columns}
      items={loans ?? []}
      trackBy="id"
      wrapLines
      loading={loading}
      loadingText="Loading"
      onRowClick={({ detail }) => onAction(detail.item, 'schedule')}
      header={
        <Header
          variant="h2"
          actions={
            <Link href="/loans/applications" onFollow={follow}>
              View all
            </Link>
          }
        >
          Recent Loan Applications
        </Header>
      }
      empty={<Empty title="No loan applications" text="No member has applied for a loan yet." />}
    />
  );
}
