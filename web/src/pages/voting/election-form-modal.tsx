import { Controller, useFieldArray } from 'react-hook-form';
import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MAX_POSITIONS_ON_CREATE, electionSchema } from '@coopledger/shared/schemas/voting';
import { errorMessage } from '../../api/api-error';
import type { ElectionView } from '../../api/voting';
import { useSaveElection } from '../../api/voting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { DateField } from '../../components/forms/date-field';
import { FormModal } from '../../components/forms/form-modal';
import { TextField } from '../../components/forms/text-field';
import { SelectField } from '../../components/forms/select-field';
import { TextareaField } from '../../components/forms/textarea-field';
import { STATUS_CHOICES } from '../../components/crud/field-defs';
import type { ElectionFormValues } from './election-form-values';
import { blankPosition, electionBody, electionFields, electionValuesOf, emptyElection } from './election-form-values';
import { useZodForm } from '../../forms/zod-form';

function ElectionForm({ election, onClose }: { election: ElectionView | null; onClose: () => void }) {
  const creating = election === null;
  const save = useSaveElection();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm<ElectionFormValues>(electionSchema, {
    keepValues: true,
    defaultValues: election ? electionValuesOf(election) : emptyElection(),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'positions' });

  const submit = handleSubmit((values) =>
    save.mutate(
      { electionId: election?.id ?? null, body: electionBody(values, creating) },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onClose();
        },
        onError: (error) => applyFieldErrors(error, setError, electionFields(values.positions.length)),
      },
    ),
  );

  const header = creating ? 'New Election' : `Edit ${election.name}`;
  return (
    <FormModal
      header={header}
      size="large"
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText={creating ? 'Create election' : 'Save changes'}
      pending={save.isPending}
      error={save.error ? errorMessage(save.error) : null}
    >
      <TextField control={control} name="name" label="Name" />
      <TextareaField control={control} name="description" label="Description" rows={2} />
      <ColumnLayout columns={3}>
        <DateField control={control} name="start_date" label="Start date" />
        <DateField control={control} name="end_date" label="End date" description="Voting is open on both days" />
        <SelectField
          control={control}
          name="status"
          label="Status"
          options={STATUS_CHOICES}
          description="Members vote only in an active election"
        />
      </ColumnLayout>
      {creating && (
        <SpaceBetween size="s">
          <Header variant="h3" description="The offices members vote for. More can be added later in Manage Positions.">
            Positions
          </Header>
          {/* The first line has the add button, the others their own remove button (spec 001). */}
          <AttributeEditor<(typeof fields)[number]>
            items={fields}
            addButtonText="Add position"
            disableAddButton={fields.length >= MAX_POSITIONS_ON_CREATE}
            removeButtonText="Remove"
            removeButtonAriaLabel={(item) => `Remove position ${fields.indexOf(item) + 1}`}
            isItemRemovable={(item) => fields.indexOf(item) > 0}
            onAddButtonClick={() => append(blankPosition())}
            onRemoveButtonClick={({ detail }) => remove(detail.itemIndex)}
            definition={[
              {
                label: 'Position name',
                control: (_item, index) => (
                  <Controller
                    control={control}
                    name={`positions.${index}.name`}
                    render={({ field }) => (
                      <Input
                        ref={field.ref}
                        ariaLabel={`Position ${index + 1} name`}
                        value={field.value}
                        onChange={({ detail }) => field.onChange(detail.value)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                ),
                errorText: (_item, index) => errors.positions?.[index]?.name?.message,
              },
              {
                label: 'Position description',
                control: (_item, index) => (
                  <Controller
                    control={control}
                    name={`positions.${index}.description`}
                    render={({ field }) => (
                      <Input
                        ref={field.ref}
                        ariaLabel={`Position ${index + 1} description`}
                        value={field.value}
                        onChange={({ detail }) => field.onChange(detail.value)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                ),
                errorText: (_item, index) => errors.positions?.[index]?.description?.message,
              },
            ]}
          />
        </SpaceBetween>
      )}
    </FormModal>
  );
}

/** New Election (with its first positions) and Edit, from the polls page (spec 001 "Polls and elections"). */
export function ElectionFormModal({
  target,
  onClose,
}: {
  target: { election: ElectionView | null } | null;
  onClose: () => void;
}) {
  if (!target) return null;
  // A fresh form for each election opened, so nothing of the previous one lingers.
  return <ElectionForm key={target.election?.id ?? 'new'} election={target.election} onClose={onClose} />;
}
