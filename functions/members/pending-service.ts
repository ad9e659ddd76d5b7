import { toNaira } from '@coopledger/shared/money';
import type { PendingMemberView } from '@coopledger/shared/member-views';
import type { PendingMemberInput } from '@coopledger/shared/schemas/members';
import { assertAmount, rulesOf } from '#core/cooperative-rules';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { AppError, conflict, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { hitRateLimit } from '#core/rate-limit';
import { rateLimitKeyOf } from '#core/viewer';
import { findCooperativeByCode } from '../cooperatives/cooperative-store.ts';
import type { MemberFields } from './member-store.ts';
import { memberOfStaffId } from './member-store.ts';
import {
  assertBank,
  assertDepartment,
  enrolMember,
  mailCredentials,
  profileOf,
  staffIdTaken,
  statsUpdate,
  temporaryPassword,
} from './member-service.ts';
import { COOPERATIVE_STATUS, MEMBER_STATUS, PENDING_MEMBER_STATUS } from '@coopledger/shared/statuses';
import type { PendingMember } from './pending-member-entity.ts';
import {
  getPending,
  pendingDecision,
  pendingMemberNumber,
  pendingPut,
  registrationsList,
} from './pending-member-entity.ts';
import { countChange } from '#core/list-counter-entity';
import { registrationSearchWrites } from './pending-search-entity.ts';
import { notice } from '../notifications/notify.ts';

export type { PendingMember } from './pending-member-entity.ts';

/** Registrations from one viewer address (an IPv6 /64) per cooperative, and to one cooperative in all, per minute. */
export const REGISTRATION_LIMITS = { perSource: 5, perCooperative: 30, windowSeconds: 60 };
const TOO_MANY = 'Too many registration requests; please wait a minute and try again';

/** The cooperative of a registration link; an unknown or inactive code is 404. */
export async function activeCooperativeByCode(code: string | undefined) {
  const trimmed = code?.trim();
  if (!trimmed)
    throw new AppError('VALIDATION', 'The registration link has no cooperative code', {
      cooperative_code: 'The registration link has no cooperative code',
    });
  const coop = await findCooperativeByCode(trimmed);
  if (!coop || coop.status !== COOPERATIVE_STATUS.ACTIVE)
    throw new AppError(
      'NOT_FOUND',
      `No active cooperative has the code ${trimmed.toUpperCase()}; please check the registration link`,
    );
  return coop;
}

export async function register(input: PendingMemberInput, sourceIp: string): Promise<PendingMember> {
  const coop = await activeCooperativeByCode(input.cooperative_code);
  // A public request names its cooperative in the body, so its amount limit applies here.
  assertAmount(rulesOf(coop), input.savings_amount, 'savings_amount');
  await assertDepartment(coop.id, input.department_id);
  assertBank(input.bank_id);
  await hitRateLimit(
    {
      tenant: coop.id,
      name: `REGISTER#IP#${rateLimitKeyOf(sourceIp)}`,
      limit: REGISTRATION_LIMITS.perSource,
      windowSeconds: REGISTRATION_LIMITS.windowSeconds,
    },
    TOO_MANY,
  );
  await hitRateLimit(
    {
      tenant: coop.id,
      name: 'REGISTER#ALL',
      limit: REGISTRATION_LIMITS.perCooperative,
      windowSeconds: REGISTRATION_LIMITS.windowSeconds,
    },
    TOO_MANY,
  );
  if (input.staff_id && (await memberOfStaffId(coop.id, input.staff_id))) throw staffIdTaken(input.staff_id);

  const id = newId();
  const now = nowIso();
  const record: PendingMember = {
    id,
    cooperative_id: coop.id,
    coop_id: null,
    profile: profileOf(input),
    status: PENDING_MEMBER_STATUS.PENDING,
    source_ip: sourceIp,
    created_at: now,
    updated_at: now,
  };
  await transactWrite([
    pendingPut(record),
    ...registrationSearchWrites(undefined, record),
    statsUpdate(coop.id, { registrations_pending: 1 }),
    countChange(coop.id, registrationsList(PENDING_MEMBER_STATUS.PENDING), 1),
  ]);
  return record;
}

export const findPending = (cooperativeId: string, id: string) => getPending(cooperativeId, id);

/** What the pending list and the detail show. */
export function presentPending(p: PendingMember): PendingMemberView {
  return {
    id: p.id,
    coop_id: p.coop_id,
    cooperative_id: p.cooperative_id,
    firstname: p.profile.firstname,
    middlename: p.profile.middlename ?? null,
    lastname: p.profile.lastname,
    email: p.profile.email,
    phone: p.profile.phone,
    contact_phone: p.profile.phone,
    current_address: p.profile.current_address,
    designation: '-',
    status: p.status,
    created_at: p.created_at,
    details: { ...p.profile, savings_amount: toNaira(p.profile.savings_amount) },
  };
}

async function requirePending(cooperativeId: string, id: string): Promise<PendingMember> {
  const pending = await findPending(cooperativeId, id);
  if (!pending) throw notFound('Pending member');
  if (pending.status !== PENDING_MEMBER_STATUS.PENDING)
    throw conflict(
      pending.status === PENDING_MEMBER_STATUS.APPROVED
        ? 'This registration has already been approved'
        : 'This registration has already been denied',
    );
  return pending;
}

/** A decision's writes: the registration's status, its counters, and its search items moved to the new status. */
const decision = (
  pending: PendingMember,
  to: typeof PENDING_MEMBER_STATUS.APPROVED | typeof PENDING_MEMBER_STATUS.DENIED,
) => [...pendingDecision(pending, to, nowIso()), ...registrationSearchWrites(pending, { ...pending, status: to })];

/** Approval creates the member and the sign-in in the same transaction that closes the registration. */
export async function approve(
  cooperative: { id: string; code: string; name: string },
  id: string,
): Promise<{ member: MemberFields; mailed: boolean }> {
  const pending = await requirePending(cooperative.id, id);
  const password = temporaryPassword();
  let member: MemberFields;
  try {
    member = await enrolMember(
      {
        ...pending.profile,
        cooperative_id: cooperative.id,
        role_name: 'cooperative-member',
        role_id: 'cooperative-member',
        status: MEMBER_STATUS.APPROVED,
        source: { kind: 'registration', id },
      },
      cooperative.code,
      password,
      {
        // The member number is only known inside enrolMember; the registration keeps it via a second write below.
        extra: decision(pending, PENDING_MEMBER_STATUS.APPROVED),
        moreCounts: { registrations_pending: -1 },
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT' && error.message.includes('changed meanwhile')) {
      throw conflict('This registration is no longer pending');
    }
    throw error;
  }
  await transactWrite([
    pendingMemberNumber(cooperative.id, id, member.coop_id),
    ...notice(cooperative.id, {
      type: 'registration.approved',
      recipients: [member.coop_id],
      data: { cooperative: cooperative.name, member_id: member.coop_id },
    }),
  ]);
  const mailed = await mailCredentials(member, cooperative, password);
  return { member, mailed };
}

export async function deny(cooperativeId: string, id: string): Promise<void> {
  const pending = await requirePending(cooperativeId, id);
  try {
    await transactWrite([
      ...decision(pending, PENDING_MEMBER_STATUS.DENIED),
      statsUpdate(cooperativeId, { registrations_pending: -1 }),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict('This registration is no longer pending');
    throw error;
  }
}
