import type { ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import type { ModalProps } from '@cloudscape-design/components/modal';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ModalFooter } from './modal-footer';

interface FormModalProps {
  header: string;
  /** Shown unless false; a form modal that is mounted only while open leaves it out. */
  visible?: boolean;
  onDismiss: () => void;
  /** The form's submit (react-hook-form's `handleSubmit(...)`): the footer's primary button and Enter both call it. */
  onSubmit: () => void;
  submitText: string;
  pending: boolean;
  /** The server's refusal, shown above the fields; the modal stays open so nothing is lost. */
  error?: string | null;
  /** The primary button is disabled (the form is still loading what it edits). */
  disabled?: boolean;
  /** Another action of the footer, between Cancel and the primary action (Deny beside Approve). */
  secondary?: ReactNode;
  size?: ModalProps.Size;
  /** What is shown instead of the form (a spinner while loading, the alert of a failed load). */
  placeholder?: ReactNode;
  children: ReactNode;
}

/**
 * The one shape of a form in a modal: a header, Cancel and the primary action in the footer, the
 * server's refusal above the fields, and a form element so that Enter in a field submits. The
 * fields are react-hook-form's (see forms/zod-form.ts); the caller puts the server's field
 * messages under their fields with applyFieldErrors.
 */
export function FormModal({
  header,
  visible = true,
  onDismiss,
  onSubmit,
  submitText,
  pending,
  error,
  disabled,
  secondary,
  size,
  placeholder,
  children,
}: FormModalProps) {
  return (
    <Modal
      visible={visible}
      size={size}
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      header={header}
      footer={
        <ModalFooter
          onCancel={onDismiss}
          primary={submitText}
          onPrimary={onSubmit}
          loading={pending}
          disabled={disabled}
          secondary={secondary}
        />
      }
    >
      {placeholder ?? (
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
      )}
    </Modal>
  );
}
