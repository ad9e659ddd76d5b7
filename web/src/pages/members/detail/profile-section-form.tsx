import { useEffect, useMemo, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { z } from 'zod';
import { DETAIL_SCHEMAS, staffInfoSchema } from '@coopledger/shared/schemas/members';
import { errorMessage } from '../../../api/api-error';
import type { FormValues } from '../../../api/entities';
import type { MemberDetail, MemberDetailType } from '../../../api/members';
import { useEditMemberDetails } from '../../../api/members';
import { notificationsStore } from '../../../app/notifications/notifications-store';
import { FieldControl } from '../../../components/crud/field-control';
import { applyFieldErrors } from '../../../components/forms/apply-field-errors';
import { SECTION_FIELDS, detailPayload, formValuesOf } from './profile-mapping';
import { useProfileFields } from './use-profile-fields';
import { useZodForm } from '../../../forms/zod-form';

// A member's own staff ID, role and savings amount are kept by the server whatever the form sends.
const selfStaffInfoSchema = staffInfoSchema.omit({ staff_id: true, role_id: true, savings_amount: true });

const schemaOf = (detailType: MemberDetailType, self: boolean): z.ZodType =>
  self && detailType === 'STAFF-INFO' ? selfStaffInfoSchema : DETAIL_SCHEMAS[detailType];

interface ProfileSectionFormProps {
  member: MemberDetail;
  detailType: MemberDetailType;
  title: string;
  self: boolean;
}

/** One part of a member's profile, saved on its own by detail type (Cancel puts back what is saved). */
export function ProfileSectionForm({ member, detailType, title, self }: ProfileSectionFormProps) {
  const initial = useMemo(() => formValuesOf(member, detailType), [member, detailType]);
  const schema = useMemo(() => schemaOf(detailType, self), [detailType, self]);
  const { control, handleSubmit, reset, setError, setValue, watch } = useZodForm<FormValues>(schema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: initial,
  });
  useEffect(() => reset(initial), [initial, reset]);
  const fields = useProfileFields(detailType, self, watch('country_id') ?? '');
  const save = useEditMemberDetails();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit((values) => {
    setFailure(null);
    save.mutate(
      { coopId: member.coop_id, detailType, values: detailPayload(detailType, values) },
      {
        onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
        onError: (error) => {
          applyFieldErrors(error, setError, SECTION_FIELDS[detailType]);
          setFailure(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Form
        errorText={failure}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              formAction="none"
              variant="link"
              onClick={() => {
                setFailure(null);
                reset(initial);
              }}
            >
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={save.isPending}>
              Save
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">{title}</Header>}>
          <ColumnLayout columns={2}>
            {fields.map((def) => (
              <FieldControl key={def.name} field={def} control={control} setValue={setValue} />
            ))}
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}
