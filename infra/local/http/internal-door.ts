import type { IncomingMessage } from 'node:http';

/**
 * The internal port answers the functions' SDK clients only (Cognito's admin calls, the Management
 * API, Step Functions). Any web page the user opens may send requests to a port on 127.0.0.1, and
 * by DNS rebinding read the answers under a name of its own. A browser marks its requests with
 * Origin (cross-origin and every POST) or Sec-Fetch-Site (every request of current browsers), and
 * a rebound request names the page's host; the SDK sends neither header and names
 * `127.0.0.1:<port>`. The reason a request is refused, or undefined for the functions'.
 */
export function browserRequestReason(req: IncomingMessage, port: number): string | undefined {
  if (req.headers.origin !== undefined) return 'it comes from a web page (Origin)';
  if (req.headers['sec-fetch-site'] !== undefined) return 'it comes from a web page (Sec-Fetch-Site)';
  if (req.headers.host !== `127.0.0.1:${port}`) return `it names another host than 127.0.0.1:${port}`;
  return undefined;
}
