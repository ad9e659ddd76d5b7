import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { websocketConnections } from '#core/clients';
import { AppError } from '#core/errors';
import type { Identity } from '#core/identity';
import { identityFromClaims } from '#core/identity';
import { logger } from '#core/logger';
import { logContext, observed } from '#core/observability';
import { assertActive } from '#core/tenant';
import type { ConnectionOwner } from './connection-store.ts';
import { dropConnection, saveConnection, touchLastSeen } from './connection-store.ts';

/**
 * The chat WebSocket: $connect records who is connected (the authorizer already verified the token;
 * the account is checked as on every API request), $disconnect forgets the connection and records
 * when the user was last seen, $default answers the messages clients send. Conversations themselves
 * are the chat domain's.
 */
type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: APIGatewayProxyWebsocketEventV2['requestContext'] & {
    authorizer?: Record<string, string | undefined>;
  };
};

let fromEvent: ApiGatewayManagementApiClient | undefined;

/** The configured callback URL, else the one the event names (the stage's own). */
function callbackClient(event: WebSocketEvent): ApiGatewayManagementApiClient {
  const configured = websocketConnections();
  if (configured) return configured;
  fromEvent ??= new ApiGatewayManagementApiClient({
    endpoint: `https://${event.requestContext.domainName}/${event.requestContext.stage}`,
  });
  return fromEvent;
}

async function send(event: WebSocketEvent, message: unknown): Promise<void> {
  await callbackClient(event).send(
    new PostToConnectionCommand({
      ConnectionId: event.requestContext.connectionId,
      Data: Buffer.from(JSON.stringify(message)),
    }),
  );
}

/** An AppError as the answer to a WebSocket event, anything else thrown on. */
function answerOf(error: unknown): APIGatewayProxyResultV2 {
  if (error instanceof AppError) return { statusCode: error.statusCode, body: error.message };
  throw error;
}

async function handle(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  // The verified token's claims, as the authorizer hands them to every event of the connection.
  let identity: Identity | null;
  try {
    identity = identityFromClaims(event.requestContext.authorizer);
  } catch (error) {
    return answerOf(error);
  }
  if (!identity) return { statusCode: 401, body: 'Unauthorized' };
  const owner: ConnectionOwner = { tenant: identity.tenant, loginId: identity.loginId, role: identity.role };
  const { connectionId, routeKey } = event.requestContext;
  logContext({
    request_id: event.requestContext.requestId,
    route: routeKey,
    cooperative: identity.tenant,
    user: identity.loginId,
    role: identity.role,
  });

  if (routeKey === '$connect') {
    // The checks of every API request: an active account whose record matches the token, signed in
    // since the password last changed (functions/core/tenant.ts).
    try {
      await assertActive(identity);
    } catch (error) {
      return answerOf(error);
    }
    await saveConnection(connectionId, owner);
    return { statusCode: 200 };
  }
  if (routeKey === '$disconnect') {
    await dropConnection(owner, connectionId);
    await touchLastSeen(owner);
    return { statusCode: 200 };
  }

  let action: unknown;
  try {
    action = (JSON.parse(event.body ?? '') as { action?: unknown }).action;
  } catch {
    action = undefined;
  }
  if (action === 'ping') {
    await send(event, { type: 'pong', at: new Date().toISOString() });
  } else {
    logger.info('unknown websocket action', { connectionId, action });
    await send(event, { type: 'error', message: 'Unknown action' });
  }
  return { statusCode: 200 };
}

export const handler = observed('chat', handle);
