import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { today } from '@coopledger/shared/dates';
import type { ElectionPhase } from '@coopledger/shared/voting-views';
import type { Item } from '#core/db';
import { db } from '#core/clients';
import { getItem, queryAll, queryPartition, table } from '#core/db';
import { notFound } from '#core/errors';
import { keys } from '#core/keys';
import { ELECTION_STATUS } from '@coopledger/shared/statuses';
import type { ActiveStatus } from '@coopledger/shared/statuses';

/**
 * Elections as stored (docs/data-model.md "Elections"). An election's partition holds its head,
 * positions, contestants, ballots, voters and candidacies; the head and each position and
 * contestant keep running vote counts, written in the same transaction as each ballot.
 */
export interface ElectionRecord extends Item {
  id: string;
  cooperative_id: string;
  name: string;
  description: string | null;
  start_date: string;
  end_date: string;
  status: ActiveStatus;
  created_at: string;
  updated_at: string;
  created_by: string;
  /** Ballots cast (one per member per position). */
  votes_cast: number;
  /** Members who cast at least one ballot. */
  voters: number;
  positions_count: number;
  contestants_count: number;
}

export interface PositionRecord extends Item {
  id: string;
  election_id: string;
  name: string;
  description: string | null;
  status: ActiveStatus;
  votes: number;
  contestants_count: number;
  created_at: string;
  updated_at: string;
}

export interface ContestantRecord extends Item {
  id: string;
  election_id: string;
  position_id: string;
  /** The member standing (member number). */
  coop_id: string;
  manifesto: string;
  status: ActiveStatus;
  votes: number;
  /** The member's names and gender when added or last edited, for cards and results. */
  firstname: string;
  lastname: string;
  gender: string | null;
  created_at: string;
  updated_at: string;
}

export interface VotingRef extends Item {
  kind: 'position' | 'contestant';
  election_id: string;
}

export function phaseOf(election: Pick<ElectionRecord, 'start_date' | 'end_date'>, day = today()): ElectionPhase {
  if (day < election.start_date) return 'upcoming';
  if (day > election.end_date) return 'closed';
  return 'open';
}

/** Members may vote now: the election is switched on and today is within its dates. */
export const votingOpen = (election: ElectionRecord, day = today()) => election.status === ELECTION_STATUS.ACTIVE && phaseOf(election, day) === 'open';

/** Voting has started once a ballot is cast, or while the election is on and open. */
export const votingStarted = (election: ElectionRecord, day = today()) => election.votes_cast > 0 || votingOpen(election, day);

export async function findElection(coopId: string, electionId: string, consistent = true): Promise<ElectionRecord> {
  const election = await getItem<ElectionRecord>(keys.election(coopId, electionId), consistent);
  if (!election) throw notFound('Election');
  return election;
}

export function listElections(coopId: string): Promise<ElectionRecord[]> {
  return queryAll<ElectionRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.electionsPartition(coopId) },
    ScanIndexForward: false,
  });
}

const byCreation = <T extends { created_at: string; id: string }>(a: T, b: T) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

export async function positionsOf(coopId: string, electionId: string): Promise<PositionRecord[]> {
  const rows = await queryPartition<PositionRecord>(keys.electionPartition(coopId, electionId), 'POS#');
  return rows.sort(byCreation);
}

export async function contestantsOf(coopId: string, electionId: string, positionId?: string): Promise<ContestantRecord[]> {
  const rows = await queryPartition<ContestantRecord>(keys.electionPartition(coopId, electionId), 'CONT#');
  return rows.filter((c) => !positionId || c.position_id === positionId).sort(byCreation);
}

/** The first contestants of an election (the card's avatars) without reading them all. */
export async function firstContestants(coopId: string, electionId: string, limit: number): Promise<ContestantRecord[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.electionPartition(coopId, electionId), ':prefix': 'CONT#' },
      Limit: limit,
    }),
  );
  return (result.Items ?? []) as ContestantRecord[];
}

async function electionOfRef(coopId: string, id: string, kind: VotingRef['kind']): Promise<string | undefined> {
  const ref = await getItem<VotingRef>(keys.votingRef(coopId, id), true);
  return ref?.kind === kind ? ref.election_id : undefined;
}

export async function findPosition(coopId: string, positionId: string): Promise<{ election: ElectionRecord; position: PositionRecord }> {
  const electionId = await electionOfRef(coopId, positionId, 'position');
  const [election, position] = electionId
    ? await Promise.all([getItem<ElectionRecord>(keys.election(coopId, electionId), true), getItem<PositionRecord>(keys.electionPosition(coopId, electionId, positionId), true)])
    : [undefined, undefined];
  if (!election || !position) throw notFound('Position');
  return { election, position };
}

export async function findContestant(coopId: string, contestantId: string): Promise<{ election: ElectionRecord; contestant: ContestantRecord }> {
  const electionId = await electionOfRef(coopId, contestantId, 'contestant');
  const [election, contestant] = electionId
    ? await Promise.all([getItem<ElectionRecord>(keys.election(coopId, electionId), true), getItem<ContestantRecord>(keys.electionContestant(coopId, electionId, contestantId), true)])
    : [undefined, undefined];
  if (!election || !contestant) throw notFound('Contestant');
  return { election, contestant };
}

/** The ballots a member cast in an election: position id → contestant id. */
export async function ballotsOf(coopId: string, electionId: string, memberId: string, positionIds: string[]): Promise<Map<string, string>> {
  const rows = await Promise.all(positionIds.map((p) => getItem<{ contestant_id: string } & Item>(keys.ballot(coopId, electionId, p, memberId))));
  const ballots = new Map<string, string>();
  rows.forEach((row, index) => {
    if (row) ballots.set(positionIds[index], row.contestant_id);
  });
  return ballots;
}
