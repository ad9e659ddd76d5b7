import { today } from '@coopledger/shared/dates';
import type { VoteInput } from '@coopledger/shared/schemas/voting';
import { CONTESTANT_STATUS, ELECTION_STATUS, MEMBER_STATUS, POSITION_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, forbidden, invalid, notFound } from '#core/errors';
import { findMember } from '../members/member-store.ts';
import { countVoterBallot, getBallot, hasVoted, putBallot } from './ballot-entity.ts';
import type { ContestantRecord } from './contestant-entity.ts';
import { countContestantVote, getContestant } from './contestant-entity.ts';
import type { ElectionRecord } from './election-entity.ts';
import { countBallot, getElection } from './election-entity.ts';
import type { PositionRecord } from './position-entity.ts';
import { countPositionVote, getPosition } from './position-entity.ts';
import { phaseOf } from './store.ts';

/**
 * A ballot: one per member per position, only while the election is switched on and today is
 * within its dates, only by an active member of the election's cooperative (DESIGN.md section 5).
 *
 * Everything is checked first for a clear message, then written in one transaction whose
 * conditions hold the same rules against anything that changed meanwhile: the ballot item exists
 * once per member and position; the contestant, position and election are active (and the
 * election open today); the running counts move with the ballot.
 */

const fmt = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

function refuseClosed(election: ElectionRecord, day: string): void {
  if (election.status !== ELECTION_STATUS.ACTIVE) throw conflict(`${election.name} is not active`);
  const phase = phaseOf(election, day);
  if (phase === 'upcoming') throw conflict(`Voting for ${election.name} opens on ${fmt(election.start_date)}`);
  if (phase === 'closed') throw conflict(`Voting for ${election.name} closed on ${fmt(election.end_date)}`);
}

export interface CastBallot {
  election: ElectionRecord;
  position: PositionRecord;
  contestant: ContestantRecord;
}

export async function castVote(coopId: string, voterId: string, input: VoteInput): Promise<CastBallot> {
  if (input.coop_id && input.coop_id.toUpperCase() !== voterId) throw forbidden('You can only vote as yourself');
  // Everything the rules read, at once: the ballot names its election, so no reference is needed.
  const [voter, election, position, contestant, earlier, votedBefore] = await Promise.all([
    findMember(coopId, voterId, true),
    getElection(coopId, input.election_id),
    getPosition(coopId, input.election_id, input.position_id),
    getContestant(coopId, input.election_id, input.contestant_id),
    getBallot(coopId, input.election_id, input.position_id, voterId),
    hasVoted(coopId, input.election_id, voterId),
  ]);
  if (!voter || voter.status !== MEMBER_STATUS.APPROVED)
    throw forbidden('Only active members of this cooperative can vote');
  if (!election) throw notFound('Election');
  if (!position) throw invalid('position_id', 'This position is not part of this election');
  if (!contestant || contestant.position_id !== position.id)
    throw invalid('contestant_id', 'This contestant is not standing for this position');
  const day = today();
  refuseClosed(election, day);
  if (position.status !== POSITION_STATUS.ACTIVE) throw conflict(`Voting for ${position.name} is closed`);
  if (contestant.status !== CONTESTANT_STATUS.ACTIVE)
    throw conflict(`${contestant.firstname} ${contestant.lastname} is not standing any more`);
  if (earlier) throw conflict(`You have already voted for ${position.name}`);

  for (let attempt = 1, firstBallot = !votedBefore; ; attempt++) {
    const now = nowIso();
    const items: TransactItem[] = [
      putBallot(coopId, {
        election_id: election.id,
        position_id: position.id,
        contestant_id: contestant.id,
        voter: voterId,
        cast_at: now,
      }),
      countContestantVote(coopId, contestant, position.id),
      countPositionVote(coopId, position),
      countBallot(election, day, firstBallot),
      countVoterBallot(coopId, election.id, voterId, now, firstBallot),
    ];
    try {
      await transactWrite(items);
      return { election, position, contestant };
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
      const failed = error.failedIndexes;
      if (failed.includes(0)) throw conflict(`You have already voted for ${position.name}`);
      // Only the voter item raced (another of this member's ballots landed first): count again.
      if (failed.every((index) => index === 4) && attempt < 3) {
        firstBallot = !(await hasVoted(coopId, election.id, voterId));
        continue;
      }
      const fresh = await getElection(coopId, election.id);
      if (!fresh) throw notFound('Election');
      refuseClosed(fresh, today());
      throw conflict(`${position.name} or its contestant changed while you voted; reload and try again`);
    }
  }
}
