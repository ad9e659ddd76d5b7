import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Wizard from '@cloudscape-design/components/wizard';
import type { z } from 'zod';
import { ACCOUNT_TYPES, GENDERS, MARITAL_STATUSES } from '@coopledger/shared/schemas/members';
import { errorMessage } from '../../api/api-error';
import type { Envelope } from '@coopledger/shared/envelope';
import type { FormValues } from '../../api/entities';
import { useLookup } from '../../api/entities';
import type { Named } from '../../api/members';
import { usePlaceChoices } from './place-choices';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { FieldControl } from '../../components/crud/field-control';
import type { Choice, FieldDef } from '../../components/crud/field-defs';
import { choicesOf, valuesFrom } from '../../components/crud/field-defs';
import { requiredFields } from '../../forms/required-fields';
import { useZodForm, withoutBlanks } from '../../forms/zod-form';
import { useBankChoices } from '../setup/use-choices';

const STEP_TITLES = ['Staff Info', 'Work', 'Bank', 'Next of Kin', 'Emergency'] as const;
export const LAST_STEP = STEP_TITLES.length - 1;

/** The wizard's step index, kept within 0..4 (spec section 4). */
export const clampStep = (index: number): number =>
  Math.min(LAST_STEP, Math.max(0, Math.trunc(Number.isFinite(index) ? index : 0)));

const fixed = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));
const LEVELS: Choice[] = Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: `Level ${i + 1}` }));
export const ROLE_CHOICES: Choice[] = [
  { value: 'cooperative-member', label: 'Member' },
  { value: 'cooperative-executive', label: 'Executive' },
];

interface MemberWizardProps {
  /** 'member': the admin's form (staff ID and role); 'pending': the public registration. */
  variant: 'member' | 'pending';
  schema: z.ZodType;
  departments: readonly Named[];
  departmentsLoading: boolean;
  submit: (body: Record<string, unknown>) => Promise<Envelope<unknown>>;
  submitting: boolean;
  onSuccess: (message: string) => void;
}

/** The five-step member form: Staff Info, Work, Bank, Next of Kin, Emergency. */
export function MemberWizard({
  variant,
  schema,
  departments,
  departmentsLoading,
  submit,
  submitting,
  onSuccess,
}: MemberWizardProps) {
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const banks = useBankChoices();
  const countries = useLookup('GET /utilities/countries');

  const steps = useMemo<FieldDef[][]>(() => {
    const staff: FieldDef[] = [
      ...(variant === 'member' ? [{ name: 'staff_id', label: 'Staff ID' } satisfies FieldDef] : []),
      { name: 'firstname', label: 'First name' },
      { name: 'middlename', label: 'Middle name' },
      { name: 'lastname', label: 'Last name' },
      { name: 'email', label: 'Email', kind: 'email' },
      { name: 'phone', label: 'Phone' },
      { name: 'gender', label: 'Gender', kind: 'select', options: fixed(GENDERS) },
      { name: 'marital_status', label: 'Marital status', kind: 'select', options: fixed(MARITAL_STATUSES) },
      { name: 'dob', label: 'Date of birth', kind: 'date' },
      { name: 'religion', label: 'Religion' },
      { name: 'country_id', label: 'Country', kind: 'select', options: [], loading: countries.isPending },
      { name: 'state_id', label: 'State', kind: 'select', options: [] },
      { name: 'current_address', label: 'Current address', kind: 'textarea' },
      { name: 'savings_amount', label: 'Monthly savings amount', kind: 'number' },
      ...(variant === 'member'
        ? [
            {
              name: 'role_id',
              label: 'Member role',
              kind: 'select',
              options: ROLE_CHOICES,
              initial: 'cooperative-member',
            } satisfies FieldDef,
          ]
        : []),
    ];
    const work: FieldDef[] = [
      { name: 'level', label: 'Level', kind: 'select', options: LEVELS },
      {
        name: 'department_id',
        label: 'Department',
        kind: 'select',
        options: choicesOf(
          departments,
          (d) => d.id,
          (d) => d.name,
        ),
        loading: departmentsLoading,
      },
      { name: 'date_joined', label: 'Date joined', kind: 'date' },
      { name: 'official_email', label: 'Official email', kind: 'email' },
      { name: 'official_phone', label: 'Official phone' },
    ];
    const bank: FieldDef[] = [
      { name: 'bank_id', label: 'Bank', kind: 'select', options: banks.options, loading: banks.loading },
      { name: 'branch', label: 'Branch' },
      { name: 'account_type', label: 'Account type', kind: 'select', options: fixed(ACCOUNT_TYPES) },
      { name: 'account_no', label: 'Account number' },
      { name: 'account_name', label: 'Account name' },
      { name: 'sort_code', label: 'Sort code' },
    ];
    const nok: FieldDef[] = [
      { name: 'nok_name', label: 'Next of kin name' },
      { name: 'nok_address', label: 'Next of kin address' },
      { name: 'nok_phone', label: 'Next of kin phone' },
      { name: 'nok_email', label: 'Next of kin email', kind: 'email' },
    ];
    const emergency: FieldDef[] = [
      { name: 'contact_name', label: 'Contact name' },
      { name: 'contact_address', label: 'Contact address' },
      { name: 'contact_phone', label: 'Contact phone' },
      { name: 'contact_email', label: 'Contact email', kind: 'email' },
    ];
    return [staff, work, bank, nok, emergency];
  }, [variant, departments, departmentsLoading, banks.options, banks.loading, countries.isPending]);

  // Required fields are marked from the start, not only once Next has refused them.
  const required = useMemo(() => requiredFields(schema), [schema]);
  const allFields = useMemo(() => steps.flat(), [steps]);
  const blank = useMemo(() => valuesFrom(allFields, null), [allFields]);
  const { control, getValues, handleSubmit, reset, setError, setValue, trigger, watch } = useZodForm<FormValues>(
    schema,
    {
      keepValues: true,
      blankIsMissing: true,
      defaultValues: blank,
    },
  );
  const countryId = watch('country_id') ?? '';
  const { states, countryOptions, stateOptions } = usePlaceChoices(countryId);

  const fieldOf = (plain: FieldDef): FieldDef => {
    const def = required.has(plain.name) ? { ...plain, required: true } : plain;
    if (def.name === 'country_id') return { ...def, options: countryOptions, derive: () => ({ state_id: '' }) };
    if (def.name === 'state_id')
      return {
        ...def,
        options: stateOptions,
        loading: countryId !== '' && states.isPending,
        placeholder: countryId ? 'Choose state' : 'Choose a country first',
      };
    return def;
  };

  const goTo = async (requested: number) => {
    const next = clampStep(requested);
    if (next > step) {
      const names = steps
        .slice(0, next)
        .flat()
        .map((f) => f.name);
      if (!(await trigger(names))) {
        // The refused fields are checked again as they are typed in, so each message goes as it is
        // put right, not on leaving the field: a message that vanished on the way to Next moved the
        // button from under the pointer, and that press was lost.
        for (const name of steps[step]?.map((f) => f.name) ?? [])
          setValue(name, getValues(name), { shouldTouch: true });
        return;
      }
    }
    setStep(next);
  };

  const send = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const envelope = await submit(withoutBlanks(values));
      reset(blank);
      setStep(0);
      onSuccess(envelope.message);
    } catch (error) {
      const names = allFields.map((f) => f.name);
      applyFieldErrors(error, setError, names);
      setFailure(errorMessage(error));
      // Back to the first step that holds a refused field.
      const first = steps.findIndex((fields) =>
        fields.some((f) => f.name in ((error as { fieldErrors?: object }).fieldErrors ?? {})),
      );
      if (first >= 0) setStep(first);
    }
  });

  return (
    <form
      onSubmit={(event) => event.preventDefault()}
      noValidate
      aria-label={variant === 'member' ? 'Member form' : 'Membership form'}
    >
      <Wizard
        activeStepIndex={clampStep(step)}
        isLoadingNextStep={submitting}
        onNavigate={({ detail }) => void goTo(detail.requestedStepIndex)}
        onSubmit={() => void send()}
        submitButtonText="Submit"
        allowSkipTo={false}
        i18nStrings={{
          stepNumberLabel: (n) => `Step ${n}`,
          collapsedStepsLabel: (n, total) => `Step ${n} of ${total}`,
          navigationAriaLabel: 'Steps',
          previousButton: 'Previous',
          nextButton: 'Next',
          optional: 'optional',
        }}
        steps={steps.map((fields, index) => ({
          title: STEP_TITLES[index] ?? '',
          errorText: index === step && failure ? failure : undefined,
          content: (
            <Container>
              <SpaceBetween size="m">
                <Box variant="small">Fields marked * are required.</Box>
                {index === 0 && variant === 'member' && (
                  <Alert type="info">The sign-in details are emailed to the member when the form is submitted.</Alert>
                )}
                <ColumnLayout columns={2}>
                  {fields.map((def) => (
                    <FieldControl key={def.name} field={fieldOf(def)} control={control} setValue={setValue} />
                  ))}
                </ColumnLayout>
              </SpaceBetween>
            </Container>
          ),
        }))}
      />
    </form>
  );
}
