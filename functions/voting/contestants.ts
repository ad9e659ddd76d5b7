import type { ContestantInput } from '@coopledger/shared/schemas/voting';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { newId } from '#core/ids';
import type { MemberRecord } from '../members/member-store.ts';
import { findMember } from '../members/member-store.ts';
import type { ContestantRecord } from './contestant-entity.ts';
import {
  deleteCandidacy,
  deleteContestantItem,
  getCandidacy,
  putCandidacy,
  putContestant,
  replaceContestant,
} from './contestant-entity.ts';
import type { ElectionRecord } from './election-entity.ts';
import { countElectionParts } from './election-entity.ts';
import { countPositionContestants, getPosition } from './position-entity.ts';
import { findContestant, findPosition } from './store.ts';
import { deleteVotingRef, putVotingRef } from './voting-ref-entity.ts';

/**
 * Contestants: an active member of the cooperative standing for one position. A member stands for
 * at most one position per election (the candidacy item), and a contestant with votes keeps their
 * member and position.
 */

async function standingMember(coopId: string, memberId: string): Promise<MemberRecord> {
  const member = await findMember(coopId, memberId, true);
  if (!member || member.status !== MEMBER_STATUS.APPROVED)
    throw invalid('coop_id', 'Choose an active member of this cooperative');
  return member;
}

/** Which rule a failed write broke, read back after the fact for a message a person can act on. */
async function alreadyStanding(coopId: string, election: ElectionRecord, memberId: string): Promise<never> {
  const claim = await getCandidacy(coopId, election.id, memberId);
  const where = claim ? (await getPosition(coopId, election.id, claim.position_id, false))?.name : undefined;
  throw invalid(
    'coop_id',
    claim
      ? `This member is already a contestant${where ? ` for ${where}` : ''} in this election`
      : 'The position or election was deleted meanwhile',
  );
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
  try {
    await transactWrite([
      putCandidacy(coopId, member.id, contestant, { onlyIfNew: true }),
      putContestant(coopId, contestant),
      putVotingRef(coopId, contestant.id, 'contestant', election.id),
      countPositionContestants(coopId, position, 1),
      countElectionParts(election, { contestants: 1 }),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return alreadyStanding(coopId, election, member.id);
    throw error;
  }
  return contestant;
}

export async function updateContestant(
  coopId: string,
  contestantId: string,
  input: ContestantInput,
): Promise<ContestantRecord> {
  const { election, contestant } = await findContestant(coopId, contestantId);
  const moving = input.position_id !== contestant.position_id;
  const memberId = input.coop_id.toUpperCase();
  const changingMember = memberId !== contestant.coop_id;
  if ((moving || changingMember) && contestant.votes > 0) {
    throw conflict('A contestant with votes keeps their member and position; only the manifesto and status can change');
  }
  const target = moving ? await findPosition(coopId, input.position_id) : undefined;
  if (target && target.election.id !== election.id)
    throw invalid('position_id', 'Choose a position of the same election');
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
  // A ballot landing meanwhile would change the votes: then nothing is written.
  const items: TransactItem[] = [replaceContestant(coopId, next, contestant.votes)];
  if (changingMember) {
    items.push(
      deleteCandidacy(coopId, election.id, contestant.coop_id),
      putCandidacy(coopId, next.coop_id, next, { onlyIfNew: true }),
    );
  } else if (moving) {
    items.push(putCandidacy(coopId, next.coop_id, next, { onlyIfNew: false }));
  }
  if (moving) {
    items.push(
      countPositionContestants(coopId, { election_id: election.id, id: contestant.position_id }, -1),
      countPositionContestants(coopId, { election_id: election.id, id: next.position_id }, 1),
    );
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
  if (contestant.votes > 0)
    throw conflict(
      `${name} cannot be removed: they have ${contestant.votes} ${contestant.votes === 1 ? 'vote' : 'votes'}`,
    );
  try {
    await transactWrite([
      deleteContestantItem(coopId, contestant),
      deleteVotingRef(coopId, contestantId),
      deleteCandidacy(coopId, election.id, contestant.coop_id),
      countPositionContestants(coopId, { election_id: election.id, id: contestant.position_id }, -1),
      countElectionParts(election, { contestants: -1 }),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict(`${name} received a vote while being removed`);
    throw error;
  }
  return contestant;
}
