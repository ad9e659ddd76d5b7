import { useMemo, useRef, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { OrderType, TransactionOrder } from '../../api/orders';
import { useOrderList } from '../../api/orders';
import { formatDateTime, formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import type { OrderDecisionTarget } from './order-decision';
import { OrderDecision } from './order-decision';
import { isPending, orderStatusLabel } from './order-status';
import { PeriodFilters, usePeriodFilters } from './period-filters';
import { nextActionIn, rescueFocus } from '../../components/a11y/rescue-focus';
import { approvalNote } from '../../components/approvals/approval-note';
import { ORDER_STATUS } from '@coopledger/shared/statuses';
import { QuickDepositForm } from '../dashboard/quick-deposit-form';

export function OrderStatusIndicator({ status }: { status: number }) {
  const label = orderStatusLabel(status);
  if (status === ORDER_STATUS.APPROVED) return <StatusIndicator type="success">{label}</StatusIndicator>;
  if (status === ORDER_STATUS.DENIED) return <StatusIndicator type="stopped">{label}</StatusIndicator>;
  return <StatusIndicator type="pending">{label}</StatusIndicator>;
}

function orderColumns(
  type: OrderType,
  decide: (target: OrderDecisionTarget) => void,
): TableProps.ColumnDefinition<TransactionOrder>[] {
  const columns: (TableProps.ColumnDefinition<TransactionOrder> | null)[] = [
    {
      id: 'member',
      header: 'Member',
      isRowHeader: true,
      cell: (o) => (
        <div>
          <div>{o.member_name}</div>
          <Box variant="small" color="text-body-secondary">
            {o.coop_id}
          </Box>
        </div>
      ),
    },
    { id: 'product', header: 'Product', cell: (o) => o.savings?.product?.product?.name ?? o.product_name },
    { id: 'amount', header: 'Amount', cell: (o) => formatNaira(o.amount) },
    // Spec 000 section 2: the deposit orders have a Description column, the withdrawal requests do not.
    type === 'DEPOSIT'
      ? { id: 'description', header: 'Description', cell: (o) => o.description ?? o.comment ?? '-' }
      : null,
    {
      id: 'date',
      header: 'Date',
      cell: (o) => (
        <div>
          <div>{formatDay(o.date)}</div>
          <Box variant="small" color="text-body-secondary">
            Placed {formatDateTime(o.created_at)}
          </Box>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      minWidth: 110,
      cell: (o) => (
        <div>
          <OrderStatusIndicator status={o.status} />
          <Box variant="small" color="text-body-secondary">
            {approvalNote(o, o.status === ORDER_STATUS.APPROVED)}
          </Box>
        </div>
      ),
    },
    {
      id: 'actions',
      header: 'Action',
      minWidth: 170,
      cell: (o) =>
        isPending(o.status) ? (
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="inline-link"
              ariaLabel={`Approve ${o.member_name} ${formatNaira(o.amount)}`}
              onClick={() => decide({ order: o, action: 'approve' })}
            >
              Approve
            </Button>
            <Button
              variant="inline-link"
              ariaLabel={`Deny ${o.member_name} ${formatNaira(o.amount)}`}
              onClick={() => decide({ order: o, action: 'deny' })}
            >
              Deny
            </Button>
          </SpaceBetween>
        ) : (
          <Box color="text-body-secondary">{o.reference_no ?? '-'}</Box>
        ),
    },
  ];
  return columns.filter((column): column is TableProps.ColumnDefinition<TransactionOrder> => column !== null);
}

const COPY: Record<OrderType, { title: string; description: string; noun: string }> = {
  DEPOSIT: {
    title: 'Deposit Orders',
    description: 'Deposits placed for members, to approve into a bank account or deny.',
    noun: 'deposit',
  },
  WITHDRAWAL: {
    title: 'Withdrawal Requests',
    description: 'Withdrawals placed for members, to pay from a bank account or deny.',
    noun: 'withdrawal',
  },
};

/** The staff list of one kind of order, by order date, with search and the approval dialog. */
function OrdersPage({ type }: { type: OrderType }) {
  const copy = COPY[type];
  const filters = usePeriodFilters();
  const { data, isPending: loading, isFetching } = useOrderList(type, filters.params);
  const [target, setTarget] = useState<OrderDecisionTarget | null>(null);
  const [placing, setPlacing] = useState(false);
  const columns = useMemo(() => orderColumns(type, setTarget), [type]);
  const meta = data?.meta;
  const results = useRef<HTMLDivElement>(null);
  const closeDecision = () => {
    setTarget(null);
    rescueFocus(() => nextActionIn(results.current, /^Approve /));
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={copy.description}
          actions={
            type === 'DEPOSIT' && (
              <Button variant="primary" iconName="add-plus" onClick={() => setPlacing(true)}>
                Place deposit
              </Button>
            )
          }
        >
          {copy.title}
        </Header>
      }
    >
      <div ref={results} tabIndex={-1}>
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Results' }}
          columnDefinitions={columns}
          items={data?.data ?? []}
          trackBy="id"
          wrapLines
          loading={loading}
          loadingText={`Loading ${copy.noun}s`}
          header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Results</Header>}
          filter={<PeriodFilters filters={filters} searchLabel="Search by member name or number" />}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No {copy.noun}s</b>
              <Box variant="p" color="inherit">
                {filters.query
                  ? `No ${copy.noun} in this period matches this search.`
                  : `No ${copy.noun} was placed in this period.`}
              </Box>
            </Box>
          }
          pagination={resultsPagination(meta, isFetching, filters.setPage)}
        />
      </div>
      <OrderDecision target={target} onClose={closeDecision} />
      {/* The dashboard's Quick Deposit form; mounted only while open, so each opening starts empty. */}
      {placing && (
        <Modal visible onDismiss={() => setPlacing(false)} closeAriaLabel="Close" header="Place deposit">
          <QuickDepositForm inModal onPlaced={() => setPlacing(false)} />
        </Modal>
      )}
    </ContentLayout>
  );
}

export function DepositsPage() {
  return <OrdersPage type="DEPOSIT" />;
}

export function WithdrawalsPage() {
  return <OrdersPage type="WITHDRAWAL" />;
}
