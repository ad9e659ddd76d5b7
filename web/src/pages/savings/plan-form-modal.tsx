import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { FREQUENCIES } from '@coopledger/shared/schemas/savings';
import { errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import { useEntityOptions } from '../../api/entities';
import type { SavingsSetup } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { useAddPlan } from '../../api/savings';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { FieldControl } from '../../components/crud/field-control';
import type { FieldDef } from '../../components/crud/field-defs';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { isOwnAccount } from '../../session/own-account';
import { useSession } from '../../session/use-session';
import { FormModal } from '../../components/forms/form-modal';
import { useZodForm } from '../../forms/zod-form';
import { chosenRate, planBody, planRateHint, planSchemaFor, productChoices } from './savings-helpers';

const PLAN_FIELDS = ['savings_product_id', 'start_date', 'end_date', 'amount', 'credit_interest', 'frequency'] as const;
const EMPTY: FormValues = {
  savings_product_id: '',
  start_date: '',
  end_date: '',
  amount: '',
  credit_interest: '',
  frequency: '',
};
const FREQUENCY_CHOICES = FREQUENCIES.map((f) => ({ value: f, label: f }));

interface PlanFormModalProps {
  memberId: string;
  visible: boolean;
  onDismiss: () => void;
}

/**
 * Savings Account Form (Add New Plan): a plan on one of the cooperative's savings products.
 * Choosing a product fills in its credit interest: read-only on one's own plan (a member's or
 * executive's, or staff's own), which earns the product's rate; staff opening a member's plan may
 * lower it, down to 0. A Targeted plan gets its payment schedule.
 */
export function PlanFormModal({ memberId, visible, onDismiss }: PlanFormModalProps) {
  const setups = useEntityOptions<SavingsSetup>(ENDPOINTS.savingsSetups, undefined, visible);
  const productRate = isOwnAccount(useSession()?.user, memberId);
  const products = useMemo(() => productChoices(setups.records), [setups.records]);
  const schema = useMemo(() => planSchemaFor(products, productRate), [products, productRate]);
  const add = useAddPlan();
  const { control, handleSubmit, reset, setError, setValue } = useZodForm<FormValues>(schema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: EMPTY,
  });
  const rate = chosenRate(products, useWatch({ control, name: 'savings_product_id' }));
  const { reset: resetMutation } = add;
  useEffect(() => {
    if (visible) {
      reset(EMPTY);
      resetMutation();
    }
  }, [visible, reset, resetMutation]);

  const fields = useMemo<FieldDef[]>(
    () => [
      {
        name: 'savings_product_id',
        label: 'Product',
        kind: 'select',
        options: products,
        loading: setups.isPending,
        placeholder: 'Choose product',
        derive: (productId) => {
          const productsRate = chosenRate(products, productId);
          return productsRate === undefined ? {} : { credit_interest: String(productsRate) };
        },
      },
      { name: 'start_date', label: 'Start date', kind: 'date' },
      { name: 'end_date', label: 'End date', kind: 'date' },
      { name: 'amount', label: 'Amount (₦)', kind: 'number', description: 'The contribution each period' },
      {
        name: 'credit_interest',
        label: 'Credit interest (%)',
        kind: 'number',
        readOnly: productRate,
        constraintText: planRateHint(productRate, rate),
      },
      {
        name: 'frequency',
        label: 'Frequency',
        kind: 'select',
        options: FREQUENCY_CHOICES,
        placeholder: 'Choose frequency',
      },
    ],
    [products, setups.isPending, productRate, rate],
  );

  const submit = handleSubmit((values) =>
    add.mutate(planBody(values, memberId), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onDismiss();
      },
      onError: (error) => applyFieldErrors(error, setError, PLAN_FIELDS),
    }),
  );

  return (
    <FormModal
      header="Savings Account Form"
      visible={visible}
      onDismiss={onDismiss}
      onSubmit={() => void submit()}
      submitText="Add plan"
      pending={add.isPending}
      error={add.error ? errorMessage(add.error) : null}
    >
      {fields.map((field) => (
        <FieldControl key={field.name} field={field} control={control} setValue={setValue} />
      ))}
    </FormModal>
  );
}
