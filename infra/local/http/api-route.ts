import type { IncomingMessage, ServerResponse } from 'node:http';
import { findRoute, routeKey } from '@coopledger/shared/routes';
import type { HandlerSource } from '../handler-source.ts';
import { buildHttpApiEvent, type GatewayIdentity } from './api-gateway-event.ts';
import { answerPreflight, corsHeaders } from './cors.ts';
import { bearerToken, type IdTokenVerifier } from './jwt-verifier.ts';
import { invocationScope, lambdaContext } from './lambda-context.ts';
import { BodyTooLargeError, readBody } from './read-body.ts';
import { sendError } from './respond.ts';
import { structuredResult, writeResult } from './write-result.ts';

export interface ApiDependencies {
  handlers: HandlerSource;
  verifier: IdTokenVerifier;
  gateway: GatewayIdentity;
  region: string;
  log: (line: string) => void;
}

export function sourceIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** `/api/v1/*`: what API Gateway (routes, JWT authorizer, Lambda proxy integration) does in the cloud. */
export function createApiRoute(deps: ApiDependencies): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return answerPreflight(req, res);
    const cors = corsHeaders(req);
    const target = req.url ?? '/';
    const path = target.split('?')[0];

    const route = findRoute(method, path);
    if (!route) return sendError(res, 404, 'Route not found', cors);

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      // Stop reading the rest of the upload; the client gets its answer and the socket closes.
      res.once('finish', () => req.destroy());
      return sendError(res, 413, 'Request body too large', { ...cors, connection: 'close' });
    }

    let claims: Record<string, string> | undefined;
    if (route.roles !== 'public') {
      const token = bearerToken(req.headers.authorization);
      claims = token ? await deps.verifier.verify(token).catch(() => undefined) : undefined;
      if (!claims) return sendError(res, 401, 'Unauthenticated', { ...cors, 'www-authenticate': 'Bearer' });
    }

    const key = routeKey(route);
    const event = buildHttpApiEvent(
      {
        method,
        target,
        rawHeaders: req.rawHeaders,
        body,
        sourceIp: sourceIp(req),
        remotePort: req.socket.remotePort,
        httpVersion: req.httpVersion,
        localPort: req.socket.localPort ?? 0,
      },
      key,
      claims,
      deps.gateway,
    );
    try {
      const handler = await deps.handlers.http(route.domain);
      if (!handler)
        throw new Error(`No handler for domain "${route.domain}" (functions/${route.domain}/handler.ts is missing).`);
      const context = lambdaContext(route.domain, deps.region, deps.gateway.accountId, deps.log);
      const result = await invocationScope(context, () => handler(event, context));
      // API Gateway names the request in every answer (its id is the audit record's and the logs' request_id).
      writeResult(res, structuredResult(result), { ...cors, 'apigw-requestid': event.requestContext.requestId });
    } catch (error) {
      deps.log(`${key} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(res, 500, 'Internal server error', cors);
    }
  };
}
