import type { RoleView } from '@coopledger/shared/role-views';
import type { Role } from '@coopledger/shared/roles';
import { PLATFORM_TENANT, PRODUCT, ROLE_DISPLAY_NAMES, ROLES, isRole } from '@coopledger/shared/roles';
import type { RoleType } from '@coopledger/shared/schemas/roles';
import type { Item } from '#core/db';
import { table } from '#core/db';
import { AppError } from '#core/errors';
import type { SetupEffect, SetupRecord } from '#core/setup-store';
import { getSetup, listSetup, recordOf } from '#core/setup-store';
import { keys } from '#core/keys';
import { SETUP_STATUS } from '@coopledger/shared/statuses';

/**
 * Roles: the five sign-in roles are built in (their id is the role name; they cannot be changed
 * or deleted); added roles are platform setup records, each based on a sign-in role (the role its
 * users' tokens carry, which the route table admits) and narrowed by its own Role Access grid.
 */
export interface RoleRecord extends SetupRecord {
  display_name: string;
  belong_to: RoleType;
  base_role: Role;
  status: number;
  /** Users holding the role, kept in the transactions that create, change and delete users. */
  user_count?: number;
}

export type { RoleView };

const typeOf = (role: Role): RoleType => (role === 'super-admin' ? PRODUCT : 'COOPERATIVE');

export const builtInRoles = (): RoleView[] =>
  ROLES.map((role) => ({ id: role, display_name: ROLE_DISPLAY_NAMES[role], name: role, belong_to: typeOf(role), base_role: role, status: SETUP_STATUS.ACTIVE, built_in: true, users: null, created_at: null }));

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

export const listAddedRoles = async () => (await listSetup<Item>(PLATFORM_TENANT, 'ROLE')).map((i) => recordOf<RoleRecord>(i));

export async function allRoles(): Promise<RoleView[]> {
  return [...builtInRoles(), ...(await listAddedRoles()).map(viewOf)];
}

export async function findAddedRole(id: string): Promise<RoleRecord | undefined> {
  const item = await getSetup<Item>(PLATFORM_TENANT, 'ROLE', id, true);
  return item ? recordOf<RoleRecord>(item) : undefined;
}

/** A role by id, built in or added. */
export async function findRole(id: string): Promise<RoleView | undefined> {
  if (isRole(id)) return builtInRoles().find((r) => r.id === id);
  const added = await findAddedRole(id);
  return added ? viewOf(added) : undefined;
}

/** Counts a user in (+1) or out (-1) of an added role, in the user's own transaction. */
export function roleUserCount(roleId: string, delta: 1 | -1): SetupEffect | undefined {
  if (isRole(roleId)) return undefined;
  return {
    item: {
      Update: {
        TableName: table(),
        Key: keys.setup(PLATFORM_TENANT, 'ROLE', roleId),
        UpdateExpression: 'ADD user_count :delta',
        // Only an active role can be given; a role being deleted cannot gain users.
        ConditionExpression: delta === 1 ? 'attribute_exists(pk) AND #status = :active' : 'attribute_exists(pk)',
        ExpressionAttributeNames: delta === 1 ? { '#status': 'status' } : undefined,
        ExpressionAttributeValues: delta === 1 ? { ':delta': delta, ':active': SETUP_STATUS.ACTIVE } : { ':delta': delta },
      },
    },
    onConditionFailed: new AppError('VALIDATION', 'The role is not active; choose another role', { role_id: 'Please elect the user role' }),
  };
}
