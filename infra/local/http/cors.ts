import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The web app is served from the same origin, so CORS matters only to other local tools; like the
 * HTTP API's CORS configuration, preflights are answered for every path before routing.
 */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin ? { 'access-control-allow-origin': origin, vary: 'origin' } : {};
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    ...corsHeaders(req),
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'authorization,content-type',
    'access-control-max-age': '3600',
  });
  res.end();
}
