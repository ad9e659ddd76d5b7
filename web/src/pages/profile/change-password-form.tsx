import type { z } from 'zod';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { changeOwnPasswordSchema } from '@coopledger/shared/schemas/auth';
import { errorMessage } from '../../api/api-error';
import { useChangePassword } from '../../api/auth';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { TextField } from '../../components/forms/text-field';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { useZodForm } from '../../forms/zod-form';

type PasswordValues = z.input<typeof changeOwnPasswordSchema>;

const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

/** The signed-in person changes their own password (6 to 20 characters, typed twice). */
export function ChangePasswordForm() {
  const { control, handleSubmit, reset, setError } = useZodForm(changeOwnPasswordSchema, {
    defaultValues: EMPTY,
  });
  const change = useChangePassword();
  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        reset(EMPTY);
      },
      onError: (error) => {
        applyFieldErrors(error, setError, ['current_password', 'password', 'password_confirmation']);
        notificationsStore.notify('error', errorMessage(error));
      },
    }),
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
            <TextField
              control={control}
              name="current_password"
              label="Current password"
              type="password"
              autoComplete="current-password"
            />
            <NewPasswordFields control={control} />
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
