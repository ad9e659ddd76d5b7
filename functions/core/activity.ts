import { AsyncLocalStorage } from 'node:async_hooks';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './clients.ts';
import type { Item, TransactItem } from './db.ts';
import { nowIso, table } from './db.ts';
import { keys } from './keys.ts';
import { logger } from './logger.ts';

/**
 * What each person has done recently (the settings drawer's Activity tab), kept 90 days. Written
 * after the change succeeded, or by the change's own transaction (`activityPut`, e.g. an order's
 * approval); a failure of the separate write never fails the change itself.
 */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

export interface ActivityItem {
  at: string;
  action: string;
  method: string;
  path: string;
  cooperative_id: string | null;
}

const activityItem = (tenant: string, loginId: string, activity: ActivityItem): Item => ({
  ...keys.activity(tenant, loginId, activity.at),
  entity: 'ACTIVITY',
  ...activity,
  expires_at: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
});

export async function recordActivity(tenant: string, loginId: string, activity: ActivityItem): Promise<void> {
  try {
    await db().send(new PutCommand({ TableName: table(), Item: activityItem(tenant, loginId, activity) }));
  } catch (error) {
    logger.warn('could not record activity', { loginId, error });
  }
}

interface PendingActivity {
  tenant: string;
  loginId: string;
  activity: Omit<ActivityItem, 'at'>;
  recorded: boolean;
}
const pendingActivity = new AsyncLocalStorage<PendingActivity>();

/**
 * Runs a request's change and records its activity once the change succeeded: written by the
 * change's own transaction when it took it (`activityPut`), else with a PutItem of its own after.
 */
export async function withActivity<T>(
  tenant: string,
  loginId: string,
  activity: Omit<ActivityItem, 'at'>,
  work: () => Promise<T>,
): Promise<T> {
  const pending: PendingActivity = { tenant, loginId, activity, recorded: false };
  const result = await pendingActivity.run(pending, work);
  if (!pending.recorded) await recordActivity(tenant, loginId, { at: nowIso(), ...activity });
  return result;
}

/**
 * The request's activity as a Put for the transaction of its change (no PutItem of its own), or
 * undefined outside a request or once recorded. Call `recorded()` when that transaction succeeded.
 */
export function activityPut(): { item: TransactItem; recorded: () => void } | undefined {
  const pending = pendingActivity.getStore();
  if (!pending || pending.recorded) return undefined;
  const item = activityItem(pending.tenant, pending.loginId, { at: nowIso(), ...pending.activity });
  return { item: { Put: { TableName: table(), Item: item } }, recorded: () => (pending.recorded = true) };
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
