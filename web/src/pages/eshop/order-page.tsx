import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { EshopOrderAction } from '@coopledger/shared/schemas/eshop';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { EshopOrder, EshopOrderLineView, EshopOrderStepView } from '../../api/eshop-orders';
import { useEshopOrder } from '../../api/eshop-orders';
import { formatDateTime, formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { EshopOrderStatusIndicator } from './order-status';
import { OrderReturnModal } from './order-return-modal';
import { OrderStepModal } from './order-step-modal';
import { STEP_LABELS, orderSteps, paymentText } from './order-steps';
import { refundTarget, returnedToLabel } from './returns-format';
import { useBankAccountNames } from './use-bank-account-names';
import { itemCount } from './stock-format';

const LINE_COLUMNS: TableProps.ColumnDefinition<EshopOrderLineView>[] = [
  {
    id: 'product',
    header: 'Product',
    isRowHeader: true,
    cell: (line) => (
      <div>
        <div>{line.name}</div>
        <Box variant="small" color="text-body-secondary">
          SKU {line.sku}
        </Box>
      </div>
    ),
  },
  { id: 'quantity', header: 'Quantity', cell: (line) => itemCount(line.quantity) },
  { id: 'unit_price', header: 'Unit price', cell: (line) => formatNaira(line.unit_price) },
  { id: 'amount', header: 'Amount', cell: (line) => formatNaira(line.amount) },
  {
    id: 'cost',
    header: 'Cost',
    cell: (line) => (line.cost === null ? '—' : formatNaira(line.cost)),
  },
];

const HISTORY_COLUMNS: TableProps.ColumnDefinition<EshopOrderStepView>[] = [
  {
    id: 'status',
    header: 'Status',
    isRowHeader: true,
    cell: (step) => <EshopOrderStatusIndicator status={step.status} />,
  },
  { id: 'by', header: 'By', cell: (step) => step.by },
  { id: 'at', header: 'When', cell: (step) => formatDateTime(step.at) },
  { id: 'comment', header: 'Comment', cell: (step) => step.comment ?? '—' },
];

function OrderDetails({ order, bankName }: { order: EshopOrder; bankName: string | undefined }) {
  return (
    <Container header={<Header variant="h2">Order</Header>}>
      <KeyValuePairs
        ariaLabel="Order details"
        columns={3}
        items={[
          { label: 'Member', value: `${order.member_name} (${order.member_id})` },
          {
            label: 'Status',
            value: (
              <span data-testid="order-status">
                <EshopOrderStatusIndicator status={order.status} />
              </span>
            ),
          },
          { label: 'Total', value: <span data-testid="order-total">{formatNaira(order.total)}</span> },
          { label: 'Payment', value: paymentText(order) },
          { label: 'Delivery address', value: order.delivery_address ?? '—' },
          { label: 'Note', value: order.note ?? '—' },
          { label: 'Placed at', value: formatDateTime(order.created_at) },
          { label: 'Last changed', value: formatDateTime(order.updated_at) },
          ...(order.installments
            ? [
                {
                  label: 'Payroll installments',
                  value: (
                    <ul aria-label="Payroll installments" style={{ margin: 0, paddingInlineStart: 16 }}>
                      {order.installments.map((i) => (
                        <li key={i.date}>
                          {formatNaira(i.amount)} in the payroll of {formatDay(i.date)}
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]
            : []),
          ...(order.returned
            ? [
                { label: 'Returned', value: `${order.returned.reason} (${formatDay(order.returned.date)})` },
                { label: 'Items went', value: returnedToLabel(order.returned.returned_to) },
                {
                  label: 'Refunded',
                  value: `${formatNaira(order.returned.refunded)} to ${refundTarget(order, bankName)}`,
                },
                ...(order.returned.payroll
                  ? [
                      { label: 'Paid back (deducted before)', value: formatNaira(order.returned.payroll.recovered) },
                      { label: 'Installments cancelled', value: formatNaira(order.returned.payroll.cancelled) },
                    ]
                  : []),
              ]
            : []),
        ]}
      />
    </Container>
  );
}

/**
 * /e-shop/orders/:id: one order, its lines, payment, delivery address, note and history, with a
 * button for each step its status allows (the others are not offered), and Return once delivered;
 * each is confirmed in a dialog that shows the server's answer.
 */
export function EshopOrderPage() {
  const id = useParams().id ?? '';
  const query = useEshopOrder(id);
  const [step, setStep] = useState<EshopOrderAction | null>(null);
  const [returning, setReturning] = useState(false);
  const bankNames = useBankAccountNames(query.data?.payment_method === 'ON_DELIVERY');

  if (query.isPending) return <Spinner size="large" />;
  if (query.isError)
    return (
      <Alert type="error" header="The order could not be loaded">
        {errorMessage(query.error)}
      </Alert>
    );
  const order = query.data;
  const steps = orderSteps(order.status);
  const forward = steps.find((s) => s !== 'reject' && s !== 'cancel');
  const returnable = order.status === ESHOP_ORDER_STATUS.DELIVERED;
  const bankName = order.bank_id ? bankNames.get(order.bank_id) : undefined;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${order.member_name}, ${formatNaira(order.total)}`}
          actions={
            (steps.length > 0 || returnable) && (
              <SpaceBetween direction="horizontal" size="xs">
                {steps.map((s) => (
                  <Button key={s} variant={s === forward ? 'primary' : 'normal'} onClick={() => setStep(s)}>
                    {STEP_LABELS[s]}
                  </Button>
                ))}
                {returnable && <Button onClick={() => setReturning(true)}>Return</Button>}
              </SpaceBetween>
            )
          }
        >
          Order {order.order_no}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <OrderDetails order={order} bankName={bankName} />
        <Table<EshopOrderLineView>
          variant="container"
          ariaLabels={{ tableLabel: 'Order lines' }}
          trackBy="product_id"
          wrapLines
          items={order.items}
          columnDefinitions={LINE_COLUMNS}
          header={<Header counter={`(${order.items.length})`}>Items</Header>}
        />
        <Table<EshopOrderStepView>
          variant="container"
          ariaLabels={{ tableLabel: 'Order history' }}
          trackBy={(s) => `${s.status}-${s.at}`}
          wrapLines
          items={order.history}
          columnDefinitions={HISTORY_COLUMNS}
          header={<Header>History</Header>}
        />
      </SpaceBetween>
      <OrderStepModal order={order} step={step} onClose={() => setStep(null)} />
      {returning && <OrderReturnModal order={order} bankName={bankName} onClose={() => setReturning(false)} />}
    </ContentLayout>
  );
}
