import { nextSequence } from '#core/counters';
import type { TransactItem } from '#core/db';
import { table, transactWrite } from '#core/db';
import { keys } from '#core/keys';
import { logger } from '#core/logger';
import { createUser } from '../users/user-service.ts';
import { removeUser } from '../users/user-store.ts';
import { deleteIdentity } from '../users/identity-provider.ts';
import type { MemberFields, NewMember } from './member-store.ts';
import { memberPut } from './member-store.ts';

/** Member numbers are the cooperative code plus a sequence: DEMO0001, DEMO0002, ... */
export async function nextMemberNumber(cooperativeId: string, code: string): Promise<string> {
  const sequence = await nextSequence(cooperativeId, 'MEMBER_NUMBER');
  return `${code.toUpperCase()}${String(sequence).padStart(4, '0')}`;
}

function statsChange(member: Pick<NewMember, 'cooperative_id' | 'status' | 'gender'>): TransactItem {
  const statusField = member.status === 1 ? 'members_active' : member.status === 2 ? 'members_inactive' : 'members_pending';
  const genderField = member.gender === 'Female' ? 'members_female' : 'members_male';
  return {
    Update: {
      TableName: table(),
      Key: keys.stats(member.cooperative_id),
      UpdateExpression: `ADD ${statusField} :one, ${genderField} :one`,
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/**
 * Enrols a member: the sign-in user (table + pool), then the member record and the cooperative's
 * counts in one transaction. If that transaction fails the user is removed again.
 */
export async function enrolMember(member: Omit<NewMember, 'coop_id'> & { coop_id?: string }, code: string, password: string): Promise<MemberFields> {
  const coopId = member.coop_id ?? (await nextMemberNumber(member.cooperative_id, code));
  const full: NewMember = { ...member, coop_id: coopId };
  await createUser({
    tenant: member.cooperative_id,
    loginId: coopId,
    firstname: member.firstname,
    lastname: member.lastname,
    email: member.email,
    role: member.role_name,
    status: member.status === 1 ? 1 : 0,
    password,
  });
  const { record, item } = memberPut(full);
  try {
    await transactWrite([item, statsChange(full)]);
  } catch (error) {
    logger.warn('member write failed; removing its user', { coopId, error });
    await removeUser(member.cooperative_id, coopId).catch(() => undefined);
    await deleteIdentity(coopId).catch(() => undefined);
    throw error;
  }
  return record;
}
