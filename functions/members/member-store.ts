import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import { toNaira } from '@coopledger/shared/money';
import type { MemberRecord } from './member-entity.ts';
import { getMember as findMember, memberReplacePut, newMemberPut } from './member-entity.ts';
import { memberSearchWrites } from './member-search-entity.ts';
import { memberOfStaffId } from './staff-id-claim-entity.ts';

export type { MemberRecord } from './member-entity.ts';
export { getMember as findMember, membersOf as listMembers } from './member-entity.ts';
export { memberOfStaffId, staffClaimDelete, staffClaimPut } from './staff-id-claim-entity.ts';

/** A member as stored; the member id is the member number, which is also the login ID. */
export type MemberFields = MemberRecord;
export type NewMember = Omit<MemberFields, 'created_at' | 'updated_at' | 'id'>;

/** The put for a new member, for use inside a transaction (the member number must be new). */
export function memberPut(member: NewMember): { record: MemberFields; item: TransactItem; search: TransactItem[] } {
  const now = nowIso();
  const id = member.coop_id.toUpperCase();
  const record: MemberFields = { ...member, id, coop_id: id, created_at: now, updated_at: now };
  return { record, item: newMemberPut(record), search: memberSearchWrites(undefined, record) };
}

/**
 * Finds the members an import names, by member number or by staff ID, each read once per import:
 * `memberOf(written)` resolves to the member, or undefined when neither matches.
 */
export function memberFinder(cooperativeId: string): (written: string) => Promise<MemberRecord | undefined> {
  const members = new Map<string, MemberRecord | undefined>();
  return async (written) => {
    const key = written.trim().toUpperCase();
    if (!members.has(key)) {
      let member = await findMember(cooperativeId, key);
      if (!member) {
        const byStaffId = await memberOfStaffId(cooperativeId, written.trim());
        if (byStaffId) member = await findMember(cooperativeId, byStaffId);
      }
      members.set(key, member);
    }
    return members.get(key);
  };
}

/** Replaces a member's record (same keys), on the condition that it was not changed meanwhile. */
export function memberReplace(previous: MemberFields, next: MemberFields): TransactItem {
  return memberReplacePut({ ...next, updated_at: nowIso() }, previous.updated_at);
}

/** The member as the API shows it. */
export function publicMember(member: MemberRecord) {
  const { savings_amount, ...rest } = member;
  return { ...rest, savings_amount: toNaira(savings_amount) };
}
