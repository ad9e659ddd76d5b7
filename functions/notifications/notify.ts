import type { TransactItem } from '#core/db';
import type { FanOutEventInput, NotificationEventInput } from './notification-event-entity.ts';
import { fanOutEventPut, notificationEventPut } from './notification-event-entity.ts';

/**
 * What a change adds to its own transaction to notify people (docs/decisions.md 2026-11-27
 * "Notifications"): the outbox item of the event, none when nobody is to be told. Put it LAST in the
 * transaction: callers map a failed condition back to their items by index.
 */
export function notice(cooperativeId: string, event: NotificationEventInput): TransactItem[] {
  const put = notificationEventPut(cooperativeId, event);
  return put ? [put] : [];
}

/** The same, as ledger effects (`post()`'s `effects`). */
export const noticeEffects = (cooperativeId: string, event: NotificationEventInput) =>
  notice(cooperativeId, event).map((item) => ({ item }));

/**
 * A notification to more people than one item may list (a dividend paid by bank to every member):
 * one event whose delivery reads the recipients a page at a time (`fan-out.ts`). As ledger effects,
 * the LAST of them, like `noticeEffects`.
 */
export const fanOutNoticeEffects = (cooperativeId: string, event: FanOutEventInput) => [
  { item: fanOutEventPut(cooperativeId, event) },
];
