import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import type { Loan, PaidMark } from '../../api/loans';
import { downloadLoanForm } from '../../api/loan-forms';
import { useApproveLoan, useDeleteLoan, useDenyLoan, useMarkLoan } from '../../api/loans';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { BankDecisionModal } from '../../components/forms/bank-decision-modal';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { LoanDetailsModal } from './loan-details-modal';
import type { LoanAction } from './loan-helpers';
import { tenureText } from './loan-helpers';

function LoanSummary({ loan }: { loan: Loan }) {
  return (
    <KeyValuePairs
      columns={2}
      items={[
        { label: 'Member', value: `${loan.member.name} (${loan.member_id})` },
        { label: 'Product', value: loan.product.name },
        { label: 'Amount', value: formatNaira(loan.loan_amount) },
        { label: 'Total repayable', value: formatNaira(loan.total_amount) },
        { label: 'Charge (kept back)', value: formatNaira(loan.charge_amount) },
        { label: 'Upfront interest (kept back)', value: formatNaira(loan.upfront_amount) },
        { label: 'Paid out to the member', value: formatNaira(loan.paid_out) },
        { label: 'Tenure', value: tenureText(loan) },
        { label: 'Interest rate', value: `${loan.interest_rate}%` },
        { label: 'Applied on', value: formatDay(loan.date) },
        { label: 'First repayment', value: formatDay(loan.payment_start_date) },
      ]}
    />
  );
}

interface ApprovalProps {
  loan: Loan | null;
  onDeny: () => void;
  onClose: () => void;
}

/**
 * Approving a loan disburses it, so it asks for the cooperative bank account the money leaves
 * from. The server refuses a loan whose sureties have not both approved; its message stays here.
 */
export function LoanApprovalModal({ loan, onDeny, onClose }: ApprovalProps) {
  const approve = useApproveLoan();
  const close = () => {
    approve.reset();
    onClose();
  };
  return (
    <BankDecisionModal
      visible={loan !== null}
      header="Approve loan"
      summary={loan && <LoanSummary loan={loan} />}
      bankDescription="The account the loan is paid from"
      onApprove={(bankId) =>
        loan &&
        approve.mutate(
          { loanId: loan.id, bankId },
          {
            onSuccess: (envelope) => {
              notificationsStore.notify('success', envelope.message);
              close();
            },
          },
        )
      }
      pending={approve.isPending}
      error={approve.error}
      failureHeader="The loan was not approved"
      onDeny={() => {
        close();
        onDeny();
      }}
      onClose={close}
    />
  );
}

type ConfirmAction = 'deny' | PaidMark | 'delete';

const CONFIRM_COPY: Record<
  ConfirmAction,
  { header: string; button: string; text: (loan: Loan) => string; failure: string }
> = {
  deny: {
    header: 'Deny loan',
    button: 'Deny',
    text: (loan) =>
      `Deny the ${loan.product.name} of ${formatNaira(loan.loan_amount)} for ${loan.member.name}? Nothing is paid out and the loan can no longer be approved.`,
    failure: 'The loan was not denied',
  },
  completed: {
    header: 'Mark loan as completed',
    button: 'Mark as Completed',
    text: (loan) => `Mark the ${loan.product.name} of ${loan.member.name} as completed?`,
    failure: 'The loan was not marked',
  },
  running: {
    header: 'Mark loan as running',
    button: 'Mark as Running',
    text: (loan) => `Mark the ${loan.product.name} of ${loan.member.name} as running again?`,
    failure: 'The loan was not marked',
  },
  incomplete: {
    header: 'Mark loan as incomplete',
    button: 'Mark as Incomplete',
    text: (loan) => `Mark the ${loan.product.name} of ${loan.member.name} as incomplete?`,
    failure: 'The loan was not marked',
  },
  delete: {
    header: 'Delete loan',
    button: 'Delete',
    text: (loan) =>
      `Delete the ${loan.product.name} application of ${formatNaira(loan.loan_amount)} for ${loan.member.name}? Its surety requests go with it.`,
    failure: 'The loan was not deleted',
  },
};

/** Deny, the Running/Completed/Incomplete marks and Delete, each after a confirmation. */
function LoanConfirmModal({
  target,
  onClose,
}: {
  target: { loan: Loan; action: ConfirmAction } | null;
  onClose: () => void;
}) {
  const deny = useDenyLoan();
  const mark = useMarkLoan();
  const remove = useDeleteLoan();
  const copy = target ? CONFIRM_COPY[target.action] : null;
  const mutation = target?.action === 'deny' ? deny : target?.action === 'delete' ? remove : mark;
  const failure =
    target?.action === 'delete' && remove.error
      ? `Unable to delete item: ${errorMessage(remove.error)}`
      : mutation.error
        ? errorMessage(mutation.error)
        : null;

  const close = () => {
    deny.reset();
    mark.reset();
    remove.reset();
    onClose();
  };
  const done = (envelope: { message: string }) => {
    notificationsStore.notify('success', envelope.message);
    close();
  };
  const confirm = () => {
    if (!target) return;
    if (target.action === 'deny') deny.mutate(target.loan.id, { onSuccess: done });
    else if (target.action === 'delete') remove.mutate(target.loan.id, { onSuccess: done });
    else mark.mutate({ loanId: target.loan.id, mark: target.action }, { onSuccess: done });
  };

  return (
    <Modal
      visible={target !== null}
      onDismiss={close}
      closeAriaLabel="Close"
      header={copy?.header}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close}>
              Cancel
            </Button>
            <Button variant="primary" loading={mutation.isPending} onClick={confirm}>
              {copy?.button}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {target && copy && (
        <SpaceBetween size="m">
          <Box>{copy.text(target.loan)}</Box>
          {failure && (
            <Alert type="error" header={copy.failure}>
              {failure}
            </Alert>
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}

type Open = { loan: Loan; action: LoanAction } | null;

/**
 * Every action a loan row can ask for, in one place: the Loan Details modal on its tab, the
 * generated loan form, the approval with its bank account, and the confirmed changes.
 */
export function useLoanActions(): { run: (loan: Loan, action: LoanAction) => void; dialogs: ReactNode } {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const run = useCallback((loan: Loan, action: LoanAction) => {
    if (action === 'form') {
      downloadLoanForm(loan).catch((error: unknown) => notificationsStore.notify('error', errorMessage(error)));
      return;
    }
    setOpen({ loan, action });
  }, []);
  const details = open && (open.action === 'schedule' || open.action === 'sureties') ? open : null;
  const confirm =
    open &&
    open.action !== 'schedule' &&
    open.action !== 'sureties' &&
    open.action !== 'approve' &&
    open.action !== 'form'
      ? { loan: open.loan, action: open.action }
      : null;
  const approving = open?.action === 'approve' ? open.loan : null;
  const dialogs = (
    <>
      <LoanDetailsModal
        loan={details?.loan ?? null}
        tab={details?.action === 'sureties' ? 'sureties' : 'schedule'}
        onDismiss={close}
      />
      <LoanApprovalModal
        loan={approving}
        onClose={close}
        onDeny={() => approving && setOpen({ loan: approving, action: 'deny' })}
      />
      <LoanConfirmModal target={confirm} onClose={close} />
    </>
  );
  return { run, dialogs };
}
