import type { TransactItem } from '#core/db';
import { logger } from '#core/logger';
import { createIdentity, deleteIdentity } from './identity-provider.ts';
import type { NewUser, UserRecord } from './user-store.ts';
import { insertUser, removeUser } from './user-store.ts';

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
