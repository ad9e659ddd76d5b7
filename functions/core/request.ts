import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { INVALID_ID_MESSAGE, isIdName, isValidId } from '@coopledger/shared/ids';
import { AppError, badRequest } from './errors.ts';
import type { UploadedFile } from './multipart.ts';
import { parseMultipart } from './multipart.ts';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface ParsedInput {
  query: Record<string, string>;
  body: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

/** The deepest nesting of objects and arrays a JSON body may have; the forms need 3. */
export const MAX_JSON_DEPTH = 32;
/** The most fields and files one multipart form may carry; the largest form has about 15. */
export const MAX_FORM_PARTS = 100;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, found by one pass over the text
 * before anything parses or walks it recursively (a body nested thousands deep overflows the stack
 * of whatever recurses over it next).
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > limit) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

/**
 * Every id field of the request against the one id rule (shared/src/ids.ts): the route's declared
 * ids and every field named like an id, in the query and at any depth of the body. Offending fields
 * are named by their path (`lines.0.gl_code`), as validation names them.
 */
function checkIds(input: ParsedInput, declared: readonly string[]): void {
  const fields: Record<string, string> = {};
  const isId = (name: string) => isIdName(name) || declared.includes(name);
  for (const [name, value] of Object.entries(input.query)) {
    if (isId(name) && !isValidId(value)) fields[name] = INVALID_ID_MESSAGE;
  }
  const walk = (value: unknown, path: string[], top: boolean): void => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)], false));
    else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) {
        const here = [...path, name];
        if ((top ? isId(name) : isIdName(name)) && !isValidId(item)) fields[here.join('.')] ??= INVALID_ID_MESSAGE;
        else walk(item, here, false);
      }
    }
  };
  walk(input.body, [], true);
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', INVALID_ID_MESSAGE, fields);
}

/**
 * Query string, JSON or form body, and uploaded files of an API Gateway v2 event, with every id held
 * to the id rule; `declaredIds` are the route's ids whose names do not say they are ids.
 */
export async function parseInput(event: ApiEvent, declaredIds: readonly string[] = []): Promise<ParsedInput> {
  const input = await readInput(event);
  checkIds(input, declaredIds);
  return input;
}

async function readInput(event: ApiEvent): Promise<ParsedInput> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) query[name] = value;
  }
  if (!event.body) return { query, body: {}, files: {} };

  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  const contentType = event.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const { fields, files } = await parseMultipart(raw, contentType, MAX_FORM_PARTS);
    return { query, body: fields, files };
  }
  const text = raw.toString('utf8').trim();
  // `curl -d '{...}'` labels a JSON body as a form; a body that is a JSON object is read as one.
  if (contentType.startsWith('application/x-www-form-urlencoded') && !text.startsWith('{')) {
    return { query, body: Object.fromEntries(new URLSearchParams(text)), files: {} };
  }
  if (text === '') return { query, body: {}, files: {} };
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new AppError('VALIDATION', `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} deep`);
  }
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
