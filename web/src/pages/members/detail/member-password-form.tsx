import type { z } from 'zod';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { memberPasswordSchema } from '@coopledger/shared/schemas/members';
import { errorMessage } from '../../../api/api-error';
import { useChangeMemberPassword } from '../../../api/members';
import { notificationsStore } from '../../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../../components/forms/apply-field-errors';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { useZodForm } from '../../../forms/zod-form';

type PasswordValues = z.input<typeof memberPasswordSchema>;

/**
 * Sets a member's password: staff for a member, or a member for themselves (6 to 20 characters,
 * typed twice; the spec's messages come from the shared schema).
 */
export function MemberPasswordForm({ coopId }: { coopId: string }) {
  const empty: PasswordValues = { coop_id: coopId, password: '', password_confirmation: '' };
  const { control, handleSubmit, reset, setError } = useZodForm(memberPasswordSchema, {
    defaultValues: empty,
  });
  const change = useChangeMemberPassword();
  const submit = handleSubmit((values) =>
    change.mutate(
      { ...values, coop_id: coopId },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          reset(empty);
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, ['password', 'password_confirmation']))
            notificationsStore.notify('error', errorMessage(error));
        },
      },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={change.isPending}>
            Change password
          </Button>
        }
      >
        <Container header={<Header variant="h2">Change password</Header>}>
          <SpaceBetween size="l">
            <NewPasswordFields control={control} />
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
