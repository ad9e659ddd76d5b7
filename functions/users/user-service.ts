import type { TransactItem } from '#core/db';
import { logger } from '#core/logger';
import { createIdentity, deleteIdentity, revokeRefreshTokens, setPassword } from './identity-provider.ts';
import type { NewUser, UserRecord } from './user-store.ts';
import { insertUser, removeUser, setTokensValidAfter } from './user-store.ts';

/**
 * Creates a sign-in user: the table first (it claims the login ID atomically), then the pool. If
 * the pool refuses, the table write is undone, so no half-created user is left behind.
 */
export async function createUser(user: NewUser & { password: string }, extra: TransactItem[] = []): Promise<UserRecord> {
  const record = await insertUser(user, extra);
  try {
    await createIdentity({ loginId: record.coop_id, email: user.email, role: user.role, tenant: user.tenant, password: user.password });
  } catch (error) {
    await removeUser(user.tenant, record.coop_id).catch((cleanup: unknown) =>
      logger.error('could not undo a user record after the pool refused it', { loginId: record.coop_id, error: cleanup }),
    );
    await deleteIdentity(record.coop_id).catch(() => undefined);
    throw error;
  }
  return record;
}

/**
 * After a password change or reset, every earlier session ends: tokens of sign-ins before this
 * second are refused (the API compares the token's auth_time with the user record on every request)
 * and the refresh tokens are revoked. The second is truncated, so a sign-in right after the change,
 * in the same second, is accepted (docs/decisions.md 2026-11-25 "Sessions after a password change").
 */
export async function endSessions(tenant: string, loginId: string, now = Date.now()): Promise<void> {
  await setTokensValidAfter(tenant, loginId, Math.floor(now / 1000));
  try {
    await revokeRefreshTokens(loginId);
  } catch (error) {
    // The earlier ID tokens are refused already; a failed revocation is logged, not shown to the person.
    logger.error('could not revoke the refresh tokens after a password change', { loginId, error });
  }
}

/** Sets a new password for a sign-in and ends its earlier sessions. */
export async function replacePassword(tenant: string, loginId: string, password: string): Promise<void> {
  await setPassword(loginId, password);
  await endSessions(tenant, loginId);
}
