import { useMutation } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import { passwordResetRequestSchema } from '@coopledger/shared/schemas/auth';
import { requestResetCode } from '../../api/auth';
import { errorMessage } from '../../api/api-error';
import { TextField } from '../../components/forms/text-field';
import { useZodForm } from '../../forms/zod-form';

interface RequestCodeFormProps {
  onSent: (loginId: string, message: string) => void;
  onError: (message: string) => void;
}

/** Step 1: the login ID; the server emails a reset code to the account's address. */
export function RequestCodeForm({ onSent, onError }: RequestCodeFormProps) {
  const { control, handleSubmit } = useZodForm(passwordResetRequestSchema, {
    defaultValues: { coop_id: '' },
  });
  const send = useMutation({
    mutationFn: (loginId: string) => requestResetCode(loginId),
    onSuccess: (envelope, loginId) => onSent(loginId, envelope.message),
    onError: (error) => onError(errorMessage(error)),
  });
  return (
    <form
      onSubmit={(event) => void handleSubmit((values) => send.mutate(values.coop_id.trim()))(event)}
      noValidate
      aria-label="Request a reset code"
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={send.isPending}>
            Send reset code
          </Button>
        }
      >
        <TextField
          control={control}
          name="coop_id"
          label="Login ID"
          autoComplete="username"
          description="We will email a reset code to the address on your account."
        />
      </Form>
    </form>
  );
}
