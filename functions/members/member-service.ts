import { randomInt } from 'node:crypto';
import { BANKS } from '@coopledger/shared/lookups';
import type { Role } from '@coopledger/shared/roles';
import type { MemberCreateInput } from '@coopledger/shared/schemas/members';
import { MEMBER_SIGN_IN_ROLES } from '@coopledger/shared/schemas/members';
import { nextSequence } from '#core/counters';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import { logger } from '#core/logger';
import { sendMail } from '#core/mail';
import { getDepartment } from '../setup/setup-entity.ts';
import { closeConnections } from '../chat/connection-store.ts';
import { userUpdate } from '../users/user-entity.ts';
import { userItems } from '../users/user-store.ts';
import type { StatsField } from '../cooperatives/cooperative-stats-entity.ts';
import { statsOfCooperative, statsUpdate } from '../cooperatives/cooperative-stats-entity.ts';
import type { FirstPassword } from '../users/identity-provider.ts';
import { createIdentity, deleteIdentity, setIdentityEnabled } from '../users/identity-provider.ts';
import type { MemberFields, MemberRecord, NewMember } from './member-store.ts';
import { findMember, memberOfStaffId, memberPut, staffClaimPut } from './member-store.ts';
import { memberStatusMove } from './member-entity.ts';
import { memberSearchWrites } from './member-search-entity.ts';
import { joinedCount } from './members-joined.ts';
import { MEMBER_STATUS, USER_STATUS } from '@coopledger/shared/statuses';

/** Member numbers are the cooperative code plus a sequence: DEMO0001, DEMO0002, ... */
export async function nextMemberNumber(cooperativeId: string, code: string): Promise<string> {
  const sequence = await nextSequence(cooperativeId, 'MEMBER_NUMBER');
  return `${code.toUpperCase()}${String(sequence).padStart(4, '0')}`;
}

type StatusField = 'members_active' | 'members_inactive' | 'members_pending';
export const statusField = (status: number): StatusField =>
  status === MEMBER_STATUS.APPROVED
    ? 'members_active'
    : status === MEMBER_STATUS.INACTIVE
      ? 'members_inactive'
      : 'members_pending';
const genderField = (gender: string) => (gender === 'Female' ? 'members_female' : 'members_male');

export { statsUpdate } from '../cooperatives/cooperative-stats-entity.ts';

function statsChange(
  member: Pick<NewMember, 'cooperative_id' | 'status' | 'gender'>,
  more: Partial<Record<StatsField, number>>,
): TransactItem {
  // One item may appear once per transaction, so other count changes ride on this update.
  return statsUpdate(member.cooperative_id, {
    ...more,
    [statusField(member.status)]: 1,
    [genderField(member.gender)]: 1,
  });
}

/**
 * Enrols a member: the pool's sign-in first (one Cognito call with a temporary password; the pool
 * refuses a login ID it holds), then the user record with its login claim, the member record, its
 * staff ID claim, the cooperative's counts and any `extra` items (an approved registration's status)
 * in one transaction. If that transaction fails the sign-in is deleted again, so a refused row
 * leaves nothing. A generated member number that is held already (by a sign-in, a user or a member)
 * is passed over for the next one.
 */
const MAX_NUMBER_ATTEMPTS = 50;

export interface Enrolment {
  /** Items written in the member's transaction (an approved registration's decision). */
  extra?: TransactItem[];
  /** More count changes on the cooperative's stats item, which the transaction updates anyway. */
  moreCounts?: Partial<Record<StatsField, number>>;
  /** The caller found no member with the staff ID just before (the import); the claim still guards it. */
  staffIdChecked?: boolean;
}

const isTaken = (error: unknown) =>
  error instanceof AppError && error.code === 'CONFLICT' && /already taken/.test(error.message);

export async function enrolMember(
  member: Omit<NewMember, 'coop_id'> & { coop_id?: string },
  code: string,
  password: FirstPassword,
  { extra = [], moreCounts = {}, staffIdChecked = false }: Enrolment = {},
): Promise<MemberFields> {
  const staffId = member.staff_id?.trim() || undefined;
  if (staffId && !staffIdChecked && (await memberOfStaffId(member.cooperative_id, staffId)))
    throw staffIdTaken(staffId);
  const enrol = async (memberNumber: string): Promise<MemberFields> => {
    const loginId = memberNumber.toUpperCase();
    await createIdentity({
      loginId,
      email: member.email,
      role: member.role_name,
      tenant: member.cooperative_id,
      password,
    });
    const user = userItems({
      tenant: member.cooperative_id,
      loginId,
      firstname: member.firstname,
      lastname: member.lastname,
      email: member.email,
      role: member.role_name,
      status: member.status === MEMBER_STATUS.APPROVED ? USER_STATUS.ACTIVE : USER_STATUS.INACTIVE,
    });
    const full: NewMember = { ...member, staff_id: staffId, coop_id: memberNumber };
    const { record, item, search } = memberPut(full);
    const first = user.items.length;
    const items = [
      ...user.items,
      item,
      statsChange(full, moreCounts),
      ...(staffId ? [staffClaimPut(member.cooperative_id, staffId, memberNumber)] : []),
      ...extra,
      ...search,
      joinedCount(record),
    ];
    try {
      await transactWrite(items);
    } catch (error) {
      logger.warn('member write failed; removing its sign-in', { coopId: loginId, error });
      await deleteIdentity(loginId).catch(() => undefined);
      if (error instanceof TransactionConditionFailed) {
        // The login claim comes first in the user's items.
        if (error.failedIndexes.includes(0)) throw conflict(`The login ID ${loginId} is already taken`);
        if (error.failedIndexes.includes(first)) throw conflict(`The member number ${memberNumber} is already taken`);
        if (staffId && error.failedIndexes.includes(first + 2)) throw staffIdTaken(staffId);
        throw conflict('The record changed meanwhile; please try again');
      }
      throw error;
    }
    return record;
  };
  if (member.coop_id) return enrol(member.coop_id);
  // A generated number can already be held (a member number given by hand, an old sequence):
  // take the next one rather than refuse the enrolment.
  for (let attempt = 1; ; attempt++) {
    const candidate = await nextMemberNumber(member.cooperative_id, code);
    try {
      return await enrol(candidate);
    } catch (error) {
      if (!isTaken(error) || attempt >= MAX_NUMBER_ATTEMPTS) throw error;
    }
  }
}

export const staffIdTaken = (staffId: string) =>
  new AppError('CONFLICT', `The staff ID ${staffId} is already used in this cooperative`, {
    staff_id: `The staff ID ${staffId} is already used in this cooperative`,
  });

/** A temporary password for a new sign-in: 10 characters, no look-alikes. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** The sign-in role of a member: cooperative-member or cooperative-executive. */
export function memberRole(roleId: string): Role {
  if ((MEMBER_SIGN_IN_ROLES as readonly string[]).includes(roleId)) return roleId as Role;
  throw invalid('role_id', 'Please select a role: cooperative-member or cooperative-executive');
}

export async function assertDepartment(
  cooperativeId: string,
  departmentId: string,
): Promise<{ id: string; name: string }> {
  const department = await getDepartment(cooperativeId, departmentId);
  if (!department) throw invalid('department_id', 'Please select department');
  return department;
}

export function assertBank(bankId: string): void {
  if (!BANKS.some((b) => String(b.id) === bankId)) throw invalid('bank_id', 'Please select bank');
}

interface CooperativeRef {
  id: string;
  code: string;
  name: string;
}

/** The profile sections of the wizard's input, as the member record keeps them. */
export function profileOf(input: Omit<MemberCreateInput, 'staff_id' | 'role_id' | 'password'> & { staff_id?: string }) {
  return {
    firstname: input.firstname,
    middlename: input.middlename,
    lastname: input.lastname,
    staff_id: input.staff_id,
    email: input.email.toLowerCase(),
    phone: input.phone,
    gender: input.gender,
    marital_status: input.marital_status,
    dob: input.dob,
    religion: input.religion,
    country_id: input.country_id,
    state_id: input.state_id,
    current_address: input.current_address,
    savings_amount: input.savings_amount,
    work_info: {
      level: input.level,
      department_id: input.department_id,
      date_joined: input.date_joined,
      official_email: input.official_email,
      official_phone: input.official_phone,
    },
    bank_info: {
      bank_id: input.bank_id,
      branch: input.branch,
      account_type: input.account_type,
      account_no: input.account_no,
      account_name: input.account_name,
      sort_code: input.sort_code,
    },
    nok_info: { name: input.nok_name, address: input.nok_address, phone: input.nok_phone, email: input.nok_email },
    emergency_info: {
      name: input.contact_name,
      address: input.contact_address,
      phone: input.contact_phone,
      email: input.contact_email,
    },
  };
}

/**
 * Sends a new member their member number (their login ID) and, when the system chose it, their
 * password: a temporary one (an import's) is replaced at the first sign-in, within the user pool's
 * 7 days (infra/lib/auth/user-pool.ts `tempPasswordValidity`).
 */
export async function mailCredentials(
  member: Pick<MemberFields, 'email' | 'firstname' | 'coop_id'>,
  cooperative: CooperativeRef,
  password?: FirstPassword,
): Promise<boolean> {
  try {
    await sendMail({
      to: member.email,
      kind: 'member-credentials',
      subject: `${cooperative.name}: your membership sign-in`,
      text: [
        `Hello ${member.firstname},`,
        ``,
        `You are now a member of ${cooperative.name}.`,
        `Your member number (your login ID) is ${member.coop_id}.`,
        password === undefined
          ? `Your cooperative will give you your password.`
          : typeof password === 'string'
            ? `Your temporary password is ${password}. Please change it after you sign in.`
            : `Your temporary password is ${password.temporary}. When you first sign in (within 7 days) you will choose your own password.`,
      ].join('\n'),
    });
    return true;
  } catch (error) {
    // The member exists either way; staff can set a password and tell them.
    logger.warn('could not mail member credentials', { coopId: member.coop_id, error });
    return false;
  }
}

/** POST /cooperative/member: the wizard's member, their sign-in and the credentials mail. */
export async function createMember(
  cooperative: CooperativeRef,
  input: MemberCreateInput,
): Promise<{ member: MemberFields; mailed: boolean }> {
  const role = memberRole(input.role_id);
  await assertDepartment(cooperative.id, input.department_id);
  assertBank(input.bank_id);
  const password = input.password ?? temporaryPassword();
  const member = await enrolMember(
    {
      ...profileOf(input),
      cooperative_id: cooperative.id,
      role_name: role as MemberFields['role_name'],
      role_id: role,
      status: MEMBER_STATUS.APPROVED,
      source: { kind: 'wizard' },
    },
    cooperative.code,
    password,
  );
  const mailed = await mailCredentials(member, cooperative, input.password ? undefined : password);
  return { member, mailed };
}

/**
 * Activates (approved) or deactivates (inactive) a member. The member, their user's status and the counts move
 * in one transaction, conditional on the old status; then the pool sign-in is enabled or disabled.
 * The token check (functions/core/tenant.ts) reads the user's status, so an open session gets 406.
 */
export async function setMemberStatus(
  cooperativeId: string,
  memberId: string,
  to: typeof MEMBER_STATUS.APPROVED | typeof MEMBER_STATUS.INACTIVE,
): Promise<MemberRecord> {
  const member = await findMember(cooperativeId, memberId, true);
  if (!member) throw notFound('Member');
  if (member.status === to)
    throw conflict(to === MEMBER_STATUS.APPROVED ? 'The member is already active' : 'The member is already inactive');
  if (member.exited_at && to === MEMBER_STATUS.APPROVED)
    throw conflict('This member has left the cooperative; an exited member cannot be activated again');
  const now = nowIso();
  try {
    await transactWrite([
      memberStatusMove(member, member.status, to, now),
      userUpdate(
        { tenant: cooperativeId, id: member.id },
        { status: to === MEMBER_STATUS.APPROVED ? USER_STATUS.ACTIVE : USER_STATUS.INACTIVE, updated_at: now },
      ),
      statsUpdate(cooperativeId, { [statusField(member.status)]: -1, [statusField(to)]: 1 }),
      ...memberSearchWrites(member, { ...member, status: to, updated_at: now }),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) {
      throw conflict(
        error.failedIndexes.includes(1)
          ? 'The member has no sign-in'
          : 'The member changed meanwhile; please try again',
      );
    }
    throw error;
  }
  await setIdentityEnabled(member.id, to === MEMBER_STATUS.APPROVED);
  // Requests are refused (406) from now on; an open chat connection would go on receiving messages.
  if (to !== MEMBER_STATUS.APPROVED) await closeConnections(cooperativeId, member.id);
  return { ...member, status: to, updated_at: now };
}

/** The cooperative's member counts; pending are registrations awaiting approval. */
export async function memberCounts(cooperativeId: string) {
  const stats = await statsOfCooperative(cooperativeId);
  const n = (field: StatsField) => Math.max(0, stats[field] ?? 0);
  const active = n('members_active');
  const inactive = n('members_inactive');
  const warning = n('members_pending');
  return {
    total: active + inactive + warning,
    pending: n('registrations_pending'),
    male: n('members_male'),
    female: n('members_female'),
    active,
    inactive,
    warning,
  };
}
