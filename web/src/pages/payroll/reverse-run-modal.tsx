import Modal from '@cloudscape-design/components/modal';
import { errorMessage } from '../../api/api-error';
import type { PayrollRunView } from '../../api/payroll';
import { useReversePayroll } from '../../api/payroll';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ModalFooter } from '../../components/forms/modal-footer';
import { reverseQuestion } from './payroll-helpers';

interface ReverseRunModalProps {
  /** The run to reverse; null hides the dialog. */
  run: PayrollRunView | null;
  onClose: () => void;
  /** The reversal started: follow its progress. */
  onStarted: (run: PayrollRunView) => void;
}

/** The confirm step before a whole run is reversed; the server's refusal becomes the toast. */
export function ReverseRunModal({ run, onClose, onStarted }: ReverseRunModalProps) {
  const reverse = useReversePayroll();
  const confirm = () => {
    if (!run) return;
    reverse.mutate(run.id, {
      onSuccess: (envelope) => {
        notificationsStore.notify('info', envelope.message);
        onStarted(envelope.data);
        onClose();
      },
      onError: (error) => {
        notificationsStore.notify('error', errorMessage(error));
        onClose();
      },
    });
  };
  return (
    <Modal
      visible={run !== null}
      onDismiss={onClose}
      closeAriaLabel="Close"
      header="Reverse payroll run"
      footer={<ModalFooter onCancel={onClose} primary="Reverse" onPrimary={confirm} loading={reverse.isPending} />}
    >
      {run && reverseQuestion(run)}
    </Modal>
  );
}
