import type { NotificationPush, NotificationView } from '@coopledger/shared/notification-views';
import { isActive } from '@coopledger/shared/statuses';
import { nowIso } from '#core/db';
import { writeItem } from '#core/entity';
import { logger } from '#core/logger';
import { sendMail } from '#core/mail';
import { sendSms } from '#core/sms';
import { fileLink } from '#core/stored-files';
import { config } from '#core/config';
import { pushTo } from '../chat/push.ts';
import { getMember } from '../members/member-entity.ts';
import { getUser } from '../users/user-entity.ts';
import { messageOf } from './messages.ts';
import type { NotificationRecord } from './notification-entity.ts';
import { getNotification, notificationPut, unreadCount } from './notification-entity.ts';
import type { NotificationEventRecord } from './notification-event-entity.ts';
import { markEventDelivered } from './notification-event-entity.ts';
import { optOutsOf } from './preferences-entity.ts';

/** A birthday card's link in an e-mail stays good for a week (S3's longest presigned link). */
const CARD_LINK_SECONDS = 7 * 24 * 60 * 60;

/**
 * Delivers one event to each of its recipients: the e-mail and the SMS (unless they opted out, and
 * where they have an address or a phone), then their bell item, then a push to their open
 * connections. Delivery may be tried again (a stream retry, the local poller's next round): a
 * recipient whose bell item exists was served by an earlier try and is skipped, so nobody gets the
 * bell twice; an e-mail or SMS that failed fails the whole try (thrown, so it is tried again, and
 * after the retries kept in the on-failure queue or marked failed), and one sent before a later
 * failure may be sent again: at least once, never silently lost.
 */
export async function deliverEvent(event: NotificationEventRecord): Promise<{ delivered: number; skipped: number }> {
  let delivered = 0;
  let skipped = 0;
  for (const recipient of event.recipients) {
    if (await deliverTo(event, recipient)) delivered += 1;
    else skipped += 1;
  }
  await markEventDelivered(event, nowIso());
  logger.info('notification delivered', {
    cooperative: event.cooperative_id,
    event: event.id,
    type: event.type,
    delivered,
    skipped,
  });
  return { delivered, skipped };
}

async function deliverTo(event: NotificationEventRecord, loginId: string): Promise<boolean> {
  const tenant = event.cooperative_id;
  const [already, user, member, optOuts] = await Promise.all([
    getNotification(tenant, loginId, event.id),
    getUser(tenant, loginId, true),
    getMember(tenant, loginId, true),
    optOutsOf(tenant, loginId),
  ]);
  if (already) return false;
  // Nobody signs in as this login (a deleted user): there is no bell to fill and no one to tell.
  if (!user || !isActive(user.status)) {
    logger.info('notification not delivered: no active user', { event: event.id, recipient: loginId });
    return false;
  }
  const data = { ...event.data, name: event.data.name ?? member?.firstname ?? user.firstname };
  const message = messageOf(event.type, data);
  const email = (member?.email || user.email || '').trim();
  const phone = (member?.phone ?? '').trim();
  const imageKey = event.data.image_key;
  const siteLink = message.link ? `${config().siteUrl}${message.link}` : undefined;

  if (email && !optOuts.email) {
    const card = imageKey ? await fileLink(imageKey, { expiresIn: CARD_LINK_SECONDS }) : undefined;
    await sendMail({
      to: email,
      subject: message.title,
      text: [message.body, card && `Your card: ${card}`, siteLink && `Open: ${siteLink}`].filter(Boolean).join('\n\n'),
      kind: `notification-${event.type}`,
    });
  }
  if (phone && !optOuts.sms) {
    await sendSms({ to: phone, text: `${message.title}: ${message.body}`, kind: `notification-${event.type}` });
  }

  const notification: Omit<NotificationRecord, 'read' | 'read_at'> = {
    tenant,
    login_id: loginId.toUpperCase(),
    id: event.id,
    type: event.type,
    title: message.title,
    body: message.body,
    created_at: event.created_at,
    ...(message.link ? { link: message.link } : {}),
    ...(imageKey ? { image_key: imageKey } : {}),
  };
  // A concurrent try wrote it first: that one counts it.
  if (!(await writeItem(notificationPut(notification)))) return false;

  try {
    const view = await presentNotification({ ...notification, read: false });
    const push: NotificationPush = {
      type: 'notification.new',
      notification: view,
      unread: await unreadCount(tenant, loginId),
    };
    await pushTo(tenant, [loginId], push);
  } catch (error) {
    // The bell item is stored: the person sees it on their next read of the list.
    logger.warn('notification push failed', { event: event.id, recipient: loginId, error });
  }
  return true;
}

export async function presentNotification(n: NotificationRecord): Promise<NotificationView> {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link ?? null,
    image: n.image_key ? await fileLink(n.image_key).catch(() => null) : null,
    created_at: n.created_at,
    read: n.read,
  };
}
