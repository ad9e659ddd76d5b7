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
import type { FanOutRecipient } from './fan-out.ts';
import { FAN_OUT_PAGE, fanOutPage } from './fan-out.ts';
import { messageOf } from './messages.ts';
import type { NotificationRecord } from './notification-entity.ts';
import { getNotification, notificationPut, unreadCount } from './notification-entity.ts';
import type { NotificationEventRecord } from './notification-event-entity.ts';
import { fanOutEventPut, fanOutPageId, markEventDelivered } from './notification-event-entity.ts';
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
 *
 * A fan-out's event (`fan-out.ts`) is one page of its recipients: the next page's event is written
 * first (once: its id is derived from where it starts), so the rest of the list goes on with its
 * own tries whatever becomes of this page; the page's recipients then get their bell item under the
 * root event's id. `pageSize` is the page's length (a smaller one in tests).
 */
export async function deliverEvent(
  event: NotificationEventRecord,
  pageSize = FAN_OUT_PAGE,
): Promise<{ delivered: number; skipped: number; next?: string }> {
  let recipients: FanOutRecipient[];
  let next: string | undefined;
  if (event.fan_out) {
    const page = await fanOutPage(event, pageSize);
    if (page.next) {
      next = fanOutPageId(page.next);
      // false: an earlier try of this page wrote it already.
      await writeItem(fanOutEventPut(event.cooperative_id, { type: event.type, data: event.data }, page.next));
    }
    recipients = page.recipients;
  } else {
    recipients = event.recipients.map((loginId) => ({ loginId, data: {} }));
  }
  const bellId = event.fan_out?.root_id ?? event.id;
  let delivered = 0;
  let skipped = 0;
  for (const recipient of recipients) {
    if (await deliverTo(event, bellId, recipient)) delivered += 1;
    else skipped += 1;
  }
  await markEventDelivered(event, nowIso());
  logger.info('notification delivered', {
    cooperative: event.cooperative_id,
    event: event.id,
    type: event.type,
    delivered,
    skipped,
    ...(event.fan_out ? { root: bellId, next: next ?? null } : {}),
  });
  return next ? { delivered, skipped, next } : { delivered, skipped };
}

async function deliverTo(event: NotificationEventRecord, bellId: string, recipient: FanOutRecipient): Promise<boolean> {
  const tenant = event.cooperative_id;
  const loginId = recipient.loginId;
  const [already, user, member, optOuts] = await Promise.all([
    getNotification(tenant, loginId, bellId),
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
  const words = { ...event.data, ...recipient.data };
  const data = { ...words, name: words.name ?? member?.firstname ?? user.firstname };
  const message = messageOf(event.type, data);
  const email = (member?.email || user.email || '').trim();
  const phone = (member?.phone ?? '').trim();
  const imageKey = words.image_key;
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
    id: bellId,
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
