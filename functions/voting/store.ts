import { today } from '@coopledger/shared/dates';
import { ELECTION_STATUS } from '@coopledger/shared/statuses';
import type { ElectionPhase } from '@coopledger/shared/voting-views';
import { notFound } from '#core/errors';
import { getBallot } from './ballot-entity.ts';
import type { ContestantRecord } from './contestant-entity.ts';
import { contestantsIn, getContestant } from './contestant-entity.ts';
import type { ElectionRecord } from './election-entity.ts';
import { getElection } from './election-entity.ts';
import type { PositionRecord } from './position-entity.ts';
import { getPosition, positionsIn } from './position-entity.ts';
import { electionHolding } from './voting-ref-entity.ts';

/**
 * The voting domain's reads and rules over its entities (election-entity.ts, position-entity.ts,
 * contestant-entity.ts, ballot-entity.ts, voting-ref-entity.ts; docs/data-model.md "Elections"): an
 * election's partition holds its head, positions, contestants, ballots, voters and candidacies; the
 * head and each position and contestant keep running vote counts, written in the same transaction
 * as each ballot.
 */
export function phaseOf(election: Pick<ElectionRecord, 'start_date' | 'end_date'>, day = today()): ElectionPhase {
  if (day < election.start_date) return 'upcoming';
  if (day > election.end_date) return 'closed';
  return 'open';
}

/** Members may vote now: the election is switched on and today is within its dates. */
export const votingOpen = (election: ElectionRecord, day = today()) =>
  election.status === ELECTION_STATUS.ACTIVE && phaseOf(election, day) === 'open';

/** Voting has started once a ballot is cast, or while the election is on and open. */
export const votingStarted = (election: ElectionRecord, day = today()) =>
  election.votes_cast > 0 || votingOpen(election, day);

export async function findElection(coopId: string, electionId: string, consistent = true): Promise<ElectionRecord> {
  const election = await getElection(coopId, electionId, consistent);
  if (!election) throw notFound('Election');
  return election;
}

const byCreation = <T extends { created_at: string; id: string }>(a: T, b: T) =>
  a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

export async function positionsOf(coopId: string, electionId: string): Promise<PositionRecord[]> {
  return (await positionsIn(coopId, electionId)).sort(byCreation);
}

export async function contestantsOf(
  coopId: string,
  electionId: string,
  positionId?: string,
): Promise<ContestantRecord[]> {
  const rows = await contestantsIn(coopId, electionId);
  return rows.filter((c) => !positionId || c.position_id === positionId).sort(byCreation);
}

export async function findPosition(
  coopId: string,
  positionId: string,
): Promise<{ election: ElectionRecord; position: PositionRecord }> {
  const electionId = await electionHolding(coopId, positionId, 'position');
  const [election, position] = electionId
    ? await Promise.all([getElection(coopId, electionId), getPosition(coopId, electionId, positionId)])
    : [undefined, undefined];
  if (!election || !position) throw notFound('Position');
  return { election, position };
}

export async function findContestant(
  coopId: string,
  contestantId: string,
): Promise<{ election: ElectionRecord; contestant: ContestantRecord }> {
  const electionId = await electionHolding(coopId, contestantId, 'contestant');
  const [election, contestant] = electionId
    ? await Promise.all([getElection(coopId, electionId), getContestant(coopId, electionId, contestantId)])
    : [undefined, undefined];
  if (!election || !contestant) throw notFound('Contestant');
  return { election, contestant };
}

/** The ballots a member cast in an election: position id → contestant id. */
export async function ballotsOf(
  coopId: string,
  electionId: string,
  memberId: string,
  positionIds: string[],
): Promise<Map<string, string>> {
  const rows = await Promise.all(positionIds.map((p) => getBallot(coopId, electionId, p, memberId, false)));
  const ballots = new Map<string, string>();
  rows.forEach((row, index) => {
    if (row) ballots.set(positionIds[index], row.contestant_id);
  });
  return ballots;
}
