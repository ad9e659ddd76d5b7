import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ChatPush } from '@coopledger/shared/chat-views';
import { websocketConnections } from '#core/clients';
import type { Item } from '#core/db';
import { queryAll } from '#core/db';
import { keys } from '#core/keys';
import { logger } from '#core/logger';
import type { ConnectionOwner } from './connection-store.ts';
import { dropConnection } from './connection-store.ts';

/**
 * Pushes to every open WebSocket connection of some people. The message is already stored: a
 * connection that is gone is forgotten, and any other failure is logged, never the caller's error
 * (the other side still reads the message when they next load the conversation).
 */
export async function pushTo(tenant: string, loginIds: string[], payload: ChatPush): Promise<void> {
  const client = websocketConnections();
  if (!client) return;
  const data = Buffer.from(JSON.stringify(payload));
  const owners = [...new Set(loginIds.map((id) => id.toUpperCase()))];
  const connections = (
    await Promise.all(
      owners.map((loginId) =>
        queryAll<Item & { connection_id: string; role: string }>({
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.connectionsPartition(tenant, loginId) },
        }).then((rows) => rows.map((row) => ({ row, owner: { tenant, loginId, role: row.role } satisfies ConnectionOwner }))),
      ),
    )
  ).flat();
  await Promise.all(
    connections.map(async ({ row, owner }) => {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: row.connection_id, Data: data }));
      } catch (error) {
        if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') {
          await dropConnection(owner, row.connection_id);
        } else {
          logger.warn('chat push failed', { connectionId: row.connection_id, error });
        }
      }
    }),
  );
}
