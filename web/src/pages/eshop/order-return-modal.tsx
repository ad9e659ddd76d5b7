import Box from '@cloudscape-design/components/box';
import { today } from '@coopledger/shared/dates';
import type { EshopReturnDestination } from '@coopledger/shared/schemas/eshop';
import { eshopOrderReturnSchema } from '@coopledger/shared/schemas/eshop';
import { errorMessage } from '../../api/api-error';
import type { EshopOrder } from '../../api/eshop-orders';
import { useReturnEshopOrder } from '../../api/eshop-orders';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { BankAccountField } from '../../components/forms/bank-account-field';
import { DateField } from '../../components/forms/date-field';
import { FormModal } from '../../components/forms/form-modal';
import { SelectField } from '../../components/forms/select-field';
import { TextareaField } from '../../components/forms/textarea-field';
import { useZodForm } from '../../forms/zod-form';
import { notAfterToday } from '../../format/dates';
import { RETURN_DESTINATION_CHOICES, refundTarget, returnQuestion } from './returns-format';

/** A return as typed; the order rides along so the server's schema checks the whole body. */
interface ReturnValues {
  order_id: string;
  returned_to: EshopReturnDestination | '';
  reason: string;
  date: string;
  bank_id: string;
}

const RETURN_FIELDS = ['returned_to', 'reason', 'date', 'bank_id'] as const;

interface OrderReturnModalProps {
  order: EshopOrder;
  /** The bank account's name, for an order paid on delivery (its refund leaves from it). */
  bankName: string | undefined;
  onClose: () => void;
}

/**
 * Takes back a delivered order: where its items go (back on the shelves or written off as damaged),
 * the reason, and the day of the refund, which goes back the way the order was paid. The server's
 * refusal stays in the dialog; a success is the server's message as a toast.
 */
export function OrderReturnModal({ order, bankName, onClose }: OrderReturnModalProps) {
  const takeBack = useReturnEshopOrder();
  // Paid by payroll: what payroll already deducted is paid back from a bank account named here.
  const byPayroll = order.payment_method === 'PAYROLL';
  const { control, handleSubmit, setError } = useZodForm<ReturnValues>(eshopOrderReturnSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: { order_id: order.id, returned_to: '', reason: '', date: today(), bank_id: '' },
  });
  const submit = handleSubmit((values) => {
    takeBack.mutate(
      {
        order_id: values.order_id,
        returned_to: values.returned_to as EshopReturnDestination,
        reason: values.reason.trim(),
        date: values.date,
        ...(byPayroll && values.bank_id ? { bank_id: values.bank_id } : {}),
      },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onClose();
        },
        onError: (error) => applyFieldErrors(error, setError, RETURN_FIELDS),
      },
    );
  });
  return (
    <FormModal
      header={`Return: order ${order.order_no}`}
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Return and refund"
      pending={takeBack.isPending}
      error={takeBack.error ? errorMessage(takeBack.error) : null}
    >
      <Box variant="p">{returnQuestion(order, refundTarget(order, bankName))}</Box>
      <SelectField
        control={control}
        name="returned_to"
        label="Items go"
        placeholder="Choose where the items go"
        options={RETURN_DESTINATION_CHOICES}
      />
      <TextareaField control={control} name="reason" label="Reason" rows={2} />
      <DateField control={control} name="date" label="Date refunded" isDateEnabled={notAfterToday} />
      {byPayroll && (
        <BankAccountField
          control={control}
          name="bank_id"
          description="Pays back what payroll has already deducted for this order (needed once anything was)"
        />
      )}
    </FormModal>
  );
}
