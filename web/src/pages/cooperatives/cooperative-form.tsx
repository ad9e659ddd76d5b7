import { useEffect } from 'react';
import { formatNaira } from '@coopledger/shared/money';
import { PLATFORM_MAX_AMOUNT } from '@coopledger/shared/posting-rules';
import { Controller } from 'react-hook-form';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ApiError, errorMessage } from '../../api/api-error';
import type { Cooperative } from '../../api/cooperatives';
import { useSaveCooperative } from '../../api/cooperatives';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { colorsOf } from '../../app/theme/cooperative-colors';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { DateField } from '../../components/forms/date-field';
import { TextField } from '../../components/forms/text-field';
import { SelectField } from '../../components/forms/select-field';
import { DEFAULT_YEAR_START_MONTH, MONTH_NAMES } from '@coopledger/shared/financial-years';
import { ColorContrastNotice } from './color-contrast-notice';
import { ColorField } from './color-field';
import type { CooperativeFormInput } from './cooperative-form-schema';
import { COOPERATIVE_FORM_FIELDS, cooperativeFormSchema, toCooperativeFormData } from './cooperative-form-schema';
import { LogoField } from './logo-field';
import { STATUS_CHOICES } from '../../components/crud/field-defs';
import { ACTIVE_STATUS } from '@coopledger/shared/statuses';
import { useZodForm } from '../../forms/zod-form';

function valuesOf(cooperative: Cooperative | null): CooperativeFormInput {
  const colors = colorsOf(cooperative?.colors);
  return {
    name: cooperative?.name ?? '',
    code: cooperative?.code ?? '',
    email: cooperative?.email ?? '',
    phone: cooperative?.phone ?? '',
    address: cooperative?.address ?? '',
    website: cooperative?.website ?? '',
    primary_color: colors.primary,
    secondary_color: colors.secondary,
    status:
      cooperative && Number(cooperative.status) === ACTIVE_STATUS.INACTIVE
        ? `${ACTIVE_STATUS.INACTIVE}`
        : `${ACTIVE_STATUS.ACTIVE}`,
    opening_date: cooperative?.opening_date ?? '',
    max_amount: cooperative?.max_amount === undefined ? '' : String(cooperative.max_amount),
    exit_charge: cooperative?.exit_charge === undefined ? '' : String(cooperative.exit_charge),
    year_start_month: String(cooperative?.year_start_month ?? DEFAULT_YEAR_START_MONTH),
    logo: null,
  };
}

const MONTH_CHOICES = MONTH_NAMES.map((label, index) => ({ value: String(index + 1), label }));

interface CooperativeFormProps {
  /** The cooperative being edited; null creates a new one. */
  editing: Cooperative | null;
  onDone: () => void;
}

/** Cooperative Form tab: create, or edit the selected cooperative (whose code cannot change). */
export function CooperativeForm({ editing, onDone }: CooperativeFormProps) {
  const { control, handleSubmit, reset, setError, watch } = useZodForm(cooperativeFormSchema, {
    defaultValues: valuesOf(editing),
  });
  useEffect(() => reset(valuesOf(editing)), [editing, reset]);
  const save = useSaveCooperative();

  const submit = handleSubmit((values) =>
    save.mutate(
      { id: editing?.id ?? null, body: toCooperativeFormData(values) },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          reset(valuesOf(null));
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, setError, COOPERATIVE_FORM_FIELDS);
          if (error instanceof ApiError && error.status === 409)
            setError('code', { type: 'server', message: error.message });
          notificationsStore.notify('error', errorMessage(error));
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Cooperative Form">
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              formAction="none"
              variant="link"
              onClick={() => {
                reset(valuesOf(null));
                onDone();
              }}
            >
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={save.isPending}>
              {editing ? 'Save changes' : 'Create cooperative'}
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">{editing ? `Edit ${editing.name}` : 'New cooperative'}</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              <TextField control={control} name="name" label="Name" />
              <TextField
                control={control}
                name="code"
                label="Code"
                disabled={editing !== null}
                constraintText={editing ? 'The code of a cooperative cannot be changed' : 'Letters and digits, 2 to 10'}
              />
              <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
              <TextField control={control} name="phone" label="Phone" autoComplete="tel" />
              <TextField control={control} name="address" label="Address" autoComplete="street-address" />
              <TextField
                control={control}
                name="website"
                label="Website - optional"
                type="url"
                placeholder="https://"
              />
              <ColorField control={control} name="primary_color" label="Primary colour" />
              <ColorField control={control} name="secondary_color" label="Secondary colour" />
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <FormField label="Status">
                    <Select
                      selectedOption={STATUS_CHOICES.find((option) => option.value === field.value) ?? null}
                      options={STATUS_CHOICES}
                      onChange={({ detail }) => field.onChange(detail.selectedOption.value)}
                      onBlur={field.onBlur}
                    />
                  </FormField>
                )}
              />
              <DateField
                control={control}
                name="opening_date"
                label="Opening date - optional"
                description="The first day the books take postings; imports of history may go earlier. A new cooperative opens on the day it is created; only the platform's administrators may move it earlier."
              />
              <SelectField
                control={control}
                name="year_start_month"
                label="Financial year starts in"
                description={
                  editing?.closed_through
                    ? `Fixed: the years through ${editing.closed_through} are closed`
                    : 'The month the financial years start; it cannot change once a year has been closed'
                }
                options={MONTH_CHOICES}
              />
              <TextField
                control={control}
                name="max_amount"
                label="Largest single amount (₦) - optional"
                constraintText={`The most any one amount may be, at most ${formatNaira(PLATFORM_MAX_AMOUNT)} (the default)`}
              />
              <TextField
                control={control}
                name="exit_charge"
                label="Exit charge (₦)"
                constraintText="What a member pays when they leave the cooperative (0 unless set)"
              />
            </ColumnLayout>
            <ColorContrastNotice primary={watch('primary_color')} secondary={watch('secondary_color')} />
            <LogoField control={control} currentLogo={editing?.logo ?? null} name={watch('name')} />
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
