import { useEffect, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { errorMessage } from '../../api/api-error';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../../api/notifications';
import { notificationsStore } from '../../app/notifications/notifications-store';

/**
 * The signed-in person's notification choices (profile pages): e-mail and SMS on or off. The bell
 * always shows notifications; e-mail and SMS go only where an address or a phone is on record.
 */
export function NotificationPreferencesForm() {
  const stored = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [choice, setChoice] = useState({ email: true, sms: true });
  useEffect(() => {
    if (stored.data) setChoice({ email: stored.data.email, sms: stored.data.sms });
  }, [stored.data]);

  const submit = () =>
    save.mutate(choice, {
      onSuccess: () => notificationsStore.notify('success', 'Notification preferences saved'),
      onError: (error) => notificationsStore.notify('error', errorMessage(error)),
    });

  const email = stored.data?.email_address;
  const phone = stored.data?.phone;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      aria-label="Notification preferences"
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending} disabled={!stored.data}>
            Save preferences
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description="The bell in the top bar always shows your notifications.">
              Notifications
            </Header>
          }
        >
          <SpaceBetween size="l">
            <FormField
              label="E-mail"
              description={email ? `Sent to ${email}` : 'There is no e-mail address on your record.'}
            >
              <Toggle
                checked={choice.email}
                onChange={({ detail }) => setChoice((c) => ({ ...c, email: detail.checked }))}
              >
                Receive notifications by e-mail
              </Toggle>
            </FormField>
            <FormField
              label="SMS"
              description={phone ? `Sent to ${phone}` : 'There is no phone number on your record.'}
            >
              <Toggle checked={choice.sms} onChange={({ detail }) => setChoice((c) => ({ ...c, sms: detail.checked }))}>
                Receive notifications by SMS
              </Toggle>
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
