import type { UserView } from '@coopledger/shared/user-views';
import type { Role } from '@coopledger/shared/roles';
import type { ActiveStatus as UserStatus } from '@coopledger/shared/statuses';
import { USER_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { writeItem } from '#core/entity';
import { conflict, notFound } from '#core/errors';
import { loginClaimDelete, loginClaimPut } from './login-claim-entity.ts';
import type { UserRecord } from './user-entity.ts';
import { USERS_LIST, userDelete, userPut, userUpdate } from './user-entity.ts';
import { countChange } from '#core/list-counter-entity';
import type { SearchableUser } from './user-search-entity.ts';
import { userSearchWrites } from './user-search-entity.ts';

export type { UserRecord } from './user-entity.ts';
export { getUser as findUser, usersOf as listUsers } from './user-entity.ts';
export { findLoginClaim } from './login-claim-entity.ts';

export interface NewUser {
  tenant: string;
  loginId: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  /** An added role based on `role`; default `role` itself. */
  roleId?: string;
  status?: UserStatus;
}

/** A new user: the claim on its login ID (first: a taken login ID fails it) and the user. */
export function userItems(user: NewUser): { record: UserRecord; items: TransactItem[] } {
  const loginId = user.loginId.toUpperCase();
  const now = nowIso();
  const record: UserRecord = {
    id: loginId,
    coop_id: loginId,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role_name: user.role,
    role_id: user.roleId ?? user.role,
    status: user.status ?? USER_STATUS.ACTIVE,
    tenant: user.tenant,
    created_at: now,
    updated_at: now,
  };
  return {
    record,
    items: [
      loginClaimPut(loginId, user.tenant, now),
      userPut(record),
      countChange(user.tenant, USERS_LIST, 1),
      ...userSearchWrites(undefined, record),
    ],
  };
}

/** Writes the user and claims the login ID; a taken login ID is a 409 and nothing is written. */
export async function insertUser(user: NewUser, extra: TransactItem[] = []): Promise<UserRecord> {
  const { record, items } = userItems(user);
  try {
    await transactWrite([...items, ...extra]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed && error.failedIndexes.includes(0)) {
      throw conflict(`The login ID ${record.coop_id} is already taken`);
    }
    throw error;
  }
  return record;
}

/** The user, its login claim and its search items (deletes, as one transaction). */
export const userRemoval = (user: SearchableUser): TransactItem[] => [
  userDelete(user.tenant, user.id),
  loginClaimDelete(user.id),
  countChange(user.tenant, USERS_LIST, -1),
  ...userSearchWrites(user, undefined),
];

export async function removeUser(user: SearchableUser): Promise<void> {
  await transactWrite(userRemoval(user));
}

export async function setUserStatus(tenant: string, loginId: string, status: UserStatus): Promise<void> {
  await writeItem(userUpdate({ tenant, id: loginId }, { status, updated_at: nowIso() }), notFound('User'));
}

/** Refuses, from now on, every token of a sign-in made before `seconds` (functions/core/tenant.ts). */
export async function setTokensValidAfter(tenant: string, loginId: string, seconds: number): Promise<void> {
  await writeItem(
    userUpdate({ tenant, id: loginId }, { tokens_valid_after: seconds, updated_at: nowIso() }),
    notFound('User'),
  );
}

/** The user as the API shows it (no keys, no tenant internals). */
export function publicUser(user: UserRecord): UserView {
  return {
    id: user.id,
    coop_id: user.coop_id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role_id: user.role_id ?? user.role_name,
    role_name: user.role_name,
    status: user.status,
    cooperative_id: user.tenant === 'PLATFORM' ? null : user.tenant,
    created_at: user.created_at,
  };
}
