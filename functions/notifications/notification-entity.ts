import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { NOTIFICATION_TYPES } from '@coopledger/shared/notification-views';
import type { TransactItem } from '#core/db';
import { countQuery } from '#core/db';
import { entitiesIn, entityDefaults, getEntity, transactItem } from '#core/entity';
import { keys } from '#core/keys';
import type { PageRequest } from '#core/list-page';
import { entityPage, openEnded, partitionQuery } from '#core/list-page';

/**
 * One person's notification (`T#<tenant>#NOTIFY#<LOGIN>` / `N#<id>`, the event's time-ordered id):
 * the bell's list, newest first. An unread one is also in the person's unread index (gsi1, sparse),
 * whose COUNT is the bell's badge and which "mark all read" walks; reading it removes it from there.
 */
export const NotificationEntity = new Entity({
  ...entityDefaults,
  name: 'NOTIFICATION',
  schema: item({
    tenant: string().key(),
    login_id: string().key(),
    id: string().key(),
    type: string().enum(...NOTIFICATION_TYPES),
    title: string(),
    body: string(),
    link: string().optional(),
    /** An object key in the files bucket (a birthday card), shown through a presigned link. */
    image_key: string().optional(),
    read: boolean(),
    created_at: string(),
    read_at: string().optional(),
    entity: string().const('NOTIFICATION').hidden(),
    gsi1pk: string().optional().hidden(),
    gsi1sk: string().optional().hidden(),
  }),
  computeKey: ({ tenant, login_id, id }: { tenant: string; login_id: string; id: string }) =>
    keys.notification(tenant, login_id, id),
});

export type NotificationRecord = FormattedItem<typeof NotificationEntity>;

/** A new notification, unread; only if it is new (a redelivered event finds it there). */
export function notificationPut(notification: Omit<NotificationRecord, 'read' | 'read_at'>): TransactItem {
  const { tenant, login_id: loginId, id } = notification;
  return transactItem(
    NotificationEntity.build(PutTransaction)
      .item({ ...notification, read: false, ...keys.notificationUnreadIndex(tenant, loginId, id) })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

export const getNotification = (tenant: string, loginId: string, id: string) =>
  getEntity(NotificationEntity, keys.notification(tenant, loginId, id), true);

/** Read: out of the unread index; only while it is unread (so a count is never taken twice). */
export function notificationRead(tenant: string, loginId: string, id: string, at: string): TransactItem {
  return transactItem(
    NotificationEntity.build(UpdateTransaction)
      .item({ tenant, login_id: loginId, id, read: true, read_at: at, gsi1pk: $remove(), gsi1sk: $remove() })
      .options({ condition: { attr: 'read', eq: false } })
      .params(),
  );
}

/** One page of a person's notifications, newest first; no counter: the total is what was seen. */
export async function notificationsPage(tenant: string, loginId: string, request: PageRequest) {
  return openEnded(
    await entityPage(NotificationEntity, keys.notificationsPartition(tenant, loginId), request, {
      range: { beginsWith: 'N#' },
      reverse: true,
      total: 0,
    }),
  );
}

/** How many of a person's notifications are unread (a COUNT Query of their unread index). */
export function unreadCount(tenant: string, loginId: string): Promise<number> {
  return countQuery(
    partitionQuery(NotificationEntity, keys.notificationsUnreadPartition(tenant, loginId), { index: 'gsi1' }),
  );
}

/** Up to `limit` of a person's unread notifications, oldest first. */
export function unreadNotifications(tenant: string, loginId: string, limit: number): Promise<NotificationRecord[]> {
  return entitiesIn(NotificationEntity, keys.notificationsUnreadPartition(tenant, loginId), { index: 'gsi1', limit });
}
