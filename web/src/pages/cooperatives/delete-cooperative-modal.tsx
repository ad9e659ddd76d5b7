import Modal from '@cloudscape-design/components/modal';
import { errorMessage } from '../../api/api-error';
import type { Cooperative } from '../../api/cooperatives';
import { useDeleteCooperative } from '../../api/cooperatives';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ModalFooter } from '../../components/forms/modal-footer';

interface DeleteCooperativeModalProps {
  cooperative: Cooperative | null;
  onClose: () => void;
}

/** The shared confirm step before a delete; the server refuses a cooperative that holds anything. */
export function DeleteCooperativeModal({ cooperative, onClose }: DeleteCooperativeModalProps) {
  const remove = useDeleteCooperative();
  const confirm = () => {
    if (!cooperative) return;
    remove.mutate(cooperative.id, {
      onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
      onError: (error) => notificationsStore.notify('error', `Unable to delete item: ${errorMessage(error)}`),
      onSettled: onClose,
    });
  };
  return (
    <Modal
      visible={cooperative !== null}
      onDismiss={onClose}
      header="Delete cooperative"
      closeAriaLabel="Close"
      footer={<ModalFooter onCancel={onClose} primary="Delete" onPrimary={confirm} loading={remove.isPending} />}
    >
      Delete <b>{cooperative?.name}</b> ({cooperative?.code})? This cannot be undone.
    </Modal>
  );
}
