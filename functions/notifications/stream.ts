import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { Item } from '#core/db';
import { read } from '#core/entity';
import { logger } from '#core/logger';
import { observed } from '#core/observability';
import { deliverEvent } from './deliver.ts';
import type { NotificationEventRecord } from './notification-event-entity.ts';
import { NOTIFICATION_EVENT, NotificationEventEntity, markEventFailed } from './notification-event-entity.ts';

/**
 * The notifications function (docs/decisions.md 2026-11-27 "Notifications"): the table's stream,
 * filtered to INSERTs of notification events (infra/lib/notifications), delivers each event. A
 * record that fails is reported (ReportBatchItemFailures), so only it and those after it are tried
 * again; after the retries Lambda sends the batch's description to the on-failure queue. Locally
 * the runtime's poller (infra/local/notifications-poller.ts) calls `deliverPending` instead.
 */
export function eventOf(record: DynamoDBRecord): NotificationEventRecord | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return undefined;
  const stored = unmarshall(image as Record<string, AttributeValue>) as Item;
  if (stored.entity !== NOTIFICATION_EVENT) return undefined;
  return read(NotificationEventEntity, stored);
}

async function onStream(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    try {
      const notification = eventOf(record);
      if (notification) await deliverEvent(notification);
    } catch (error) {
      logger.error('notification delivery failed; the stream tries again', {
        sequence: record.dynamodb?.SequenceNumber,
        error,
      });
      // In order: this record and every later one are tried again.
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

export const handler = observed('notifications', onStream);

/** How many times the local poller tries an event before leaving it marked failed (as the stream's retries). */
export const LOCAL_ATTEMPTS = 5;

/**
 * The local runtime's stand-in for the stream: delivers the pending events (oldest first), each
 * independently; a failure is counted on the event and logged, and after LOCAL_ATTEMPTS the event
 * leaves the pending index with its last error (the local on-failure queue).
 */
export async function deliverPending(events: readonly NotificationEventRecord[]): Promise<number> {
  let done = 0;
  for (const event of events) {
    try {
      await deliverEvent(event);
      done += 1;
    } catch (error) {
      const attempts = (event.attempts ?? 0) + 1;
      const giveUp = attempts >= LOCAL_ATTEMPTS;
      logger.error(giveUp ? 'notification delivery failed for good' : 'notification delivery failed; tried again', {
        cooperative: event.cooperative_id,
        event: event.id,
        attempts,
        error,
      });
      await markEventFailed(event, error instanceof Error ? error.message : String(error), giveUp).catch(
        (markError: unknown) => logger.error('could not record a failed notification', { event: event.id, markError }),
      );
    }
  }
  return done;
}
