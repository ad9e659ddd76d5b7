import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { DividendDeclarationView } from '../../api/dividends';
import {
  mayApproveDividend,
  mayPayDividend,
  useApproveDividend,
  useDeleteDividend,
  useDividendDeclaration,
} from '../../api/dividends';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ModalFooter } from '../../components/forms/modal-footer';
import { formatDateTime, formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { useRequiredSession } from '../../session/use-session';
import { approvalPosting, periodText, SAVED_DIVIDENDS, splitText, statusType } from './declaration-format';
import { DeclarationMembers } from './dividend-members-table';
import { PaymentStatus, PayModal } from './dividend-payment';

/**
 * /dividend-calculator/saved/:id: one saved dividend, its totals and its members (a page at a time
 * from the server). A Draft may be deleted, and approved by an admin (not by whoever made it: the
 * server refuses that; the button is disabled for them) and a refusal shows as the error toast.
 */
export function SavedDividendPage() {
  const id = useParams().id ?? '';
  const declaration = useDividendDeclaration(id);
  const { user } = useRequiredSession();
  const [confirm, setConfirm] = useState<'approve' | 'delete' | 'pay' | null>(null);

  if (declaration.isPending) return <Spinner size="large" />;
  if (declaration.isError)
    return (
      <Alert type="error" header="The dividend could not be loaded">
        {errorMessage(declaration.error)}
      </Alert>
    );
  const dividend = declaration.data;
  const draft = dividend.status === DIVIDEND_STATUS.DRAFT;
  const canApprove = draft && mayApproveDividend(user.role_name);
  // The server refuses the person who made it; the button says so before it is pressed.
  const ownDividend = dividend.created_by.toUpperCase() === user.coop_id.toUpperCase();
  // An Approved dividend is paid once; a payment that stopped is paid again from here.
  const payable =
    dividend.status === DIVIDEND_STATUS.APPROVED &&
    dividend.payment?.status !== 'PAYING' &&
    mayPayDividend(user.role_name);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Dividend of ${formatNaira(dividend.amount)}, ${dividend.status_label}`}
          actions={
            payable ? (
              <Button variant="primary" onClick={() => setConfirm('pay')}>
                {dividend.payment?.status === 'FAILED' ? 'Pay again' : 'Pay'}
              </Button>
            ) : (
              draft && (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button onClick={() => setConfirm('delete')}>Delete</Button>
                  {canApprove && (
                    <Button
                      variant="primary"
                      disabled={ownDividend}
                      disabledReason="You made this dividend: another admin must approve it."
                      onClick={() => setConfirm('approve')}
                    >
                      Approve
                    </Button>
                  )}
                </SpaceBetween>
              )
            )
          }
        >
          {periodText(dividend)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {dividend.payment && <PaymentStatus dividend={dividend} />}
        <DeclarationDetails dividend={dividend} />
        <DeclarationMembers dividend={dividend} />
      </SpaceBetween>
      {confirm === 'pay' && <PayModal dividend={dividend} onClose={() => setConfirm(null)} />}
      <ApproveModal dividend={dividend} visible={confirm === 'approve'} onClose={() => setConfirm(null)} />
      <DeleteModal dividend={dividend} visible={confirm === 'delete'} onClose={() => setConfirm(null)} />
    </ContentLayout>
  );
}

const figure = (id: string, value: string) => <span data-testid={`declaration-${id}`}>{value}</span>;

function DeclarationDetails({ dividend }: { dividend: DividendDeclarationView }) {
  const sharing = dividend.revenue_sharing;
  const { totals } = dividend;
  return (
    <Container header={<Header variant="h2">Dividend</Header>}>
      <KeyValuePairs
        ariaLabel="Dividend details"
        columns={sharing ? 4 : 3}
        items={[
          {
            type: 'group',
            title: 'Declaration',
            items: [
              { label: 'Period', value: periodText(dividend) },
              { label: 'Dividend amount', value: figure('amount', formatNaira(dividend.amount)) },
              { label: 'X / Y', value: splitText(dividend) },
              {
                label: 'Status',
                value: (
                  <StatusIndicator type={statusType(dividend.status)}>
                    <span data-testid="declaration-status">{dividend.status_label}</span>
                  </StatusIndicator>
                ),
              },
            ],
          },
          {
            type: 'group',
            title: 'Totals',
            items: [
              { label: 'Members', value: figure('members', totals.members.toLocaleString('en-NG')) },
              { label: 'Total savings', value: formatNaira(totals.savings_basis) },
              { label: 'Loan paid', value: formatNaira(totals.loan_basis) },
              { label: 'Savings parts', value: formatNaira(totals.savings_part) },
              { label: 'Loan parts', value: formatNaira(totals.loan_part) },
            ],
          },
          {
            type: 'group',
            title: 'History',
            items: [
              { label: 'Created by', value: `${dividend.created_by}, ${formatDateTime(dividend.created_at)}` },
              {
                label: 'Approved by',
                value: dividend.approved_by
                  ? `${dividend.approved_by}, ${formatDateTime(dividend.approved_at)}`
                  : 'Not approved',
              },
            ],
          },
          ...(sharing
            ? [
                {
                  type: 'group' as const,
                  title: 'Revenue sharing',
                  items: [
                    {
                      label: 'Period',
                      value: `${formatDay(sharing.from)} to ${formatDay(sharing.to)}`,
                    },
                    { label: 'Distributable surplus', value: formatNaira(sharing.distributable) },
                    { label: 'Statutory reserve', value: formatNaira(sharing.statutory_reserve) },
                    { label: 'Admin fee', value: formatNaira(sharing.admin_fee) },
                  ],
                },
              ]
            : []),
        ]}
      />
    </Container>
  );
}

interface ConfirmProps {
  dividend: DividendDeclarationView;
  visible: boolean;
  onClose: () => void;
}

/** Approve: says what the posting will be; a refusal (403, 409) becomes the error toast. */
function ApproveModal({ dividend, visible, onClose }: ConfirmProps) {
  const approve = useApproveDividend();
  const confirm = () =>
    approve.mutate(dividend.id, {
      onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
      onError: (error) => notificationsStore.notify('error', errorMessage(error)),
      onSettled: onClose,
    });
  return (
    <Modal
      visible={visible}
      onDismiss={onClose}
      header="Approve dividend"
      closeAriaLabel="Close"
      footer={<ModalFooter onCancel={onClose} primary="Approve" onPrimary={confirm} loading={approve.isPending} />}
    >
      <SpaceBetween size="s">
        <Box variant="p">
          Approve the dividend of <b>{periodText(dividend)}</b> for {formatNaira(dividend.amount)}? It is posted to the
          ledger today, once, and can no longer be deleted:
        </Box>
        <Box variant="p" data-testid="approval-posting">
          {approvalPosting(dividend)}
        </Box>
      </SpaceBetween>
    </Modal>
  );
}

/** Delete a Draft, then back to the list; a refusal becomes the error toast. */
function DeleteModal({ dividend, visible, onClose }: ConfirmProps) {
  const remove = useDeleteDividend();
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(dividend.id, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onClose();
        void navigate(SAVED_DIVIDENDS);
      },
      onError: (error) => {
        notificationsStore.notify('error', `Unable to delete the dividend: ${errorMessage(error)}`);
        onClose();
      },
    });
  return (
    <Modal
      visible={visible}
      onDismiss={onClose}
      header="Delete dividend"
      closeAriaLabel="Close"
      footer={<ModalFooter onCancel={onClose} primary="Delete" onPrimary={confirm} loading={remove.isPending} />}
    >
      Delete the draft dividend of <b>{periodText(dividend)}</b> for {formatNaira(dividend.amount)} and its member
      lines? This cannot be undone.
    </Modal>
  );
}
