/**
 * Elections as the API sends them. See functions/voting for the rules and docs/data-model.md
 * "Elections" for how they are kept.
 */

import type { ActiveStatus } from './statuses.ts';

/** From the dates alone (today in UTC against start_date..end_date, both days included). */
export type ElectionPhase = 'upcoming' | 'open' | 'closed';

export interface ContestantSummary {
  id: string;
  coop_id: string;
  full_name: string;
  gender: string | null;
}

export interface ElectionView {
  id: string;
  election_id: string;
  cooperative_id: string;
  name: string;
  description: string | null;
  start_date: string;
  end_date: string;
  /** 1 active (the switch), 0 inactive. */
  status: ActiveStatus;
  created_at: string;
  phase: ElectionPhase;
  /** 1 when members can vote now: active and open. The member side's "in progress". */
  in_progress: 0 | 1;
  /** Ballots cast: one per member per position. */
  votes_cast: number;
  /** Members who cast at least one ballot. */
  voters: number;
  /** Active members of the cooperative now. */
  eligible_members: number;
  /** voters over eligible members, percent to one decimal. */
  turnout: number;
  positions_count: number;
  contestants_count: number;
  /** The first contestants (up to 5), for the card's avatars. */
  contestants: ContestantSummary[];
  /** False once voting has started (votes cast, or active and open): deletion is refused. */
  can_delete: boolean;
}

export interface PositionView {
  id: string;
  position_id: string;
  election_id: string;
  cooperative_id: string;
  name: string;
  description: string | null;
  status: ActiveStatus;
  contestants_count: number;
  created_at: string;
  /** For a member: the contestant they voted for in this position, or null. Absent for staff. */
  my_vote?: string | null;
}

export interface ContestantView {
  id: string;
  contestant_id: string;
  coop_id: string;
  position_id: string;
  election_id: string;
  manifesto: string;
  status: ActiveStatus;
  full_name: string;
  member: { firstname: string; lastname: string; gender: string | null };
  created_at: string;
}

export interface ContestantResult extends ContestantView {
  votes: number;
  /** Share of the position's votes, percent to one decimal. */
  percent: number;
}

export interface PositionResult {
  id: string;
  position_id: string;
  election_id: string;
  name: string;
  votes: number;
  contestants: ContestantResult[];
}

export interface ElectionResults {
  election: ElectionView;
  positions: PositionResult[];
}

/** A ballot recorded: the position and the contestant voted for. */
export interface BallotView {
  position_id: string;
  contestant_id: string;
}
