import { useMutation } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { firstPasswordSchema } from '@coopledger/shared/schemas/auth';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { finishFirstSignIn } from '../../auth/sign-in';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { useZodForm } from '../../forms/zod-form';
import type { Session } from '../../session/types';

interface FirstPasswordFormProps {
  loginId: string;
  remember: boolean;
  onSignedIn: (session: Session) => void;
  /** Back to the sign-in form (the sign-in session lasts a few minutes). */
  onCancel: () => void;
}

/**
 * The first sign-in with a temporary password (an imported member's, mailed to them): the person
 * chooses their own password, with the rules of every password form, and is then signed in.
 */
export function FirstPasswordForm({ loginId, remember, onSignedIn, onCancel }: FirstPasswordFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useZodForm(firstPasswordSchema, {
    defaultValues: { password: '', password_confirmation: '' },
  });
  const choose = useMutation({
    mutationFn: ({ password }: { password: string }) => finishFirstSignIn(password, remember),
    onSuccess: onSignedIn,
    onError: (error) => setFailure(errorMessage(error)),
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    choose.mutate(values);
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Choose your password">
      <Container
        header={
          <Header
            variant="h1"
            description={`Signing in as ${loginId}. Your password was temporary: choose your own to continue.`}
          >
            Choose your password
          </Header>
        }
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" formAction="none" onClick={onCancel}>
                Back to sign in
              </Button>
              <Button variant="primary" formAction="submit" loading={choose.isPending} loadingText="Signing in">
                Set password and sign in
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {failure && (
              <div role="alert">
                <Alert type="error" statusIconAriaLabel="Error" header="Password not set">
                  {failure}
                </Alert>
              </div>
            )}
            <NewPasswordFields control={control} />
          </SpaceBetween>
        </Form>
      </Container>
    </form>
  );
}
