import type { NotificationPreferencesView } from '@coopledger/shared/notification-views';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { getEntities } from '#core/entity';
import { keys } from '#core/keys';
import { logger } from '#core/logger';
import { pushTo } from '../chat/push.ts';
import { getMember } from '../members/member-entity.ts';
import { getUser } from '../users/user-entity.ts';
import { NotificationEntity, notificationRead, unreadCount, unreadNotifications } from './notification-entity.ts';
import type { OptOuts } from './preferences-entity.ts';
import { optOutsOf, saveOptOuts } from './preferences-entity.ts';

/** Items of one "read" transaction (DynamoDB allows 100; the request's audit record rides in the first). */
const READ_CHUNK = 50;
/** "Mark all read" reads this many unread at a time, and stops after this many rounds. */
const ALL_PAGE = 100;
const ALL_ROUNDS = 50;

/**
 * Marks some of a person's own notifications read. Only their own partition is read, so an id of
 * someone else's (or none) is simply not found; those already read are left alone. Answers the
 * unread count after, which also goes to the person's other open tabs.
 */
export async function markRead(tenant: string, loginId: string, ids: readonly string[]): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const found = await getEntities(
      NotificationEntity,
      ids.map((id) => keys.notification(tenant, loginId, id)),
      true,
    );
    const unread = found.filter((n) => !n.read);
    try {
      await readAll(
        tenant,
        loginId,
        unread.map((n) => n.id),
      );
      break;
    } catch (error) {
      // Read meanwhile in another tab: read them again and mark the rest.
      if (!(error instanceof TransactionConditionFailed) || attempt >= 3) throw error;
    }
  }
  return afterRead(tenant, loginId);
}

/** Marks every unread notification of a person read (their unread index, a page at a time). */
export async function markAllRead(tenant: string, loginId: string): Promise<number> {
  for (let round = 0; round < ALL_ROUNDS; round++) {
    const unread = await unreadNotifications(tenant, loginId, ALL_PAGE);
    if (unread.length === 0) break;
    try {
      await readAll(
        tenant,
        loginId,
        unread.map((n) => n.id),
      );
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
    }
  }
  return afterRead(tenant, loginId);
}

async function readAll(tenant: string, loginId: string, ids: readonly string[]): Promise<void> {
  const at = nowIso();
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    await transactWrite(ids.slice(i, i + READ_CHUNK).map((id) => notificationRead(tenant, loginId, id, at)));
  }
}

async function afterRead(tenant: string, loginId: string): Promise<number> {
  const unread = await unreadCount(tenant, loginId);
  await pushTo(tenant, [loginId], { type: 'notification.read', unread }).catch((error: unknown) =>
    logger.warn('notification read push failed', { error }),
  );
  return unread;
}

/** A person's choices, with where e-mail and SMS would go (their member record's, else their user's). */
export async function preferencesOf(tenant: string, loginId: string): Promise<NotificationPreferencesView> {
  const [optOuts, user, member] = await Promise.all([
    optOutsOf(tenant, loginId),
    getUser(tenant, loginId),
    getMember(tenant, loginId),
  ]);
  const email = (member?.email || user?.email || '').trim();
  const phone = (member?.phone ?? '').trim();
  return { email: !optOuts.email, sms: !optOuts.sms, email_address: email || null, phone: phone || null };
}

export async function savePreferences(
  tenant: string,
  loginId: string,
  choice: { email: boolean; sms: boolean },
): Promise<NotificationPreferencesView> {
  const optOuts: OptOuts = { email: !choice.email, sms: !choice.sms };
  await saveOptOuts(tenant, loginId, optOuts, nowIso());
  return preferencesOf(tenant, loginId);
}
