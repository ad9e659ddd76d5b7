import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import type { ContestantView } from '../../api/voting';

/** A contestant's manifesto, as they wrote it (line breaks kept). */
export function ManifestoModal({ contestant, onClose }: { contestant: ContestantView | null; onClose: () => void }) {
  return (
    <Modal
      visible={contestant !== null}
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={contestant ? `Manifesto of ${contestant.full_name}` : ''}
      footer={
        <Box float="right">
          <Button onClick={onClose}>Close</Button>
        </Box>
      }
    >
      <Box variant="p">
        <span style={{ whiteSpace: 'pre-wrap' }}>{contestant?.manifesto}</span>
      </Box>
    </Modal>
  );
}
