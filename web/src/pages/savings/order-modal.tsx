import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { postingDate } from '@coopledger/shared/schemas/posting-date';
import { transactionOrderSchema } from '@coopledger/shared/schemas/savings';
import { errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import { useLookup } from '../../api/entities';
import { useMemberPlans, usePlaceOrder } from '../../api/savings';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { FieldControl } from '../../components/crud/field-control';
import type { FieldDef } from '../../components/crud/field-defs';
import { choicesOf } from '../../components/crud/field-defs';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { today } from '@coopledger/shared/dates';
import { formatNaira } from '../../format/money';
import { FormModal } from '../../components/forms/form-modal';
import { availableBalance, orderBody, planLabel } from './savings-helpers';
import { SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';
import { useZodForm } from '../../forms/zod-form';

export type OrderKind = 'deposit' | 'withdrawal';

const ORDER_FIELDS = ['savings_id', 'amount', 'date', 'payment_mode_id', 'comment'] as const;

/**
 * The server's schema with the type filled in; a deposit must carry its date (the API answers
 * 'This field is required' without one), a posting date by the shared rule, a withdrawal has none.
 */
const SCHEMAS: Record<OrderKind, z.ZodType> = {
  deposit: z.preprocess(
    (values) => ({ ...(values as object), transaction_type: 'DEPOSIT' }),
    transactionOrderSchema.extend({ date: postingDate('This field is required') }),
  ),
  withdrawal: z.preprocess(
    (values) => ({ ...(values as object), transaction_type: 'WITHDRAWAL' }),
    transactionOrderSchema,
  ),
};

export interface OrderModalProps {
  memberId: string;
  kind: OrderKind;
  visible: boolean;
  onDismiss: () => void;
  /** The plan the order is for; without it the form asks which of the member's plans. */
  savingsId?: string;
}

/**
 * Deposit Form and Withdrawal Form: an order on one of the member's plans, which waits for a
 * staff approval before any balance moves. A withdrawal above the available balance is refused by
 * the server with its message, and the form stays as it was.
 */
export function OrderModal({ memberId, kind, visible, onDismiss, savingsId }: OrderModalProps) {
  const plans = useMemberPlans(visible ? memberId : '');
  const modes = useLookup('GET /payment-mode');
  const place = usePlaceOrder();
  const active = useMemo(
    () =>
      (plans.data?.data ?? []).filter((plan) => plan.status === SAVINGS_PLAN_STATUS.ACTIVE || plan.id === savingsId),
    [plans.data, savingsId],
  );

  // Keyed on text, not on the plans list, so a refetch never wipes what the reader typed.
  const onlyPlan = active.length === 1 ? (active[0]?.id ?? '') : '';
  const defaults = useMemo<FormValues>(
    () => ({
      savings_id: savingsId ?? onlyPlan,
      amount: '',
      date: today(),
      payment_mode_id: '',
      comment: '',
    }),
    [savingsId, onlyPlan],
  );
  const { control, handleSubmit, reset, setError, setValue, watch } = useZodForm<FormValues>(SCHEMAS[kind], {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: defaults,
  });
  const { reset: resetMutation } = place;
  useEffect(() => {
    if (visible) {
      reset(defaults);
      resetMutation();
    }
  }, [visible, defaults, reset, resetMutation]);

  const chosen = active.find((plan) => plan.id === watch('savings_id'));
  const fields = useMemo<FieldDef[]>(() => {
    const list: FieldDef[] = [
      {
        name: 'savings_id',
        label: 'Savings account',
        kind: 'select',
        options: choicesOf(active, (plan) => plan.id, planLabel),
        loading: plans.isPending,
        readOnly: savingsId !== undefined,
        placeholder: 'Select account',
        description: chosen ? `Available balance: ${formatNaira(availableBalance(chosen))}` : undefined,
      },
      { name: 'amount', label: 'Amount (₦)', kind: 'number' },
    ];
    if (kind === 'deposit') list.push({ name: 'date', label: 'Date', kind: 'date' });
    list.push(
      {
        name: 'payment_mode_id',
        label: 'Payment mode',
        kind: 'select',
        options: choicesOf(
          modes.data ?? [],
          (m) => m.id,
          (m) => m.name,
        ),
        loading: modes.isPending,
      },
      { name: 'comment', label: 'Comment - optional', kind: 'textarea' },
    );
    return list;
  }, [active, chosen, kind, modes.data, modes.isPending, plans.isPending, savingsId]);

  const submit = handleSubmit((values) =>
    place.mutate(orderBody(values, memberId, kind), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onDismiss();
      },
      onError: (error) => applyFieldErrors(error, setError, ORDER_FIELDS),
    }),
  );

  return (
    <FormModal
      header={kind === 'deposit' ? 'Deposit Form' : 'Withdrawal Form'}
      visible={visible}
      onDismiss={onDismiss}
      onSubmit={() => void submit()}
      submitText={kind === 'deposit' ? 'Submit deposit' : 'Submit withdrawal'}
      pending={place.isPending}
      error={place.error ? errorMessage(place.error) : null}
    >
      {fields.map((field) => (
        <FieldControl key={field.name} field={field} control={control} setValue={setValue} />
      ))}
    </FormModal>
  );
}
