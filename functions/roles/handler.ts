import { isRole, PRODUCT, PLATFORM_TENANT } from '@coopledger/shared/roles';
import type { RoleInput } from '@coopledger/shared/schemas/roles';
import { roleAccessSchema, roleSchema } from '@coopledger/shared/schemas/roles';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
import { createSetup, deleteSetup, updateSetup } from '#core/setup-store';
import { validate } from '#core/validation';
import { effectiveGrid, removeGrid, saveGrid, savedGrids } from './access-grid.ts';
import type { RoleView } from './role-store.ts';
import { allRoles, findAddedRole, findRole, rolePage, viewOf } from './role-store.ts';

/** Roles (All Roles tab) and the Role Access grid, platform-wide, edited by super-admin. */
async function listed(req: RequestContext) {
  const type = req.query.type?.trim().toLowerCase();
  const search = req.query.query?.replaceAll('+', ' ').trim().toLowerCase();
  const keep =
    type || search
      ? (r: RoleView) =>
          (!type || r.belong_to.toLowerCase() === type) && (!search || r.display_name.toLowerCase().includes(search))
      : undefined;
  return ok('Roles retrieved', await rolePage(pageRequest(req), keep));
}

function baseRoleOf(input: RoleInput) {
  const base = input.base_role ?? (input.belong_to === PRODUCT ? 'super-admin' : 'cooperative-member');
  if (input.belong_to === PRODUCT && base !== 'super-admin')
    throw invalid('base_role', 'A platform role must be based on Super Admin');
  if (input.belong_to === 'COOPERATIVE' && base === 'super-admin')
    throw invalid('base_role', 'A cooperative role must be based on a cooperative role');
  return base;
}

const nameClaim = (name: string) => ({
  field: 'display_name',
  value: name,
  message: `The role ${name} already exists`,
});

async function assertNameFree(name: string, selfId?: string) {
  const taken = (await allRoles()).some(
    (r) => r.id !== selfId && r.display_name.trim().toLowerCase() === name.trim().toLowerCase(),
  );
  if (taken) throw conflict(`The role ${name} already exists`);
}

const roleIdOf = (req: RequestContext) => {
  const raw = req.query.role_id ?? req.query.id ?? req.body.role_id ?? req.body.id;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw invalid('role_id', 'Please select a role');
  return String(raw).trim();
};

export const handler = domainHandler('roles', {
  'GET /roles/all': listed,
  'GET /roles/search': listed,

  'POST /roles': async (req) => {
    const input = validate(roleSchema, req.body);
    const base_role = baseRoleOf(input);
    await assertNameFree(input.display_name);
    const record = await createSetup(
      PLATFORM_TENANT,
      'ROLE',
      { display_name: input.display_name, belong_to: input.belong_to, base_role, status: input.status, user_count: 0 },
      { unique: [nameClaim(input.display_name)] },
    );
    return ok('Role created successfully', viewOf(record), 201);
  },

  'POST /roles/update': async (req) => {
    const id = roleIdOf(req);
    if (isRole(id)) throw conflict('Built-in roles cannot be changed');
    const existing = await findAddedRole(id);
    if (!existing) throw notFound('Role');
    const input = validate(roleSchema, req.body);
    const base_role =
      input.base_role || input.belong_to !== existing.belong_to ? baseRoleOf(input) : existing.base_role;
    // Users' sign-in role is fixed in the user pool; a held role keeps its base and type.
    if (
      (existing.user_count ?? 0) > 0 &&
      (base_role !== existing.base_role || input.belong_to !== existing.belong_to)
    ) {
      throw invalid('base_role', 'Users hold this role, so its type and base role cannot change');
    }
    await assertNameFree(input.display_name, id);
    const record = await updateSetup(
      PLATFORM_TENANT,
      'ROLE',
      existing,
      { display_name: input.display_name, belong_to: input.belong_to, base_role, status: input.status },
      { unique: [nameClaim(input.display_name)], previous: { display_name: existing.display_name } },
    );
    return ok('Role updated successfully', viewOf(record));
  },

  'DELETE /roles': async (req) => {
    const id = roleIdOf(req);
    if (isRole(id)) throw conflict('Built-in roles cannot be deleted');
    const existing = await findAddedRole(id);
    if (!existing) throw notFound('Role');
    const holders = existing.user_count ?? 0;
    const inUse = new AppError(
      'CONFLICT',
      `The role ${existing.display_name} is held by ${holders || 'some'} user(s) and cannot be deleted`,
    );
    if (holders > 0) throw inUse;
    await deleteSetup(PLATFORM_TENANT, 'ROLE', id, {
      release: [{ field: 'display_name', value: existing.display_name }],
      condition: {
        expression: 'attribute_not_exists(user_count) OR user_count = :zero',
        values: { ':zero': 0 },
        error: inUse,
      },
    });
    await removeGrid(id);
    return ok('Role deleted successfully');
  },

  'GET /roles/access': async () => {
    const [roles, grids] = await Promise.all([allRoles(), savedGrids()]);
    return ok(
      'Role access retrieved',
      roles.map((r) => ({
        role_id: r.id,
        display_name: r.display_name,
        belong_to: r.belong_to,
        base_role: r.base_role,
        saved: grids.has(r.id),
        access: effectiveGrid(grids, r.id, r.base_role),
      })),
    );
  },

  'POST /roles/access': async (req) => {
    const input = validate(roleAccessSchema, req.body);
    const role = await findRole(input.role_id);
    if (!role) throw invalid('role_id', 'Please select a role');
    if (role.base_role === 'super-admin') throw invalid('role_id', 'Super Admin roles are never restricted');
    await saveGrid(role.id, input.access);
    return ok(`Access of ${role.display_name} saved successfully`, { role_id: role.id, access: input.access });
  },
});
