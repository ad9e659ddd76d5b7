import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#core/clients';
import { nowIso, table } from '#core/db';
import { keys } from '#core/keys';

/**
 * Open WebSocket connections, per user, so messages can be pushed to everyone a user has open
 * (several tabs, phone and laptop). Connections expire on their own after a day in case a
 * $disconnect is ever missed.
 */
const DAY_SECONDS = 24 * 60 * 60;

export interface ConnectionOwner {
  tenant: string;
  loginId: string;
  role: string;
}

export async function saveConnection(connectionId: string, owner: ConnectionOwner): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.connection(owner.tenant, owner.loginId, connectionId),
        entity: 'WS_CONNECTION',
        connection_id: connectionId,
        login_id: owner.loginId,
        tenant: owner.tenant,
        role: owner.role,
        connected_at: nowIso(),
        expires_at: Math.floor(Date.now() / 1000) + DAY_SECONDS,
      },
    }),
  );
}

export async function dropConnection(owner: ConnectionOwner, connectionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: keys.connection(owner.tenant, owner.loginId, connectionId) }));
}

/** When a user was last connected: written as each connection closes. */
export async function touchLastSeen(owner: ConnectionOwner): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(owner.tenant, owner.loginId),
      UpdateExpression: 'SET last_seen_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': nowIso() },
    }),
  ).catch(() => undefined);
}
