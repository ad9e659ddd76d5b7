import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The web app is served from the same origin as the API, so a browser needs no CORS to use it; like
 * the HTTP API's configuration in the cloud, which names only the stage's own origins, the local API
 * answers CORS for its own origin (as the browser reached it: localhost, 127.0.0.1, a LAN address)
 * and never reflects another. A page elsewhere gets no Access-Control-Allow-Origin, so its browser
 * keeps the answer from it.
 */
function ownOrigin(req: IncomingMessage): string | undefined {
  const origin = req.headers.origin;
  const host = req.headers.host;
  return origin !== undefined && host !== undefined && origin === `http://${host}` ? origin : undefined;
}

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = ownOrigin(req);
  return origin ? { 'access-control-allow-origin': origin, vary: 'origin' } : { vary: 'origin' };
}

/** What a preflight of the own origin is told it may send; the API's by default. */
export interface PreflightAllowance {
  methods: string;
  headers: string;
}

const API_PREFLIGHT: PreflightAllowance = {
  methods: 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  headers: 'authorization,content-type',
};

export function answerPreflight(
  req: IncomingMessage,
  res: ServerResponse,
  allowance: PreflightAllowance = API_PREFLIGHT,
): void {
  const cors = corsHeaders(req);
  res.writeHead(
    204,
    cors['access-control-allow-origin']
      ? {
          ...cors,
          'access-control-allow-methods': allowance.methods,
          'access-control-allow-headers': allowance.headers,
          'access-control-max-age': '3600',
        }
      : cors,
  );
  res.end();
}
