import { useEffect, useMemo } from 'react';
import { changeAmountSchema } from '@coopledger/shared/schemas/savings';
import { errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import type { SavingsPlan } from '../../api/savings';
import { useChangeAmount } from '../../api/savings';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { FieldControl } from '../../components/crud/field-control';
import type { FieldDef } from '../../components/crud/field-defs';
import { choicesOf } from '../../components/crud/field-defs';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { FormModal } from '../../components/forms/form-modal';
import { changeAmountBody, planLabel } from './savings-helpers';
import { useZodForm } from '../../forms/zod-form';

const CHANGE_FIELDS = ['savings_id', 'amount', 'comment'] as const;

interface ChangeAmountModalProps {
  memberId: string;
  /** The member's active plans. */
  plans: readonly SavingsPlan[];
  visible: boolean;
  onDismiss: () => void;
}

/** Change Savings Amount: asks staff to change a plan's contribution; it changes on approval. */
export function ChangeAmountModal({ memberId, plans, visible, onDismiss }: ChangeAmountModalProps) {
  const change = useChangeAmount();
  const onlyPlan = plans.length === 1 ? (plans[0]?.id ?? '') : '';
  const defaults = useMemo<FormValues>(() => ({ savings_id: onlyPlan, amount: '', comment: '' }), [onlyPlan]);
  const { control, handleSubmit, reset, setError, setValue } = useZodForm<FormValues>(changeAmountSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: defaults,
  });
  const { reset: resetMutation } = change;
  useEffect(() => {
    if (visible) {
      reset(defaults);
      resetMutation();
    }
  }, [visible, defaults, reset, resetMutation]);

  const fields = useMemo<FieldDef[]>(
    () => [
      {
        name: 'savings_id',
        label: 'Savings account',
        kind: 'select',
        options: choicesOf(plans, (plan) => plan.id, planLabel),
        placeholder: 'Select account',
      },
      { name: 'amount', label: 'New amount (₦)', kind: 'number' },
      { name: 'comment', label: 'Comment', kind: 'textarea' },
    ],
    [plans],
  );

  const submit = handleSubmit((values) =>
    change.mutate(changeAmountBody(values, memberId), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onDismiss();
      },
      onError: (error) => applyFieldErrors(error, setError, CHANGE_FIELDS),
    }),
  );

  return (
    <FormModal
      header="Change Savings Amount"
      visible={visible}
      onDismiss={onDismiss}
      onSubmit={() => void submit()}
      submitText="Send request"
      pending={change.isPending}
      error={change.error ? errorMessage(change.error) : null}
    >
      {fields.map((field) => (
        <FieldControl key={field.name} field={field} control={control} setValue={setValue} />
      ))}
    </FormModal>
  );
}
