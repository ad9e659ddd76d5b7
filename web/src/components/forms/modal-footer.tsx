import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { ButtonProps } from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface ModalFooterProps {
  onCancel: () => void;
  /** The primary action's label. */
  primary: ReactNode;
  onPrimary: () => void;
  loading?: boolean;
  disabled?: boolean;
  iconName?: ButtonProps['iconName'];
  /** Another action, between Cancel and the primary action. */
  secondary?: ReactNode;
}

/** A modal's footer: Cancel and the modal's primary action, right-aligned. */
export function ModalFooter({
  onCancel,
  primary,
  onPrimary,
  loading = false,
  disabled = false,
  iconName,
  secondary,
}: ModalFooterProps) {
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={onCancel}>
          Cancel
        </Button>
        {secondary}
        <Button variant="primary" iconName={iconName} loading={loading} disabled={disabled} onClick={onPrimary}>
          {primary}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
