import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import type { Control } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import type { SelectProps } from '@cloudscape-design/components/select';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { loanApplicationSchema } from '@coopledger/shared/schemas/loans';
import { errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import { useEntityOptions, useLookup } from '../../api/entities';
import { useApplyLoan, useSchedulePreview } from '../../api/loans';
import type { CalculationMethod, LoanSetup } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { schemaResolver } from '../../components/crud/schema-resolver';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { toApiDate } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { useSession } from '../../session/use-session';
import { ScheduleTable } from './loan-details-modal';
import type { LoanField } from './loan-helpers';
import {
  applicationBody,
  chargeChoices,
  emptyApplication,
  LOAN_FIELDS,
  loanProductChoices,
  previewBody,
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

function SelectField({ control, name, label, description, options, loading, disabled, shownValue, onChosen }: FieldProps & { options: readonly Choice[]; loading?: boolean; disabled?: boolean; shownValue?: (value: string) => string; onChosen?: (value: string) => void }) {
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

function InputField({ control, name, label, description, disabled, placeholder, constraintText }: FieldProps & { disabled?: boolean; placeholder?: string; constraintText?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} description={description} errorText={fieldState.error?.message} constraintText={constraintText}>
          <Input
            ref={field.ref}
            name={field.name}
            type="number"
            inputMode="decimal"
            value={field.value ?? ''}
            disabled={disabled}
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
  const watched = useWatch({ control, name: ['loan_amount', 'interest_rate', 'tenure', 'tenure_type', 'calculation_method_id', 'payment_start_date'] });
  const [loan_amount, interest_rate, tenure, tenure_type, calculation_method_id, payment_start_date] = watched;
  const body = useMemo(
    () => previewBody({ loan_amount, interest_rate, tenure, tenure_type, calculation_method_id, payment_start_date }),
    [loan_amount, interest_rate, tenure, tenure_type, calculation_method_id, payment_start_date],
  );
  const settled = useDebouncedValue(body, 500);
  const preview = useSchedulePreview(settled);
  const totals = preview.data?.totals;
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
            { label: 'Principal', value: <span data-testid="preview-principal">{formatNaira(totals?.principal)}</span> },
            { label: 'Interest', value: <span data-testid="preview-interest">{formatNaira(totals?.interest)}</span> },
            { label: 'Total repayable', value: <span data-testid="preview-total">{formatNaira(totals?.payment)}</span> },
          ]}
        />
        <ScheduleTable rows={preview.data?.rows ?? []} loading={preview.isPending} label="Schedule preview" />
      </SpaceBetween>
    );
  }
  return (
    <Container header={<Header variant="h2" description="The repayments this loan would have">Schedule preview</Header>} fitHeight>
      {content}
    </Container>
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
 * beside it. Choosing a product fills in its terms; a cooperative-member cannot change the rate.
 */
export function LoanApplicationForm({ applicantId, onApplied }: LoanApplicationFormProps) {
  const role = useSession()?.role;
  const today = toApiDate(new Date());
  const setups = useEntityOptions<LoanSetup>(ENDPOINTS.loanSetups);
  const methods = useLookup<CalculationMethod>('/calculation-method');
  const apply = useApplyLoan();
  const [sureties, setSureties] = useState<{ surety1: SelectProps.Option | null; surety2: SelectProps.Option | null }>({ surety1: null, surety2: null });
  const { control, handleSubmit, reset, setError, setValue } = useForm<FormValues>({
    mode: 'onBlur',
    resolver: schemaResolver(loanApplicationSchema),
    defaultValues: emptyApplication(today),
  });

  const products = useMemo(() => loanProductChoices(setups.records), [setups.records]);
  const charges = useMemo(() => chargeChoices(setups.records), [setups.records]);
  const methodChoices = useMemo(() => (methods.data ?? []).map((method) => ({ value: String(method.id), label: method.name })), [methods.data]);
  const productId = useWatch({ control, name: 'loan_product_id' });
  const chosenSetup = products.find((product) => product.value === productId)?.setup;
  const rateHint = chosenSetup ? `Between ${chosenSetup.min_int_rate}% and ${chosenSetup.max_int_rate}% a year` : 'Percent a year';

  const choose = (value: string) => {
    const setup = products.find((product) => product.value === value)?.setup;
    if (!setup) return;
    for (const [name, derived] of Object.entries(setupPrefill(setup))) setValue(name, derived ?? '', { shouldValidate: true });
  };

  const submit = handleSubmit((values) =>
    apply.mutate(applicationBody(values, applicantId), {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        reset(emptyApplication(toApiDate(new Date())));
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
        <Container header={<Header variant="h2" description={`Applicant ${applicantId}`}>Loan application</Header>}>
          <Form
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="link"
                  formAction="none"
                  onClick={() => {
                    reset(emptyApplication(toApiDate(new Date())));
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
              <ColumnLayout columns={2}>
                <SelectField control={control} name="loan_product_id" label="Loan product" options={products} loading={setups.isPending} onChosen={choose} />
                <InputField control={control} name="loan_amount" label="Loan amount" placeholder="0.00" />
                <InputField control={control} name="interest_rate" label="Interest rate (%)" constraintText={rateHint} disabled={role === 'cooperative-member'} />
                <SelectField control={control} name="calculation_method_id" label="Calculation method" options={methodChoices} loading={methods.isPending} />
                <InputField control={control} name="tenure" label="Tenure" />
                <SelectField control={control} name="tenure_type" label="Tenure type" options={TENURE_TYPE_CHOICES} shownValue={tenureChoiceOf} />
                <DateField control={control} name="payment_start_date" label="Repayment start date" />
                <DateField control={control} name="date" label="Application date" />
                <SelectField control={control} name="charge_id" label="Charge" options={charges} loading={setups.isPending} />
                <InputField control={control} name="charge_amount" label="Charge amount" />
                <InputField control={control} name="penal_charge" label="Penal charge" />
                <InputField control={control} name="upfront" label="Upfront (%)" />
                <SelectField control={control} name="source" label="Source" options={SOURCE_CHOICES} />
                <SelectField control={control} name="repayment_type" label="Repayment type" options={REPAYMENT_CHOICES} />
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
