import type { RoleView } from '@coopledger/shared/role-views';
import type { Role } from '@coopledger/shared/roles';
import { PRODUCT, ROLE_DISPLAY_NAMES, ROLES, isRole } from '@coopledger/shared/roles';
import type { RoleType } from '@coopledger/shared/schemas/roles';
import type { SetupEffect } from '#core/setup-store';
import { SETUP_STATUS } from '@coopledger/shared/statuses';
import type { RoleRecord } from './role-entity.ts';
import { addedRoles, getRole, userCountEffect } from './role-entity.ts';

export type { RoleRecord } from './role-entity.ts';

/**
 * Roles: the five sign-in roles are built in (their id is the role name; they cannot be changed
 * or deleted); added roles are platform setup records, each based on a sign-in role (the role its
 * users' tokens carry, which the route table admits) and narrowed by its own Role Access grid.
 */
export type { RoleView };

const typeOf = (role: Role): RoleType => (role === 'super-admin' ? PRODUCT : 'COOPERATIVE');

export const builtInRoles = (): RoleView[] =>
  ROLES.map((role) => ({
    id: role,
    display_name: ROLE_DISPLAY_NAMES[role],
    name: role,
    belong_to: typeOf(role),
    base_role: role,
    status: SETUP_STATUS.ACTIVE,
    built_in: true,
    users: null,
    created_at: null,
  }));

export const viewOf = (r: RoleRecord): RoleView => ({
  id: r.id,
  display_name: r.display_name,
  name: r.display_name,
  belong_to: r.belong_to,
  base_role: r.base_role,
  status: r.status,
  built_in: false,
  users: r.user_count ?? 0,
  created_at: r.created_at,
});

export const listAddedRoles = () => addedRoles();

export async function allRoles(): Promise<RoleView[]> {
  return [...builtInRoles(), ...(await listAddedRoles()).map(viewOf)];
}

export const findAddedRole = (id: string): Promise<RoleRecord | undefined> => getRole(id);

/** A role by id, built in or added. */
export async function findRole(id: string): Promise<RoleView | undefined> {
  if (isRole(id)) return builtInRoles().find((r) => r.id === id);
  const added = await findAddedRole(id);
  return added ? viewOf(added) : undefined;
}

/** Counts a user in (+1) or out (-1) of an added role, in the user's own transaction. */
export function roleUserCount(roleId: string, delta: 1 | -1): SetupEffect | undefined {
  return isRole(roleId) ? undefined : userCountEffect(roleId, delta);
}
