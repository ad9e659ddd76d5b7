import { useEffect } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import { parseNaira, toNaira } from '@coopledger/shared/money';
import { investmentSchema } from '@coopledger/shared/schemas/accounting';
import { errorMessage } from '../../api/api-error';
import type { InvestmentBody } from '../../api/accounting';
import { useCreateInvestment } from '../../api/accounting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { BankAccountField } from '../../components/forms/bank-account-field';
import { today } from '@coopledger/shared/dates';
import { notAfterToday } from '../../format/dates';
import { DateField } from '../../components/forms/date-field';
import { TextField } from '../../components/forms/text-field';
import { FormModal } from '../../components/forms/form-modal';
import { SelectField } from '../../components/forms/select-field';
import { TextareaField } from '../../components/forms/textarea-field';
import type { GlChoices } from './gl-account-select';
import { GlAccountSelect, useGlChoices } from './gl-account-select';
import { INVESTMENT_STATUS, INVESTMENT_STATUS_LABELS } from '@coopledger/shared/statuses';
import { useZodForm } from '../../forms/zod-form';

/** The investment form as typed; amounts stay naira text until they are sent. */
export interface InvestmentFormValues {
  invested_with: string;
  investment_amount: string;
  investment_income: string;
  start_date: string;
  due_date: string;
  gl_code: string;
  investment_interest_gl: string;
  bank_id: string;
  comment: string;
  status: string;
}

const FIELDS = [
  'invested_with',
  'investment_amount',
  'investment_income',
  'start_date',
  'due_date',
  'gl_code',
  'investment_interest_gl',
  'bank_id',
  'comment',
  'status',
] as const;

/** A new investment is Open; Close is the only way to Closed (spec 001 section 4). */
const OPEN = { value: String(INVESTMENT_STATUS.OPEN), label: INVESTMENT_STATUS_LABELS[INVESTMENT_STATUS.OPEN] };

const emptyInvestment = (today: string): InvestmentFormValues => ({
  invested_with: '',
  investment_amount: '',
  investment_income: '',
  start_date: today,
  due_date: '',
  gl_code: '',
  investment_interest_gl: '',
  bank_id: '',
  comment: '',
  status: OPEN.value,
});

const naira = (text: string) => toNaira(parseNaira(text) ?? 0);

function investmentBody(values: InvestmentFormValues): InvestmentBody {
  return {
    invested_with: values.invested_with.trim(),
    investment_amount: naira(values.investment_amount),
    investment_income: naira(values.investment_income),
    start_date: values.start_date,
    due_date: values.due_date,
    gl_code: values.gl_code,
    investment_interest_gl: values.investment_interest_gl,
    bank_id: values.bank_id,
    comment: values.comment.trim() || undefined,
    status: INVESTMENT_STATUS.OPEN,
  };
}

interface FieldProps {
  control: Control<InvestmentFormValues>;
  name: FieldPath<InvestmentFormValues>;
  label: string;
  description?: string;
}

function GlInput({ control, name, label, description, choices }: FieldProps & { choices: GlChoices }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} description={description} errorText={fieldState.error?.message}>
          <GlAccountSelect
            choices={choices}
            value={field.value}
            invalid={Boolean(fieldState.error)}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

function InvestmentForm({ onClose }: { onClose: () => void }) {
  const gl = useGlChoices();
  const create = useCreateInvestment();
  const { control, handleSubmit, setError, getValues, setValue } = useZodForm<InvestmentFormValues>(investmentSchema, {
    keepValues: true,
    defaultValues: emptyInvestment(today()),
  });

  // The standard chart's investment and investment income accounts are the usual choices.
  useEffect(() => {
    const byPurpose = (purpose: string) => gl.accounts.find((account) => account.purpose === purpose)?.code;
    const investments = byPurpose('investments');
    const income = byPurpose('investment_income');
    if (investments && !getValues('gl_code')) setValue('gl_code', investments);
    if (income && !getValues('investment_interest_gl')) setValue('investment_interest_gl', income);
  }, [gl.accounts, getValues, setValue]);

  const submit = handleSubmit((values) =>
    create.mutate(investmentBody(values), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onClose();
      },
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <FormModal
      header="Add investment"
      size="large"
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Save investment"
      pending={create.isPending}
      error={create.error ? errorMessage(create.error) : null}
    >
      <ColumnLayout columns={2}>
        <TextField
          control={control}
          name="invested_with"
          label="Invested with"
          description="The bank or company holding the money"
        />
        <TextField control={control} name="investment_amount" label="Amount (₦)" type="number" />
        <TextField
          control={control}
          name="investment_income"
          label="Expected income (₦)"
          description="The income expected at the due date"
          type="number"
        />
        <SelectField
          control={control}
          name="status"
          label="Status"
          description="A new investment is open until it is closed"
          options={[OPEN]}
        />
        <DateField control={control} name="start_date" label="Start date" isDateEnabled={notAfterToday} />
        <DateField control={control} name="due_date" label="Due date" />
        <GlInput
          control={control}
          name="gl_code"
          label="GL account"
          description="The investment account it is held in"
          choices={gl}
        />
        <GlInput
          control={control}
          name="investment_interest_gl"
          label="Investment interest GL"
          description="Where its income is credited"
          choices={gl}
        />
        <BankAccountField
          control={control}
          name="bank_id"
          description="The money leaves from, and returns to, this account"
        />
      </ColumnLayout>
      <TextareaField control={control} name="comment" label="Comment" rows={2} />
    </FormModal>
  );
}

/** The Add form of the investment tracker: opening an investment moves the money from the bank account. */
export function InvestmentsFormModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return visible ? <InvestmentForm onClose={onClose} /> : null;
}
