import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { ShopOrder } from '../../api/shop';
import { useCancelShopOrder, useMyShopOrders } from '../../api/shop';
import { useFollow } from '../../app/navigation/use-follow';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { formatDateTime, formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { OwnMemberGate } from '../member-self/own-member-gate';
import { itemsText, mayCancel, orderStatusText, orderStatusType, paymentText } from './order-format';

function OrderStatus({ status }: { status: number }) {
  return <StatusIndicator type={orderStatusType(status)}>{orderStatusText(status)}</StatusIndicator>;
}

type OrderLine = ShopOrder['items'][number];
type OrderStep = ShopOrder['history'][number];

const LINE_COLUMNS: TableProps.ColumnDefinition<OrderLine>[] = [
  { id: 'name', header: 'Product', isRowHeader: true, cell: (line) => line.name },
  { id: 'quantity', header: 'Quantity', cell: (line) => line.quantity.toLocaleString('en-NG') },
  { id: 'price', header: 'Price', cell: (line) => formatNaira(line.unit_price) },
  { id: 'amount', header: 'Amount', cell: (line) => formatNaira(line.amount) },
];

const STEP_COLUMNS: TableProps.ColumnDefinition<OrderStep>[] = [
  { id: 'status', header: 'Status', isRowHeader: true, cell: (step) => <OrderStatus status={step.status} /> },
  { id: 'at', header: 'When', cell: (step) => formatDateTime(step.at) },
  { id: 'by', header: 'By', cell: (step) => step.by },
  { id: 'comment', header: 'Comment', cell: (step) => step.comment ?? '-' },
];

/** An order's items, payment and delivery, and who moved it to each status and when. */
function OrderDetails({ order, onClose }: { order: ShopOrder | null; onClose: () => void }) {
  return (
    <Modal
      visible={order !== null}
      size="large"
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={order ? `Order ${order.order_no}` : ''}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </Box>
      }
    >
      {order && (
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Status', value: <OrderStatus status={order.status} /> },
              { label: 'Total', value: formatNaira(order.total) },
              { label: 'Payment', value: paymentText(order) },
              { label: 'Placed', value: formatDateTime(order.created_at) },
              { label: 'Delivery address', value: order.delivery_address ?? '-' },
              { label: 'Note', value: order.note ?? '-' },
              ...(order.returned
                ? [
                    {
                      label: 'Returned',
                      value: `${formatNaira(order.returned.refunded)} refunded on ${formatDay(order.returned.date)}: ${order.returned.reason}`,
                    },
                  ]
                : []),
            ]}
          />
          <Table<OrderLine>
            variant="embedded"
            ariaLabels={{ tableLabel: 'Items' }}
            header={<Header variant="h3">Items</Header>}
            trackBy="product_id"
            items={order.items}
            columnDefinitions={LINE_COLUMNS}
          />
          <Table<OrderStep>
            variant="embedded"
            ariaLabels={{ tableLabel: 'History' }}
            header={<Header variant="h3">History</Header>}
            items={order.history}
            columnDefinitions={STEP_COLUMNS}
          />
        </SpaceBetween>
      )}
    </Modal>
  );
}

/** Asks before cancelling a Pending order; the server's refusal (the order moved on meanwhile) stays in the dialog. */
function CancelOrder({ order, onClose }: { order: ShopOrder | null; onClose: () => void }) {
  const cancel = useCancelShopOrder();
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Modal
      visible={order !== null}
      onDismiss={close}
      closeAriaLabel="Close"
      header={order ? `Cancel order ${order.order_no}` : ''}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close}>
              Keep the order
            </Button>
            <Button
              variant="primary"
              loading={cancel.isPending}
              onClick={() =>
                order &&
                cancel.mutate(order.id, {
                  onSuccess: (envelope) => {
                    notificationsStore.notify('success', envelope.message);
                    close();
                  },
                })
              }
            >
              Cancel order
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {order && (
        <SpaceBetween size="m">
          <Box>
            Cancel your order of {itemsText(order)} for <b>{formatNaira(order.total)}</b>?{' '}
            {order.payment_method === 'SAVINGS'
              ? 'The amount held on your savings plan is released.'
              : order.payment_method === 'PAYROLL'
                ? 'Nothing will be deducted from your salary for it.'
                : 'Nothing is to be paid for it.'}
          </Box>
          {cancel.error && (
            <Alert type="error" header="The order was not cancelled">
              {errorMessage(cancel.error)}
            </Alert>
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}

function MyOrders() {
  const [page, setPage] = useState(1);
  const orders = useMyShopOrders(page);
  const [viewing, setViewing] = useState<ShopOrder | null>(null);
  const [cancelling, setCancelling] = useState<ShopOrder | null>(null);
  const meta = orders.data?.meta;

  const columns = useMemo<TableProps.ColumnDefinition<ShopOrder>[]>(
    () => [
      { id: 'order_no', header: 'Order no.', isRowHeader: true, cell: (order) => order.order_no },
      { id: 'items', header: 'Items', cell: (order) => itemsText(order) },
      { id: 'total', header: 'Total', cell: (order) => formatNaira(order.total) },
      { id: 'payment', header: 'Payment', cell: (order) => paymentText(order) },
      { id: 'status', header: 'Status', minWidth: 130, cell: (order) => <OrderStatus status={order.status} /> },
      { id: 'placed', header: 'Placed', cell: (order) => formatDateTime(order.created_at) },
      {
        id: 'actions',
        header: 'Action',
        minWidth: 160,
        cell: (order) => (
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="inline-link"
              ariaLabel={`History of order ${order.order_no}`}
              onClick={() => setViewing(order)}
            >
              History
            </Button>
            {mayCancel(order) && (
              <Button
                variant="inline-link"
                ariaLabel={`Cancel order ${order.order_no}`}
                onClick={() => setCancelling(order)}
              >
                Cancel
              </Button>
            )}
          </SpaceBetween>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <Table<ShopOrder>
        variant="container"
        ariaLabels={{ tableLabel: 'My orders' }}
        trackBy="id"
        wrapLines
        items={orders.data?.data ?? []}
        columnDefinitions={columns}
        loading={orders.isPending}
        loadingText="Loading your orders"
        header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Orders</Header>}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No orders</b>
            <Box variant="p" color="inherit">
              {orders.isError ? 'Your orders could not be loaded.' : 'You have not ordered from the store yet.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, orders.isFetching, setPage)}
      />
      <OrderDetails order={viewing} onClose={() => setViewing(null)} />
      <CancelOrder order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/** /shop/orders: the member's own orders, newest first, each with its history; a Pending one can be cancelled. */
export function MyOrdersPage() {
  const follow = useFollow();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Your orders from the store, newest first. An order can be cancelled while it is Pending."
          actions={
            <Button href="/shop" onFollow={follow}>
              Back to the shop
            </Button>
          }
        >
          My orders
        </Header>
      }
    >
      <OwnMemberGate>{() => <MyOrders />}</OwnMemberGate>
    </ContentLayout>
  );
}
