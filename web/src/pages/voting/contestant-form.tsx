import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { contestantSchema } from '@coopledger/shared/schemas/voting';
import { errorMessage } from '../../api/api-error';
import type { ContestantView, ElectionView, PositionView } from '../../api/voting';
import { useContestants, useSaveContestant } from '../../api/voting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { MemberSelect } from '../../components/forms/member-select';
import { SelectField } from '../../components/forms/select-field';
import { TextareaField } from '../../components/forms/textarea-field';
import { STATUS_CHOICES } from '../../components/crud/field-defs';
import { CONTESTANT_STATUS, activeStatusOf, isActive } from '@coopledger/shared/statuses';
import { useZodForm } from '../../forms/zod-form';

interface ContestantFormValues {
  coop_id: string;
  position_id: string;
  manifesto: string;
  status: string;
  election_id: string;
}

const FIELDS = ['coop_id', 'position_id', 'manifesto', 'status'] as const;

interface ContestantFormProps {
  election: ElectionView;
  positions: readonly PositionView[];
  /** The contestant to edit, or null for a new one. */
  contestant: ContestantView | null;
  /** The position chosen above the list, where a new contestant starts. */
  positionId: string | null;
  /** Back to the list; after a save, with the position the contestant stands for. */
  onDone: (savedPositionId?: string) => void;
}

/** The Add / Edit tab of Manage Contestants: a member of the cooperative stands for a position. */
export function ContestantForm({ election, positions, contestant, positionId, onDone }: ContestantFormProps) {
  const save = useSaveContestant();
  const [serverError, setServerError] = useState<string | null>(null);
  const [member, setMember] = useState<SelectProps.Option | null>(
    contestant ? { value: contestant.coop_id, label: contestant.full_name, description: contestant.coop_id } : null,
  );
  const { control, handleSubmit, setError } = useZodForm<ContestantFormValues>(contestantSchema, {
    keepValues: true,
    defaultValues: {
      coop_id: contestant?.coop_id ?? '',
      position_id: contestant?.position_id ?? positionId ?? '',
      manifesto: contestant?.manifesto ?? '',
      status: String(contestant ? contestant.status : CONTESTANT_STATUS.ACTIVE),
      election_id: election.id,
    },
  });
  const chosenPosition = useWatch({ control, name: 'position_id' });
  // Members already standing for the chosen position are not offered again.
  const standing = useContestants(chosenPosition || null);
  const exclude = useMemo(
    () => (standing.data ?? []).filter((other) => other.id !== contestant?.id).map((other) => other.coop_id),
    [standing.data, contestant],
  );
  const positionOptions = positions.map((position) => ({ value: position.id, label: position.name }));

  const submit = handleSubmit((values) => {
    setServerError(null);
    save.mutate(
      {
        contestantId: contestant?.id ?? null,
        body: {
          coop_id: values.coop_id,
          position_id: values.position_id,
          election_id: values.election_id,
          manifesto: values.manifesto.trim(),
          status: activeStatusOf(isActive(values.status)),
        },
      },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onDone(values.position_id);
        },
        onError: (error) => {
          applyFieldErrors(error, setError, FIELDS);
          setServerError(errorMessage(error));
        },
      },
    );
  });

  const label = contestant ? `Edit contestant ${contestant.full_name}` : 'Add contestant';
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
            <Button formAction="none" variant="link" onClick={() => onDone()}>
              Cancel
            </Button>
            <Button variant="primary" loading={save.isPending}>
              {contestant ? 'Save contestant' : 'Add contestant'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {serverError && <Alert type="error">{serverError}</Alert>}
          <Controller
            control={control}
            name="position_id"
            render={({ field, fieldState }) => (
              <FormField label="Position" errorText={fieldState.error?.message}>
                <Select
                  ariaLabel="Position"
                  placeholder="Select position"
                  selectedOption={positionOptions.find((option) => option.value === field.value) ?? null}
                  options={positionOptions}
                  invalid={fieldState.invalid}
                  empty="The election has no positions yet"
                  onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="coop_id"
            render={({ field, fieldState }) => (
              <FormField
                label="Contestant"
                description="A member of the cooperative"
                errorText={fieldState.error?.message}
              >
                <MemberSelect
                  label="Contestant"
                  selected={member}
                  exclude={exclude}
                  invalid={fieldState.invalid}
                  onChange={(option) => {
                    setMember(option);
                    field.onChange(option.value ?? '');
                  }}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
          <TextareaField
            control={control}
            name="manifesto"
            label="Manifesto"
            description="What the contestant stands for; members read it before they vote"
            rows={5}
          />
          <SelectField
            control={control}
            name="status"
            label="Status"
            options={STATUS_CHOICES}
            description="Members see active contestants only"
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}
