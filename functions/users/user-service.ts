import type { TransactItem } from '#core/db';
import { logger } from '#core/logger';
import { AppError } from '#core/errors';
import { closeConnections } from '../chat/connection-store.ts';
import type { FirstPassword } from './identity-provider.ts';
import { createIdentity, deleteIdentity, revokeRefreshTokens, setPassword } from './identity-provider.ts';
import type { NewUser, UserRecord } from './user-store.ts';
import { insertUser, removeUser, setTokensValidAfter } from './user-store.ts';

/**
 * Creates a sign-in user: the table first (it claims the login ID atomically), then the pool. If
 * the pool refuses, the table write is undone, so no half-created user is left behind.
 */
export async function createUser(
  user: NewUser & { password: FirstPassword },
  extra: TransactItem[] = [],
): Promise<UserRecord> {
  const record = await insertUser(user, extra);
  try {
    await createIdentity({
      loginId: record.coop_id,
      email: user.email,
      role: user.role,
      tenant: user.tenant,
      password: user.password,
    });
  } catch (error) {
    await removeUser(record).catch((cleanup: unknown) =>
      logger.error('could not undo a user record after the pool refused it', {
        loginId: record.coop_id,
        error: cleanup,
      }),
    );
    // A login ID the pool holds already is someone else's sign-in: only one this call made is deleted.
    const held = error instanceof AppError && error.code === 'CONFLICT';
    if (!held) await deleteIdentity(record.coop_id).catch(() => undefined);
    throw error;
  }
  return record;
}

/**
 * Tokens of sign-ins before this second are refused (the API compares the token's auth_time with the user record on
 * every request).
 */
const refuseEarlierTokens = (tenant: string, loginId: string, now: number) =>
  setTokensValidAfter(tenant, loginId, Math.floor(now / 1000));

/**
 * Revokes the refresh tokens and closes the open chat connections. The earlier ID tokens are
 * refused already; a failure here is logged, not shown to the person.
 */
async function signOutEverywhere(tenant: string, loginId: string): Promise<void> {
  try {
    await revokeRefreshTokens(loginId);
  } catch (error) {
    logger.error('could not revoke the refresh tokens after a password change', { loginId, error });
  }
  await closeConnections(tenant, loginId);
}

/**
 * After a password reset with the emailed code, every earlier session ends: earlier tokens are
 * refused, the refresh tokens revoked and the chat connections closed. It runs after the pool has
 * taken the new password, so a wrong code signs nobody out. The second is truncated, so a sign-in
 * right after the change, in the same second, is accepted (docs/decisions.md 2026-11-25 "Sessions
 * after a password change").
 */
export async function endSessions(tenant: string, loginId: string, now = Date.now()): Promise<void> {
  await refuseEarlierTokens(tenant, loginId, now);
  await signOutEverywhere(tenant, loginId);
}

/**
 * Sets a new password for a sign-in and ends its earlier sessions. The record refuses the earlier
 * tokens first: if setting the password then fails, the sessions have ended and the old password
 * still works, rather than the new password working while the old tokens stay valid.
 */
export async function replacePassword(
  tenant: string,
  loginId: string,
  password: string,
  now = Date.now(),
): Promise<void> {
  await refuseEarlierTokens(tenant, loginId, now);
  await setPassword(loginId, password);
  await signOutEverywhere(tenant, loginId);
}
