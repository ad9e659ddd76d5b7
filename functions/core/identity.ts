import type { Role } from '@coopledger/shared/roles';
import { PLATFORM_TENANT, isRole } from '@coopledger/shared/roles';
import { AppError } from './errors.ts';

/** The caller, from the verified token's claims only (never from the request). */
export interface Identity {
  /** Cognito `sub`. */
  userId: string;
  /** Login ID (the Cognito username): member number or staff login. */
  loginId: string;
  role: Role;
  /** The caller's own tenant: a cooperative id, or PLATFORM for platform staff. */
  tenant: string;
  /**
   * When the person signed in, in seconds: the token's `auth_time` (which a refresh keeps in
   * Cognito; cognito-local sets it anew), else its `iat`; 0 when it has neither, so no password
   * change lets it through.
   */
  authTime: number;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

export function identityFromClaims(claims: Claims | undefined): Identity | null {
  if (!claims) return null;
  const userId = claims.sub;
  const loginId = claims['cognito:username'];
  const role = claims['custom:role'];
  const tenant = claims['custom:cooperative_id'];
  if (typeof userId !== 'string' || typeof loginId !== 'string') return null;
  if (!isRole(role)) throw new AppError('FORBIDDEN', 'Your account has no role on this platform');
  if (typeof tenant !== 'string' || tenant === '')
    throw new AppError('FORBIDDEN', 'Your account belongs to no cooperative');
  return {
    userId,
    loginId: loginId.toUpperCase(),
    role,
    tenant,
    authTime: secondsOf(claims.auth_time) ?? secondsOf(claims.iat) ?? 0,
  };
}

/** A time claim: a number, or its text as API Gateway's JWT authorizer passes every claim. */
function secondsOf(claim: Claims[string]): number | undefined {
  const value = typeof claim === 'string' && claim.trim() !== '' ? Number(claim) : claim;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export const isPlatformUser = (identity: Identity) => identity.tenant === PLATFORM_TENANT;
