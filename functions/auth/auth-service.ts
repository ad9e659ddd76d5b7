import type { Role } from '@coopledger/shared/roles';
import type { LoginView, MeView } from '@coopledger/shared/user-views';
import { PLATFORM_TENANT, isMemberRole, isRole } from '@coopledger/shared/roles';
import { recordActivity } from '#core/activity';
import { AppError } from '#core/errors';
import { getCooperative } from '../cooperatives/cooperative-entity.ts';
import { findMember, publicMember } from '../members/member-store.ts';
import { authenticate, claimsOf } from '../users/identity-provider.ts';
import { findUser, publicUser } from '../users/user-store.ts';
import { COOPERATIVE_STATUS, USER_STATUS } from '@coopledger/shared/statuses';

/**
 * Sign-in: the pool checks the password; the table says whether the account and its cooperative
 * are still active, and supplies the user and member records the web needs.
 */
export async function login(loginId: string, password: string): Promise<LoginView> {
  const normalized = loginId.trim().toUpperCase();
  const tokens = await authenticate(normalized, password);
  const idToken = tokens.IdToken!;
  const claims = claimsOf(idToken);
  const tenantClaim = claims['custom:cooperative_id'];
  const tenant = typeof tenantClaim === 'string' ? tenantClaim : '';
  const role = claims['custom:role'];
  if (!tenant || !isRole(role)) throw new AppError('FORBIDDEN', 'Your account has no role on this platform');

  const user = await findUser(tenant, normalized);
  if (!user) throw new AppError('UNAUTHORIZED', 'Invalid login ID or password');
  // The pool's claims must match the record they are checked against on every request (functions/core/tenant.ts).
  if (user.role_name !== role)
    throw new AppError('UNAUTHORIZED', 'Your sign-in does not match your account. Please contact your cooperative.');
  if (user.status !== USER_STATUS.ACTIVE)
    throw new AppError('DEACTIVATED', 'Your account has been deactivated. Please contact your cooperative.');
  if (tenant !== PLATFORM_TENANT) {
    const coop = await getCooperative(tenant);
    if (!coop || coop.status !== COOPERATIVE_STATUS.ACTIVE)
      throw new AppError('DEACTIVATED', 'Your cooperative has been deactivated.');
  }
  const member = isMemberRole(role) ? await findMember(tenant, normalized) : undefined;
  await recordActivity(tenant, normalized, {
    at: new Date().toISOString(),
    action: 'Signed in',
    method: 'POST',
    path: '/auth/login',
    cooperative_id: tenant === PLATFORM_TENANT ? null : tenant,
  });

  return {
    token: {
      type: 'bearer',
      token: idToken,
      refresh_token: tokens.RefreshToken,
      expires_in: tokens.ExpiresIn,
    },
    user: publicUser(user),
    member: member ? publicMember(member) : null,
  };
}

/** The signed-in user and, for members and executives, their member record. */
export async function currentUser(tenant: string, loginId: string, role: Role): Promise<MeView> {
  const user = await findUser(tenant, loginId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Your account no longer exists');
  const member = isMemberRole(role) ? await findMember(tenant, loginId) : undefined;
  return { user: publicUser(user), member: member ? publicMember(member) : null };
}
