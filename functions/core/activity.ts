import { AsyncLocalStorage } from 'node:async_hooks';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { activityWords, groupSignIns } from '@coopledger/shared/activity-words';
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
  /** The action in a person's words (shared/src/activity-words.ts), worked out again when read. */
  action: string;
  at: string;
  method: string;
  path: string;
  /** The amount the request named, as the words show it (₦300,000.00). */
  amount?: string;
  cooperative_id: string | null;
  /** Read only: signed in this many times in a row. */
  count?: number;
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

/**
 * A person's recent actions, newest first, in their own words: at most `limit` entries once sign-ins
 * in a row are shown once with their count.
 */
export async function recentActivity(tenant: string, loginId: string, limit = 20): Promise<ActivityItem[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.activity(tenant, loginId, nowIso()).pk },
      ScanIndexForward: false,
      Limit: limit * 5,
    }),
  );
  const entries = (result.Items ?? []).map((item): ActivityItem => {
    const amount = typeof item.amount === 'string' ? item.amount : undefined;
    return {
      at: String(item.at),
      action: activityWords(String(item.method), String(item.path), amount),
      method: String(item.method),
      path: String(item.path),
      ...(amount ? { amount } : {}),
      cooperative_id: (item.cooperative_id as string | null) ?? null,
    };
  });
  return groupSignIns(entries, limit);
}
