import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useFollow } from '../../app/navigation/use-follow';
import { LoginBackground } from '../login/login-background';
import styles from '../login/login-page.module.css';
import { RequestCodeForm } from './request-code-form';
import { SetPasswordForm } from './set-password-form';

type Step = { name: 'request' } | { name: 'confirm'; loginId: string } | { name: 'done' };

interface Message {
  type: 'success' | 'error';
  text: string;
}

/**
 * Forgot password. The spec's screen makes no call; this one sends a reset code through Cognito and
 * lets the person choose a new password with it.
 */
export function ForgotPasswordPage() {
  const follow = useFollow();
  const [step, setStep] = useState<Step>({ name: 'request' });
  const [message, setMessage] = useState<Message | null>(null);
  const fail = (text: string) => setMessage({ type: 'error', text });

  return (
    <div className={styles.page}>
      <LoginBackground />
      <main className={styles.card}>
        <Container
          header={
            <Header variant="h1" description="Your password will be reset with a code sent to your email.">
              Forgot password
            </Header>
          }
        >
          <SpaceBetween size="l">
            {message && (
              <div role={message.type === 'error' ? 'alert' : 'status'}>
                <Alert type={message.type} statusIconAriaLabel={message.type === 'error' ? 'Error' : 'Success'}>
                  {message.text}
                </Alert>
              </div>
            )}
            {step.name === 'request' && (
              <RequestCodeForm
                onSent={(loginId, text) => {
                  setMessage({ type: 'success', text });
                  setStep({ name: 'confirm', loginId });
                }}
                onError={fail}
              />
            )}
            {step.name === 'confirm' && (
              <SetPasswordForm
                loginId={step.loginId}
                onDone={(text) => {
                  setMessage({ type: 'success', text });
                  setStep({ name: 'done' });
                }}
                onError={fail}
              />
            )}
            <Link href="/login" onFollow={follow}>
              Back to sign in
            </Link>
          </SpaceBetween>
        </Container>
      </main>
    </div>
  );
}
