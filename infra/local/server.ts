import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { API_BASE } from '@coopledger/shared/routes';
import type { HandlerSource } from './handler-source.ts';
import type { GatewayIdentity } from './http/api-gateway-event.ts';
import { createApiRoute } from './http/api-route.ts';
import { temporaryPasswordOf } from './emulators/cognito-pool.ts';
import { BROWSER_OPERATIONS, createCognitoProxy } from './http/cognito-proxy.ts';
import { createFileGateway } from './http/file-gateway.ts';
import { browserRequestReason } from './http/internal-door.ts';
import type { IdTokenVerifier } from './http/jwt-verifier.ts';
import type { SigningKey } from './http/presigned-url.ts';
import { sendError } from './http/respond.ts';
import { serveRuntimeConfig } from './http/runtime-config.ts';
import { createRefreshTokenRevocation } from './http/refresh-token-revocation.ts';
import { localSecurityHeaders } from './http/security-headers.ts';
import { COGNITO_LOCKOUT, createLockout, type LockoutPolicy } from './http/sign-in-lockout.ts';
import { serveStatic } from './http/static-files.ts';
import { COGNITO_PATH, FILES_PATH, STATES_PATH, WEBSOCKET_PATH } from './local-names.ts';
import type { WorkflowExecutor } from './states/executor.ts';
import { createStatesApi } from './states/states-api.ts';
import type { ConnectionRegistry } from './ws/connection-registry.ts';
import { createConnectionsApi } from './ws/connections-api.ts';
import { createWebSocketGateway } from './ws/websocket-gateway.ts';

export interface ServerOptions {
  port: number;
  host: string;
  /** The functions' own listener (always on 127.0.0.1): Cognito for them, @connections, Step Functions. */
  internalPort: number;
  handlers: HandlerSource;
  /** Runs the workflows' executions behind the Step Functions API. */
  workflows: WorkflowExecutor;
  verifier: IdTokenVerifier;
  /** cognito-local's own URL, behind the `/cognito` proxies, and its user pool. */
  cognitoUrl: string;
  userPoolId: string;
  /** cognito-local's pool file, where the proxies check a temporary password (cognito-proxy.ts). */
  cognitoPoolFile?: string;
  /** Cognito's lockout after wrong passwords and reset codes; default COGNITO_LOCKOUT. */
  signInLockout?: Partial<LockoutPolicy>;
  /** s3rver's own URL, behind `/s3`, with the buckets it serves and the key presigned URLs are made with. */
  s3Url: string;
  buckets: readonly string[];
  presignKey: SigningKey;
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

type Route = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function serve(route: Route, log: (line: string) => void, headers: [string, string][] = []): Server {
  return createServer((req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    route(req, res).catch((error: unknown) => {
      log(
        `${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) sendError(res, 500, 'Internal server error');
      else res.destroy();
    });
  });
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : port;
}

function close(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  // Browsers keep idle keep-alive sockets open; without this close() would wait for them.
  server.closeAllConnections();
  return closed;
}

/**
 * Two HTTP servers. On `port` (HOST, default 127.0.0.1), what the browser needs:
 *   /api/v1/*          the API (API Gateway + Lambda)       /cognito/*   Cognito's sign-in calls only
 *   /config.json       the web app's runtime settings       /ws          chat WebSocket
 *   /s3/<bucket>/<key> files, through presigned URLs only   /*           the built web app
 * On `internalPort` (127.0.0.1 only), what only the functions call, refusing whatever a browser sends:
 *   /cognito/*         Cognito, admin calls included        /@connections/{id}  API Gateway Management API
 *   /_local/states     Step Functions
 */
export async function startServer(options: ServerOptions): Promise<LocalServer> {
  const webDistDir = resolve(options.webDistDir);
  const registry: ConnectionRegistry = new Map();
  const api = createApiRoute(options);
  const policy = { ...COGNITO_LOCKOUT, ...options.signInLockout };
  const poolFile = options.cognitoPoolFile;
  // One count per user and one record of sign-outs, whichever door the calls come through.
  const cognitoState = {
    upstream: options.cognitoUrl,
    userPoolId: options.userPoolId,
    lockouts: { passwords: createLockout(policy), resetCodes: createLockout(policy) },
    revocations: createRefreshTokenRevocation(),
    temporaryPassword: poolFile ? (username: string) => temporaryPasswordOf(poolFile, username) : undefined,
    log: options.log,
  };
  const cognito = createCognitoProxy({ ...cognitoState, operations: BROWSER_OPERATIONS });
  const cognitoForFunctions = createCognitoProxy(cognitoState);
  const files = createFileGateway({
    s3Url: options.s3Url,
    buckets: options.buckets,
    key: options.presignKey,
    log: options.log,
  });
  const connections = createConnectionsApi(registry);
  const states = createStatesApi(options.workflows, options.log);
  const websocket = createWebSocketGateway({ ...options, registry });
  const securityHeaders = Object.entries(localSecurityHeaders(options.filesEndpoint));
  let internalPort = options.internalPort;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const path = target.split('?')[0];
    if (under(path, API_BASE)) return api(req, res);
    if (under(path, COGNITO_PATH)) return cognito(req, res, target.slice(COGNITO_PATH.length));
    if (under(path, FILES_PATH)) return files(req, res, path.slice(FILES_PATH.length));
    // The functions' paths live on the internal port; here they are nothing, not the web app.
    if (CONNECTIONS.test(path) || under(path, STATES_PATH)) return sendError(res, 404, 'Not found');
    if (path === '/config.json') return serveRuntimeConfig(req, res);
    return serveStatic(req, res, webDistDir, path);
  }

  async function internalRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = browserRequestReason(req, internalPort);
    if (refused)
      return sendError(
        res,
        403,
        `This port answers the local functions only; this request was refused because ${refused}.`,
      );
    const target = req.url ?? '/';
    const path = target.split('?')[0];
    if (under(path, COGNITO_PATH)) return cognitoForFunctions(req, res, target.slice(COGNITO_PATH.length));
    const connection = CONNECTIONS.exec(path);
    if (connection) return connections(req, res, connection[1]);
    if (under(path, STATES_PATH)) return states(req, res);
    return sendError(res, 404, 'Not found');
  }

  const server = serve(route, options.log, securityHeaders);
  const internal = serve(internalRoute, options.log);
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] === WEBSOCKET_PATH) websocket.handleUpgrade(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  try {
    const port = await listen(server, options.port, options.host);
    internalPort = await listen(internal, options.internalPort, '127.0.0.1');
    return {
      port,
      close: async () => {
        websocket.close();
        await Promise.all([close(server), close(internal)]);
      },
    };
  } catch (error) {
    websocket.close();
    await Promise.all([close(server), close(internal)]);
    throw error;
  }
}
