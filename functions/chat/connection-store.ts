import { DeleteConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { websocketConnections } from '#core/clients';
import { nowIso } from '#core/db';
import { logger } from '#core/logger';
import { connectionsOf, deleteConnection, putConnection } from './connection-entity.ts';
import { setLastSeen } from './person-entity.ts';

/**
 * Open WebSocket connections, per user, so messages can be pushed to everyone a user has open
 * (several tabs, phone and laptop). Connections expire on their own after a day in case a
 * $disconnect is ever missed (connection-entity.ts).
 */
const DAY_SECONDS = 24 * 60 * 60;

export interface ConnectionOwner {
  tenant: string;
  loginId: string;
  role: string;
}

export async function saveConnection(connectionId: string, owner: ConnectionOwner): Promise<void> {
  await putConnection({
    tenant: owner.tenant,
    login_id: owner.loginId,
    connection_id: connectionId,
    role: owner.role,
    connected_at: nowIso(),
    expires_at: Math.floor(Date.now() / 1000) + DAY_SECONDS,
  });
}

/** Whether an API Gateway Management API call failed because the connection is already closed. */
export const isGone = (error: unknown) =>
  error instanceof GoneException || (error as { name?: string }).name === 'GoneException';

/**
 * Closes every open connection of a user and forgets it. The token is checked on $connect only, so
 * after a password change or reset, or a deactivation, an open socket would go on receiving the
 * user's messages. A connection that cannot be closed is still forgotten, so nothing is pushed to
 * it. Failures are logged, never the caller's error: the change they follow has been made.
 */
export async function closeConnections(tenant: string, loginId: string): Promise<void> {
  const client = websocketConnections();
  try {
    await Promise.all(
      (await connectionsOf(tenant, loginId)).map(async ({ connection_id: connectionId }) => {
        try {
          await client?.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
        } catch (error) {
          if (!isGone(error)) logger.warn('could not close a chat connection', { connectionId, error });
        }
        await dropConnection({ tenant, loginId }, connectionId);
      }),
    );
  } catch (error) {
    logger.error("could not close a user's chat connections", { loginId, error });
  }
}

export async function dropConnection(
  owner: Pick<ConnectionOwner, 'tenant' | 'loginId'>,
  connectionId: string,
): Promise<void> {
  await deleteConnection(owner.tenant, owner.loginId, connectionId);
}

/** When a user was last connected: written as each connection closes (never the caller's error). */
export async function touchLastSeen(owner: ConnectionOwner): Promise<void> {
  await setLastSeen(owner.tenant, owner.loginId, nowIso()).catch(() => undefined);
}
