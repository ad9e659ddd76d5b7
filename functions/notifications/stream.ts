import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { Item } from '#core/db';
import { read } from '#core/entity';
import { keys } from '#core/keys';
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
 * the runtime's poller (infra/local/notifications.ts) invokes this same handler with the pending
 * events as stream records (`streamRecordOf`).
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

/** The aws-lambda types' own shape of an image (the SDK's AttributeValue, declared again there). */
type StreamImage = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

/** How many times the local poller tries an event before leaving it marked failed (as the stream's retries). */
export const LOCAL_ATTEMPTS = 5;

/**
 * The stream record of a stored event, as DynamoDB Streams gives it (an INSERT's new image): how the
 * local runtime's poller hands pending events to this function's handler.
 */
export function streamRecordOf(event: NotificationEventRecord): DynamoDBRecord {
  const image = { ...keys.notificationEvent(event.cooperative_id, event.id), ...event, entity: NOTIFICATION_EVENT };
  return {
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      NewImage: marshall(image, { removeUndefinedValues: true }) as StreamImage,
      SequenceNumber: event.id,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

/**
 * After the local poller's try of an event failed: counted, with why; after LOCAL_ATTEMPTS it leaves
 * the pending index with its last error (the local on-failure queue) and is logged as lost.
 */
export async function localDeliveryFailed(event: NotificationEventRecord, error: string): Promise<void> {
  const attempts = (event.attempts ?? 0) + 1;
  const giveUp = attempts >= LOCAL_ATTEMPTS;
  if (giveUp)
    logger.error('notification delivery failed for good', { cooperative: event.cooperative_id, event: event.id });
  await markEventFailed(event, error, giveUp);
}
