import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { notificationsStore } from '../../app/notifications/notifications-store';

interface InlineDeleteProps {
  /** What is being deleted ('the position Chair'); null shows nothing. */
  subject: string | null;
  pending: boolean;
  onConfirm: () => Promise<{ message: string }>;
  onClose: () => void;
}

/**
 * The confirm step of a delete inside the Manage modals: a second modal over the first would
 * fight it for the focus, so the question is asked above the list instead. The outcome is the
 * same as ConfirmDeleteModal's: the server's message, or its refusal, as a toast.
 */
export function InlineDelete({ subject, pending, onConfirm, onClose }: InlineDeleteProps) {
  if (subject === null) return null;
  const confirm = () =>
    void onConfirm()
      .then((result) => notificationsStore.notify('success', result.message))
      .catch((error: unknown) => notificationsStore.notify('error', `Unable to delete item: ${errorMessage(error)}`))
      .finally(onClose);
  return (
    <Alert
      type="warning"
      header={`Delete ${subject}?`}
      action={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={pending} onClick={confirm}>
            Delete
          </Button>
        </SpaceBetween>
      }
    >
      This cannot be undone.
    </Alert>
  );
}
