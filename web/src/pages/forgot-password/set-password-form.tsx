import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { passwordResetConfirmSchema } from '@coopledger/shared/schemas/auth';
import { confirmReset } from '../../api/auth';
import { errorMessage } from '../../api/api-error';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { TextField } from '../../components/forms/text-field';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { useZodForm } from '../../forms/zod-form';

type ConfirmValues = z.input<typeof passwordResetConfirmSchema>;

interface SetPasswordFormProps {
  loginId: string;
  onDone: (message: string) => void;
  onError: (message: string) => void;
}

/** Step 2: the emailed code and the new password (6 to 20 characters, typed twice). */
export function SetPasswordForm({ loginId, onDone, onError }: SetPasswordFormProps) {
  const { control, handleSubmit, setError } = useZodForm(passwordResetConfirmSchema, {
    defaultValues: { coop_id: loginId, code: '', password: '', password_confirmation: '' },
  });
  const confirm = useMutation({
    mutationFn: (values: ConfirmValues) => confirmReset({ ...values, coop_id: values.coop_id.trim() }),
    onSuccess: (envelope) => onDone(envelope.message),
    onError: (error) => {
      applyFieldErrors(error, setError, ['code', 'password', 'password_confirmation']);
      onError(errorMessage(error));
    },
  });
  return (
    <form
      onSubmit={(event) => void handleSubmit((values) => confirm.mutate(values))(event)}
      noValidate
      aria-label="Set a new password"
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={confirm.isPending}>
            Set new password
          </Button>
        }
      >
        <SpaceBetween size="l">
          <TextField control={control} name="coop_id" label="Login ID" autoComplete="username" />
          <TextField
            control={control}
            name="code"
            label="Reset code"
            autoComplete="one-time-code"
            description="The code in the email we sent you"
          />
          <NewPasswordFields control={control} />
        </SpaceBetween>
      </Form>
    </form>
  );
}
