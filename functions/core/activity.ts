import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './clients.ts';
import { nowIso, table } from './db.ts';
import { keys } from './keys.ts';
import { logger } from './logger.ts';

/**
 * What each person has done recently (the settings drawer's Activity tab), kept 90 days. Written
 * after the change succeeded; a failure to record it never fails the change itself.
 */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

export interface ActivityItem {
  at: string;
  action: string;
  method: string;
  path: string;
  cooperative_id: string | null;
}

export async function recordActivity(tenant: string, loginId: string, activity: ActivityItem): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.activity(tenant, loginId, activity.at),
          entity: 'ACTIVITY',
          ...activity,
          expires_at: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
        },
      }),
    );
  } catch (error) {
    logger.warn('could not record activity', { loginId, error });
  }
}

export async function recentActivity(tenant: string, loginId: string, limit = 20): Promise<ActivityItem[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.activity(tenant, loginId, nowIso()).pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => ({
    at: String(item.at),
    action: String(item.action),
    method: String(item.method),
    path: String(item.path),
    cooperative_id: (item.cooperative_id as string | null) ?? null,
  }));
}
