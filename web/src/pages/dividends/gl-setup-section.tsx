import { useEffect, useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DividendGlField } from '@coopledger/shared/schemas/dividends';
import {
  DIVIDEND_GL_FIELDS,
  DIVIDEND_GL_FIELD_NAMES,
  dividendGlSetupSchema,
} from '@coopledger/shared/schemas/dividends';
import { errorMessage } from '../../api/api-error';
import type { DividendGlRef, DividendGlSetupView } from '../../api/dividends';
import { useDividendGlSetup, useSaveDividendGlSetup } from '../../api/dividends';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { SelectField } from '../../components/forms/select-field';
import { useZodForm } from '../../forms/zod-form';
import { formatDateTime } from '../../format/dates';

type GlSetupValues = Record<DividendGlField, string>;

const refText = (ref: DividendGlRef) => `${ref.code} ${ref.name}`;

function valuesOf(setup: DividendGlSetupView['setup']): GlSetupValues {
  return Object.fromEntries(
    DIVIDEND_GL_FIELD_NAMES.map((field) => [field, setup?.[field].code ?? '']),
  ) as GlSetupValues;
}

function lastSaved(setup: DividendGlSetupView['setup']): string | undefined {
  return setup ? `Last saved by ${setup.updated_by} on ${formatDateTime(setup.updated_at)}` : undefined;
}

/**
 * The four dividend GL accounts. An admin chooses each among the active accounts of the classes its
 * field allows (the server's `choices`) and saves; anyone else who may read them sees them as text.
 */
export function GlSetupSection({ canSave }: { canSave: boolean }) {
  const { data, isPending } = useDividendGlSetup();
  const setup = data?.setup ?? null;
  return (
    <SpaceBetween size="l">
      {!isPending && setup === null && (
        <Alert type="info">Set the dividend GL accounts before computing a dividend.</Alert>
      )}
      {canSave ? (
        <GlSetupForm view={data} loading={isPending} />
      ) : (
        <Container
          header={
            <Header variant="h2" description={lastSaved(setup)}>
              GL setup
            </Header>
          }
        >
          <KeyValuePairs
            ariaLabel="Dividend GL accounts"
            columns={2}
            items={DIVIDEND_GL_FIELD_NAMES.map((field) => ({
              label: DIVIDEND_GL_FIELDS[field].label,
              value: setup ? refText(setup[field]) : isPending ? 'Loading' : 'Not set',
            }))}
          />
        </Container>
      )}
    </SpaceBetween>
  );
}

function GlSetupForm({ view, loading }: { view: DividendGlSetupView | undefined; loading: boolean }) {
  const setup = view?.setup ?? null;
  // Structural sharing keeps `setup` the same object while the saved accounts are unchanged, so a
  // refetch (the window refocused) does not throw away choices being made.
  const initial = useMemo(() => valuesOf(setup), [setup]);
  const { control, handleSubmit, reset, setError } = useZodForm<GlSetupValues>(dividendGlSetupSchema, {
    keepValues: true,
    defaultValues: initial,
  });
  useEffect(() => reset(initial), [initial, reset]);
  const save = useSaveDividendGlSetup();
  const [formError, setFormError] = useState<string | null>(null);
  const options = useMemo(
    () =>
      Object.fromEntries(
        DIVIDEND_GL_FIELD_NAMES.map((field) => [
          field,
          (view?.choices[field] ?? []).map((ref) => ({ value: ref.code, label: refText(ref) })),
        ]),
      ) as Record<DividendGlField, { value: string; label: string }[]>,
    [view],
  );
  const submit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
      onError: (error) =>
        setFormError(applyFieldErrors(error, setError, DIVIDEND_GL_FIELD_NAMES) ? null : errorMessage(error)),
    });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="GL setup form">
      <Form
        errorText={formError ?? undefined}
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending} disabled={loading}>
            Save
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description={lastSaved(setup)}>
              GL setup
            </Header>
          }
        >
          <ColumnLayout columns={2}>
            {DIVIDEND_GL_FIELD_NAMES.map((field) => (
              <SelectField
                key={field}
                control={control}
                name={field}
                label={DIVIDEND_GL_FIELDS[field].label}
                options={options[field]}
                loading={loading}
                empty="No active account of this kind. Add one under Setup, Chart of accounts."
              />
            ))}
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}
