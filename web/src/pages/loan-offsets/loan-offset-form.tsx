import { useEffect, useMemo, useState } from 'react';
import type { Control } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { loanOffsetSchema } from '@coopledger/shared/schemas/loan-offsets';
import { errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import { useOffsetDetail, useOffsetLookup, useOffsettableLoans, usePostOffset } from '../../api/loan-offsets';
import { useActiveBankAccounts } from '../../api/orders';
import { bankAccountChoices } from '../../components/forms/bank-account-field';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { today } from '@coopledger/shared/dates';
import { notAfterToday } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { DateField } from '../../components/forms/date-field';
import { SelectField } from '../../components/forms/select-field';
import type { OffsetFormField } from './offset-helpers';
import {
  OFFSET_FORM_FIELDS,
  amountHint,
  emptyOffset,
  isFull,
  isPartial,
  needsBank,
  newOffsetId,
  offsetBody,
} from './offset-helpers';
import { useZodForm } from '../../forms/zod-form';

interface FieldProps {
  control: Control<FormValues>;
  name: OffsetFormField;
  label: string;
  description?: string;
  constraintText?: string;
}

function InputField({
  control,
  name,
  label,
  description,
  constraintText,
  readOnly,
  type = 'number',
}: FieldProps & { readOnly?: boolean; type?: 'number' | 'text' }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          description={description}
          constraintText={constraintText}
          errorText={fieldState.error?.message}
        >
          <Input
            ref={field.ref}
            name={field.name}
            ariaLabel={label}
            type={type}
            inputMode="decimal"
            value={field.value ?? ''}
            readOnly={readOnly}
            onChange={({ detail }) => field.onChange(detail.value)}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

/** Naira as the read-only fields hold it: the API's number with its 2 decimals. */
const amountText = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2));

/**
 * The Loan Offset Form of the member detail's Loans tab (spec 000 section 5, "Loan offset"): staff
 * repay part or all of one of the member's running loans from a bank account (mode 1) or the
 * member's savings (mode 2). Loan Amount and Loan Balance are filled from the chosen loan; a Full
 * Offset (type 2) pays the payoff amount of the date, shown read-only; a partial one (types 1 and
 * 3) takes the amount, the repayment start date and the restructure tenure (months) of the rest.
 */
export function LoanOffsetForm({ memberId, onPosted }: { memberId: string; onPosted?: () => void }) {
  const [offsetId, setOffsetId] = useState(newOffsetId);
  const loans = useOffsettableLoans(memberId);
  const modes = useOffsetLookup('mode');
  const types = useOffsetLookup('type');
  const postOffset = usePostOffset();
  const { control, handleSubmit, reset, setError, setValue, getValues } = useZodForm<FormValues>(loanOffsetSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: emptyOffset(today()),
  });
  const [loanId, mode, type, date] = useWatch({ control, name: ['loan_id', 'offset_mode', 'offset_type', 'date'] });
  const banks = useActiveBankAccounts(needsBank(mode ?? ''));
  const detail = useOffsetDetail(loanId ?? '', date ?? '');
  const figures = detail.data;

  const loanChoices = useMemo(
    () =>
      (loans.data ?? []).map((loan) => ({
        value: loan.id,
        label: `${loan.product.name} - ${formatNaira(loan.loan_amount)}`,
        description: `Balance ${formatNaira(loan.loan_balance)}`,
      })),
    [loans.data],
  );
  const modeChoices = useMemo(
    () => (modes.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
    [modes.data],
  );
  const typeChoices = useMemo(
    () => (types.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
    [types.data],
  );
  const bankChoices = useMemo(() => bankAccountChoices(banks.accounts), [banks.accounts]);

  // The chosen loan's figures on the date fill the read-only fields; a Full Offset pays the payoff.
  useEffect(() => {
    if (!figures || figures.loan_id !== loanId) return;
    setValue('loan_amount', amountText(figures.loan_amount));
    setValue('loan_balance', amountText(figures.loan_balance));
    if (isFull(type ?? '')) setValue('offset_amount', amountText(figures.payoff.amount));
    if (Number(type) === 1 && !getValues('restructure_tenure') && figures.remaining_installments > 0) {
      setValue('restructure_tenure', String(figures.remaining_installments));
    }
  }, [figures, loanId, type, setValue, getValues]);

  const chooseLoan = (value: string) => {
    const loan = loans.data?.find((l) => l.id === value);
    setValue('loan_amount', amountText(loan?.loan_amount), { shouldValidate: true });
    setValue('loan_balance', amountText(loan?.loan_balance));
    setValue('restructure_tenure', '');
  };
  const chooseType = (value: string) => {
    setValue('offset_amount', isFull(value) && figures ? amountText(figures.payoff.amount) : '');
    setValue(
      'restructure_tenure',
      Number(value) === 1 && figures && figures.remaining_installments > 0
        ? String(figures.remaining_installments)
        : '',
    );
  };

  const clear = () => {
    reset(emptyOffset(today()));
    setOffsetId(newOffsetId());
  };

  const submit = handleSubmit((values) =>
    postOffset.mutate(offsetBody(values, memberId, offsetId), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        clear();
        onPosted?.();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, OFFSET_FORM_FIELDS))
          notificationsStore.notify('error', errorMessage(error));
      },
    }),
  );

  const partial = isPartial(type ?? '');
  const tenureHint =
    Number(type) === 1 && figures
      ? `Months; at most the ${figures.remaining_installments} installments left (the loan ends no later)`
      : 'Months the rest is spread over; it may be longer than the loan had left';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Loan offset">
      <Container
        header={
          <Header
            variant="h2"
            description={`Repay part or all of a loan of ${memberId} from a bank account or the member's savings`}
          >
            Loan Offset Form
          </Header>
        }
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" formAction="none" onClick={clear}>
                Clear
              </Button>
              <Button variant="primary" formAction="submit" loading={postOffset.isPending}>
                Submit
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="m">
            {detail.isError && <Alert type="warning">{errorMessage(detail.error)}</Alert>}
            <ColumnLayout columns={2}>
              <SelectField
                control={control}
                name="loan_id"
                label="Loan"
                options={loanChoices}
                loading={loans.isPending}
                empty="This member has no running loan"
                onChosen={chooseLoan}
              />
              <DateField
                control={control}
                name="date"
                label="Offset date"
                description="The day the money is received"
                isDateEnabled={notAfterToday}
              />
              <SelectField
                control={control}
                name="offset_mode"
                label="Offset mode"
                options={modeChoices}
                loading={modes.isPending}
              />
              <SelectField
                control={control}
                name="offset_type"
                label="Offset type"
                options={typeChoices}
                loading={types.isPending}
                onChosen={chooseType}
              />
              <InputField control={control} name="loan_amount" label="Loan Amount" readOnly />
              <InputField control={control} name="loan_balance" label="Loan Balance" readOnly />
              <InputField
                control={control}
                name="offset_amount"
                label="Amount to Offset"
                readOnly={!partial}
                description={
                  isFull(type ?? '') ? 'The payoff on the offset date: principal and the interest due' : undefined
                }
                constraintText={partial ? amountHint(figures?.payoff, formatNaira) : undefined}
              />
              {needsBank(mode ?? '') && (
                <SelectField
                  control={control}
                  name="bank_id"
                  label="Bank Account"
                  options={bankChoices}
                  loading={banks.isPending}
                  empty="No active bank account. Add one under Setup, Bank accounts."
                />
              )}
              {partial && (
                <DateField
                  control={control}
                  name="payment_start_date"
                  label="Repayment Start Date"
                  description="The first installment of the new schedule"
                />
              )}
              {partial && (
                <InputField
                  control={control}
                  name="restructure_tenure"
                  label="Restructure Tenure"
                  constraintText={tenureHint}
                />
              )}
            </ColumnLayout>
          </SpaceBetween>
        </Form>
      </Container>
    </form>
  );
}
