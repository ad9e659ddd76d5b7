import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { positionSchema } from '@coopledger/shared/schemas/voting';
import { errorMessage } from '../../api/api-error';
import type { ElectionView, PositionView } from '../../api/voting';
import { useSavePosition } from '../../api/voting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { TextField } from '../../components/forms/text-field';
import { SelectField } from '../../components/forms/select-field';
import { TextareaField } from '../../components/forms/textarea-field';
import { STATUS_CHOICES } from '../../components/crud/field-defs';
import { POSITION_STATUS, activeStatusOf, isActive } from '@coopledger/shared/statuses';
import { useZodForm } from '../../forms/zod-form';

interface PositionFormValues {
  election_id: string;
  name: string;
  description: string;
  status: string;
}

const FIELDS = ['name', 'description', 'status'] as const;

interface PositionFormProps {
  election: ElectionView;
  /** The position to edit, or null for a new one. */
  position: PositionView | null;
  onDone: () => void;
}

/** The Add New / Edit tab of Manage Positions. */
export function PositionForm({ election, position, onDone }: PositionFormProps) {
  const save = useSavePosition();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useZodForm<PositionFormValues>(positionSchema, {
    keepValues: true,
    defaultValues: {
      election_id: election.id,
      name: position?.name ?? '',
      description: position?.description ?? '',
      status: String(position ? position.status : POSITION_STATUS.ACTIVE),
    },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    save.mutate(
      {
        positionId: position?.id ?? null,
        body: {
          election_id: values.election_id,
          name: values.name.trim(),
          description: values.description.trim() || undefined,
          status: activeStatusOf(isActive(values.status)),
        },
      },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, setError, FIELDS);
          setServerError(errorMessage(error));
        },
      },
    );
  });

  const label = position ? `Edit position ${position.name}` : 'Add position';
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onDone}>
              Cancel
            </Button>
            <Button variant="primary" loading={save.isPending}>
              {position ? 'Save position' : 'Add position'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {serverError && <Alert type="error">{serverError}</Alert>}
          <TextField control={control} name="name" label="Name" />
          <TextareaField control={control} name="description" label="Description" rows={2} />
          <SelectField control={control} name="status" label="Status" options={STATUS_CHOICES} />
        </SpaceBetween>
      </Form>
    </form>
  );
}
