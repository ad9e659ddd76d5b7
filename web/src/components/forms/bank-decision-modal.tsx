import type { ReactNode } from 'react';
import { useEffect } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { z } from 'zod';
import { CASH_IN_HAND } from '@coopledger/shared/lookups';
import { errorMessage } from '../../api/api-error';
import { useZodForm } from '../../forms/zod-form';
import { applyFieldErrors } from './apply-field-errors';
import { BANK_REQUIRED, BankAccountField } from './bank-account-field';
import { FormModal } from './form-modal';

const bankChoiceSchema = z.object({ bank_id: z.string().min(1, BANK_REQUIRED) });

export interface BankDecisionModalProps {
  /** 'Approve deposit', 'Approve loan', 'Approve asset'. */
  header: string;
  /** What is being approved, above the bank account. */
  summary: ReactNode;
  /** Under the bank account's label: which way the money moves through it. */
  bankDescription: string;
  /** The approval with the chosen account; the caller closes the dialog when it succeeds. */
  onApprove: (bankId: string) => void;
  pending: boolean;
  /** The server's refusal of the approval, shown in the dialog under `failureHeader`. */
  error: unknown;
  failureHeader: string;
  /** Given, the footer has a Deny button beside Approve that calls it. */
  onDeny?: () => void;
  onClose: () => void;
  /** The money was paid in cash: Cash in hand is offered, and chosen at first. */
  cashInHand?: boolean;
}

function BankDecisionForm({
  header,
  summary,
  bankDescription,
  onApprove,
  pending,
  error,
  failureHeader,
  onDeny,
  onClose,
  cashInHand = false,
}: BankDecisionModalProps) {
  const { control, handleSubmit, setError } = useZodForm(bankChoiceSchema, {
    defaultValues: { bank_id: cashInHand ? CASH_IN_HAND : '' },
  });
  // A server message about the account goes under it, as a missing choice's does.
  useEffect(() => {
    applyFieldErrors(error, setError, ['bank_id']);
  }, [error, setError]);
  const submit = handleSubmit((values) => onApprove(values.bank_id));
  return (
    <FormModal
      header={header}
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Approve"
      pending={pending}
      secondary={
        onDeny && (
          <Button onClick={onDeny} disabled={pending}>
            Deny
          </Button>
        )
      }
    >
      {summary}
      <BankAccountField control={control} name="bank_id" description={bankDescription} cashInHand={cashInHand} />
      {error !== null && error !== undefined && (
        <Alert type="error" header={failureHeader}>
          {errorMessage(error)}
        </Alert>
      )}
    </FormModal>
  );
}

/**
 * The one "approve with a bank account" dialog (orders, loans, assets): what is approved, the
 * cooperative bank account the money moves through (required), the server's refusal if any, and
 * optionally Deny. It is mounted only while open, so each opening starts with no account chosen.
 */
export function BankDecisionModal({ visible, ...props }: BankDecisionModalProps & { visible: boolean }) {
  return visible ? <BankDecisionForm {...props} /> : null;
}
