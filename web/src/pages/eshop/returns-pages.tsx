import type { ReactNode } from 'react';
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { EshopOrder } from '../../api/eshop-orders';
import { useEshopOrders } from '../../api/eshop-orders';
import { useFollow } from '../../app/navigation/use-follow';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { ORDER_MEMBER_COLUMN, ORDER_NO_COLUMN } from './order-columns';
import { refundTarget, returnedToLabel } from './returns-format';
import { useBankAccountNames } from './use-bank-account-names';

/** The orders list, filtered to the orders a member may still return (Delivered). */
export const DELIVERED_ORDERS_PATH = `/e-shop/orders?status=${ESHOP_ORDER_STATUS.DELIVERED}`;

const RETURN_COLUMNS: TableProps.ColumnDefinition<EshopOrder>[] = [
  ORDER_NO_COLUMN,
  ORDER_MEMBER_COLUMN,
  { id: 'date', header: 'Date returned', cell: (order) => formatDay(order.returned?.date) },
  { id: 'reason', header: 'Reason', cell: (order) => order.returned?.reason ?? '—' },
  {
    id: 'went',
    header: 'Items went',
    cell: (order) => (order.returned ? returnedToLabel(order.returned.returned_to) : '—'),
  },
  {
    id: 'refunded',
    header: 'Refunded',
    cell: (order) => (order.returned ? formatNaira(order.returned.refunded) : '—'),
  },
  { id: 'by', header: 'By', cell: (order) => order.returned?.by ?? '—' },
];

function refundColumns(bankNames: Map<string, string>): TableProps.ColumnDefinition<EshopOrder>[] {
  return [
    ORDER_NO_COLUMN,
    ORDER_MEMBER_COLUMN,
    {
      id: 'amount',
      header: 'Amount',
      cell: (order) => (order.returned ? formatNaira(order.returned.refunded) : '—'),
    },
    {
      id: 'to',
      header: 'Refunded to',
      cell: (order) => refundTarget(order, order.bank_id ? bankNames.get(order.bank_id) : undefined),
    },
    { id: 'date', header: 'Date', cell: (order) => formatDay(order.returned?.date) },
    { id: 'journal', header: 'Journal ID', cell: (order) => order.returned?.journal_id ?? '—' },
  ];
}

interface ReturnedOrdersProps {
  title: string;
  description: string;
  columns: TableProps.ColumnDefinition<EshopOrder>[];
  actions?: ReactNode;
}

/** The returned orders (status Returned), newest first, a page at a time, as a page of their own. */
function ReturnedOrders({ title, description, columns, actions }: ReturnedOrdersProps) {
  const [page, setPage] = useState(1);
  const orders = useEshopOrders({ page, status: ESHOP_ORDER_STATUS.RETURNED });
  const meta = orders.data?.meta;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description} actions={actions}>
          {title}
        </Header>
      }
    >
      <Table<EshopOrder>
        variant="container"
        ariaLabels={{ tableLabel: title }}
        trackBy="id"
        wrapLines
        items={orders.data?.data ?? []}
        columnDefinitions={columns}
        loading={orders.isPending}
        loadingText={`Loading the ${title.toLowerCase()}`}
        header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>{title}</Header>}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No {title.toLowerCase()}</b>
            <Box variant="p" color="inherit">
              {orders.isError ? errorMessage(orders.error) : 'No order has been returned.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, orders.isFetching, setPage)}
      />
    </ContentLayout>
  );
}

/**
 * /orders/returns: the delivered orders taken back, with the reason, where their items went (back
 * to stock or to damages), the amount refunded and who took them back. A return is made from the
 * order's page; Return an order opens the delivered orders to choose one.
 */
export function EshopReturnsPage() {
  const follow = useFollow();
  return (
    <ReturnedOrders
      title="Returns"
      description="Delivered orders taken back, and where their items went."
      columns={RETURN_COLUMNS}
      actions={
        <Button href={DELIVERED_ORDERS_PATH} onFollow={follow}>
          Return an order
        </Button>
      }
    />
  );
}

/**
 * /orders/refunds: the refunds of the returned orders: how much went back, where (the savings plan
 * the order was paid from, or the bank account it was paid into), on which day, and the journal
 * that posted it.
 */
export function EshopRefundsPage() {
  const bankNames = useBankAccountNames();
  return (
    <ReturnedOrders
      title="Refunds"
      description="What returned orders were refunded, and where the money went."
      columns={refundColumns(bankNames)}
    />
  );
}
