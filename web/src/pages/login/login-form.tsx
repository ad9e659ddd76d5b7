import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { useFollow } from '../../app/navigation/use-follow';
import { signInToCoopLedger } from '../../auth/sign-in';
import { homePath } from '../../session/role-context';
import { sessionStore } from '../../session/session-store';
import { useSessionState } from '../../session/use-session';
import type { Session } from '../../session/types';
import { FirstPasswordForm } from './first-password-form';
import type { LoginValues } from './login-schema';
import { loginSchema } from './login-schema';
import { useZodForm } from '../../forms/zod-form';

export function LoginForm() {
  const navigate = useNavigate();
  const follow = useFollow();
  // A 406 signs the user out elsewhere in the app; its message is shown here once.
  const { notice } = useSessionState();
  const [failure, setFailure] = useState<string | null>(null);

  const { control, handleSubmit } = useZodForm(loginSchema, {
    defaultValues: { coop_id: '', password: '', remember: false },
  });

  // A temporary password's first sign-in: the login ID and Remember me, while the person chooses their own.
  const [firstSignIn, setFirstSignIn] = useState<{ loginId: string; remember: boolean } | null>(null);

  const enter = (session: Session) => {
    sessionStore.signIn(session);
    void navigate(homePath(session.user.role_name), { replace: true });
  };

  const signIn = useMutation({
    mutationFn: ({ coop_id, password, remember }: LoginValues) => signInToCoopLedger(coop_id, password, remember),
    onSuccess(result, { coop_id, remember }) {
      if ('newPasswordRequired' in result) setFirstSignIn({ loginId: coop_id.trim().toUpperCase(), remember });
      else enter(result);
    },
    onError(error) {
      setFailure(errorMessage(error));
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    sessionStore.dismissNotice();
    signIn.mutate(values);
  });

  const alertText = failure ?? notice;

  if (firstSignIn)
    return <FirstPasswordForm {...firstSignIn} onSignedIn={enter} onCancel={() => setFirstSignIn(null)} />;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
      <Container
        header={
          <Header variant="h1" description="Thrift, savings and loans for your cooperative">
            Sign in to CoopLedger
          </Header>
        }
      >
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={signIn.isPending} loadingText="Signing in">
              Sign in
            </Button>
          }
        >
          <SpaceBetween size="l">
            {/* Cloudscape's Alert is a plain group; role="alert" makes screen readers announce it on arrival. */}
            {alertText && (
              <div role="alert">
                <Alert type="error" statusIconAriaLabel="Error" header="Sign-in failed">
                  {alertText}
                </Alert>
              </div>
            )}
            <Controller
              control={control}
              name="coop_id"
              render={({ field, fieldState }) => (
                <FormField label="Login ID" errorText={fieldState.error?.message}>
                  <Input
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={({ detail }) => field.onChange(detail.value)}
                    onBlur={field.onBlur}
                    autoComplete="username"
                    placeholder="Your member number or login ID"
                    autoFocus
                  />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="password"
              render={({ field, fieldState }) => (
                <FormField label="Password" errorText={fieldState.error?.message}>
                  <Input
                    ref={field.ref}
                    name={field.name}
                    type="password"
                    value={field.value}
                    onChange={({ detail }) => field.onChange(detail.value)}
                    onBlur={field.onBlur}
                    autoComplete="current-password"
                  />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="remember"
              render={({ field }) => (
                <Checkbox
                  checked={field.value}
                  onChange={({ detail }) => field.onChange(detail.checked)}
                  onBlur={field.onBlur}
                  description="Stay signed in after closing the browser"
                >
                  Remember me
                </Checkbox>
              )}
            />
            <Link href="/forgotpassword" onFollow={follow}>
              Forgot password?
            </Link>
          </SpaceBetween>
        </Form>
      </Container>
    </form>
  );
}
