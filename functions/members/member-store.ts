import type { Item, TransactItem } from '#core/db';
import { getItem, nowIso, table } from '#core/db';
import { keys } from '#core/keys';

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
  status: 0 | 1 | 2;
  work_info?: { level?: number; department_id?: string; date_joined?: string; official_email?: string; official_phone?: string };
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

export const findMember = (cooperativeId: string, memberId: string) => getItem<MemberRecord>(keys.member(cooperativeId, memberId));

/** The member as the API shows it. */
export function publicMember(member: MemberRecord) {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, entity: _e, savings_amount, ...rest } = member as MemberRecord & { pk?: string; sk?: string; gsi1pk?: string; gsi1sk?: string; entity?: string };
  return { ...rest, savings_amount: savings_amount / 100 };
}
