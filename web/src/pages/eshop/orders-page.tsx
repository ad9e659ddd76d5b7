import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { EshopOrderStatus } from '@coopledger/shared/statuses';
import { ESHOP_ORDER_STATUS, ESHOP_ORDER_STATUS_LABELS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { EshopOrder } from '../../api/eshop-orders';
import { useEshopOrders } from '../../api/eshop-orders';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { formatDateTime } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { ORDER_MEMBER_COLUMN, ORDER_NO_COLUMN } from './order-columns';
import { EshopOrderStatusIndicator } from './order-status';
import { itemsSummary, orderStatusLabel, paymentText } from './order-steps';

const ALL_STATUSES = { value: 'all', label: 'All statuses' };
const STATUS_CHOICES = [
  ALL_STATUSES,
  ...Object.values(ESHOP_ORDER_STATUS).map((status) => ({
    value: String(status),
    label: ESHOP_ORDER_STATUS_LABELS[status],
  })),
];

const ORDER_COLUMNS: TableProps.ColumnDefinition<EshopOrder>[] = [
  ORDER_NO_COLUMN,
  ORDER_MEMBER_COLUMN,
  { id: 'items', header: 'Items', cell: (order) => itemsSummary(order.items) },
  { id: 'total', header: 'Total', cell: (order) => formatNaira(order.total) },
  { id: 'payment', header: 'Payment', cell: (order) => paymentText(order) },
  { id: 'status', header: 'Status', cell: (order) => <EshopOrderStatusIndicator status={order.status} /> },
  { id: 'placed', header: 'Placed at', cell: (order) => formatDateTime(order.created_at) },
];

/**
 * The status a link to the orders names (`?status=3`: the store dashboard's counts, Returns' "Return
 * an order"); all when none or unknown.
 */
export function statusOfSearch(text: string | null): EshopOrderStatus | undefined {
  return Object.values(ESHOP_ORDER_STATUS).find((status) => text !== null && String(status) === text.trim());
}

/**
 * /e-shop/orders: the members' orders, newest first, by status (the one `?status=` names to start
 * with); an order number opens the order and its steps.
 */
export function EshopOrdersPage() {
  const [search] = useSearchParams();
  const [status, setStatus] = useState<EshopOrderStatus | undefined>(() => statusOfSearch(search.get('status')));
  const [page, setPage] = useState(1);
  const orders = useEshopOrders({ page, status });
  const meta = orders.data?.meta;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Members' orders from the store, to confirm, dispatch and deliver.">
          Orders
        </Header>
      }
    >
      <Table<EshopOrder>
        variant="container"
        ariaLabels={{ tableLabel: 'Orders' }}
        trackBy="id"
        wrapLines
        items={orders.data?.data ?? []}
        columnDefinitions={ORDER_COLUMNS}
        loading={orders.isPending}
        loadingText="Loading the orders"
        header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Orders</Header>}
        filter={
          <FormField label="Status">
            <Select
              ariaLabel="Order status"
              selectedOption={
                STATUS_CHOICES.find((choice) => choice.value === String(status ?? ALL_STATUSES.value)) ?? ALL_STATUSES
              }
              options={STATUS_CHOICES}
              onChange={({ detail }) => {
                const value = detail.selectedOption.value;
                setStatus(
                  value === undefined || value === ALL_STATUSES.value ? undefined : (Number(value) as EshopOrderStatus),
                );
                setPage(1);
              }}
            />
          </FormField>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No orders</b>
            <Box variant="p" color="inherit">
              {orders.isError
                ? errorMessage(orders.error)
                : status !== undefined
                  ? `No order is ${orderStatusLabel(status)}.`
                  : 'No member has ordered from the store yet.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, orders.isFetching, setPage)}
      />
    </ContentLayout>
  );
}
