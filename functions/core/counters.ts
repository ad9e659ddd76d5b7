import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './clients.ts';
import { table } from './db.ts';
import { keys } from './keys.ts';

/** The next value of a per-tenant sequence (member numbers, ...), atomically. */
export async function nextSequence(tenant: string, name: string): Promise<number> {
  const result = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.counter(tenant, name),
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.value);
}

/** Makes sure a sequence is at least `atLeast` (after numbers were given by hand, e.g. by the demo seed). */
export async function raiseSequence(tenant: string, name: string, atLeast: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.counter(tenant, name),
        UpdateExpression: 'SET #value = :n',
        ConditionExpression: 'attribute_not_exists(#value) OR #value < :n',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':n': atLeast },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}
