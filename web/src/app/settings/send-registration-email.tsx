import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import { errorMessage } from '../../api/api-error';
import { useSendRegistrationEmail } from '../../api/cooperatives';
import { notificationsStore } from '../notifications/notifications-store';

/** cooperative-admin only: emails the public registration link to the cooperative's address. */
export function SendRegistrationEmail({ cooperativeId }: { cooperativeId: string }) {
  const send = useSendRegistrationEmail();
  return (
    <FormField
      label="Registration email"
      description="Send the membership registration link to the cooperative's email address"
    >
      <Button
        iconName="envelope"
        loading={send.isPending}
        onClick={() =>
          send.mutate(cooperativeId, {
            onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
            onError: (error) => notificationsStore.notify('error', errorMessage(error)),
          })
        }
      >
        Send Registration Email
      </Button>
    </FormField>
  );
}
