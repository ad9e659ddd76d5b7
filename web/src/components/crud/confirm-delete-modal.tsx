import Modal from '@cloudscape-design/components/modal';
import { errorMessage } from '../../api/api-error';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ModalFooter } from '../forms/modal-footer';

interface ConfirmDeleteModalProps {
  /** What is being deleted ('the department Finance'); null hides the dialog. */
  subject: string | null;
  noun: string;
  pending: boolean;
  onConfirm: () => Promise<{ message: string }>;
  onClose: () => void;
  /** What the delete does, in place of "This cannot be undone." (a posted journal entry is reversed). */
  consequence?: string;
}

/** The confirm step before every delete; the server's refusal (a record in use) becomes the toast. */
export function ConfirmDeleteModal({
  subject,
  noun,
  pending,
  onConfirm,
  onClose,
  consequence = 'This cannot be undone.',
}: ConfirmDeleteModalProps) {
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
      footer={<ModalFooter onCancel={onClose} primary="Delete" onPrimary={confirm} loading={pending} />}
    >
      Delete <b>{subject}</b>? {consequence}
    </Modal>
  );
}
