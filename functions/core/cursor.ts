import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';
import { invalid } from './errors.ts';

/**
 * Page cursors (docs/decisions.md 2026-11-26 "Paging in DynamoDB"): the last key of a page, bound to
 * the cooperative and the route that read it, as `<base64url JSON>.<base64url HMAC-SHA256>`. The key
 * comes from a stage secret (CURSOR_KEY, a Secrets Manager value CloudFormation resolves at deploy);
 * without it (the local runtime, tests) a random key per process, so a restart ends open cursors.
 * A cursor that was changed, made by hand, or read for another cooperative or route is refused with
 * 422; one whose key is not in the partition the route reads is refused the same way.
 */
export const CURSOR_KEY_VARIABLE = 'CURSOR_KEY';

export type PageKey = Record<string, NativeAttributeValue>;

interface CursorBody {
  /** The cooperative (tenant) the page was read for. */
  c: string;
  /** The route (`GET /path`) that read it. */
  r: string;
  /** DynamoDB's start key for the next page: string attributes only. */
  k: Record<string, string>;
}

let processKey: Buffer | undefined;
function signingKey(): Buffer {
  const configured = config().cursorKey;
  if (configured) return Buffer.from(configured, 'utf8');
  processKey ??= randomBytes(32);
  return processKey;
}

const mac = (body: string) => createHmac('sha256', signingKey()).update(body).digest('base64url');

export const CURSOR_REFUSED = 'This page cursor is not valid for this list; start again from the first page';

/** The opaque cursor of the next page after `key`, for this cooperative and route. */
export function signCursor(tenant: string, route: string, key: Record<string, string>): string {
  const body = Buffer.from(JSON.stringify({ c: tenant, r: route, k: key } satisfies CursorBody)).toString('base64url');
  return `${body}.${mac(body)}`;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/**
 * The start key a cursor carries, when it was signed here for this cooperative and route and names
 * exactly `attributes` (the table's and the index's key attributes); otherwise a 422 on `cursor`.
 */
export function readCursor(raw: string, tenant: string, route: string, attributes: readonly string[]): PageKey {
  const refused = invalid('cursor', CURSOR_REFUSED);
  const [body, signature, extra] = raw.split('.');
  if (!body || !signature || extra !== undefined || raw.length > 4096) throw refused;
  const expected = Buffer.from(mac(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw refused;
  }
  const cursor = parsed as Partial<CursorBody>;
  if (cursor.c !== tenant || cursor.r !== route || !isStringRecord(cursor.k)) throw refused;
  const names = Object.keys(cursor.k).sort();
  if (names.join('|') !== [...attributes].sort().join('|')) throw refused;
  return cursor.k;
}
