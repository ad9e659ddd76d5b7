import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { parseNaira, toNaira } from '@coopledger/shared/money';
import { investmentCloseSchema } from '@coopledger/shared/schemas/accounting';
import { errorMessage } from '../../api/api-error';
import type { InvestmentView } from '../../api/accounting';
import { useCloseInvestment } from '../../api/accounting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { FormModal } from '../../components/forms/form-modal';
import { useZodForm } from '../../forms/zod-form';

interface CloseValues {
  investment_id: string;
  investment_income: string;
}

function CloseForm({ investment, onClose }: { investment: InvestmentView; onClose: () => void }) {
  const close = useCloseInvestment();
  const { control, handleSubmit, setError } = useZodForm<CloseValues>(investmentCloseSchema, {
    keepValues: true,
    defaultValues: { investment_id: investment.investment_id || investment.id, investment_income: '' },
  });

  const submit = handleSubmit((values) =>
    close.mutate(
      { investment_id: values.investment_id, investment_income: toNaira(parseNaira(values.investment_income) ?? 0) },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onClose();
        },
        onError: (error) => applyFieldErrors(error, setError, ['investment_income']),
      },
    ),
  );

  return (
    <FormModal
      header="Close investment"
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Close investment"
      pending={close.isPending}
      error={close.error ? errorMessage(close.error) : null}
    >
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Invested with', value: investment.invested_with },
          { label: 'Amount', value: formatNaira(investment.investment_amount) },
          { label: 'Expected income', value: formatNaira(investment.expected_income) },
          { label: 'Start date', value: formatDay(investment.start_date) },
          { label: 'Due date', value: formatDay(investment.due_date) },
          { label: 'Bank account', value: investment.bank_name ?? '—' },
        ]}
      />
      <Controller
        control={control}
        name="investment_income"
        render={({ field, fieldState }) => (
          <FormField
            label="Investment income (₦)"
            description="The income received; with the amount it returns to the bank account"
            errorText={fieldState.error?.message}
          >
            <Input
              ref={field.ref}
              type="number"
              inputMode="decimal"
              value={field.value}
              onChange={({ detail }) => field.onChange(detail.value)}
              onBlur={field.onBlur}
            />
          </FormField>
        )}
      />
    </FormModal>
  );
}

/** Closing an open investment with the income it earned (spec 001 section 4: Open to Closed). */
export function InvestmentsCloseModal({
  investment,
  onClose,
}: {
  investment: InvestmentView | null;
  onClose: () => void;
}) {
  return investment ? <CloseForm key={investment.id} investment={investment} onClose={onClose} /> : null;
}
