import Modal from '@cloudscape-design/components/modal';
import { errorMessage } from '../../api/api-error';
import type { ContestantView, PositionView } from '../../api/voting';
import { useVote } from '../../api/voting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ModalFooter } from '../../components/forms/modal-footer';
import { useRequiredSession } from '../../session/use-session';

export interface Ballot {
  position: PositionView;
  contestant: ContestantView;
}

/**
 * The confirm step before a vote, which cannot be changed afterwards. The server's answer, a
 * success or a refusal (already voted, voting closed), is the toast either way.
 */
export function VoteModal({ ballot, onClose }: { ballot: Ballot | null; onClose: () => void }) {
  const session = useRequiredSession();
  const vote = useVote();
  const confirm = () => {
    if (!ballot) return;
    vote.mutate(
      {
        election_id: ballot.position.election_id,
        position_id: ballot.position.id,
        contestant_id: ballot.contestant.id,
        coop_id: session.user.coop_id,
      },
      {
        onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
        onError: (error) => notificationsStore.notify('error', errorMessage(error)),
        onSettled: onClose,
      },
    );
  };
  return (
    <Modal
      visible={ballot !== null}
      onDismiss={onClose}
      closeAriaLabel="Close"
      header="Confirm your vote"
      footer={<ModalFooter onCancel={onClose} primary="Vote" onPrimary={confirm} loading={vote.isPending} />}
    >
      {ballot && (
        <>
          Vote for <b>{ballot.contestant.full_name}</b> as <b>{ballot.position.name}</b>? You cannot change your vote
          afterwards.
        </>
      )}
    </Modal>
  );
}
