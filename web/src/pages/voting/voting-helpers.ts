import type { BadgeProps } from '@cloudscape-design/components/badge';
import type { ElectionPhase, ElectionView } from '../../api/voting';
import { formatDay } from '../../format/dates';

/** The tag of an election card: where today falls against its dates (the server decides, in UTC). */
export function phaseTag(phase: ElectionPhase): { label: string; color: BadgeProps['color'] } {
  switch (phase) {
    case 'open':
      return { label: 'Open', color: 'green' };
    case 'upcoming':
      return { label: 'Upcoming', color: 'blue' };
    default:
      return { label: 'Closed', color: 'grey' };
  }
}

/** The member side's tag: voting is possible now (active and open) or not. */
export const progressTag = (election: Pick<ElectionView, 'in_progress'>) =>
  election.in_progress === 1
    ? { label: 'In progress', color: 'green' as const }
    : { label: 'Not in progress', color: 'grey' as const };

export type AvatarTone = 'female' | 'male' | 'unknown';

/** The colour of a contestant's avatar: members' records say Male or Female, some say nothing. */
export function avatarTone(gender: string | null | undefined): AvatarTone {
  const value = (gender ?? '').trim().toLowerCase();
  if (value === 'female' || value === 'f') return 'female';
  if (value === 'male' || value === 'm') return 'male';
  return 'unknown';
}

/** '+3' beside the avatars when the election has more contestants than the card shows; null when none. */
export function moreContestants(election: Pick<ElectionView, 'contestants' | 'contestants_count'>): string | null {
  const more = election.contestants_count - election.contestants.length;
  return more > 0 ? `+${more}` : null;
}

export const votesLabel = (votes: number) => `${votes} vote${votes === 1 ? '' : 's'}`;

/** Under the turnout bar: how many of the cooperative's active members cast a ballot. */
export const turnoutText = (election: Pick<ElectionView, 'voters' | 'eligible_members'>) =>
  `${election.voters} of ${election.eligible_members} member${election.eligible_members === 1 ? '' : 's'} voted`;

/** Why a member cannot vote in an election now, or undefined when they can. */
export function voteBlockedReason(
  election: Pick<ElectionView, 'in_progress' | 'phase' | 'start_date'>,
): string | undefined {
  if (election.in_progress === 1) return undefined;
  if (election.phase === 'closed') return 'Voting has closed';
  if (election.phase === 'upcoming') return `Voting opens on ${formatDay(election.start_date)}`;
  return 'The election is not active';
}

/** Why an election can no longer be deleted (the server refuses once voting has started), or undefined. */
export function deleteBlockedReason(election: Pick<ElectionView, 'can_delete' | 'votes_cast'>): string | undefined {
  if (election.can_delete) return undefined;
  if (election.votes_cast > 0) return `Voting has started: ${votesLabel(election.votes_cast)} cast`;
  return 'Voting is open: switch the election off first';
}
