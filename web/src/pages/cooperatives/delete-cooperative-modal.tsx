import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import type { Cooperative } from '../../api/cooperatives';
import { useDeleteCooperative } from '../../api/cooperatives';
import { notificationsStore } from '../../app/notifications/notifications-store';

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
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      Delete <b>{cooperative?.name}</b> ({cooperative?.code})? This cannot be undone.
    </Modal>
  );
}
