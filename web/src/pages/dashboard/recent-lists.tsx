import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '@cloudscape-design/components/table';
import type { LoanApplication, RecentOrder } from '../../api/dashboard';
import { useFollow } from '../../app/navigation/use-follow';
import { formatNaira } from '../../format/money';
import type { OrderDecisionTarget } from '../transactions/order-decision';
import { isPending, orderStatusLabel } from '../transactions/order-status';

/** 'Approved' or 'Denied' once an item is decided (spec 000 section 2: the dashboard lists). */
function Decided({ status }: { status: number }) {
  return <StatusIndicator type={status === 1 ? 'success' : 'stopped'}>{orderStatusLabel(status)}</StatusIndicator>;
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
            <Button variant="icon" iconName="check" ariaLabel={`Approve ${o.name ?? o.member_name} ${formatNaira(o.amount)}`} onClick={() => onDecide({ order: o, action: 'approve' })} />
            <Button variant="icon" iconName="close" ariaLabel={`Deny ${o.name ?? o.member_name} ${formatNaira(o.amount)}`} onClick={() => onDecide({ order: o, action: 'deny' })} />
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
      empty={<Empty title={deposits ? 'No deposits' : 'No withdrawals'} text={deposits ? 'No deposit has been placed yet.' : 'No withdrawal has been placed yet.'} />}
    />
  );
}

const memberOf = (loan: LoanApplication) =>
  loan.member_name ?? ([loan.member?.firstname, loan.member?.lastname].filter(Boolean).join(' ') || '-');

/**
 * The latest loan applications. Loans are decided on the loan applications page, where the loan
 * schedule and sureties are shown; a pending one here links there.
 */
export function RecentLoans({ loans, loading }: { loans: LoanApplication[] | undefined; loading: boolean }) {
  const follow = useFollow();
  const columns: TableProps.ColumnDefinition<LoanApplication>[] = [
    { id: 'member', header: 'Member', isRowHeader: true, cell: memberOf },
    { id: 'product', header: 'Product', cell: (loan) => loan.product?.name ?? loan.product_name ?? '-' },
    { id: 'amount', header: 'Amount', cell: (loan) => formatNaira(loan.loan_amount) },
    {
      id: 'status',
      header: 'Action',
      minWidth: 90,
      cell: (loan) =>
        isPending(loan.status) ? (
          <Link href="/loans/applications" onFollow={follow} ariaLabel={`Review the loan of ${memberOf(loan)}`}>
            Review
          </Link>
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
      header={<Header variant="h2">Recent Loan Applications</Header>}
      empty={<Empty title="No loan applications" text="No member has applied for a loan yet." />}
    />
  );
}
