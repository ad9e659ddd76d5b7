import Box from '@cloudscape-design/components/box';
import { today } from '@coopledger/shared/dates';
import type { EshopOrderAction } from '@coopledger/shared/schemas/eshop';
import { eshopOrderActionSchema } from '@coopledger/shared/schemas/eshop';
import { errorMessage } from '../../api/api-error';
import type { EshopOrder, EshopOrderStepBody } from '../../api/eshop-orders';
import { useEshopOrderStep } from '../../api/eshop-orders';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { BankAccountField } from '../../components/forms/bank-account-field';
import { DateField } from '../../components/forms/date-field';
import { FormModal } from '../../components/forms/form-modal';
import { TextareaField } from '../../components/forms/textarea-field';
import { useZodForm } from '../../forms/zod-form';
import { notAfterToday } from '../../format/dates';
import { STEP_LABELS, stepNeedsBank, stepQuestion } from './order-steps';

/** A step as typed; the order and the step ride along so the server's schema checks the whole body. */
interface StepValues {
  order_id: string;
  action: EshopOrderAction;
  bank_id: string;
  date: string;
  comment: string;
}

const STEP_FIELDS = ['bank_id', 'date', 'comment'] as const;

/** The server's message for a delivery paid on delivery without a bank account. */
export const STEP_BANK_REQUIRED = 'Please select the bank account the payment was received into';

/** The server's schema of a step, and the bank account a delivery paid on delivery needs. */
const stepSchema = (needsBank: boolean) =>
  eshopOrderActionSchema.superRefine((step, ctx) => {
    if (needsBank && !step.bank_id) ctx.addIssue({ code: 'custom', path: ['bank_id'], message: STEP_BANK_REQUIRED });
  });

interface OrderStepModalProps {
  order: EshopOrder;
  step: EshopOrderAction;
  onClose: () => void;
}

function OrderStepForm({ order, step, onClose }: OrderStepModalProps) {
  const move = useEshopOrderStep();
  const needsBank = stepNeedsBank(order, step);
  const delivering = step === 'deliver';
  const { control, handleSubmit, setError } = useZodForm<StepValues>(stepSchema(needsBank), {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: { order_id: order.id, action: step, bank_id: '', date: delivering ? today() : '', comment: '' },
  });
  const submit = handleSubmit((values) => {
    const body: EshopOrderStepBody = {
      order_id: values.order_id,
      action: values.action,
      bank_id: needsBank ? values.bank_id : undefined,
      date: delivering ? values.date : undefined,
      comment: values.comment.trim() || undefined,
    };
    move.mutate(body, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onClose();
      },
      // A 409 (the order was moved meanwhile) stays in the dialog with the server's message.
      onError: (error) => applyFieldErrors(error, setError, STEP_FIELDS),
    });
  });
  const label = STEP_LABELS[step];
  return (
    <FormModal
      header={`${label}: order ${order.order_no}`}
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText={label}
      pending={move.isPending}
      error={move.error ? errorMessage(move.error) : null}
    >
      <Box variant="p">{stepQuestion(order, step)}</Box>
      {needsBank && (
        <BankAccountField control={control} name="bank_id" description="The account the payment was received into" />
      )}
      {delivering && <DateField control={control} name="date" label="Date delivered" isDateEnabled={notAfterToday} />}
      <TextareaField
        control={control}
        name="comment"
        label="Comment"
        description="Kept in the order's history"
        rows={2}
      />
    </FormModal>
  );
}

/**
 * The confirmation of an order's step: what it does, the bank account and date of a delivery paid
 * on delivery, and a comment for the history. The server's refusal (a 409 when the order was moved
 * meanwhile, a 422 under its field) stays in the dialog; a success is the server's message as a toast.
 */
export function OrderStepModal({
  step,
  ...props
}: Omit<OrderStepModalProps, 'step'> & { step: EshopOrderAction | null }) {
  return step ? <OrderStepForm key={step} step={step} {...props} /> : null;
}
