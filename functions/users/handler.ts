import { systemUserSchema, systemUserUpdateSchema } from '@coopledger/shared/schemas/users';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { getCooperative } from '../cooperatives/cooperative-entity.ts';
import {
  createSystemUser,
  deleteSystemUser,
  findSystemUser,
  systemUserPage,
  updateSystemUser,
} from './system-users.ts';

/**
 * The tenant of the users a request is about: a super-admin acting in a cooperative names it with
 * cooperative_id (as the web does when a cooperative is active); otherwise the platform's users.
 */
async function usersTenant(req: RequestContext): Promise<string> {
  const named = req.query.cooperative_id ?? req.body.cooperative_id;
  if (named === undefined || named === null || named === '') return PLATFORM_TENANT;
  const id = String(named);
  if (!(await getCooperative(id))) throw notFound('Cooperative');
  return id;
}

const userIdOf = (req: RequestContext) => {
  const raw = req.query.user_id ?? req.query.id ?? req.body.user_id ?? req.body.id;
  if (typeof raw !== 'string' || raw.trim() === '') throw invalid('user_id', 'Please select a user');
  return raw;
};

export const handler = domainHandler('users', {
  'GET /user/coopledger': async (req) => {
    const tenant = await usersTenant(req);
    const search = req.query.query?.replaceAll('+', ' ');
    return ok('Users retrieved', await systemUserPage(tenant, search, pageRequest(req)));
  },

  'POST /user/coopledger': async (req) => {
    const tenant = await usersTenant(req);
    const input = validate(systemUserSchema, req.body);
    return ok('User created successfully', await createSystemUser(tenant, input), 201);
  },

  'POST /user/coopledger/update': async (req) => {
    const { identity } = signedIn(req);
    const named = req.query.cooperative_id ?? req.body.cooperative_id;
    const user = await findSystemUser(userIdOf(req), named ? String(named) : undefined);
    const input = validate(systemUserUpdateSchema, req.body);
    return ok('User updated successfully', await updateSystemUser(identity, user, input));
  },

  'DELETE /user/coopledger': async (req) => {
    const { identity } = signedIn(req);
    const user = await findSystemUser(userIdOf(req), req.query.cooperative_id);
    await deleteSystemUser(identity, user);
    return ok('User deleted successfully');
  },
});
