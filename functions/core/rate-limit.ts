import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './clients.ts';
import { table } from './db.ts';
import { AppError } from './errors.ts';
import { keys } from './keys.ts';

/**
 * A fixed-window request counter: one item per name per window, incremented with a condition, so
 * concurrent callers cannot overshoot, and removed by TTL once the window is past. Used for public
 * routes, where there is no signed-in caller to hold to account.
 */
export interface RateLimit {
  tenant: string;
  /** What is counted, e.g. `REGISTER#IP#203.0.113.7`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export async function hitRateLimit(rule: RateLimit, message: string, now = Date.now()): Promise<void> {
  const windowStart = Math.floor(now / 1000 / rule.windowSeconds) * rule.windowSeconds;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.rateCounter(rule.tenant, rule.name, String(windowStart)),
        UpdateExpression: 'ADD hits :one SET expires_at = :expires, entity = :entity',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': rule.limit,
          ':expires': windowStart + rule.windowSeconds * 2,
          ':entity': 'RATE',
        },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException')
      throw new AppError('TOO_MANY_REQUESTS', message);
    throw error;
  }
}
