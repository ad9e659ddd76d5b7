import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { HandlerSource, WebSocketHandler } from '../handler-source.ts';
import {
  gatewayId,
  gatewayTime,
  queryParameters,
  splitHeaders,
  type GatewayIdentity,
} from '../http/api-gateway-event.ts';
import { sourceIp } from '../http/api-route.ts';
import type { IdTokenVerifier } from '../http/jwt-verifier.ts';
import { invocationScope, lambdaContext } from '../http/lambda-context.ts';
import { structuredResult } from '../http/write-result.ts';
import type { Connection, ConnectionRegistry } from './connection-registry.ts';
import type { WebSocketEvent, WebSocketRequestContext } from './websocket-event.ts';

export interface WebSocketGatewayDependencies {
  handlers: HandlerSource;
  verifier: IdTokenVerifier;
  registry: ConnectionRegistry;
  gateway: GatewayIdentity;
  region: string;
  log: (line: string) => void;
}

type Route = '$connect' | '$disconnect' | '$default';
const EVENT_TYPES: Record<Route, WebSocketRequestContext['eventType']> = {
  $connect: 'CONNECT',
  $disconnect: 'DISCONNECT',
  $default: 'MESSAGE',
};

function refuse(socket: Duplex, status: number): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * `/ws`: an API Gateway WebSocket API in front of `functions/chat/ws-handler.ts`. $connect checks
 * the `token` query parameter like the cloud authorizer and may refuse the connection by answering
 * with a non-2xx status; messages go to $default; closing calls $disconnect.
 */
export function createWebSocketGateway(deps: WebSocketGatewayDependencies) {
  const server = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });

  function context(
    route: Route,
    connectionId: string,
    connectedAt: number,
    identity: WebSocketRequestContext['identity'],
    authorizer: Record<string, string>,
    host: string,
  ): WebSocketRequestContext {
    const now = new Date();
    return {
      routeKey: route,
      eventType: EVENT_TYPES[route],
      messageId: gatewayId(),
      extendedRequestId: gatewayId(),
      requestTime: gatewayTime(now),
      messageDirection: 'IN',
      stage: '$default',
      connectedAt,
      requestTimeEpoch: now.getTime(),
      requestId: gatewayId(),
      domainName: host,
      connectionId,
      apiId: deps.gateway.apiId,
      authorizer,
      identity,
    };
  }

  async function invoke(handler: WebSocketHandler, event: WebSocketEvent): Promise<number> {
    const context = lambdaContext('chat-ws', deps.region, deps.gateway.accountId, deps.log);
    const result = await invocationScope(context, () => handler(event, context));
    return result === undefined ? 200 : (structuredResult(result).statusCode ?? 200);
  }

  function attach(
    socket: WebSocket,
    handler: WebSocketHandler,
    connection: Connection,
    makeContext: (route: Route) => WebSocketRequestContext,
  ): void {
    const id = makeContext('$default').connectionId;
    deps.registry.set(id, connection);
    const dispatch = (event: WebSocketEvent) =>
      invoke(handler, event).catch((error: unknown) => {
        deps.log(
          `WebSocket ${event.requestContext.routeKey} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        return 500;
      });

    socket.on('message', (data: RawData, isBinary: boolean) => {
      connection.lastActiveAt = Date.now();
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      void dispatch({
        requestContext: makeContext('$default'),
        body: buffer.toString(isBinary ? 'base64' : 'utf8'),
        isBase64Encoded: isBinary,
      });
    });
    socket.on('close', (code: number, reason: Buffer) => {
      deps.registry.delete(id);
      const requestContext = {
        ...makeContext('$disconnect'),
        disconnectStatusCode: code,
        disconnectReason: reason.toString('utf8'),
      };
      void dispatch({ requestContext, isBase64Encoded: false });
    });
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const handler = await deps.handlers.websocket().catch((error: unknown) => {
      deps.log(
        `functions/chat/ws-handler.ts failed to load: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    });
    if (!handler) {
      // Accept, then close at once with "internal error": the client learns why from the close frame.
      server.handleUpgrade(req, socket, head, (ws) => ws.close(1011, 'Chat is not available on this server'));
      return;
    }

    const url = new URL(req.url ?? '/', 'http://localhost');
    const token = url.searchParams.get('token');
    const claims = token ? await deps.verifier.verify(token).catch(() => undefined) : undefined;
    if (!claims) return refuse(socket, 401);

    const connectionId = gatewayId();
    const connectedAt = Date.now();
    const { headers } = splitHeaders(req.rawHeaders);
    const identity = { sourceIp: sourceIp(req), userAgent: headers['user-agent'] ?? '' };
    const authorizer = { principalId: claims.sub ?? '', ...claims };
    const makeContext = (route: Route) =>
      context(route, connectionId, connectedAt, identity, authorizer, headers.host ?? 'localhost');

    const rawQuery = url.search.slice(1);
    const status = await invoke(handler, {
      requestContext: makeContext('$connect'),
      headers,
      ...(rawQuery ? { queryStringParameters: queryParameters(rawQuery) } : {}),
      isBase64Encoded: false,
    }).catch((error: unknown) => {
      deps.log(`WebSocket $connect failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return 500;
    });
    if (status < 200 || status >= 300) return refuse(socket, status);

    server.handleUpgrade(req, socket, head, (ws) =>
      attach(ws, handler, { socket: ws, connectedAt, lastActiveAt: connectedAt, ...identity }, makeContext),
    );
  }

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
      upgrade(req, socket, head).catch((error: unknown) => {
        deps.log(`WebSocket upgrade failed: ${error instanceof Error ? error.message : String(error)}`);
        refuse(socket, 500);
      });
    },
    close(): void {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}
