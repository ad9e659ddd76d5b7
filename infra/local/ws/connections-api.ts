import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { readBody } from '../http/read-body.ts';
import type { ConnectionRegistry } from './connection-registry.ts';

/** API Gateway's WebSocket frames are at most 128 KB; PostToConnection refuses more. */
const MAX_MESSAGE_BYTES = 128 * 1024;

function sendAws(res: ServerResponse, status: number, errorType?: string, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    // The SDK reads the error's name from this header.
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
}

/**
 * The API Gateway Management API on the local server: `@aws-sdk/client-apigatewaymanagementapi`
 * pointed at WEBSOCKET_CALLBACK_URL posts to, reads and deletes connections here.
 */
export function createConnectionsApi(registry: ConnectionRegistry) {
  return async (req: IncomingMessage, res: ServerResponse, rawConnectionId: string): Promise<void> => {
    let connectionId: string;
    try {
      connectionId = decodeURIComponent(rawConnectionId);
    } catch {
      connectionId = rawConnectionId;
    }
    const connection = registry.get(connectionId);
    const gone = () => sendAws(res, 410, 'GoneException', { message: null });

    switch (req.method) {
      case 'POST': {
        const data = await readBody(req, MAX_MESSAGE_BYTES).catch(() => undefined);
        if (!data) return sendAws(res, 413, 'PayloadTooLargeException', { message: 'Message too long' });
        if (!connection) return gone();
        connection.socket.send(data, { binary: !isUtf8(data) });
        return sendAws(res, 200);
      }
      case 'GET':
        if (!connection) return gone();
        // The service's JSON names are camelCase; the SDK maps them to ConnectedAt etc.
        return sendAws(res, 200, undefined, {
          connectedAt: new Date(connection.connectedAt).toISOString(),
          identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
          lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
        });
      case 'DELETE':
        if (!connection) return gone();
        connection.socket.close(1000, 'Closed by the server');
        res.writeHead(204);
        return void res.end();
      default:
        return sendAws(res, 405, 'MethodNotAllowedException', { message: 'Method not allowed' });
    }
  };
}
