import { today } from '@coopledger/shared/dates';
import type { ElectionInput, PositionInput } from '@coopledger/shared/schemas/voting';
import type { Item, TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, queryPartition, table, transactWrite } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { newId } from '#core/ids';
import { keys } from '#core/keys';
import { deleteKeys } from '../cooperatives/cooperative-store.ts';
import type { ElectionRecord, PositionRecord } from './store.ts';
import { findElection, findPosition, votingStarted } from './store.ts';
import { POSITION_STATUS } from '@coopledger/shared/statuses';

/**
 * Elections and their positions: create, update, delete. Deleting is refused once voting has
 * started; the head's condition (no ballot cast) makes that hold against a ballot racing the delete.
 */

function positionPuts(coopId: string, electionId: string, position: Pick<PositionRecord, 'id' | 'election_id' | 'name' | 'description' | 'status' | 'created_at' | 'updated_at'>): TransactItem[] {
  const TableName = table();
  return [
    {
      Put: {
        TableName,
        Item: { ...keys.electionPosition(coopId, electionId, position.id), entity: 'ELECTION_POSITION', ...position, votes: 0, contestants_count: 0 },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName, Item: { ...keys.votingRef(coopId, position.id), entity: 'VOTING_REF', kind: 'position', election_id: electionId }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

export async function createElection(coopId: string, input: ElectionInput, by: string): Promise<ElectionRecord> {
  const now = nowIso();
  const id = newId();
  const positions = (input.positions ?? []).map((p, index) => ({
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
    {
      Put: {
        TableName: table(),
        Item: { ...keys.election(coopId, id), ...keys.electionIndex(coopId, now, id), entity: 'ELECTION', ...election },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...positions.flatMap((p) => positionPuts(coopId, id, p)),
  ]);
  return election;
}

/** Changes the election's fields (the switch sends them all with the new status). Positions are managed on their own. */
export async function updateElection(coopId: string, electionId: string, input: ElectionInput): Promise<ElectionRecord> {
  const existing = await findElection(coopId, electionId);
  // Ballots already cast were cast within the dates: they cannot be moved out from under them.
  if (existing.votes_cast > 0) {
    if (input.start_date !== existing.start_date) throw invalid('start_date', 'The start date cannot change once votes have been cast');
    if (input.end_date < existing.end_date && input.end_date < today()) throw invalid('end_date', 'Once votes have been cast the end date can only move to today or later');
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
  try {
    await transactWrite([
      {
        Update: {
          TableName: table(),
          Key: keys.election(coopId, electionId),
          UpdateExpression: 'SET #name = :name, description = :description, start_date = :start, end_date = :end, #status = :status, updated_at = :now',
          // The date rule above read the votes: a first ballot landing meanwhile refuses the update.
          ConditionExpression: existing.votes_cast > 0 ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND votes_cast = :zero',
          ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
          ExpressionAttributeValues: {
            ...(existing.votes_cast > 0 ? {} : { ':zero': 0 }),
            ':name': next.name,
            ':description': next.description,
            ':start': next.start_date,
            ':end': next.end_date,
            ':status': next.status,
            ':now': next.updated_at,
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict(`${existing.name} changed meanwhile (a vote was cast, or it was deleted); reload and try again`);
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
  const held = await queryPartition<Item & { pk: string; sk: string }>(keys.electionPartition(coopId, electionId));
  try {
    await transactWrite([
      {
        Delete: {
          TableName: table(),
          Key: keys.election(coopId, electionId),
          ConditionExpression: 'votes_cast = :zero AND #status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':zero': 0, ':status': election.status },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict(`${election.name} changed while it was being deleted; try again`);
    throw error;
  }
  const refs = held.filter((item) => item.sk.startsWith('POS#') || item.sk.startsWith('CONT#')).map((item) => keys.votingRef(coopId, String(item.id)));
  await deleteKeys([...held.filter((item) => item.sk !== 'ELECTION').map(({ pk, sk }) => ({ pk, sk })), ...refs]);
  return election;
}

export async function createPosition(coopId: string, input: PositionInput): Promise<PositionRecord> {
  const election = await findElection(coopId, input.election_id);
  const now = nowIso();
  const position = { id: newId(), election_id: election.id, name: input.name, description: input.description ?? null, status: input.status, created_at: now, updated_at: now };
  try {
    await transactWrite([
      ...positionPuts(coopId, election.id, position),
      {
        Update: {
          TableName: table(),
          Key: keys.election(coopId, election.id),
          UpdateExpression: 'ADD positions_count :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict('The election was deleted meanwhile');
    throw error;
  }
  return { ...position, votes: 0, contestants_count: 0 };
}

export async function updatePosition(coopId: string, positionId: string, input: Omit<PositionInput, 'election_id'>): Promise<PositionRecord> {
  const { position } = await findPosition(coopId, positionId);
  const next: PositionRecord = { ...position, name: input.name, description: input.description ?? null, status: input.status, updated_at: nowIso() };
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.electionPosition(coopId, position.election_id, positionId),
        UpdateExpression: 'SET #name = :name, description = :description, #status = :status, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
        ExpressionAttributeValues: { ':name': next.name, ':description': next.description, ':status': next.status, ':now': next.updated_at },
      },
    },
  ]);
  return next;
}

/** Deletes a position with its contestants, unless it has votes. */
export async function deletePosition(coopId: string, positionId: string): Promise<PositionRecord> {
  const { election, position } = await findPosition(coopId, positionId);
  if (position.votes > 0) throw conflict(`${position.name} cannot be deleted: it has ${position.votes} ${position.votes === 1 ? 'vote' : 'votes'}`);
  const held = await queryPartition<Item & { pk: string; sk: string; id: string; position_id?: string; coop_id?: string }>(keys.electionPartition(coopId, election.id), 'CONT#');
  const contestants = held.filter((c) => c.position_id === positionId);
  const TableName = table();
  try {
    await transactWrite([
      { Delete: { TableName, Key: keys.electionPosition(coopId, election.id, positionId), ConditionExpression: 'votes = :zero', ExpressionAttributeValues: { ':zero': 0 } } },
      {
        Update: {
          TableName,
          Key: keys.election(coopId, election.id),
          UpdateExpression: 'ADD positions_count :minus, contestants_count :gone',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minus': -1, ':gone': -contestants.length },
        },
      },
      { Delete: { TableName, Key: keys.votingRef(coopId, positionId) } },
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict(`${position.name} received a vote while it was being deleted`);
    throw error;
  }
  await deleteKeys(
    contestants.flatMap((c) => [
      keys.electionContestant(coopId, election.id, c.id),
      keys.votingRef(coopId, c.id),
      keys.candidacy(coopId, election.id, String(c.coop_id)),
    ]),
  );
  return position;
}
