import type { Role } from '@coopledger/shared/roles';
import { isRole } from '@coopledger/shared/roles';
import type { AccessResource } from '@coopledger/shared/routes';
import { defaultGrid } from '@coopledger/shared/access-defaults';
import type { AccessGrid, AccessKind } from '@coopledger/shared/schemas/roles';
import { ACCESS_KINDS, ACCESS_RESOURCES } from '@coopledger/shared/schemas/roles';
import { nowIso } from '#core/db';
import { forbidden } from '#core/errors';
import type { Identity } from '#core/identity';
import { findUser } from '../users/user-store.ts';
import type { SavedGrids } from './role-access-entity.ts';
import { gridRemoval, gridSave, readSavedGrids, writeGrid } from './role-access-entity.ts';

export type { SavedGrids } from './role-access-entity.ts';

/**
 * The Role Access grid (docs/decisions.md, 2026-11-22 "Role Access"): per role, Read/Write/Delete
 * on Members, Loans, Savings and Setup, enforced by functions/core/handler.ts on top of the route
 * table. One platform item holds every saved grid; a role without a saved grid inherits its base
 * role's saved grid, else the default below. Each Lambda instance caches the item for 30 s, so the
 * grid costs one read per instance, not per request; a change reaches every instance within 30 s.
 */
const CACHE_MS = 30_000;

export { accessKindOf, defaultGrid } from '@coopledger/shared/access-defaults';

const LABEL: Record<AccessResource, string> = {
  members: 'Members',
  loans: 'Loans',
  savings: 'Savings',
  setup: 'Setup',
};
const KIND_LABEL: Record<AccessKind, string> = { read: 'Read', write: 'Write', delete: 'Delete' };

let cache: { at: number; grids: Promise<SavedGrids> } | undefined;
const userRoles = new Map<string, { at: number; roleId: Promise<string> }>();

export function savedGrids(): Promise<SavedGrids> {
  if (!cache || Date.now() - cache.at > CACHE_MS) {
    const grids = readSavedGrids();
    cache = { at: Date.now(), grids };
    grids.catch(() => (cache = undefined));
  }
  return cache.grids;
}

/** After a change made by this instance (the others see it within 30 s). */
export function forgetCachedAccess(): void {
  cache = undefined;
  userRoles.clear();
}

/** The grid a role works with: its own saved grid, else its base role's saved grid, else the default. */
export function effectiveGrid(grids: SavedGrids, roleId: string, baseRole: Role): AccessGrid {
  return grids.get(roleId) ?? grids.get(baseRole) ?? defaultGrid(baseRole);
}

/** The role id of a user (an added role's id, or the sign-in role), cached like the grid. */
function roleIdOf(identity: Identity): Promise<string> {
  const cacheKey = `${identity.tenant}#${identity.loginId}`;
  const hit = userRoles.get(cacheKey);
  if (hit && Date.now() - hit.at <= CACHE_MS) return hit.roleId;
  const roleId = findUser(identity.tenant, identity.loginId).then((u) => u?.role_id ?? identity.role);
  roleId.catch(() => userRoles.delete(cacheKey));
  userRoles.set(cacheKey, { at: Date.now(), roleId });
  return roleId;
}

/** Refuses (403) a caller whose role lacks the access; super-admin is never restricted. */
export async function assertAccess(identity: Identity, resource: AccessResource, kind: AccessKind): Promise<void> {
  if (identity.role === 'super-admin') return;
  const grids = await savedGrids();
  // Only when some added role has its own grid does the user's role id matter (one more read, cached).
  const addedRoleGrids = [...grids.keys()].some((id) => !isRole(id));
  const roleId = addedRoleGrids ? await roleIdOf(identity) : identity.role;
  const grid = effectiveGrid(grids, roleId, identity.role);
  if (!grid[resource]?.[kind])
    throw forbidden(`Your role does not have ${KIND_LABEL[kind]} access to ${LABEL[resource]}`);
}

export async function saveGrid(roleId: string, grid: AccessGrid): Promise<void> {
  const clean = Object.fromEntries(
    ACCESS_RESOURCES.map((r) => [r, Object.fromEntries(ACCESS_KINDS.map((k) => [k, Boolean(grid[r][k])]))]),
  ) as AccessGrid;
  await writeGrid(gridSave(roleId, clean, nowIso()));
  forgetCachedAccess();
}

export async function removeGrid(roleId: string): Promise<void> {
  await writeGrid(gridRemoval(roleId));
  forgetCachedAccess();
}
