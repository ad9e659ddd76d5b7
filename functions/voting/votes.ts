import { today } from '@coopledger/shared/dates';
import type { VoteInput } from '@coopledger/shared/schemas/voting';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, getItem, nowIso, table, transactWrite } from '#core/db';
import { conflict, forbidden, invalid, notFound } from '#core/errors';
import { keys } from '#core/keys';
import { findMember } from '../members/member-store.ts';
import type { ContestantRecord, ElectionRecord, PositionRecord } from './store.ts';
import { phaseOf } from './store.ts';
import { CONTESTANT_STATUS, ELECTION_STATUS, MEMBER_STATUS, POSITION_STATUS } from '@coopledger/shared/statuses';

/**
 * A ballot: one per member per position, only while the election is switched on and today is
 * within its dates, only by an active member of the election's cooperative (DESIGN.md section 5).
 *
 * Everything is checked first for a clear message, then written in one transaction whose
 * conditions hold the same rules against anything that changed meanwhile: the ballot item exists
 * once per member and position; the contestant, position and election are active (and the
 * election open today); the running counts move with the ballot.
 */

const fmt = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

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
  const ballotKey = keys.ballot(coopId, input.election_id, input.position_id, voterId);
  // Everything the rules read, at once: the ballot names its election, so no reference is needed.
  const [voter, election, position, contestant, earlier, voterItem] = await Promise.all([
    findMember(coopId, voterId, true),
    getItem<ElectionRecord>(keys.election(coopId, input.election_id), true),
    getItem<PositionRecord>(keys.electionPosition(coopId, input.election_id, input.position_id), true),
    getItem<ContestantRecord>(keys.electionContestant(coopId, input.election_id, input.contestant_id), true),
    getItem(ballotKey, true),
    getItem(keys.voter(coopId, input.election_id, voterId), true),
  ]);
  if (!voter || voter.status !== MEMBER_STATUS.APPROVED) throw forbidden('Only active members of this cooperative can vote');
  if (!election) throw notFound('Election');
  if (!position) throw invalid('position_id', 'This position is not part of this election');
  if (!contestant || contestant.position_id !== position.id) throw invalid('contestant_id', 'This contestant is not standing for this position');
  const day = today();
  refuseClosed(election, day);
  if (position.status !== POSITION_STATUS.ACTIVE) throw conflict(`Voting for ${position.name} is closed`);
  if (contestant.status !== CONTESTANT_STATUS.ACTIVE) throw conflict(`${contestant.firstname} ${contestant.lastname} is not standing any more`);
  if (earlier) throw conflict(`You have already voted for ${position.name}`);

  for (let attempt = 1, firstBallot = !voterItem; ; attempt++) {
    const now = nowIso();
    const TableName = table();
    const items: TransactItem[] = [
      {
        Put: {
          TableName,
          Item: { ...ballotKey, entity: 'ELECTION_BALLOT', election_id: election.id, position_id: position.id, contestant_id: contestant.id, voter: voterId, cast_at: now },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName,
          Key: keys.electionContestant(coopId, election.id, contestant.id),
          UpdateExpression: 'ADD votes :one',
          ConditionExpression: '#status = :on AND position_id = :position',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':one': 1, ':on': CONTESTANT_STATUS.ACTIVE, ':position': position.id },
        },
      },
      {
        Update: {
          TableName,
          Key: keys.electionPosition(coopId, election.id, position.id),
          UpdateExpression: 'ADD votes :one',
          ConditionExpression: '#status = :on',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':one': 1, ':on': POSITION_STATUS.ACTIVE },
        },
      },
      {
        Update: {
          TableName,
          Key: keys.election(coopId, election.id),
          UpdateExpression: firstBallot ? 'ADD votes_cast :one, voters :one' : 'ADD votes_cast :one',
          ConditionExpression: '#status = :on AND start_date <= :today AND end_date >= :today',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':one': 1, ':on': ELECTION_STATUS.ACTIVE, ':today': day },
        },
      },
      firstBallot
        ? { Put: { TableName, Item: { ...keys.voter(coopId, election.id, voterId), entity: 'ELECTION_VOTER', ballots: 1, first_at: now }, ConditionExpression: 'attribute_not_exists(pk)' } }
        : { Update: { TableName, Key: keys.voter(coopId, election.id, voterId), UpdateExpression: 'ADD ballots :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } } },
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
        firstBallot = !(await getItem(keys.voter(coopId, election.id, voterId), true));
        continue;
      }
      const fresh = await getItem<ElectionRecord>(keys.election(coopId, election.id), true);
      if (!fresh) throw notFound('Election');
      refuseClosed(fresh, today());
      throw conflict(`${position.name} or its contestant changed while you voted; reload and try again`);
    }
  }
}
