import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ACCOUNT_TYPES, GENDERS, MARITAL_STATUSES, MEMBER_SIGN_IN_ROLES } from '@coopledger/shared/schemas/members';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';
import type { MemberStatus } from '@coopledger/shared/statuses';
import { countQuery } from '#core/db';
import type { TransactItem } from '#core/db';
import { appTable, entityDefaults, getEntity, transactItem, transition, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';
import type { ListTotal, PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';

/**
 * The profile a member keeps (docs/data-model.md, "Members"): the wizard's sections. A public
 * registration keeps the same fields, as given, in its `profile` (pending-member-entity.ts).
 */
const contact = () => map({ name: string(), address: string(), phone: string(), email: string() });
export const profileAttributes = () => ({
  firstname: string(),
  middlename: string().optional(),
  lastname: string(),
  staff_id: string().optional(),
  email: string(),
  phone: string(),
  gender: string().enum(...GENDERS),
  marital_status: string()
    .enum(...MARITAL_STATUSES)
    .optional(),
  dob: string().optional(),
  religion: string().optional(),
  country_id: string().optional(),
  state_id: string().optional(),
  current_address: string().optional(),
  /** Monthly savings contribution, kobo. */
  savings_amount: number(),
  /** An imported member has its level, department and date joined only. */
  work_info: map({
    level: number().optional(),
    department_id: string().optional(),
    date_joined: string().optional(),
    official_email: string().optional(),
    official_phone: string().optional(),
  }).optional(),
  bank_info: map({
    bank_id: string(),
    branch: string(),
    account_type: string().enum(...ACCOUNT_TYPES),
    account_no: string(),
    account_name: string(),
    sort_code: string().optional(),
  }).optional(),
  nok_info: contact().optional(),
  emergency_info: contact().optional(),
});

/**
 * A member of a cooperative: its key, its stored record, its statuses (MEMBER_STATUS), the
 * cooperative's list by name and its writes. The member id is the member number (upper case), which
 * is also the login ID and `coop_id`.
 */
export const MemberEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    coop_id: string(),
    ...profileAttributes(),
    role_name: string().enum(...MEMBER_SIGN_IN_ROLES),
    /** The role shown: a built-in role name, or an added COOPERATIVE role's id (default role_name). */
    role_id: string().optional(),
    status: number().enum(MEMBER_STATUS.WARNING, MEMBER_STATUS.APPROVED, MEMBER_STATUS.INACTIVE),
    /** S3 object keys of the profile documents (shown through presigned URLs). */
    documents: map({
      avatar: string().optional(),
      signature: string().optional(),
      reg_form: string().optional(),
    }).optional(),
    /** Where the member came from: the wizard, a registration (its pending id) or an import (its id). */
    source: map({ kind: string().enum('wizard', 'registration', 'import'), id: string().optional() }).optional(),
    /** Set when the member left the cooperative (an approved exit, functions/members/exits.ts); never cleared. */
    exited_at: string().optional(),
    exit_id: string().optional(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('MEMBER').hidden(),
    /** The cooperative's members by `<lastname firstname>#<number>`. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /** The cooperative's members of one status by the same sort (the deactivated list). */
    gsi2pk: string().hidden().optional(),
    gsi2sk: string().hidden().optional(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.member(cooperative_id, id),
});

export type MemberRecord = FormattedItem<typeof MemberEntity>;
type StoredMember = Omit<InputItem<typeof MemberEntity>, 'entity' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'>;

export const getMember = (cooperativeId: string, memberId: string, consistent = false) =>
  getEntity(MemberEntity, keys.member(cooperativeId, memberId), consistent);

/**
 * Every member of a cooperative, in name order: one Query of the cooperative's member index
 * (docs/decisions.md 2026-11-22 "Member search" on why search filters this in memory).
 */
export function membersOf(cooperativeId: string): Promise<MemberRecord[]> {
  return entitiesIn(MemberEntity, keys.membersPartition(cooperativeId), { index: 'gsi1' });
}

/**
 * One page of the cooperative's members in name order (gsi1), or of those of one status (gsi2),
 * with the total the caller knows from the cooperative's counts.
 */
export function memberPage(cooperativeId: string, request: PageRequest, total: ListTotal, status?: MemberStatus) {
  return status === undefined
    ? entityPage(MemberEntity, keys.membersPartition(cooperativeId), request, { index: 'gsi1', total })
    : entityPage(MemberEntity, keys.membersOfStatusPartition(cooperativeId, status), request, { index: 'gsi2', total });
}

/** How many of a cooperative's members work in a department (a COUNT Query of the member index). */
export function departmentMemberCount(cooperativeId: string, departmentId: string): Promise<number> {
  const { TableName: _name, ...query } = appTable
    .build(QueryCommand)
    .entities(MemberEntity)
    .query({ index: 'gsi1', partition: keys.membersPartition(cooperativeId) })
    .options({ filters: { MEMBER: { attr: 'work_info.department_id', eq: departmentId } } })
    .params();
  return countQuery(query);
}

const sortName = (member: Pick<MemberRecord, 'lastname' | 'firstname'>) => `${member.lastname} ${member.firstname}`;

const memberItem = (member: StoredMember) => ({
  ...member,
  ...keys.memberIndex(member.cooperative_id, sortName(member), member.id),
  ...keys.memberStatusIndex(member.cooperative_id, member.status, sortName(member), member.id),
});

/** The put of a new member, for use inside a transaction: the member number must be new. */
export function newMemberPut(member: StoredMember): TransactItem {
  return transactItem(
    MemberEntity.build(PutTransaction)
      .item(memberItem(member))
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

/**
 * Replaces a member's record (same keys, the name index follows the name), on the condition that it was not changed
 * since `wasUpdatedAt`.
 */
export function memberReplacePut(member: StoredMember, wasUpdatedAt: string): TransactItem {
  return transactItem(
    MemberEntity.build(PutTransaction)
      .item(memberItem(member))
      .options({ condition: { attr: 'updated_at', eq: wasUpdatedAt } })
      .params(),
  );
}

/** A member's status moving from `from` to `to` (a failed condition: it changed meanwhile). */
export function memberStatusMove(
  member: Pick<MemberRecord, 'cooperative_id' | 'id' | 'lastname' | 'firstname'>,
  from: MemberStatus,
  to: MemberStatus,
  now: string,
): TransactItem {
  return transactItem(
    transition(MemberEntity, { cooperative_id: member.cooperative_id, id: member.id }, from, to, {
      updated_at: now,
      ...keys.memberStatusIndex(member.cooperative_id, to, sortName(member), member.id),
    }).params(),
  );
}

/**
 * A member who leaves: status `from` -> inactive (their status index follows), marked exited by the
 * approved exit `exitId`. A failed condition: the member changed meanwhile.
 */
export function memberExitMove(
  member: Pick<MemberRecord, 'cooperative_id' | 'id' | 'lastname' | 'firstname' | 'status'>,
  exitId: string,
  now: string,
): TransactItem {
  return transactItem(
    transition(
      MemberEntity,
      { cooperative_id: member.cooperative_id, id: member.id },
      member.status,
      MEMBER_STATUS.INACTIVE,
      {
        updated_at: now,
        exited_at: now,
        exit_id: exitId,
        ...keys.memberStatusIndex(member.cooperative_id, MEMBER_STATUS.INACTIVE, sortName(member), member.id),
      },
    ).params(),
  );
}
