import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { z } from 'zod';
import { errorMessage } from '../../api/api-error';
import type { EntityEndpoint, EntityRecord, FormValues } from '../../api/entities';
import { useSaveEntity } from '../../api/entities';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../forms/apply-field-errors';
import { FieldControl } from './field-control';
import type { FieldDef } from './field-defs';
import { valuesFrom } from './field-defs';
import { useZodForm, withoutBlanks } from '../../forms/zod-form';

export interface EntityFormProps<R extends EntityRecord> {
  endpoint: EntityEndpoint;
  /** 'department': the form's header and buttons. */
  noun: string;
  fields: readonly FieldDef[];
  schema: z.ZodType;
  /** The schema of an update when it differs (a user's password is optional then). */
  updateSchema?: z.ZodType;
  editing: R | null;
  /** Form values of a record, when reading them takes more than the field names. */
  valuesOf?: (record: R) => FormValues;
  /** The request body, when the API wants something other than the typed text. */
  toBody?: (values: FormValues) => Record<string, unknown>;
  onDone: () => void;
  formColumns?: 1 | 2 | 3;
  /** Above the fields (a generated code's notice). */
  children?: ReactNode;
}

/** The add/edit form of a setup entity: create when nothing is selected, update the selection otherwise. */
export function EntityForm<R extends EntityRecord>(props: EntityFormProps<R>) {
  const { endpoint, noun, editing, valuesOf, toBody, onDone } = props;
  const fields = useMemo(
    () => props.fields.filter((f) => !f.only || f.only === (editing ? 'edit' : 'create')),
    [props.fields, editing],
  );
  const initial = useMemo(
    () => (editing && valuesOf ? { ...valuesFrom(fields, null), ...valuesOf(editing) } : valuesFrom(fields, editing)),
    [fields, editing, valuesOf],
  );
  const schema = editing && props.updateSchema ? props.updateSchema : props.schema;
  // Checked on blur first, then as the person types, so a message goes away as soon as it is
  // answered rather than when the next click lands (and shifts the form under it).
  const { control, handleSubmit, reset, setError, setValue } = useZodForm<FormValues>(schema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: initial,
  });
  const save = useSaveEntity(endpoint);
  const clearSaveError = save.reset;
  // Keyed on the values, not the object: choices loading rebuild the fields, and must not wipe
  // what has been typed; only another record (or another generated code) resets the form.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    reset(JSON.parse(initialKey) as FormValues);
    clearSaveError();
  }, [initialKey, reset, clearSaveError]);

  const submit = handleSubmit((values) =>
    save.mutate(
      { id: editing?.id ?? null, body: toBody ? toBody(withoutBlanks(values)) : withoutBlanks(values) },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          reset(valuesFrom(fields, null));
          onDone();
        },
        onError: (error) =>
          applyFieldErrors(
            error,
            setError,
            fields.map((f) => f.name),
          ),
      },
    ),
  );
  const cancel = () => {
    save.reset();
    reset(valuesFrom(fields, null));
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`${capitalise(noun)} form`}>
      <Form
        errorText={save.error ? errorMessage(save.error) : undefined}
        errorIconAriaLabel="Error"
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {editing && (
              <Button formAction="none" variant="link" onClick={cancel}>
                Cancel
              </Button>
            )}
            <Button variant="primary" formAction="submit" loading={save.isPending}>
              {editing ? 'Save changes' : `Add ${noun}`}
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">{editing ? `Edit ${noun}` : `New ${noun}`}</Header>}>
          <SpaceBetween size="m">
            {props.children}
            <ColumnLayout columns={props.formColumns ?? 1}>
              {fields.map((field) => (
                <FieldControl key={field.name} field={field} control={control} setValue={setValue} />
              ))}
            </ColumnLayout>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
