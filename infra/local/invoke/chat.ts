import { decodeJwt } from 'jose';
import { WebSocket, type RawData } from 'ws';
import { LocalRuntimeError } from '../errors.ts';
import type { HandlerSource } from '../handler-source.ts';
import { gatewayClaims } from '../http/jwt-verifier.ts';
import { lambdaContext } from '../http/lambda-context.ts';
import { LOCAL, WEBSOCKET_PATH } from '../local-names.ts';
import type { Runtime } from '../runtime.ts';
import type { WebSocketEvent } from '../ws/websocket-event.ts';
import { DEMO_LOGIN, demoIdToken } from './demo-sign-in.ts';
import { printResult } from './print-result.ts';

export type LooseWebSocketEvent = WebSocketEvent & { [DEMO_LOGIN]?: string };

/** How long to wait for what the handler posts back to the connection. */
const REPLY_WAIT_MS = 1000;

/** A WebSocket API event, as opposed to an HTTP API one: it names its connection. */
export function isWebSocketEvent(event: unknown): event is LooseWebSocketEvent {
  const context = (event as { requestContext?: { connectionId?: unknown } } | null)?.requestContext;
  return typeof context === 'object' && context !== null && typeof context.connectionId === 'string';
}

/**
 * `functions/chat/ws-handler.ts` with one WebSocket event. Handlers answer by posting to the
 * connection, so with a demo login a real connection is opened first (its $connect runs as usual)
 * and the event is sent as if it came over it: what the handler posts back is printed too.
 */
export function chatInvoker(base: HandlerSource) {
  let onConnect: (connectionId: string) => void = () => undefined;
  const handlers: HandlerSource = {
    http: (domain) => base.http(domain),
    websocket: async () => {
      const handler = await base.websocket();
      if (!handler) return undefined;
      return async (event, context) => {
        const result = await handler(event, context);
        if (event.requestContext.routeKey === '$connect') onConnect(event.requestContext.connectionId);
        return result;
      };
    },
  };

  async function connect(
    runtime: Runtime,
    token: string,
    received: string[],
  ): Promise<{ socket: WebSocket; connectionId: string }> {
    const connectionId = new Promise<string>((resolve) => (onConnect = resolve));
    const socket = new WebSocket(
      `${runtime.url.replace(/^http/, 'ws')}${WEBSOCKET_PATH}?token=${encodeURIComponent(token)}`,
    );
    socket.on('message', (data: RawData) =>
      received.push((Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8')),
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve).once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new LocalRuntimeError(`The chat WebSocket refused the connection (${response.statusCode}).`)),
      );
    });
    return { socket, connectionId: await connectionId };
  }

  async function invoke(event: LooseWebSocketEvent, runtime: Runtime): Promise<void> {
    const handler = await handlers.websocket();
    if (!handler) throw new LocalRuntimeError('functions/chat/ws-handler.ts does not exist.');
    const loginId = event[DEMO_LOGIN];
    delete event[DEMO_LOGIN];
    const received: string[] = [];
    let socket: WebSocket | undefined;
    if (loginId) {
      const token = await demoIdToken(runtime.env, loginId);
      const claims = gatewayClaims(decodeJwt(token));
      // What the $connect authorizer's context gives every later event of the connection.
      event.requestContext.authorizer = { principalId: claims.sub ?? '', ...claims };
      const connection = await connect(runtime, token, received);
      socket = connection.socket;
      event.requestContext.connectionId = connection.connectionId;
    }
    try {
      const result = await handler(
        event,
        lambdaContext('chat-ws', LOCAL.region, LOCAL.accountId, (line) => console.error(line)),
      );
      if (result === undefined) console.log('(no result: API Gateway ignores what routes other than $connect return)');
      else printResult(result);
      if (socket) {
        const deadline = Date.now() + REPLY_WAIT_MS;
        while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        console.log(`\nposted to the connection (${received.length}):`);
        for (const message of received) console.log(message);
      }
    } finally {
      socket?.close();
    }
  }

  return { handlers, invoke };
}
