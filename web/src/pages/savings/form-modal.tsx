import type { ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ModalFooter } from '../../components/forms/modal-footer';

interface FormModalProps {
  header: string;
  visible: boolean;
  onDismiss: () => void;
  onSubmit: () => void;
  submitText: string;
  pending: boolean;
  /** The server's refusal, shown above the fields; the modal stays open so nothing is lost. */
  error?: string | null;
  children: ReactNode;
}

/**
 * The frame of the savings forms: a modal whose footer submits the form inside it. Enter in a
 * field submits too, through the form element.
 */
export function FormModal({ header, visible, onDismiss, onSubmit, submitText, pending, error, children }: FormModalProps) {
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={header}
      footer={
        <ModalFooter onCancel={onDismiss} primary={submitText} onPrimary={onSubmit} loading={pending} />
      }
    >
      <form
        aria-label={header}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <SpaceBetween size="m">
          {error && <Alert type="error">{error}</Alert>}
          {children}
          {/* A hidden submit button lets Enter in a text field submit the form. */}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
