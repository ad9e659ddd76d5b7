import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ChatPush } from '@coopledger/shared/chat-views';
import type { NotificationPush } from '@coopledger/shared/notification-views';
import { websocketConnections } from '#core/clients';
import { logger } from '#core/logger';
import { connectionsOf } from './connection-entity.ts';
import { dropConnection, isGone } from './connection-store.ts';

/**
 * Pushes to every open WebSocket connection of some people (a chat message, a notification). What is
 * pushed is already stored: a
 * connection that is gone is forgotten, and any other failure is logged, never the caller's error
 * (the other side still reads the message when they next load the conversation).
 */
export async function pushTo(tenant: string, loginIds: string[], payload: ChatPush | NotificationPush): Promise<void> {
  const client = websocketConnections();
  if (!client) return;
  const data = Buffer.from(JSON.stringify(payload));
  const owners = [...new Set(loginIds.map((id) => id.toUpperCase()))];
  const connections = (
    await Promise.all(
      owners.map((loginId) => connectionsOf(tenant, loginId).then((rows) => rows.map((row) => ({ row, loginId })))),
    )
  ).flat();
  await Promise.all(
    connections.map(async ({ row, loginId }) => {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: row.connection_id, Data: data }));
      } catch (error) {
        if (isGone(error)) {
          await dropConnection({ tenant, loginId }, row.connection_id);
        } else {
          logger.warn('chat push failed', { connectionId: row.connection_id, error });
        }
      }
    }),
  );
}
