import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WebSocketEvent } from './ws/websocket-event.ts';

export type HttpHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;
/** API Gateway only looks at the status of $connect's answer; other routes may return nothing. */
export type WebSocketHandler = (
  event: WebSocketEvent,
  context: Context,
) => Promise<APIGatewayProxyResultV2 | undefined>;

/** Where the server finds handlers. Injectable so tests can run fake domains. */
export interface HandlerSource {
  /** The `handler` of `functions/<domain>/handler.ts`, or undefined when that module does not exist. */
  http(domain: string): Promise<HttpHandler | undefined>;
  /** The `handler` of `functions/chat/ws-handler.ts`, or undefined when chat is not built yet. */
  websocket(): Promise<WebSocketHandler | undefined>;
}

/**
 * Loads handler modules from the functions folder on first use and keeps them, like a warm Lambda.
 * Loading lazily lets the runtime start while some domains are still being written, and lets the
 * environment be set before any handler reads it at module scope.
 */
export function functionsFolder(functionsDir: string): HandlerSource {
  const loaded = new Map<string, Promise<unknown>>();

  async function load(relativePath: string): Promise<unknown> {
    const file = join(functionsDir, relativePath);
    if (!existsSync(file)) return undefined;
    let module = loaded.get(file);
    if (!module) {
      module = import(pathToFileURL(file).href).then((exports: Record<string, unknown>) => {
        if (typeof exports.handler !== 'function')
          throw new Error(`${relativePath} does not export a handler function.`);
        return exports.handler;
      });
      // A module that failed to load is retried on the next request, once it has been fixed.
      module.catch(() => loaded.delete(file));
      loaded.set(file, module);
    }
    return module;
  }

  return {
    http: async (domain) => (await load(join(domain, 'handler.ts'))) as HttpHandler | undefined,
    websocket: async () => (await load(join('chat', 'ws-handler.ts'))) as WebSocketHandler | undefined,
  };
}
