import type {
  ContestantResult,
  ContestantView,
  ElectionView,
  PositionResult,
  PositionView,
} from '@coopledger/shared/voting-views';
import { statsOfCooperative } from '../cooperatives/cooperative-stats-entity.ts';
import type { ContestantRecord } from './contestant-entity.ts';
import { contestantsIn } from './contestant-entity.ts';
import type { ElectionRecord } from './election-entity.ts';
import type { PositionRecord } from './position-entity.ts';
import { phaseOf, votingOpen, votingStarted } from './store.ts';

/** Elections, positions, contestants and results as the API sends them (shared/src/voting-views.ts). */

const AVATARS = 5;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const fullName = (c: Pick<ContestantRecord, 'firstname' | 'lastname'>) => `${c.firstname} ${c.lastname}`.trim();

/** Active members of the cooperative now: who could vote. */
export async function eligibleMembers(coopId: string): Promise<number> {
  const stats = await statsOfCooperative(coopId);
  return Number(stats.members_active ?? 0);
}

export async function presentElection(
  coopId: string,
  election: ElectionRecord,
  eligible: number,
): Promise<ElectionView> {
  const avatars = election.contestants_count > 0 ? await contestantsIn(coopId, election.id, AVATARS) : [];
  const open = votingOpen(election);
  return {
    id: election.id,
    election_id: election.id,
    cooperative_id: coopId,
    name: election.name,
    description: election.description,
    start_date: election.start_date,
    end_date: election.end_date,
    status: election.status,
    created_at: election.created_at,
    phase: phaseOf(election),
    in_progress: open ? 1 : 0,
    votes_cast: election.votes_cast,
    voters: election.voters,
    eligible_members: eligible,
    turnout: Math.min(100, percent(election.voters, eligible)),
    positions_count: election.positions_count,
    contestants_count: election.contestants_count,
    contestants: avatars.map((c) => ({ id: c.id, coop_id: c.coop_id, full_name: fullName(c), gender: c.gender })),
    can_delete: !votingStarted(election),
  };
}

export function presentPosition(coopId: string, position: PositionRecord, myVote?: string | null): PositionView {
  return {
    id: position.id,
    position_id: position.id,
    election_id: position.election_id,
    cooperative_id: coopId,
    name: position.name,
    description: position.description,
    status: position.status,
    contestants_count: position.contestants_count,
    created_at: position.created_at,
    ...(myVote === undefined ? {} : { my_vote: myVote }),
  };
}

export function presentContestant(contestant: ContestantRecord): ContestantView {
  return {
    id: contestant.id,
    contestant_id: contestant.id,
    coop_id: contestant.coop_id,
    position_id: contestant.position_id,
    election_id: contestant.election_id,
    manifesto: contestant.manifesto,
    status: contestant.status,
    full_name: fullName(contestant),
    member: { firstname: contestant.firstname, lastname: contestant.lastname, gender: contestant.gender },
    created_at: contestant.created_at,
  };
}

/** A position's standing: its contestants by votes (most first), each with its share of the position's votes. */
export function positionResult(position: PositionRecord, contestants: ContestantRecord[]): PositionResult {
  const own = contestants.filter((c) => c.position_id === position.id);
  const votes = own.reduce((sum, c) => sum + c.votes, 0);
  const rows: ContestantResult[] = own
    .map((c) => ({ ...presentContestant(c), votes: c.votes, percent: percent(c.votes, votes) }))
    .sort((a, b) => b.votes - a.votes || a.full_name.localeCompare(b.full_name));
  return {
    id: position.id,
    position_id: position.id,
    election_id: position.election_id,
    name: position.name,
    votes,
    contestants: rows,
  };
}
