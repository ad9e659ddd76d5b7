import { useEffect, useMemo } from 'react';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import { clientProfileSchema } from '@coopledger/shared/schemas/client';
import { errorMessage } from '../../api/api-error';
import { useClientProfile, useSaveClientProfile } from '../../api/client-profile';
import type { FormValues } from '../../api/entities';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { FieldControl } from '../../components/crud/field-control';
import type { FieldDef } from '../../components/crud/field-defs';
import { valuesFrom } from '../../components/crud/field-defs';
import { useZodForm, withoutBlanks } from '../../forms/zod-form';
import { SetupPage } from './setup-page';

const FIELDS: FieldDef[] = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'phone', label: 'Phone' },
  { name: 'address', label: 'Location' },
  { name: 'website', label: 'Website - optional', placeholder: 'https://' },
];

/** /setup/client: the profile of the organisation running the platform (super-admin). */
export function ClientSetupPage() {
  const { data } = useClientProfile();
  const initial = useMemo(() => valuesFrom(FIELDS, data ?? null), [data]);
  const { control, handleSubmit, reset, setValue } = useZodForm<FormValues>(clientProfileSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: initial,
  });
  useEffect(() => reset(initial), [initial, reset]);
  const save = useSaveClientProfile();
  const submit = handleSubmit((values) =>
    save.mutate(withoutBlanks(values), {
      onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
    }),
  );
  return (
    <SetupPage title="Client setup" description="The organisation running CoopLedger, as shown to cooperatives">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Client form">
        <Form
          errorText={save.error ? errorMessage(save.error) : undefined}
          actions={
            <Button variant="primary" formAction="submit" loading={save.isPending}>
              Save changes
            </Button>
          }
        >
          <Container header={<Header variant="h2">Client profile</Header>}>
            <ColumnLayout columns={2}>
              {FIELDS.map((field) => (
                <FieldControl key={field.name} field={field} control={control} setValue={setValue} />
              ))}
            </ColumnLayout>
          </Container>
        </Form>
      </form>
    </SetupPage>
  );
}
