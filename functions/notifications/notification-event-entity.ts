import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import { NOTIFICATION_TYPES } from '@coopledger/shared/notification-views';
import type { NotificationType } from '@coopledger/shared/notification-views';
import type { TransactItem } from '#core/db';
import { entitiesIn, entityDefaults, transactItem, writeItem } from '#core/entity';
import { newId } from '#core/ids';
import { keys } from '#core/keys';

/**
 * The notification outbox (docs/decisions.md 2026-11-27 "Notifications"): an event to notify people
 * of, written in the same transaction as the change that caused it, so a change is never without its
 * notification and a refused change never notifies. It is small (its type, its recipients' login
 * IDs, a few words for the message); the notifications function turns it into each recipient's bell
 * item, WebSocket push, e-mail and SMS. In the cloud the table's stream delivers it (INSERT of an
 * item of this entity); on one machine the runtime's poller reads the pending index (gsi2) instead.
 */
export const NOTIFICATION_EVENT = 'NOTIFICATION_EVENT';
/** Delivered or not, an event is kept a month for anyone looking into a delivery. */
const KEEP_SECONDS = 31 * 24 * 60 * 60;

export const NotificationEventEntity = new Entity({
  ...entityDefaults,
  name: NOTIFICATION_EVENT,
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    type: string().enum(...NOTIFICATION_TYPES),
    /** Login IDs (member numbers for members) in the cooperative; none in a fan-out's page. */
    recipients: list(string()),
    /**
     * A fan-out (`fan-out.ts`): the recipients are read when it is delivered, one page per event, so
     * no item lists them all. `root_id` is the first page's event id, the id of every recipient's
     * bell item whatever page or try delivers it; `after` is the key of the list this page starts
     * after (none: from its start).
     */
    fan_out: map({ root_id: string(), after: string().optional() }).optional(),
    /** The message's words (amounts already as text) and the ids it names. */
    data: record(string(), string()),
    created_at: string(),
    /** Tries that failed so far (the local poller's count; the stream keeps its own). */
    attempts: number().optional(),
    last_error: string().optional(),
    delivered_at: string().optional(),
    expires_at: number(),
    entity: string().const(NOTIFICATION_EVENT).hidden(),
    gsi2pk: string().optional().hidden(),
    gsi2sk: string().optional().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.notificationEvent(cooperative_id, id),
});

export type NotificationEventRecord = FormattedItem<typeof NotificationEventEntity>;

export interface NotificationEventInput {
  type: NotificationType;
  recipients: readonly string[];
  data?: Record<string, string | undefined>;
}

/**
 * The outbox item of an event, for the transaction of the change that causes it. Recipients are
 * upper-cased and deduplicated; an event without recipients is not worth writing (undefined).
 */
export function notificationEventPut(
  cooperativeId: string,
  event: NotificationEventInput,
  now = new Date(),
): TransactItem | undefined {
  const recipients = [...new Set(event.recipients.filter(Boolean).map((r) => r.toUpperCase()))];
  if (recipients.length === 0) return undefined;
  return eventPut(cooperativeId, newId(now.getTime()), { type: event.type, recipients, data: event.data }, now);
}

/** The Put of one outbox item, pending delivery, only when its id is new (`attribute_not_exists`). */
function eventPut(
  cooperativeId: string,
  id: string,
  event: Pick<NotificationEventRecord, 'type' | 'recipients' | 'fan_out'> & {
    data?: Record<string, string | undefined>;
  },
  now: Date,
): TransactItem {
  const createdAt = now.toISOString();
  return transactItem(
    NotificationEventEntity.build(PutTransaction)
      .item({
        cooperative_id: cooperativeId,
        id,
        type: event.type,
        recipients: event.recipients,
        ...(event.fan_out ? { fan_out: event.fan_out } : {}),
        data: wordsOf(event.data),
        created_at: createdAt,
        expires_at: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
        ...keys.notificationEventPendingIndex(createdAt, cooperativeId, id),
      })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

export interface FanOutEventInput {
  type: NotificationType;
  data?: Record<string, string | undefined>;
}

/** Where a fan-out's page starts: the root event and the list's key this page comes after. */
export interface FanOutPageStart {
  root_id: string;
  after: string;
}

/**
 * The id of a fan-out's page after the first: derived from its root and where it starts, so that a
 * page delivered again (a retry, the stream's second delivery) writes the same next page, once.
 */
export const fanOutPageId = (page: FanOutPageStart) => `${page.root_id}.${page.after}`;

/**
 * The outbox item of a fan-out event: the first page (no `page`: a new time-ordered id, its own
 * root), written with the change that causes it, or a following page, written by the delivery of
 * the page before it (its id derived from where it starts). Only when new (`attribute_not_exists`).
 */
export function fanOutEventPut(
  cooperativeId: string,
  event: FanOutEventInput,
  page?: FanOutPageStart,
  now = new Date(),
): TransactItem {
  const id = page ? fanOutPageId(page) : newId(now.getTime());
  const fanOut = page ? { root_id: page.root_id, after: page.after } : { root_id: id };
  return eventPut(cooperativeId, id, { type: event.type, recipients: [], fan_out: fanOut, data: event.data }, now);
}

const wordsOf = (data: Record<string, string | undefined> = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/** The events not yet delivered, oldest first (the local runtime's poller; an operator's look). */
export function pendingNotificationEvents(limit: number): Promise<NotificationEventRecord[]> {
  return entitiesIn(NotificationEventEntity, keys.notificationEventsPendingPartition(), { index: 'gsi2', limit });
}

/** Delivered: out of the pending index. */
export async function markEventDelivered(event: NotificationEventRecord, at: string): Promise<void> {
  await writeItem(
    NotificationEventEntity.build(UpdateTransaction)
      .item({
        cooperative_id: event.cooperative_id,
        id: event.id,
        delivered_at: at,
        gsi2pk: $remove(),
        gsi2sk: $remove(),
      })
      .params(),
  );
}

/** A try failed: counted, with why; `giveUp` takes it out of the pending index (it stays, with its error). */
export async function markEventFailed(event: NotificationEventRecord, error: string, giveUp: boolean): Promise<void> {
  await writeItem(
    NotificationEventEntity.build(UpdateTransaction)
      .item({
        cooperative_id: event.cooperative_id,
        id: event.id,
        attempts: $add(1),
        last_error: error.slice(0, 500),
        ...(giveUp ? { gsi2pk: $remove(), gsi2sk: $remove() } : {}),
      })
      .params(),
  );
}
