import type { ContestantInput } from '@coopledger/shared/schemas/voting';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, getItem, nowIso, table, transactWrite } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { newId } from '#core/ids';
import { keys } from '#core/keys';
import type { MemberRecord } from '../members/member-store.ts';
import { findMember } from '../members/member-store.ts';
import type { ContestantRecord, ElectionRecord, PositionRecord } from './store.ts';
import { findContestant, findPosition } from './store.ts';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';

/**
 * Contestants: an active member of the cooperative standing for one position. A member stands for
 * at most one position per election (the candidacy item), and a contestant with votes keeps their
 * member and position.
 */

async function standingMember(coopId: string, memberId: string): Promise<MemberRecord> {
  const member = await findMember(coopId, memberId, true);
  if (!member || member.status !== MEMBER_STATUS.APPROVED) throw invalid('coop_id', 'Choose an active member of this cooperative');
  return member;
}

function candidacyPut(coopId: string, election: ElectionRecord, memberId: string, contestant: Pick<ContestantRecord, 'id' | 'position_id'>): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.candidacy(coopId, election.id, memberId), entity: 'ELECTION_CANDIDACY', contestant_id: contestant.id, position_id: contestant.position_id },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const countUpdate = (key: { pk: string; sk: string }, by: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: key,
    UpdateExpression: 'ADD contestants_count :by',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':by': by },
  },
});

/** Which rule a failed write broke, read back after the fact for a message a person can act on. */
async function alreadyStanding(coopId: string, election: ElectionRecord, memberId: string): Promise<never> {
  const claim = await getItem<{ position_id: string }>(keys.candidacy(coopId, election.id, memberId), true);
  const where = claim ? (await getItem<PositionRecord>(keys.electionPosition(coopId, election.id, claim.position_id)))?.name : undefined;
  throw invalid('coop_id', claim ? `This member is already a contestant${where ? ` for ${where}` : ''} in this election` : 'The position or election was deleted meanwhile');
}

export async function addContestant(coopId: string, input: ContestantInput): Promise<ContestantRecord> {
  const { election, position } = await findPosition(coopId, input.position_id);
  const member = await standingMember(coopId, input.coop_id);
  const now = nowIso();
  const contestant: ContestantRecord = {
    id: newId(),
    election_id: election.id,
    position_id: position.id,
    coop_id: member.id,
    manifesto: input.manifesto,
    status: input.status,
    votes: 0,
    firstname: member.firstname,
    lastname: member.lastname,
    gender: member.gender ?? null,
    created_at: now,
    updated_at: now,
  };
  const TableName = table();
  try {
    await transactWrite([
      candidacyPut(coopId, election, member.id, contestant),
      { Put: { TableName, Item: { ...keys.electionContestant(coopId, election.id, contestant.id), entity: 'ELECTION_CONTESTANT', ...contestant }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName, Item: { ...keys.votingRef(coopId, contestant.id), entity: 'VOTING_REF', kind: 'contestant', election_id: election.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      countUpdate(keys.electionPosition(coopId, election.id, position.id), 1),
      countUpdate(keys.election(coopId, election.id), 1),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return alreadyStanding(coopId, election, member.id);
    throw error;
  }
  return contestant;
}

export async function updateContestant(coopId: string, contestantId: string, input: ContestantInput): Promise<ContestantRecord> {
  const { election, contestant } = await findContestant(coopId, contestantId);
  const moving = input.position_id !== contestant.position_id;
  const memberId = input.coop_id.toUpperCase();
  const changingMember = memberId !== contestant.coop_id;
  if ((moving || changingMember) && contestant.votes > 0) {
    throw conflict('A contestant with votes keeps their member and position; only the manifesto and status can change');
  }
  const target = moving ? await findPosition(coopId, input.position_id) : undefined;
  if (target && target.election.id !== election.id) throw invalid('position_id', 'Choose a position of the same election');
  const member = changingMember ? await standingMember(coopId, memberId) : await findMember(coopId, contestant.coop_id);
  const next: ContestantRecord = {
    ...contestant,
    position_id: input.position_id,
    coop_id: member?.id ?? contestant.coop_id,
    manifesto: input.manifesto,
    status: input.status,
    firstname: member?.firstname ?? contestant.firstname,
    lastname: member?.lastname ?? contestant.lastname,
    gender: member?.gender ?? contestant.gender,
    updated_at: nowIso(),
  };
  const TableName = table();
  const items: TransactItem[] = [
    {
      Put: {
        TableName,
        Item: { ...keys.electionContestant(coopId, election.id, contestantId), entity: 'ELECTION_CONTESTANT', ...next },
        // A ballot landing meanwhile would change the votes: then nothing is written.
        ConditionExpression: 'votes = :votes',
        ExpressionAttributeValues: { ':votes': contestant.votes },
      },
    },
  ];
  if (changingMember) {
    items.push({ Delete: { TableName, Key: keys.candidacy(coopId, election.id, contestant.coop_id) } }, candidacyPut(coopId, election, next.coop_id, next));
  } else if (moving) {
    items.push({ Put: { TableName, Item: { ...keys.candidacy(coopId, election.id, next.coop_id), entity: 'ELECTION_CANDIDACY', contestant_id: next.id, position_id: next.position_id } } });
  }
  if (moving) {
    items.push(countUpdate(keys.electionPosition(coopId, election.id, contestant.position_id), -1), countUpdate(keys.electionPosition(coopId, election.id, next.position_id), 1));
  }
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) {
      if (error.failedIndexes.includes(0)) throw conflict('This contestant received a vote meanwhile; try again');
      return alreadyStanding(coopId, election, next.coop_id);
    }
    throw error;
  }
  return next;
}

export async function removeContestant(coopId: string, contestantId: string): Promise<ContestantRecord> {
  const { election, contestant } = await findContestant(coopId, contestantId);
  const name = `${contestant.firstname} ${contestant.lastname}`;
  if (contestant.votes > 0) throw conflict(`${name} cannot be removed: they have ${contestant.votes} ${contestant.votes === 1 ? 'vote' : 'votes'}`);
  const TableName = table();
  try {
    await transactWrite([
      { Delete: { TableName, Key: keys.electionContestant(coopId, election.id, contestantId), ConditionExpression: 'votes = :zero', ExpressionAttributeValues: { ':zero': 0 } } },
      { Delete: { TableName, Key: keys.votingRef(coopId, contestantId) } },
      { Delete: { TableName, Key: keys.candidacy(coopId, election.id, contestant.coop_id) } },
      countUpdate(keys.electionPosition(coopId, election.id, contestant.position_id), -1),
      countUpdate(keys.election(coopId, election.id), -1),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict(`${name} received a vote while being removed`);
    throw error;
  }
  return contestant;
}
