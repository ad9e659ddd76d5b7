import type { Item, TransactItem } from '#core/db';
import { getItem, nowIso, queryAll, table } from '#core/db';
import { keys } from '#core/keys';
import { toNaira } from '@coopledger/shared/money';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';
import type { MemberStatus } from '@coopledger/shared/statuses';

/** A member of a cooperative. The member id is the member number, which is also the login ID. */
export interface MemberFields {
  id: string;
  coop_id: string;
  cooperative_id: string;
  firstname: string;
  middlename?: string;
  lastname: string;
  staff_id?: string;
  email: string;
  phone: string;
  gender: 'Male' | 'Female';
  marital_status?: 'Single' | 'Married' | 'Divorced';
  dob?: string;
  religion?: string;
  country_id?: string;
  state_id?: string;
  current_address?: string;
  role_name: 'cooperative-member' | 'cooperative-executive';
  /** Monthly savings contribution, kobo. */
  savings_amount: number;
  /** 0 pending/warning, 1 approved (active), 2 inactive. */
  status: MemberStatus;
  /** The role shown: a built-in role name, or an added COOPERATIVE role's id (default role_name). */
  role_id?: string;
  work_info?: { level?: number; department_id?: string; date_joined?: string; official_email?: string; official_phone?: string };
  bank_info?: { bank_id: string; branch: string; account_type: 'Savings' | 'Current'; account_no: string; account_name: string; sort_code?: string };
  nok_info?: { name: string; address: string; phone: string; email: string };
  emergency_info?: { name: string; address: string; phone: string; email: string };
  /** S3 object keys of the profile documents (shown through presigned URLs). */
  documents?: { avatar?: string; signature?: string; reg_form?: string };
  /** Where the member came from: the wizard, a registration (its pending id) or an import (its id). */
  source?: { kind: 'wizard' | 'registration' | 'import'; id?: string };
  created_at: string;
  updated_at: string;
}

export type MemberRecord = MemberFields & Item;
export type NewMember = Omit<MemberFields, 'created_at' | 'updated_at' | 'id'>;

/** The put for a new member, for use inside a transaction (the member number must be new). */
export function memberPut(member: NewMember): { record: MemberFields; item: TransactItem } {
  const now = nowIso();
  const id = member.coop_id.toUpperCase();
  const record: MemberFields = { ...member, id, coop_id: id, created_at: now, updated_at: now };
  return {
    record,
    item: {
      Put: {
        TableName: table(),
        Item: {
          ...keys.member(member.cooperative_id, id),
          ...keys.memberIndex(member.cooperative_id, `${member.lastname} ${member.firstname}`, id),
          entity: 'MEMBER',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

export const findMember = (cooperativeId: string, memberId: string, consistent = false) =>
  getItem<MemberRecord>(keys.member(cooperativeId, memberId), consistent);

/**
 * Every member of a cooperative, in name order: one Query of the cooperative's member index
 * (docs/decisions.md 2026-11-22 "Member search" on why search filters this in memory).
 */
export const listMembers = (cooperativeId: string) =>
  queryAll<MemberRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.membersPartition(cooperativeId) },
  });

/** The claim that keeps a staff ID unique inside a cooperative; it names the member holding it. */
export const staffIdClaim = (cooperativeId: string, staffId: string) => keys.uniqueClaim(cooperativeId, 'MEMBER', 'staff_id', staffId);

export async function memberOfStaffId(cooperativeId: string, staffId: string): Promise<string | undefined> {
  const claim = await getItem<{ member_id: string }>(staffIdClaim(cooperativeId, staffId), true);
  return claim?.member_id;
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

export function staffClaimPut(cooperativeId: string, staffId: string, memberId: string): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...staffIdClaim(cooperativeId, staffId), entity: 'CLAIM', member_id: memberId.toUpperCase(), created_at: nowIso() },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function staffClaimDelete(cooperativeId: string, staffId: string, memberId: string): TransactItem {
  return {
    Delete: {
      TableName: table(),
      Key: staffIdClaim(cooperativeId, staffId),
      ConditionExpression: 'attribute_not_exists(pk) OR member_id = :member',
      ExpressionAttributeValues: { ':member': memberId.toUpperCase() },
    },
  };
}

/** Replaces a member's record (same keys), on the condition that it was not changed meanwhile. */
export function memberReplace(previous: MemberFields, next: MemberFields): TransactItem {
  const record: MemberFields = { ...next, updated_at: nowIso() };
  return {
    Put: {
      TableName: table(),
      Item: {
        ...keys.member(record.cooperative_id, record.id),
        ...keys.memberIndex(record.cooperative_id, `${record.lastname} ${record.firstname}`, record.id),
        entity: 'MEMBER',
        ...stripKeys(record),
      },
      ConditionExpression: 'updated_at = :was',
      ExpressionAttributeValues: { ':was': previous.updated_at },
    },
  };
}

function stripKeys(member: MemberFields): MemberFields {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, entity: _e, ...rest } = member as MemberFields & Record<string, unknown>;
  return rest;
}

/** The member as the API shows it. */
export function publicMember(member: MemberRecord) {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, entity: _e, savings_amount, ...rest } = member as MemberRecord & { pk?: string; sk?: string; gsi1pk?: string; gsi1sk?: string; entity?: string };
  return { ...rest, savings_amount: toNaira(savings_amount) };
}

/**
 * The cooperative's active members whose name or member number contains the query, in name order,
 * names only (the surety search of the loan form; every role of the cooperative may read it).
 */
export async function memberDirectory(cooperativeId: string, query: string | undefined) {
  const q = query?.trim().toLowerCase() ?? '';
  const members = await listMembers(cooperativeId);
  return members
    .filter((m) => m.status === MEMBER_STATUS.APPROVED)
    .map((m) => ({ id: m.id, name: [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' '), firstname: m.firstname, lastname: m.lastname }))
    .filter((m) => !q || m.name.toLowerCase().includes(q) || m.id.toLowerCase().includes(q) || `${m.lastname} ${m.firstname}`.toLowerCase().includes(q));
}
