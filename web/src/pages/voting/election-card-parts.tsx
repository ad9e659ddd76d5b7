import Badge from '@cloudscape-design/components/badge';
import type { CardsProps } from '@cloudscape-design/components/cards';
import Box from '@cloudscape-design/components/box';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Toggle from '@cloudscape-design/components/toggle';
import { errorMessage } from '../../api/api-error';
import type { ElectionView } from '../../api/voting';
import { useSaveElection } from '../../api/voting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ContestantAvatar, MoreAvatar } from './contestant-avatar';
import { toggledElection } from './election-form-values';
import { moreContestants, phaseTag, turnoutText } from './voting-helpers';
import styles from './voting.module.css';
import { ACTIVE_STATUS_LABELS, ELECTION_STATUS, activeStatusOf } from '@coopledger/shared/statuses';

/** What the staff Polls tab and the members' Elections list show their election cards with. */
export const ELECTION_CARDS = {
  ariaLabels: { itemSelectionLabel: () => '', selectionGroupLabel: 'Elections', cardsLabel: 'Elections' },
  trackBy: 'id',
  loadingText: 'Loading elections',
  cardsPerRow: [{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }],
} satisfies Partial<CardsProps<ElectionView>>;

// The pieces of a staff election card (election-cards.tsx), each small enough to read on its own.

/** Open, Upcoming or Closed, from the election's dates. */
export function PhaseBadge({ election }: { election: ElectionView }) {
  const tag = phaseTag(election.phase);
  return <Badge color={tag.color}>{tag.label}</Badge>;
}

/** The first contestants' avatars and how many more there are. */
export function ContestantAvatars({ election }: { election: ElectionView }) {
  if (election.contestants_count === 0) return <Box color="text-body-secondary">No contestants yet</Box>;
  const more = moreContestants(election);
  return (
    <div
      className={styles.avatarRow}
      aria-label={`${election.contestants_count} contestant${election.contestants_count === 1 ? '' : 's'}`}
      role="group"
    >
      {election.contestants.map((contestant) => (
        <ContestantAvatar key={contestant.id} name={contestant.full_name} gender={contestant.gender} />
      ))}
      {more && <MoreAvatar text={more} label={`${more.slice(1)} more contestants`} />}
    </div>
  );
}

export function Turnout({ election }: { election: ElectionView }) {
  return (
    <ProgressBar
      value={election.turnout}
      label="Turnout"
      additionalInfo={turnoutText(election)}
      ariaLabel={`Turnout of ${election.name}`}
    />
  );
}

/** The on/off switch: saves the election with the other status at once and shows the server's answer. */
export function ElectionSwitch({ election }: { election: ElectionView }) {
  const save = useSaveElection();
  return (
    <Toggle
      checked={election.status === ELECTION_STATUS.ACTIVE}
      disabled={save.isPending}
      ariaLabel={`${election.name} active`}
      onChange={({ detail }) =>
        save.mutate(
          { electionId: election.id, body: toggledElection(election, detail.checked) },
          {
            onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
            onError: (error) => notificationsStore.notify('error', errorMessage(error)),
          },
        )
      }
    >
      {ACTIVE_STATUS_LABELS[activeStatusOf(election.status === ELECTION_STATUS.ACTIVE)]}
    </Toggle>
  );
}
