import type { RoleView } from '@coopledger/shared/role-views';
import type { Role } from '@coopledger/shared/roles';
import { PLATFORM_TENANT, PRODUCT, ROLE_DISPLAY_NAMES, ROLES, isRole } from '@coopledger/shared/roles';
import type { RoleType } from '@coopledger/shared/schemas/roles';
import type { PageKey } from '#core/cursor';
import { CURSOR_REFUSED, readCursor, signCursor } from '#core/cursor';
import { invalid } from '#core/errors';
import { filteredWalk } from '#core/filtered-page';
import { keys } from '#core/keys';
import type { ListPage, PageRequest } from '#core/list-page';
import { keyAttributes, keyOf, openEnded, partitionCount, partitionQuery } from '#core/list-page';
import { pageMeta, pageParams } from '#core/paging';
import type { SetupEffect } from '#core/setup-store';
import { SETUP_STATUS } from '@coopledger/shared/statuses';
import type { RoleRecord } from './role-entity.ts';
import { RoleEntity, addedRoles, getRole, userCountEffect } from './role-entity.ts';

export type { RoleRecord } from './role-entity.ts';

/**
 * Roles: the six sign-in roles (the store keeper among them) are built in (their id is the role
 * name; they cannot be changed or deleted); added roles are platform setup records, each based on a
 * sign-in role (the role its users' tokens carry, which the route table admits) and narrowed by its
 * own Role Access grid.
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

/** The cursor's partition while a page ends among the built-in roles; its sort key is the next one's index. */
const BUILT_IN_CURSOR = 'BUILT_IN';

/**
 * One page of the roles list (docs/decisions.md 2026-11-26 "Paging setup kinds, roles, GL accounts
 * and a member's transactions"): the built-in roles (constants) first, then the added roles in id
 * (creation) order, read from the cursor in DynamoDB; `keep` (the type filter, the name search)
 * checks each role as it is read: roles are few. The cursor is the next built-in's position while the
 * page ends among them, else the key of the page's last added role. The total is the built-ins and a
 * COUNT Query of the added roles, or with `keep` what was seen up to this page, plus one when there is more.
 */
export async function rolePage(
  request: PageRequest,
  keep: ((role: RoleView) => boolean) | undefined,
): Promise<ListPage<RoleView>> {
  const { page, perPage } = pageParams(request.query);
  const builtIns = keep ? builtInRoles().filter(keep) : builtInRoles();
  const partition = keys.setupPartition(PLATFORM_TENANT, 'ROLE');
  const attributes = keyAttributes();
  const cursor = request.query.cursor?.trim();
  // Where the page starts: a position among the built-ins, or a start key and a skip among the added roles.
  let first = 0;
  let start: PageKey | undefined;
  let skipAdded = 0;
  if (cursor) {
    const key = readCursor(cursor, request.tenant, request.route, attributes);
    const position = Number(key.sk);
    if (key.pk === partition) [first, start] = [builtIns.length, key];
    else if (key.pk === BUILT_IN_CURSOR && Number.isInteger(position) && position >= 0 && position <= builtIns.length)
      first = position;
    else throw invalid('cursor', CURSOR_REFUSED);
  } else {
    const skip = (page - 1) * perPage;
    first = Math.min(skip, builtIns.length);
    skipAdded = skip - first;
  }
  const shownBuiltIns = builtIns.slice(first, first + perPage);
  const wanted = perPage - shownBuiltIns.length;
  const [walked, counted] = await Promise.all([
    filteredWalk(
      RoleEntity,
      partitionQuery(RoleEntity, partition),
      start,
      skipAdded + wanted + 1,
      (record) => !keep || keep(viewOf(record)),
    ),
    keep ? undefined : partitionCount(RoleEntity, partition)(),
  ]);
  const added = walked.slice(skipAdded, skipAdded + wanted);
  const more = walked.length > skipAdded + wanted || first + perPage < builtIns.length;
  const data = [...shownBuiltIns, ...added.map((a) => viewOf(a.record))];
  const last = added.at(-1);
  const nextKey = last ? keyOf(last.stored, attributes) : { pk: BUILT_IN_CURSOR, sk: String(first + perPage) };
  const found = {
    data,
    meta: {
      ...pageMeta(0, page, perPage),
      next_cursor: more ? signCursor(request.tenant, request.route, nextKey) : null,
    },
  };
  if (counted === undefined) return openEnded(found);
  const total = builtIns.length + counted;
  return { data, meta: { ...found.meta, ...pageMeta(total, page, perPage) } };
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
