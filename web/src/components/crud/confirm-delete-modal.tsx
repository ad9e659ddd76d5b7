import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { notificationsStore } from '../../app/notifications/notifications-store';

interface ConfirmDeleteModalProps {
  /** What is being deleted ('the department Finance'); null hides the dialog. */
  subject: string | null;
  noun: string;
  pending: boolean;
  onConfirm: () => Promise<{ message: string }>;
  onClose: () => void;
}

/** The confirm step before every delete; the server's refusal (a record in use) becomes the toast. */
export function ConfirmDeleteModal({ subject, noun, pending, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const confirm = () =>
    void onConfirm()
      .then((result) => notificationsStore.notify('success', result.message))
      .catch((error: unknown) => notificationsStore.notify('error', `Unable to delete item: ${errorMessage(error)}`))
      .finally(onClose);
  return (
    <Modal
      visible={subject !== null}
      onDismiss={onClose}
      header={`Delete ${noun}`}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" loading={pending} onClick={confirm}>
              Delete
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      Delete <b>{subject}</b>? This cannot be undone.
    </Modal>
  );
}
