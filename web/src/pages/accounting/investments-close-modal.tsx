import { useState } from 'react';
import { Controller } from 'react-hook-form';
import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { parseNaira } from '@coopledger/shared/money';
import { investmentCloseSchema } from '@coopledger/shared/schemas/accounting';
import { errorMessage } from '../../api/api-error';
import type { InvestmentView } from '../../api/accounting';
import { useCloseInvestment } from '../../api/accounting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { ModalFooter } from '../../components/forms/modal-footer';
import { useZodForm } from '../../forms/zod-form';

interface CloseValues {
  investment_id: string;
  investment_income: string;
}

function CloseForm({ investment, onClose }: { investment: InvestmentView; onClose: () => void }) {
  const close = useCloseInvestment();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useZodForm<CloseValues>(investmentCloseSchema, {
    keepValues: true,
    defaultValues: { investment_id: investment.investment_id || investment.id, investment_income: '' },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    close.mutate(
      { investment_id: values.investment_id, investment_income: (parseNaira(values.investment_income) ?? 0) / 100 },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onClose();
        },
        onError: (error) => {
          applyFieldErrors(error, setError, ['investment_income']);
          setServerError(errorMessage(error));
        },
      },
    );
  });

  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel="Close"
      header="Close investment"
      footer={
        <ModalFooter onCancel={onClose} primary="Close investment" onPrimary={() => void submit()} loading={close.isPending} />
      }
    >
      <form
        aria-label="Close investment"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SpaceBetween size="l">
          {serverError && <Alert type="error">{serverError}</Alert>}
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
                <Input ref={field.ref} type="number" inputMode="decimal" value={field.value} onChange={({ detail }) => field.onChange(detail.value)} onBlur={field.onBlur} />
              </FormField>
            )}
          />
        </SpaceBetween>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

/** Closing an open investment with the income it earned (spec 001 section 4: Open to Closed). */
export function InvestmentsCloseModal({ investment, onClose }: { investment: InvestmentView | null; onClose: () => void }) {
  return investment ? <CloseForm key={investment.id} investment={investment} onClose={onClose} /> : null;
}
