import type { ServerResponse } from 'node:http';

/** The `{ status, message, data }` envelope every API error uses (DESIGN.md section 7). */
export function errorEnvelope(message: string): { status: false; message: string; data: null } {
  return { status: false, message, data: null };
}

export function sendJson(
  res: ServerResponse,
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  statusCode: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, statusCode, errorEnvelope(message), headers);
}
