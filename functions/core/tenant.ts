import type { RouteDef } from '@coopledger/shared/routes';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import type { RulesSource } from './cooperative-rules.ts';
import { AppError, forbidden } from './errors.ts';
import { getItems } from './db.ts';
import type { Identity } from './identity.ts';
import { keys } from './keys.ts';
import { COOPERATIVE_STATUS, USER_STATUS } from '@coopledger/shared/statuses';

interface StatusItem {
  pk: string;
  sk: string;
  status: number;
}

/** What every signed-in request checks of the user record (functions/users/user-store.ts) and of the cooperative. */
interface UserCheckItem extends StatusItem, Partial<RulesSource> {
  role_name?: string;
  /** Tokens of sign-ins before this second (a password change or reset) are refused. */
  tokens_valid_after?: number;
}

/**
 * A signed-in user whose account or cooperative has been deactivated gets 406 on every call, so an
 * open session ends at once (the web clears it). These are refused with 401 (sign in again): a
 * token of a user who no longer exists, or whose cooperative claim is not the user's (the record is
 * kept under its cooperative, so none is found); a token whose role claim is not the user record's
 * role (the claims were edited in the user pool); a token of a sign-in made before the user's
 * password last changed. The user record and the cooperative are read together, once per request,
 * and consistently: a password change, a deactivation or a change of the cooperative's rules holds
 * from the next request, not a moment later. The caller's own cooperative profile is returned
 * (undefined for platform staff) for the request's business rules, so they cost no read of their own.
 */
export async function assertActive(identity: Identity): Promise<RulesSource | undefined> {
  const userKey = keys.user(identity.tenant, identity.loginId);
  const wanted = identity.tenant === PLATFORM_TENANT ? [userKey] : [userKey, keys.cooperative(identity.tenant)];
  const found = await getItems<UserCheckItem>(wanted, true);
  const user = found.find((i) => i.pk === userKey.pk);
  if (!user) throw new AppError('UNAUTHORIZED', 'Your account no longer exists');
  if (user.role_name !== identity.role) {
    throw new AppError('UNAUTHORIZED', 'Your sign-in does not match your account. Please sign in again.');
  }
  if (user.tokens_valid_after !== undefined && identity.authTime < user.tokens_valid_after) {
    throw new AppError('UNAUTHORIZED', 'Your password has been changed. Please sign in again.');
  }
  if (user.status !== USER_STATUS.ACTIVE)
    throw new AppError('DEACTIVATED', 'Your account has been deactivated. Please contact your cooperative.');
  if (identity.tenant === PLATFORM_TENANT) return undefined;
  const coop = found.find((i) => i.sk === 'PROFILE');
  if (!coop || coop.status !== COOPERATIVE_STATUS.ACTIVE)
    throw new AppError('DEACTIVATED', 'Your cooperative has been deactivated.');
  return coop as RulesSource;
}

function namedCooperative(query: Record<string, string>, body: Record<string, unknown>): string | undefined {
  const named = query.cooperative_id ?? body.cooperative_id;
  if (named === undefined || named === null || named === '') return undefined;
  return String(named);
}

/**
 * The cooperative a request acts in. A super-admin may name any cooperative; everyone else acts in
 * their own, and naming another one is refused (DESIGN.md section 6).
 */
export async function resolveTenant(
  route: RouteDef,
  identity: Identity | null,
  query: Record<string, string>,
  body: Record<string, unknown>,
): Promise<string | null> {
  if (route.tenant === 'public' || !identity) return null;
  const named = namedCooperative(query, body);
  const platformUser = identity.tenant === PLATFORM_TENANT;

  if (!platformUser && named !== undefined && named !== identity.tenant) {
    throw forbidden('You may only act in your own cooperative');
  }
  if (route.tenant === 'platform') return PLATFORM_TENANT;
  if (route.tenant === 'self') return identity.tenant;

  // route.tenant === 'cooperative'
  if (!platformUser) return identity.tenant;
  if (named === undefined) {
    throw new AppError('VALIDATION', 'Please select a cooperative', { cooperative_id: 'Please select a cooperative' });
  }
  const [coop] = await getItems<StatusItem>([keys.cooperative(named)]);
  if (!coop) throw new AppError('NOT_FOUND', 'Cooperative not found');
  return named;
}
