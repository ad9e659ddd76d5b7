import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { ESHOP_CUSTOMER_STATUS, ESHOP_CUSTOMER_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { EshopCustomer } from '../../api/eshop-orders';
import { useEshopCustomers, useSetEshopCustomerStatus } from '../../api/eshop-orders';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ModalFooter } from '../../components/forms/modal-footer';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { MemberCell } from './order-columns';
import { itemCount } from './stock-format';

const blocked = (customer: EshopCustomer) => customer.status === ESHOP_CUSTOMER_STATUS.BLOCKED;

function customerColumns(onToggle: (customer: EshopCustomer) => void): TableProps.ColumnDefinition<EshopCustomer>[] {
  return [
    {
      id: 'member',
      header: 'Member',
      isRowHeader: true,
      cell: (customer) => <MemberCell name={customer.name} memberId={customer.member_id} />,
    },
    { id: 'orders', header: 'Orders', cell: (customer) => itemCount(customer.orders) },
    { id: 'spent', header: 'Total spent', cell: (customer) => formatNaira(customer.total_ordered) },
    { id: 'since', header: 'Customer since', cell: (customer) => formatDay(customer.since) },
    {
      id: 'status',
      header: 'Status',
      cell: (customer) => (
        <StatusIndicator type={blocked(customer) ? 'stopped' : 'success'} wrapText={false}>
          {statusLabel(ESHOP_CUSTOMER_STATUS_LABELS, customer.status)}
        </StatusIndicator>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (customer) => (
        <Button
          variant="inline-link"
          ariaLabel={`${blocked(customer) ? 'Unblock' : 'Block'} ${customer.name}`}
          onClick={() => onToggle(customer)}
        >
          {blocked(customer) ? 'Unblock' : 'Block'}
        </Button>
      ),
    },
  ];
}

/** The confirmation of a block or an unblock; the server's message becomes the toast either way. */
function CustomerStatusModal({ customer, onClose }: { customer: EshopCustomer; onClose: () => void }) {
  const setStatus = useSetEshopCustomerStatus();
  const unblock = blocked(customer);
  const action = unblock ? 'Unblock' : 'Block';
  const confirm = () =>
    setStatus.mutate(
      {
        member_id: customer.member_id,
        status: unblock ? ESHOP_CUSTOMER_STATUS.ACTIVE : ESHOP_CUSTOMER_STATUS.BLOCKED,
      },
      {
        onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
        onError: (error) =>
          notificationsStore.notify('error', `Unable to ${action.toLowerCase()}: ${errorMessage(error)}`),
        onSettled: onClose,
      },
    );
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={`${action} customer`}
      closeAriaLabel="Close"
      footer={<ModalFooter onCancel={onClose} primary={action} onPrimary={confirm} loading={setStatus.isPending} />}
    >
      {unblock ? (
        <>
          Let <b>{customer.name}</b> ({customer.member_id}) order from the store again?
        </>
      ) : (
        <>
          Block <b>{customer.name}</b> ({customer.member_id}) from ordering? Their orders already placed go on as they
          are.
        </>
      )}
    </Modal>
  );
}

/**
 * /customers: the store's customers (members who have ordered), newest first, with their orders,
 * what they spent (delivered orders less refunds), since when, and whether they may order; Block
 * and Unblock after a confirmation.
 */
export function EshopCustomersPage() {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<EshopCustomer | null>(null);
  const customers = useEshopCustomers({ page });
  const meta = customers.data?.meta;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Members who have ordered from the store; a blocked customer may not order.">
          Customers
        </Header>
      }
    >
      <Table<EshopCustomer>
        variant="container"
        ariaLabels={{ tableLabel: 'Customers' }}
        trackBy="member_id"
        wrapLines
        items={customers.data?.data ?? []}
        columnDefinitions={customerColumns(setChosen)}
        loading={customers.isPending}
        loadingText="Loading the customers"
        header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Customers</Header>}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No customers</b>
            <Box variant="p" color="inherit">
              {customers.isError ? errorMessage(customers.error) : 'No member has ordered from the store yet.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, customers.isFetching, setPage)}
      />
      {chosen && <CustomerStatusModal customer={chosen} onClose={() => setChosen(null)} />}
    </ContentLayout>
  );
}
