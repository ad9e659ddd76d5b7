import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { API_BASE } from '@coopledger/shared/routes';
import type { HandlerSource } from './handler-source.ts';
import type { GatewayIdentity } from './http/api-gateway-event.ts';
import { createApiRoute } from './http/api-route.ts';
import { createCognitoProxy } from './http/cognito-proxy.ts';
import type { IdTokenVerifier } from './http/jwt-verifier.ts';
import { sendError } from './http/respond.ts';
import { serveRuntimeConfig } from './http/runtime-config.ts';
import { localSecurityHeaders } from './http/security-headers.ts';
import { serveStatic } from './http/static-files.ts';
import { COGNITO_PATH, STATES_PATH, WEBSOCKET_PATH } from './local-names.ts';
import type { WorkflowExecutor } from './states/executor.ts';
import { createStatesApi } from './states/states-api.ts';
import type { ConnectionRegistry } from './ws/connection-registry.ts';
import { createConnectionsApi } from './ws/connections-api.ts';
import { createWebSocketGateway } from './ws/websocket-gateway.ts';

export interface ServerOptions {
  port: number;
  host: string;
  handlers: HandlerSource;
  /** Runs the workflows' executions behind the Step Functions API. */
  workflows: WorkflowExecutor;
  verifier: IdTokenVerifier;
  /** cognito-local's own URL, behind the `/cognito` proxy. */
  cognitoUrl: string;
  webDistDir: string;
  /** Where presigned file URLs point (S3_PUBLIC_ENDPOINT); the Content-Security-Policy admits its images. */
  filesEndpoint: string;
  gateway: GatewayIdentity;
  region: string;
  log: (line: string) => void;
}

export interface LocalServer {
  port: number;
  close(): Promise<void>;
}

const CONNECTIONS = /^\/(?:@|%40)connections\/([^/]+)$/i;

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * One HTTP server for everything the browser and handlers need locally:
 *   /api/v1/*          the API (API Gateway + Lambda)       /cognito/*   Cognito (via the proxy)
 *   /config.json       the web app's runtime settings       /ws          chat WebSocket
 *   /@connections/{id} the API Gateway Management API       /_local/states  Step Functions
 *   /*                 the built web app
 */
export async function startServer(options: ServerOptions): Promise<LocalServer> {
  const webDistDir = resolve(options.webDistDir);
  const registry: ConnectionRegistry = new Map();
  const api = createApiRoute(options);
  const cognito = createCognitoProxy(options.cognitoUrl, options.log);
  const connections = createConnectionsApi(registry);
  const states = createStatesApi(options.workflows, options.log);
  const websocket = createWebSocketGateway({ ...options, registry });
  const securityHeaders = Object.entries(localSecurityHeaders(options.filesEndpoint));

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const path = target.split('?')[0];
    if (under(path, API_BASE)) return api(req, res);
    if (under(path, COGNITO_PATH)) return cognito(req, res, target.slice(COGNITO_PATH.length));
    const connection = CONNECTIONS.exec(path);
    if (connection) return connections(req, res, connection[1]);
    if (under(path, STATES_PATH)) return states(req, res);
    if (path === '/config.json') return serveRuntimeConfig(req, res);
    return serveStatic(req, res, webDistDir, path);
  }

  const server = createServer((req, res) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    route(req, res).catch((error: unknown) => {
      options.log(`${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendError(res, 500, 'Internal server error');
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] === WEBSOCKET_PATH) websocket.handleUpgrade(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;

  return {
    port,
    close: async () => {
      websocket.close();
      const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      // Browsers keep idle keep-alive sockets open; without this close() would wait for them.
      server.closeAllConnections();
      await closed;
    },
  };
}
