import type { SystemUserView } from '@coopledger/shared/user-views';
import {
  COOPERATIVE_USER_ROLES,
  PLATFORM_TENANT,
  PRODUCT,
  ROLE_DISPLAY_NAMES,
  isMemberRole,
} from '@coopledger/shared/roles';
import type { SystemUserInput, SystemUserUpdateInput } from '@coopledger/shared/schemas/users';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import type { Identity } from '#core/identity';
import { closeConnections } from '../chat/connection-store.ts';
import { forgetCachedAccess } from '../roles/access-grid.ts';
import type { RoleView } from '../roles/role-store.ts';
import { allRoles, findRole, roleUserCount } from '../roles/role-store.ts';
import { deleteIdentity, setIdentityEmail, setIdentityEnabled } from './identity-provider.ts';
import { createUser, replacePassword } from './user-service.ts';
import type { UserRecord } from './user-store.ts';
import { findLoginClaim, findUser, publicUser, userRemoval } from './user-store.ts';
import { userPage, userUpdate } from './user-entity.ts';
import { searchUsers, userSearchWrites } from './user-search-entity.ts';
import { searchWords } from '#core/search-tokens';
import type { PageRequest } from '#core/list-page';
import { SETUP_STATUS, USER_STATUS } from '@coopledger/shared/statuses';

/**
 * System users (/setup/users): platform users (tenant PLATFORM), or with cooperative_id the staff
 * users and store keepers of a cooperative. A user's sign-in role (Cognito `custom:role`) is fixed when the user is
 * created (the attribute is immutable), so a role change may only move between roles based on the
 * same sign-in role; anything else is refused with a message saying to add the user again.
 */
const ROLE_MISMATCH = {
  platform: 'A platform user needs a platform role',
  cooperative:
    'A cooperative user needs a cooperative staff or store keeper role (members and executives are added from Members)',
};

function roleFor(role: RoleView | undefined, tenant: string): RoleView {
  if (!role || role.status !== SETUP_STATUS.ACTIVE) throw invalid('role_id', 'Please elect the user role');
  if (tenant === PLATFORM_TENANT && role.belong_to !== PRODUCT) throw invalid('role_id', ROLE_MISMATCH.platform);
  if (tenant !== PLATFORM_TENANT && !COOPERATIVE_USER_ROLES.includes(role.base_role))
    throw invalid('role_id', ROLE_MISMATCH.cooperative);
  return role;
}

async function present(users: UserRecord[]): Promise<SystemUserView[]> {
  const names = new Map((await allRoles()).map((r) => [r.id, r.display_name]));
  return users.map((u) => {
    const roleId = u.role_id ?? u.role_name;
    return { ...publicUser(u), role_display_name: names.get(roleId) ?? ROLE_DISPLAY_NAMES[u.role_name] };
  });
}

/**
 * One page of a tenant's users: by login ID, or with a search (login ID, names, email, sign-in
 * role; each word a prefix) from the users' search items (docs/decisions.md 2026-11-26 "Search items
 * for users and registrations").
 */
export async function systemUserPage(tenant: string, search: string | undefined, request: PageRequest) {
  const found =
    searchWords(search).length > 0 ? await searchUsers(tenant, search ?? '', request) : await userPage(tenant, request);
  return { data: await present(found.data), meta: found.meta };
}

export async function createSystemUser(tenant: string, input: SystemUserInput) {
  const role = roleFor(await findRole(input.role_id), tenant);
  const countIn = roleUserCount(role.id, 1);
  try {
    const record = await createUser(
      {
        tenant,
        loginId: input.coop_id,
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        role: role.base_role,
        roleId: role.id,
        status: USER_STATUS.ACTIVE,
        password: input.password,
      },
      countIn ? [countIn.item] : [],
    );
    return (await present([record]))[0];
  } catch (error) {
    if (error instanceof TransactionConditionFailed && countIn?.onConditionFailed) throw countIn.onConditionFailed;
    throw error;
  }
}

/** The user a request names, in the tenant it names (or any tenant when none is named). */
export async function findSystemUser(userId: string, namedTenant: string | undefined): Promise<UserRecord> {
  const loginId = userId.trim().toUpperCase();
  const claim = await findLoginClaim(loginId);
  if (!claim || (namedTenant && claim.tenant !== namedTenant)) throw notFound('User');
  const user = await findUser(claim.tenant, loginId);
  if (!user) throw notFound('User');
  // Members (and executives) are people of the Members screens, with a member record beside the user.
  if (isMemberRole(user.role_name)) throw conflict('This user is a member; manage them from Members');
  return user;
}

export async function updateSystemUser(caller: Identity, user: UserRecord, input: SystemUserUpdateInput) {
  if (input.coop_id.toUpperCase() !== user.coop_id) throw invalid('coop_id', 'The COOP ID of a user cannot be changed');
  const role = roleFor(await findRole(input.role_id), user.tenant);
  const currentRoleId = user.role_id ?? user.role_name;
  if (role.base_role !== user.role_name) {
    throw invalid(
      'role_id',
      `The sign-in role of ${user.coop_id} is ${ROLE_DISPLAY_NAMES[user.role_name]} and cannot change to ${ROLE_DISPLAY_NAMES[role.base_role]}; delete the user and add them again with the new role`,
    );
  }
  const status = input.status ?? user.status;
  if (caller.loginId === user.coop_id && status !== USER_STATUS.ACTIVE)
    throw invalid('status', 'You cannot deactivate your own account');

  if (input.email !== user.email) await setIdentityEmail(user.coop_id, input.email);
  const items: TransactItem[] = [
    userUpdate(user, {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      role_id: role.id,
      status,
      updated_at: nowIso(),
    }),
    ...userSearchWrites(user, { ...user, firstname: input.firstname, lastname: input.lastname, email: input.email }),
  ];
  const countIn = role.id !== currentRoleId ? roleUserCount(role.id, 1) : undefined;
  const countOut = role.id !== currentRoleId ? roleUserCount(currentRoleId, -1) : undefined;
  if (countIn) items.push(countIn.item);
  if (countOut) items.push(countOut.item);
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) {
      if (error.failedIndexes.includes(0)) throw notFound('User');
      throw (
        countIn?.onConditionFailed ?? new AppError('CONFLICT', 'The user changed while it was being saved; try again')
      );
    }
    throw error;
  }
  if (status !== user.status) await setIdentityEnabled(user.coop_id, status === USER_STATUS.ACTIVE);
  // Requests are refused (406) from now on; an open chat connection would go on receiving messages.
  if (status !== USER_STATUS.ACTIVE && user.status === USER_STATUS.ACTIVE)
    await closeConnections(user.tenant, user.coop_id);
  if (input.password) await replacePassword(user.tenant, user.coop_id, input.password);
  forgetCachedAccess();
  const updated = await findUser(user.tenant, user.coop_id);
  return (await present([updated!]))[0];
}

export async function deleteSystemUser(caller: Identity, user: UserRecord) {
  if (caller.loginId === user.coop_id) throw conflict('You cannot delete your own account');
  // The sign-in goes first: if the table write then fails, a retry finds the user and finishes.
  await deleteIdentity(user.coop_id);
  const countOut = roleUserCount(user.role_id ?? user.role_name, -1);
  await transactWrite([...userRemoval(user), ...(countOut ? [countOut.item] : [])]).catch(async (error: unknown) => {
    // Deleted meanwhile by another request.
    if (error instanceof TransactionConditionFailed && error.failedIndexes.includes(0)) throw notFound('User');
    // The role was deleted meanwhile (it cannot be while held, but be safe): delete without the count.
    if (error instanceof TransactionConditionFailed && countOut) {
      await transactWrite(userRemoval(user));
      return;
    }
    throw error;
  });
  forgetCachedAccess();
}
