import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import type { TransactionOrder } from '../../api/orders';
import { useApproveOrder, useDenyOrder } from '../../api/orders';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { BankDecisionModal } from '../../components/forms/bank-decision-modal';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { ModalFooter } from '../../components/forms/modal-footer';
import { orderNoun } from './order-status';
import { approvalNote } from '../../components/approvals/approval-note';
import { EntityHistory } from '../../components/audit/entity-history';
import { PAYMENT_MODE_CASH } from '@coopledger/shared/lookups';

/** What a reader asked to do with an order: open the approval (bank choice) or go straight to deny. */
export interface OrderDecisionTarget {
  order: TransactionOrder;
  action: 'approve' | 'deny';
}

interface OrderDecisionProps {
  target: OrderDecisionTarget | null;
  onClose: () => void;
}

function OrderSummary({ order }: { order: TransactionOrder }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <SpaceBetween size="m">
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Member', value: `${order.member_name} (${order.coop_id})` },
          { label: 'Product', value: order.product_name },
          { label: 'Amount', value: formatNaira(order.amount) },
          { label: 'Date', value: formatDay(order.date) },
          { label: 'Payment mode', value: order.payment_mode?.name ?? '-' },
          { label: 'Comment', value: order.description ?? order.comment ?? '-' },
          { label: 'Approvals', value: approvalNote(order, false) },
        ]}
      />
      <ExpandableSection
        headerText="History"
        expanded={historyOpen}
        onChange={({ detail }) => setHistoryOpen(detail.expanded)}
      >
        {/* Read only once opened: most approvals do not look at it. */}
        {historyOpen && <EntityHistory entity="transaction-order" entityId={order.id} title="this order" />}
      </ExpandableSection>
    </SpaceBetween>
  );
}

/**
 * The one way an order is decided, on the order pages and the dashboard lists alike. Approving asks
 * for the cooperative bank account the money moves through (for an order paid in cash, Cash in hand
 * is offered and chosen at first); denying goes through a confirmation.
 * A refusal from the server (a withdrawal above the available balance, an order someone else
 * decided) stays in the dialog and nothing changes.
 */
export function OrderDecision({ target, onClose }: OrderDecisionProps) {
  const [confirmingDeny, setConfirmingDeny] = useState(false);
  const approve = useApproveOrder();
  const deny = useDenyOrder();
  const order = target?.order ?? null;
  const noun = order ? orderNoun(order.transaction_type).toLowerCase() : '';
  const denying = target !== null && (target.action === 'deny' || confirmingDeny);

  const close = () => {
    approve.reset();
    deny.reset();
    setConfirmingDeny(false);
    onClose();
  };

  const done = (envelope: { message: string }) => {
    notificationsStore.notify('success', envelope.message);
    close();
  };

  if (denying) {
    return (
      <Modal
        visible={order !== null}
        onDismiss={close}
        closeAriaLabel="Close"
        header={`Deny ${noun}`}
        footer={
          <ModalFooter
            onCancel={target.action === 'deny' ? close : () => setConfirmingDeny(false)}
            primary="Deny"
            onPrimary={() => order && deny.mutate(order.id, { onSuccess: done })}
            loading={deny.isPending}
          />
        }
      >
        <SpaceBetween size="m">
          <Box>
            Deny the {noun} of <b>{order ? formatNaira(order.amount) : ''}</b> for {order?.member_name}? Nothing is
            posted and the order can no longer be approved.
          </Box>
          {deny.error && (
            <Alert type="error" header={`The ${noun} was not denied`}>
              {errorMessage(deny.error)}
            </Alert>
          )}
        </SpaceBetween>
      </Modal>
    );
  }

  return (
    <BankDecisionModal
      visible={order !== null}
      header={`Approve ${noun}`}
      summary={order && <OrderSummary order={order} />}
      bankDescription={
        order?.transaction_type === 'DEPOSIT'
          ? 'The account the deposit was paid into'
          : 'The account the withdrawal is paid from'
      }
      cashInHand={order?.payment_mode_id === PAYMENT_MODE_CASH}
      onApprove={(bankId) => order && approve.mutate({ orderId: order.id, bankId }, { onSuccess: done })}
      pending={approve.isPending}
      error={approve.error}
      failureHeader={`The ${noun} was not approved`}
      onDeny={() => setConfirmingDeny(true)}
      onClose={close}
    />
  );
}
