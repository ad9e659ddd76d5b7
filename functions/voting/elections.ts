import { today } from '@coopledger/shared/dates';
import type { ElectionInput, PositionInput } from '@coopledger/shared/schemas/voting';
import { POSITION_STATUS } from '@coopledger/shared/statuses';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { newId } from '#core/ids';
import { keys } from '#core/keys';
import { countChange } from '#core/list-counter-entity';
import { deleteKeys } from '#core/db';
import { contestantsIn } from './contestant-entity.ts';
import type { ElectionRecord } from './election-entity.ts';
import {
  countElectionParts,
  deleteElectionHead,
  electionPartitionKeys,
  putElection,
  updateElectionFields,
} from './election-entity.ts';
import type { PositionRecord } from './position-entity.ts';
import { deletePositionItem, putPosition, updatePositionFields } from './position-entity.ts';
import { findElection, findPosition, votingStarted } from './store.ts';
import { deleteVotingRef, putVotingRef } from './voting-ref-entity.ts';

/**
 * Elections and their positions: create, update, delete. Deleting is refused once voting has
 * started; the head's condition (no ballot cast) makes that hold against a ballot racing the delete.
 */

/** The counter of a cooperative's elections (`meta.total` of the elections list). */
export const ELECTIONS_LIST = 'elections';

type NewPosition = Omit<PositionRecord, 'votes' | 'contestants_count'>;

const positionItems = (coopId: string, position: NewPosition) => [
  putPosition(coopId, position),
  putVotingRef(coopId, position.id, 'position', position.election_id),
];

export async function createElection(coopId: string, input: ElectionInput, by: string): Promise<ElectionRecord> {
  const now = nowIso();
  const id = newId();
  const positions: NewPosition[] = (input.positions ?? []).map((p, index) => ({
    id: newId(Date.now() + index),
    election_id: id,
    name: p.name,
    description: p.description ?? null,
    status: POSITION_STATUS.ACTIVE,
    created_at: new Date(Date.parse(now) + index).toISOString(),
    updated_at: now,
  }));
  const election: ElectionRecord = {
    id,
    cooperative_id: coopId,
    name: input.name,
    description: input.description ?? null,
    start_date: input.start_date,
    end_date: input.end_date,
    status: input.status,
    created_at: now,
    updated_at: now,
    created_by: by,
    votes_cast: 0,
    voters: 0,
    positions_count: positions.length,
    contestants_count: 0,
  };
  await transactWrite([
    putElection(election),
    countChange(coopId, ELECTIONS_LIST, 1),
    ...positions.flatMap((p) => positionItems(coopId, p)),
  ]);
  return election;
}

/**
 * Changes the election's fields (the switch sends them all with the new status). Positions are managed on their own.
 */
export async function updateElection(
  coopId: string,
  electionId: string,
  input: ElectionInput,
): Promise<ElectionRecord> {
  const existing = await findElection(coopId, electionId);
  // Ballots already cast were cast within the dates: they cannot be moved out from under them.
  if (existing.votes_cast > 0) {
    if (input.start_date !== existing.start_date)
      throw invalid('start_date', 'The start date cannot change once votes have been cast');
    if (input.end_date < existing.end_date && input.end_date < today())
      throw invalid('end_date', 'Once votes have been cast the end date can only move to today or later');
  }
  const next: ElectionRecord = {
    ...existing,
    name: input.name,
    description: input.description ?? null,
    start_date: input.start_date,
    end_date: input.end_date,
    status: input.status,
    updated_at: nowIso(),
  };
  const { name, description, start_date, end_date, status, updated_at } = next;
  try {
    // The date rule above read the votes: a first ballot landing meanwhile refuses the update.
    await transactWrite([
      updateElectionFields(
        existing,
        { name, description, start_date, end_date, status, updated_at },
        { whileNoVotes: existing.votes_cast === 0 },
      ),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict(`${existing.name} changed meanwhile (a vote was cast, or it was deleted); reload and try again`);
    throw error;
  }
  return next;
}

export async function deleteElection(coopId: string, electionId: string): Promise<ElectionRecord> {
  const election = await findElection(coopId, electionId);
  if (votingStarted(election)) {
    throw conflict(
      election.votes_cast > 0
        ? `${election.name} cannot be deleted: voting has started (${election.votes_cast} ${election.votes_cast === 1 ? 'vote' : 'votes'} cast)`
        : `${election.name} cannot be deleted while voting is open; switch it off first`,
    );
  }
  const held = await electionPartitionKeys(coopId, electionId);
  try {
    await transactWrite([deleteElectionHead(election), countChange(coopId, ELECTIONS_LIST, -1)]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict(`${election.name} changed while it was being deleted; try again`);
    throw error;
  }
  const head = keys.election(coopId, electionId);
  // Positions and contestants are `POS#<id>` and `CONT#<id>`: their references go too.
  const refs = held.flatMap(({ sk }) =>
    /^(POS|CONT)#/.test(sk) ? [keys.votingRef(coopId, sk.slice(sk.indexOf('#') + 1))] : [],
  );
  await deleteKeys([...held.filter((key) => key.sk !== head.sk), ...refs]);
  return election;
}

export async function createPosition(coopId: string, input: PositionInput): Promise<PositionRecord> {
  const election = await findElection(coopId, input.election_id);
  const now = nowIso();
  const position = {
    id: newId(),
    election_id: election.id,
    name: input.name,
    description: input.description ?? null,
    status: input.status,
    created_at: now,
    updated_at: now,
  };
  try {
    await transactWrite([...positionItems(coopId, position), countElectionParts(election, { positions: 1 })]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict('The election was deleted meanwhile');
    throw error;
  }
  return { ...position, votes: 0, contestants_count: 0 };
}

export async function updatePosition(
  coopId: string,
  positionId: string,
  input: Omit<PositionInput, 'election_id'>,
): Promise<PositionRecord> {
  const { position } = await findPosition(coopId, positionId);
  const next: PositionRecord = {
    ...position,
    name: input.name,
    description: input.description ?? null,
    status: input.status,
    updated_at: nowIso(),
  };
  await transactWrite([
    updatePositionFields(coopId, position, {
      name: next.name,
      description: next.description,
      status: next.status,
      updated_at: next.updated_at,
    }),
  ]);
  return next;
}

/** Deletes a position with its contestants, unless it has votes. */
export async function deletePosition(coopId: string, positionId: string): Promise<PositionRecord> {
  const { election, position } = await findPosition(coopId, positionId);
  if (position.votes > 0)
    throw conflict(
      `${position.name} cannot be deleted: it has ${position.votes} ${position.votes === 1 ? 'vote' : 'votes'}`,
    );
  const contestants = (await contestantsIn(coopId, election.id)).filter((c) => c.position_id === positionId);
  try {
    await transactWrite([
      deletePositionItem(coopId, position),
      countElectionParts(election, { positions: -1, contestants: -contestants.length }),
      deleteVotingRef(coopId, positionId),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict(`${position.name} received a vote while it was being deleted`);
    throw error;
  }
  await deleteKeys(
    contestants.flatMap((c) => [
      keys.electionContestant(coopId, election.id, c.id),
      keys.votingRef(coopId, c.id),
      keys.candidacy(coopId, election.id, c.coop_id),
    ]),
  );
  return position;
}
