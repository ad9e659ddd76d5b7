import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import type { Control } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import type { SelectProps } from '@cloudscape-design/components/select';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import { useEntityOptions, useLookup } from '../../api/entities';
import type { Loan } from '../../api/loans';
import { useApplyLoan, useSchedulePreview } from '../../api/loans';
import type { LoanSetup } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { useZodForm } from '../../forms/zod-form';
import { today } from '@coopledger/shared/dates';
import { notAfterToday } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { isOwnAccount } from '../../session/own-account';
import { useSession } from '../../session/use-session';
import { ScheduleTable } from './loan-details-modal';
import type { LoanField } from './loan-helpers';
import {
  applicationBody,
  applicationSchemaFor,
  chargeChoices,
  emptyApplication,
  chargeUnit,
  LOAN_FIELDS,
  loanProductChoices,
  penalText,
  previewBody,
  rateHint,
  REPAYMENT_CHOICES,
  setupPrefill,
  SOURCE_CHOICES,
  TENURE_TYPE_CHOICES,
  tenureChoiceOf,
} from './loan-helpers';
import { MemberSelect } from '../../components/forms/member-select';
import { DateField } from '../../components/forms/date-field';

interface Choice {
  value: string;
  label: string;
  description?: string;
}

interface FieldProps {
  control: Control<FormValues>;
  name: LoanField;
  label: string;
  description?: string;
}

function SelectField({
  control,
  name,
  label,
  description,
  options,
  loading,
  disabled,
  shownValue,
  onChosen,
}: FieldProps & {
  options: readonly Choice[];
  loading?: boolean;
  disabled?: boolean;
  shownValue?: (value: string) => string;
  onChosen?: (value: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const shown = shownValue ? shownValue(field.value ?? '') : field.value;
        return (
          <FormField label={label} description={description} errorText={fieldState.error?.message}>
            <Select
              ariaLabel={label}
              selectedOption={options.find((option) => option.value === shown) ?? null}
              options={[...options]}
              placeholder={`Select ${label.toLowerCase()}`}
              statusType={loading ? 'loading' : 'finished'}
              loadingText="Loading"
              empty="Nothing to choose"
              disabled={disabled}
              onChange={({ detail }) => {
                const value = detail.selectedOption.value ?? '';
                field.onChange(value);
                onChosen?.(value);
              }}
              onBlur={field.onBlur}
            />
          </FormField>
        );
      }}
    />
  );
}

function InputField({
  control,
  name,
  label,
  description,
  readOnly,
  placeholder,
  constraintText,
}: FieldProps & { readOnly?: boolean; placeholder?: string; constraintText?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          description={description}
          errorText={fieldState.error?.message}
          constraintText={constraintText}
        >
          <Input
            ref={field.ref}
            name={field.name}
            type="number"
            inputMode="decimal"
            value={field.value ?? ''}
            readOnly={readOnly}
            placeholder={placeholder}
            onChange={({ detail }) => field.onChange(detail.value)}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

/** The schedule the loan being typed would have, refreshed once the inputs settle. */
function SchedulePreviewPanel({ control }: { control: Control<FormValues> }) {
  const watched = useWatch({
    control,
    name: [
      'loan_amount',
      'interest_rate',
      'tenure',
      'tenure_type',
      'calculation_method_id',
      'payment_start_date',
      'loan_product_id',
    ],
  });
  const [loan_amount, interest_rate, tenure, tenure_type, calculation_method_id, payment_start_date, loan_product_id] =
    watched;
  const body = useMemo(
    () =>
      previewBody({
        loan_amount,
        interest_rate,
        tenure,
        tenure_type,
        calculation_method_id,
        payment_start_date,
        loan_product_id,
      }),
    [loan_amount, interest_rate, tenure, tenure_type, calculation_method_id, payment_start_date, loan_product_id],
  );
  const settled = useDebouncedValue(body, 500);
  const preview = useSchedulePreview(settled);
  const totals = preview.data?.totals;
  const fees = preview.data?.fees;
  let content: ReactNode;
  if (!settled) {
    content = (
      <Box textAlign="center" color="text-body-secondary" padding="m">
        Choose a product and enter the amount and the repayment start date to see the repayments.
      </Box>
    );
  } else if (preview.isError) {
    content = <Alert type="warning">{errorMessage(preview.error)}</Alert>;
  } else {
    content = (
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={3}
          items={[
            {
              label: 'Principal',
              value: <span data-testid="preview-principal">{formatNaira(totals?.principal)}</span>,
            },
            { label: 'Interest', value: <span data-testid="preview-interest">{formatNaira(totals?.interest)}</span> },
            {
              label: 'Total repayable',
              value: <span data-testid="preview-total">{formatNaira(totals?.payment)}</span>,
            },
          ]}
        />
        {fees && (
          <KeyValuePairs
            columns={3}
            items={[
              {
                label: 'Charge (kept back)',
                value: <span data-testid="preview-charge">{formatNaira(fees.charge)}</span>,
              },
              {
                label: 'Upfront interest (kept back)',
                value: <span data-testid="preview-upfront">{formatNaira(fees.upfront_interest)}</span>,
              },
              {
                label: 'Paid out to the applicant',
                value: <span data-testid="preview-paid-out">{formatNaira(fees.paid_out)}</span>,
              },
            ]}
          />
        )}
        <ScheduleTable rows={preview.data?.rows ?? []} loading={preview.isPending} label="Schedule preview" />
      </SpaceBetween>
    );
  }
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="The repayments this loan would have, and what is kept back from it when it is paid out"
        >
          Schedule preview
        </Header>
      }
      fitHeight
    >
      {content}
    </Container>
  );
}

/** What was just applied for, and where to follow it: the form itself clears for another application. */
function SubmittedApplication({ loan, own, onDismiss }: { loan: Loan; own: boolean; onDismiss: () => void }) {
  const sureties = loan.sureties.map((surety) => surety.member.name || surety.member_id).join(' and ');
  return (
    <Alert
      type="success"
      dismissible
      onDismiss={onDismiss}
      header="Application submitted"
      data-testid="application-submitted"
    >
      {loan.product.name} of {formatNaira(loan.loan_amount)} for {loan.tenure} {loan.tenure_type.toLowerCase()}
      {sureties ? `: ${sureties} have been asked to stand surety.` : '.'} It awaits approval; follow it in{' '}
      <Link href={own ? '/member/loans' : '/loans/applications'}>{own ? 'Loan history' : 'Loan applications'}</Link>.
    </Alert>
  );
}

interface LoanApplicationFormProps {
  /** The applicant's member number: the signed-in member, or the member staff apply for. */
  applicantId: string;
  /** Called after a successful application (the member detail switches to the history). */
  onApplied?: () => void;
}

/**
 * The loan application form (spec 000 section 5, Loan application) with the schedule preview
 * beside it. Choosing a product fills in its terms. The penal charge is the product's, read-only
 * for everyone; an applicant applying for their own loan (a member or executive, or staff for
 * themselves) sees the product's rate and today's date read-only, as the server sets them; staff
 * applying for a member choose a rate in the product's range and a date no later than today.
 */
export function LoanApplicationForm({ applicantId, onApplied }: LoanApplicationFormProps) {
  const ownLoan = isOwnAccount(useSession()?.user, applicantId);
  const setups = useEntityOptions<LoanSetup>(ENDPOINTS.loanSetups);
  const methods = useLookup('GET /calculation-method');
  const apply = useApplyLoan();
  const [submitted, setSubmitted] = useState<Loan | null>(null);
  const [sureties, setSureties] = useState<{ surety1: SelectProps.Option | null; surety2: SelectProps.Option | null }>({
    surety1: null,
    surety2: null,
  });
  const products = useMemo(() => loanProductChoices(setups.records), [setups.records]);
  const schema = useMemo(() => applicationSchemaFor(products, ownLoan, today), [products, ownLoan]);
  const { control, handleSubmit, reset, setError, setValue } = useZodForm<FormValues>(schema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: emptyApplication(today()),
  });

  const charges = useMemo(() => chargeChoices(setups.records), [setups.records]);
  const methodChoices = useMemo(
    () => (methods.data ?? []).map((method) => ({ value: String(method.id), label: method.name })),
    [methods.data],
  );
  const productId = useWatch({ control, name: 'loan_product_id' });
  const chosenSetup = products.find((product) => product.value === productId)?.setup;

  const choose = (value: string) => {
    const setup = products.find((product) => product.value === value)?.setup;
    if (!setup) return;
    for (const [name, derived] of Object.entries(setupPrefill(setup)))
      setValue(name, derived ?? '', { shouldValidate: true });
  };

  const submit = handleSubmit((values) =>
    apply.mutate(applicationBody(values, applicantId), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        setSubmitted(envelope.data);
        reset(emptyApplication(today()));
        setSureties({ surety1: null, surety2: null });
        onApplied?.();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, LOAN_FIELDS)) notificationsStore.notify('error', errorMessage(error));
      },
    }),
  );

  const suretyField = (name: 'surety1' | 'surety2', label: string) => {
    const other = name === 'surety1' ? sureties.surety2 : sureties.surety1;
    return (
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <FormField label={label} errorText={fieldState.error?.message}>
            <MemberSelect
              label={label}
              selected={sureties[name]}
              exclude={[applicantId, ...(other?.value ? [other.value] : [])]}
              invalid={fieldState.invalid}
              onChange={(option) => {
                setSureties((current) => ({ ...current, [name]: option }));
                field.onChange(option.value ?? '');
              }}
              onBlur={field.onBlur}
            />
          </FormField>
        )}
      />
    );
  };

  return (
    <Grid gridDefinition={[{ colspan: { default: 12, l: 7 } }, { colspan: { default: 12, l: 5 } }]}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Loan application">
        <Container
          header={
            <Header variant="h2" description={`Applicant ${applicantId}`}>
              Loan application
            </Header>
          }
        >
          <Form
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="link"
                  formAction="none"
                  onClick={() => {
                    reset(emptyApplication(today()));
                    setSureties({ surety1: null, surety2: null });
                  }}
                >
                  Clear
                </Button>
                <Button variant="primary" formAction="submit" loading={apply.isPending}>
                  Apply
                </Button>
              </SpaceBetween>
            }
          >
            <SpaceBetween size="m">
              {submitted && (
                <SubmittedApplication loan={submitted} own={ownLoan} onDismiss={() => setSubmitted(null)} />
              )}
              <ColumnLayout columns={2}>
                <SelectField
                  control={control}
                  name="loan_product_id"
                  label="Loan product"
                  options={products}
                  loading={setups.isPending}
                  onChosen={choose}
                />
                <InputField control={control} name="loan_amount" label="Loan amount" placeholder="0.00" />
                <InputField
                  control={control}
                  name="interest_rate"
                  label="Interest rate (%)"
                  constraintText={rateHint(ownLoan, chosenSetup)}
                  readOnly={ownLoan}
                />
                <SelectField
                  control={control}
                  name="calculation_method_id"
                  label="Calculation method"
                  options={methodChoices}
                  loading={methods.isPending}
                />
                <InputField control={control} name="tenure" label="Tenure" />
                <SelectField
                  control={control}
                  name="tenure_type"
                  label="Tenure type"
                  options={TENURE_TYPE_CHOICES}
                  shownValue={tenureChoiceOf}
                />
                <DateField control={control} name="payment_start_date" label="Repayment start date" />
                {ownLoan ? (
                  <DateField
                    control={control}
                    name="date"
                    label="Application date"
                    constraintText="Today: an application is dated the day it is made"
                    readOnly
                  />
                ) : (
                  <DateField
                    control={control}
                    name="date"
                    label="Application date"
                    constraintText="Today or earlier"
                    isDateEnabled={notAfterToday}
                  />
                )}
                <SelectField
                  control={control}
                  name="charge_id"
                  label="Charge"
                  options={charges}
                  loading={setups.isPending}
                />
                <InputField
                  control={control}
                  name="charge_amount"
                  label={`Charge (${chargeUnit(chosenSetup)})`}
                  constraintText="The product's charge, kept back from the loan when it is paid out"
                  readOnly
                />
                <FormField label="Penal charge" constraintText="The product's penal charge">
                  <Input value={chosenSetup ? penalText(chosenSetup) : ''} readOnly />
                </FormField>
                <InputField control={control} name="upfront" label="Upfront (%)" />
                <SelectField control={control} name="source" label="Source" options={SOURCE_CHOICES} />
                <SelectField
                  control={control}
                  name="repayment_type"
                  label="Repayment type"
                  options={REPAYMENT_CHOICES}
                />
                {suretyField('surety1', 'First surety')}
                {suretyField('surety2', 'Second surety')}
              </ColumnLayout>
            </SpaceBetween>
          </Form>
        </Container>
      </form>
      <SchedulePreviewPanel control={control} />
    </Grid>
  );
}
