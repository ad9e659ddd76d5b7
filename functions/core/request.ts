import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { badRequest } from './errors.ts';
import type { UploadedFile } from './multipart.ts';
import { parseMultipart } from './multipart.ts';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface ParsedInput {
  query: Record<string, string>;
  body: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

/** Query string, JSON or form body, and uploaded files of an API Gateway v2 event. */
export function parseInput(event: ApiEvent): ParsedInput {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) query[name] = value;
  }
  if (!event.body) return { query, body: {}, files: {} };

  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  const contentType = event.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const { fields, files } = parseMultipart(raw, contentType);
    return { query, body: fields, files };
  }
  const text = raw.toString('utf8').trim();
  // `curl -d '{...}'` labels a JSON body as a form; a body that is a JSON object is read as one.
  if (contentType.startsWith('application/x-www-form-urlencoded') && !text.startsWith('{')) {
    return { query, body: Object.fromEntries(new URLSearchParams(text)), files: {} };
  }
  if (text === '') return { query, body: {}, files: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object');
  }
  return { query, body: parsed as Record<string, unknown>, files: {} };
}
