import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/use-session';
import { routeData, routeRequest } from './client';
import type { ActiveStatus } from '@coopledger/shared/statuses';

/**
 * Elections, their positions and contestants, votes and results (spec 001 "Polls and elections"
 * and section 7 "Voting"; functions/voting). Staff manage them at /setup/polls; members and
 * executives vote at /member/elections. Every call carries the active cooperative.
 */
export type {
  ContestantResult,
  ContestantView,
  ElectionPhase,
  ElectionView,
  PositionResult,
  PositionView,
} from '@coopledger/shared/voting-views';

/** The active cooperative, part of every key so that switching cooperative never shows another's elections. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

export interface ElectionListParams {
  page: number;
  query?: string;
}

const votingKeys = {
  all: ['voting'] as const,
  elections: (cooperative: string | null) => ['voting', cooperative, 'elections'] as const,
  election: (cooperative: string | null) => ['voting', cooperative, 'election'] as const,
  positions: (cooperative: string | null) => ['voting', cooperative, 'positions'] as const,
  contestants: (cooperative: string | null) => ['voting', cooperative, 'contestants'] as const,
  results: (cooperative: string | null) => ['voting', cooperative, 'results'] as const,
};

type VotingPart = Exclude<keyof typeof votingKeys, 'all'>;

/**
 * The election cards carry counts of positions, contestants and votes, and the results carry the
 * election, so nearly every change reads the lists and the results again along with what it changed.
 */
function refresh(queryClient: QueryClient, cooperative: string | null, parts: readonly VotingPart[]) {
  return Promise.all(parts.map((part) => queryClient.invalidateQueries({ queryKey: votingKeys[part](cooperative) })));
}

function useRefresh(parts: readonly VotingPart[]) {
  const cooperative = useCooperative();
  const queryClient = useQueryClient();
  return () => refresh(queryClient, cooperative, parts);
}

// ---- elections ----

export function useElections(params: ElectionListParams, enabled = true) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...votingKeys.elections(cooperative), params],
    queryFn: ({ signal }) => routeData('GET /cooperative/voting/election', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useElection(electionId: string | null) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...votingKeys.election(cooperative), electionId],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/voting/election/single', { query: { election_id: electionId }, signal }),
    enabled: electionId !== null,
  });
}

export interface PositionLineBody {
  name: string;
  description?: string;
}

export interface ElectionBody {
  name: string;
  description?: string;
  start_date: string;
  end_date: string;
  status: ActiveStatus;
  /** Only when creating: the positions the election opens with. */
  positions?: PositionLineBody[];
}

/** Creates an election, or with an id updates it (the card's switch sends its fields with the new status). */
export function useSaveElection() {
  const done = useRefresh(['elections', 'election', 'results']);
  return useMutation({
    mutationFn: ({ electionId, body }: { electionId: string | null; body: ElectionBody }) =>
      electionId
        ? routeRequest('POST /cooperative/voting/election/update', { body: { ...body, election_id: electionId } })
        : routeRequest('POST /cooperative/voting/election', { body }),
    onSuccess: done,
  });
}

export function useDeleteElection() {
  const done = useRefresh(['elections', 'election', 'positions', 'contestants', 'results']);
  return useMutation({
    mutationFn: (electionId: string) =>
      routeRequest('DELETE /cooperative/voting/election', { query: { election_id: electionId } }),
    onSuccess: done,
  });
}

// ---- positions ----

/** An election's positions; for a member each says whom they voted for (`my_vote`). */
export function usePositions(electionId: string | null) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...votingKeys.positions(cooperative), electionId],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/voting/position/election', { query: { election_id: electionId }, signal }),
    enabled: electionId !== null,
  });
}

export interface PositionBody {
  election_id: string;
  name: string;
  description?: string;
  status: ActiveStatus;
}

export function useSavePosition() {
  const done = useRefresh(['positions', 'elections', 'election', 'results']);
  return useMutation({
    mutationFn: ({ positionId, body }: { positionId: string | null; body: PositionBody }) =>
      positionId
        ? routeRequest('POST /cooperative/voting/position/update', { body: { ...body, position_id: positionId } })
        : routeRequest('POST /cooperative/voting/position', { body }),
    onSuccess: done,
  });
}

export function useDeletePosition() {
  const done = useRefresh(['positions', 'contestants', 'elections', 'election', 'results']);
  return useMutation({
    mutationFn: (positionId: string) =>
      routeRequest('DELETE /cooperative/voting/position', { query: { position_id: positionId } }),
    onSuccess: done,
  });
}

// ---- contestants ----

/** A position's contestants; members are given the active ones only. */
export function useContestants(positionId: string | null) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...votingKeys.contestants(cooperative), positionId],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/voting/contestant/position', { query: { position_id: positionId }, signal }),
    enabled: positionId !== null,
  });
}

export interface ContestantBody {
  /** The member's number. */
  coop_id: string;
  position_id: string;
  election_id: string;
  manifesto: string;
  status: ActiveStatus;
}

export function useSaveContestant() {
  const done = useRefresh(['contestants', 'positions', 'elections', 'election', 'results']);
  return useMutation({
    mutationFn: ({ contestantId, body }: { contestantId: string | null; body: ContestantBody }) =>
      contestantId
        ? routeRequest('POST /cooperative/voting/contestant/update', { body: { ...body, contestant_id: contestantId } })
        : routeRequest('POST /cooperative/voting/contestant', { body }),
    onSuccess: done,
  });
}

export function useDeleteContestant() {
  const done = useRefresh(['contestants', 'positions', 'elections', 'election', 'results']);
  return useMutation({
    mutationFn: (contestantId: string) =>
      routeRequest('DELETE /cooperative/voting/contestant', { query: { contestant_id: contestantId } }),
    onSuccess: done,
  });
}

// ---- results and votes ----

/**
 * Every position's results. Members are refused (403) while voting is open, and a refused query
 * would raise an error toast, so the member screens ask only once an election has closed.
 */
export function useElectionResults(electionId: string | null, enabled = true) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...votingKeys.results(cooperative), 'election', electionId],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/voting/result/election', { query: { election_id: electionId }, signal }),
    enabled: enabled && electionId !== null,
  });
}

export function usePositionResult(positionId: string | null) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...votingKeys.results(cooperative), 'position', positionId],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/voting/result/position', { query: { position_id: positionId }, signal }),
    enabled: positionId !== null,
  });
}

export interface VoteBody {
  election_id: string;
  position_id: string;
  contestant_id: string;
  /** The voter: the signed-in member (the server takes it from the session). */
  coop_id: string;
}

/**
 * Casts the member's vote in one position. A refusal (already voted, voting closed) may mean the
 * screen was out of date, so the positions and their `my_vote` are read again either way.
 */
export function useVote() {
  const done = useRefresh(['positions', 'elections', 'election', 'results']);
  return useMutation({
    mutationFn: (body: VoteBody) => routeRequest('POST /cooperative/voting/vote', { body }),
    onSettled: done,
  });
}
