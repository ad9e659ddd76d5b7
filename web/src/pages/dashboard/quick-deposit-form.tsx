import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import type { SelectProps } from '@cloudscape-design/components/select';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { TextareaField } from '../../components/forms/textarea-field';
import { useLookup } from '../../api/entities';
import { useCreateOrder, useMemberSearch } from '../../api/orders';
import { useMemberPlans } from '../../api/savings';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { TextField } from '../../components/forms/text-field';
import { DateField } from '../../components/forms/date-field';
import type { SelectChoice } from '../../components/forms/select-field';
import { SelectField } from '../../components/forms/select-field';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { today } from '@coopledger/shared/dates';
import { notAfterToday } from '../../format/dates';
import { formatNaira } from '../../format/money';
import type { QuickDepositValues } from './quick-deposit-schema';
import { QUICK_DEPOSIT_FIELDS, quickDepositSchema, toDepositOrder } from './quick-deposit-schema';
import { SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';
import { useZodForm } from '../../forms/zod-form';

const emptyValues = (): QuickDepositValues => ({
  coop_id: '',
  savings_id: '',
  amount: '',
  date: today(),
  payment_mode_id: '',
  comment: '',
});

/** Members by name or number as the reader types; the chosen one stays shown while the list changes. */
function useMemberOptions() {
  const [filter, setFilter] = useState('');
  const query = useDebouncedValue(filter.trim());
  const members = useMemberSearch(query);
  const options = useMemo<SelectProps.Option[]>(
    () =>
      (members.data?.data ?? []).map((m) => ({
        value: m.coop_id,
        label: m.name || `${m.firstname} ${m.lastname}`,
        description: m.coop_id,
      })),
    [members.data],
  );
  return { options, setFilter, loading: members.isFetching };
}

/**
 * The staff dashboard's Quick Deposit (spec 000 section 2): a pending deposit on one of a member's
 * savings plans, which then waits in Recent Deposits for approval. The Deposits page's "Place
 * deposit" shows the same form in a dialog (`inModal`: no container of its own, `onPlaced` when done).
 */
export function QuickDepositForm({ inModal = false, onPlaced }: { inModal?: boolean; onPlaced?: () => void } = {}) {
  const { control, handleSubmit, reset, setError, setValue, watch } = useZodForm(quickDepositSchema, {
    defaultValues: emptyValues(),
  });
  const [member, setMember] = useState<SelectProps.Option | null>(null);
  const memberOptions = useMemberOptions();
  const coopId = watch('coop_id');
  const plans = useMemberPlans(coopId);
  const modes = useLookup('GET /payment-mode');
  const create = useCreateOrder();

  const planOptions = useMemo<SelectProps.Option[]>(
    () =>
      (plans.data?.data ?? [])
        .filter((plan) => plan.status === SAVINGS_PLAN_STATUS.ACTIVE)
        .map((plan) => ({
          value: plan.id,
          label: plan.product_name,
          description: `Balance ${formatNaira(plan.balance)}, ${formatNaira(plan.amount)} ${plan.frequency.toLowerCase()}`,
        })),
    [plans.data],
  );
  const modeOptions = useMemo<SelectChoice[]>(
    () => (modes.data ?? []).map((mode) => ({ value: String(mode.id), label: mode.name })),
    [modes.data],
  );

  const submit = handleSubmit((values) =>
    create.mutate(toDepositOrder(values), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        reset(emptyValues());
        setMember(null);
        onPlaced?.();
      },
      onError: (error) => {
        applyFieldErrors(error, setError, QUICK_DEPOSIT_FIELDS);
        notificationsStore.notify('error', errorMessage(error));
      },
    }),
  );

  const form = (
    <Form
      actions={
        <Button variant="primary" formAction="submit" loading={create.isPending}>
          {inModal ? 'Place deposit' : 'Deposit'}
        </Button>
      }
    >
      <SpaceBetween size="m">
        <Controller
          control={control}
          name="coop_id"
          render={({ field, fieldState }) => (
            <FormField label="Member" errorText={fieldState.error?.message}>
              <Select
                ariaLabel="Member"
                placeholder="Search by name or member number"
                filteringType="manual"
                filteringPlaceholder="Name or member number"
                selectedOption={member}
                options={memberOptions.options}
                statusType={memberOptions.loading ? 'loading' : 'finished'}
                loadingText="Finding members"
                empty="No member matches"
                onLoadItems={({ detail }) => memberOptions.setFilter(detail.filteringText)}
                onChange={({ detail }) => {
                  setMember(detail.selectedOption);
                  field.onChange(detail.selectedOption.value ?? '');
                  setValue('savings_id', '');
                }}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="savings_id"
          render={({ field, fieldState }) => (
            <FormField label="Account" errorText={fieldState.error?.message}>
              <Select
                ariaLabel="Account"
                placeholder={coopId ? 'Select account' : 'Select a member first'}
                disabled={!coopId}
                selectedOption={planOptions.find((option) => option.value === field.value) ?? null}
                options={planOptions}
                statusType={plans.isFetching ? 'loading' : 'finished'}
                loadingText="Loading accounts"
                empty="This member has no active savings account"
                onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        <TextField control={control} name="amount" label="Amount" placeholder="0.00" />
        <DateField control={control} name="date" label="Date" isDateEnabled={notAfterToday} />
        <SelectField
          control={control}
          name="payment_mode_id"
          label="Payment mode"
          options={modeOptions}
          loading={modes.isPending}
        />
        <TextareaField control={control} name="comment" label="Comment - optional" rows={2} />
      </SpaceBetween>
    </Form>
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Quick Deposit">
      {inModal ? (
        form
      ) : (
        <Container header={<Header variant="h2">Quick Deposit</Header>} fitHeight>
          {form}
        </Container>
      )}
    </form>
  );
}
