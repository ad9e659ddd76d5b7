import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction } from '@coopledger/shared/audit';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';
import { keys } from './keys.ts';
import { redact } from './redaction.ts';

/**
 * The audit trail (docs/decisions.md, 2026-11-27 "Audit trail"). Every change a signed-in person
 * makes through a route leaves one audit record: who, when, from where, the cooperative, what (the
 * route's entity and action, the subject's id) and the fields the change set, before and after.
 *
 * The record rides in the request's first write: core/db.ts adds it to the first TransactWriteItems
 * (or turns a first single Put, Update or Delete into a two-item transaction), so a change without
 * its record, or a record without its change, cannot be stored. A request that changes nothing in the
 * table (a password set in the user pool) writes its record alone once it succeeded.
 *
 * "Before" is what the request read of an item before changing it (core/db.ts notes every item it
 * reads for the request); "after" is the Put's item, or the Update applied to what was read. Blind
 * updates (counters, running balances) and the ledger's derived items are aggregates of changes that
 * are themselves recorded, and are left out.
 */
type Item = Record<string, NativeAttributeValue>;
type Key = { pk: string; sk: string };
type Write = {
  Put?: { Item?: Item };
  Update?: {
    Key?: Item;
    UpdateExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Item;
  };
  Delete?: { Key?: Item };
  ConditionCheck?: unknown;
};

export interface AuditScope {
  /** Where the record is kept: the cooperative acted in, or the platform. */
  tenant: string;
  user: string;
  role: string;
  /** The tenant of the person's own account (a super-admin acting in a cooperative). */
  userTenant: string;
  requestId: string;
  ip: string;
  userAgent: string;
  route: string;
  entity: string;
  action: AuditAction;
  creates: boolean;
  /** The ids the route names, in the route table's order, as the request gave them. */
  ids: [string, string][];
  /** The change lives outside the table (the user pool): record it even when nothing was written. */
  recordAlways: boolean;
}

interface Pending extends AuditScope {
  seen: Map<string, Item>;
  recorded: boolean;
}

const store = new AsyncLocalStorage<Pending>();
/** Items remembered per request for their "before": enough for any one change, bounded for big reads. */
const MAX_SEEN = 400;
const MAX_CHANGES = 12;
const MAX_TEXT = 300;
const MAX_LIST = 20;
const KEEP_OUT = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expires_at', 'entity']);
/** Items derived from a change that is itself recorded: idempotency, journal lines, indexes, claims, totals. */
const DERIVED = [
  /#IDEMPOTENCY#/,
  /#[A-Z]?SEARCH(#|$)/,
  /#ACTIVITY#/,
  /#GL#/,
  /#GLBAL$|#GLDAY#|#GLTOT$/,
  /REFS?#|#REF$|^REF$/,
  /^COUNTER#|^STATS$|#COUNT/,
  /#AUDIT/,
  /#NOTIFYEVENT#/,
  /#UNIQUE#|#CLAIM#|^CLAIM$|#LOGIN#/,
];

const keyText = (key: Key) => `${key.pk}\u0000${key.sk}`;

/** JSON of a stored value: a bigint (a kobo total past 2^53) as its digits. */
const json = (value: unknown): string | undefined =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * The bench's comparison run only (`npm run bench`, approvals with and without the trail): the local
 * runtime's process may turn the trail off; a deployed stage never does.
 */
const turnedOff = () => process.env.AUDIT_TRAIL === 'off' && config().stage === 'local';

export function withAudit<T>(scope: AuditScope, work: () => Promise<T>, writeAlone: (item: Item) => Promise<void>) {
  if (turnedOff()) return work();
  const pending: Pending = { ...scope, seen: new Map(), recorded: false };
  return store.run(pending, async () => {
    const result = await work();
    if (!pending.recorded && pending.recordAlways) {
      pending.recorded = true;
      await writeAlone(auditRecord(pending, []));
    }
    return result;
  });
}

/** Notes items the request read, for the "before" of a change to them. */
export function noteRead(items: readonly (Item | undefined)[]): void {
  const pending = store.getStore();
  if (!pending || pending.recorded) return;
  for (const item of items) {
    if (!item || typeof item.pk !== 'string' || typeof item.sk !== 'string') continue;
    if (pending.seen.size >= MAX_SEEN) return;
    pending.seen.set(keyText(item as Key), item);
  }
}

/**
 * The audit record's Put for the request's first write, or undefined when there is no request, the
 * record was written, or there is no room. Call `done()` once the write succeeded.
 */
export function auditAttachment(writes: readonly Write[], room = 100): { item: Item; done: () => void } | undefined {
  const pending = store.getStore();
  if (!pending || pending.recorded || writes.length >= room) return undefined;
  if (!writes.some((write) => write.Put || write.Update || write.Delete)) return undefined;
  return { item: auditRecord(pending, writes), done: () => (pending.recorded = true) };
}

/** The Put of an audit record, for a TransactWriteItems. */
export const auditPut = (item: Item) => ({ Put: { TableName: config().tableName, Item: item } });

function auditRecord(scope: Pending, writes: readonly Write[]): Item {
  const at = new Date().toISOString();
  const changes = writes.flatMap((write) => changeOf(scope, write)).slice(0, MAX_CHANGES);
  const named = scope.ids.find(([, value]) => value)?.[1];
  const created = createdId(writes);
  const subjectId = (scope.creates ? (created ?? named) : (named ?? created)) ?? '';
  return {
    ...keys.audit(scope.tenant, at, scope.requestId),
    ...keys.auditUserIndex(scope.tenant, scope.user, at, scope.requestId),
    ...keys.auditSubjectIndex(scope.tenant, scope.entity, subjectId, at, scope.requestId),
    entity: 'AUDIT',
    at,
    request_id: scope.requestId,
    user: scope.user,
    role: scope.role,
    user_tenant: scope.userTenant,
    ip: scope.ip,
    user_agent: scope.userAgent.slice(0, MAX_TEXT),
    route: scope.route,
    subject: scope.entity,
    subject_id: subjectId,
    action: scope.action,
    ids: Object.fromEntries(scope.ids.filter(([, value]) => value)),
    changes,
  };
}

/** The id of the first new record the change stores (its `id`), for a route that creates one. */
function createdId(writes: readonly Write[]): string | undefined {
  for (const write of writes) {
    const item = write.Put?.Item;
    if (item && typeof item.id === 'string' && !isDerived(item as Key)) return item.id;
  }
  return undefined;
}

const isDerived = (key: Key) => DERIVED.some((pattern) => pattern.test(key.pk) || pattern.test(key.sk));

export interface AuditChange {
  kind: string;
  key: string;
  op: 'put' | 'update' | 'delete';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

function changeOf(scope: Pending, write: Write): AuditChange[] {
  const key = (write.Put?.Item ?? write.Update?.Key ?? write.Delete?.Key) as Key | undefined;
  if (!key || typeof key.pk !== 'string' || isDerived(key)) return [];
  const before = scope.seen.get(keyText(key));
  let after: Item | undefined;
  let op: AuditChange['op'];
  if (write.Put?.Item) {
    [after, op] = [write.Put.Item, 'put'];
  } else if (write.Update) {
    if (!before) return [];
    [after, op] = [appliedUpdate(before, write.Update), 'update'];
  } else {
    if (!before) return [];
    [after, op] = [undefined, 'delete'];
  }
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const diff: AuditChange = { kind: kindOf(key, after ?? before), key: shortKey(key), op, before: {}, after: {} };
  for (const field of fields) {
    if (KEEP_OUT.has(field)) continue;
    const was: unknown = before?.[field];
    const is: unknown = after?.[field];
    if (json(was) === json(is)) continue;
    if (was !== undefined) diff.before[field] = shown(field, was);
    if (is !== undefined) diff.after[field] = shown(field, is);
  }
  return Object.keys(diff.before).length + Object.keys(diff.after).length > 0 ? [diff] : [];
}

/** The key without its tenant: `ORDER#01J…` rather than `T#01J…#ORDER#01J…/ORDER`. */
function shortKey(key: Key): string {
  const pk = key.pk.split('#').slice(2).join('#');
  return [pk, key.sk].filter(Boolean).join('/');
}

function kindOf(key: Key, item: Item | undefined): string {
  if (item && typeof item.entity === 'string') return item.entity;
  const words = [...key.pk.split('#').slice(2), ...key.sk.split('#')].filter((word) => /^[A-Z_]+$/.test(word));
  return words[0] ?? 'ITEM';
}

/** A value as the record keeps it: secrets and document content never, long text and lists cut short. */
function shown(field: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) return String(value);
  const redacted = redact(field, value);
  if (typeof redacted === 'string') return redacted.length > MAX_TEXT ? `${redacted.slice(0, MAX_TEXT)}…` : redacted;
  if (Array.isArray(redacted)) return redacted.length > MAX_LIST ? `[${redacted.length} items]` : redacted.map(safe);
  if (redacted && typeof redacted === 'object') return safe(redacted);
  return redacted;
}

/** A stored value as plain JSON (a bigint or a number past 2^53 as its digits), with the logs' redaction. */
const safe = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value ?? null, (key, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (typeof v === 'number' && !Number.isSafeInteger(v) && Number.isInteger(v)) return String(v);
      return redact(key, v);
    }),
  ) as unknown;

/**
 * An UpdateExpression applied to the item read before it, as far as the record needs: `SET a = :v`,
 * `SET a = if_not_exists(a, :v)`, `SET a = a + :v` / `- :v`, `ADD a :n`, `REMOVE a`. A nested path
 * changes its top-level attribute; what cannot be worked out is shown as "(changed)".
 */
export function appliedUpdate(before: Item, update: NonNullable<Write['Update']>): Item {
  const after: Item = { ...before };
  const names = update.ExpressionAttributeNames ?? {};
  const values = update.ExpressionAttributeValues ?? {};
  const nameOf = (path: string) => names[path.trim().split(/[.[]/)[0]] ?? path.trim().split(/[.[]/)[0];
  const nested = (path: string) => /[.[]/.test(path.trim());
  const valueOf = (operand: string): unknown => {
    const text = operand.trim();
    if (text.startsWith(':')) return values[text];
    const ifNotExists = /^if_not_exists\(\s*([^,]+),\s*(:\w+)\s*\)$/.exec(text);
    if (ifNotExists) return after[nameOf(ifNotExists[1])] ?? values[ifNotExists[2]];
    return after[nameOf(text)];
  };
  for (const [, clause, body] of (update.UpdateExpression ?? '').matchAll(
    /\b(SET|REMOVE|ADD|DELETE)\s+(.*?)(?=\s+\b(?:SET|REMOVE|ADD|DELETE)\b\s|$)/g,
  )) {
    for (const part of splitTopLevel(body)) {
      if (clause === 'REMOVE') {
        if (nested(part)) after[nameOf(part)] = '(changed)';
        else delete after[nameOf(part)];
      } else if (clause === 'SET') {
        const [path, expression] = part.split(/=(.*)/s);
        const sum = /^(.+?)\s*([+-])\s*(.+)$/.exec(expression.trim());
        let result: unknown;
        if (nested(path)) result = '(changed)';
        else if (sum) result = exactSum(valueOf(sum[1]), valueOf(sum[3]), sum[2] === '+' ? 1n : -1n);
        else if (/^list_append\(/.test(expression.trim())) result = '(changed)';
        else result = valueOf(expression);
        after[nameOf(path)] = result;
      } else if (clause === 'ADD') {
        const [path, operand] = part.trim().split(/\s+/);
        const added: unknown = values[operand];
        after[nameOf(path)] = exactSum(after[nameOf(path)], added, 1n);
      } else {
        after[nameOf(part.trim().split(/\s+/)[0])] = '(changed)';
      }
    }
  }
  return after;
}

/**
 * `a + b` (or `a - b`) of two stored numbers, exact at any size (kobo totals may pass 2^53): a
 * number while it is a safe integer, else its digits; "(changed)" when either is not a whole number.
 */
function exactSum(a: unknown, b: unknown, sign: 1n | -1n): unknown {
  const whole = (v: unknown): bigint | undefined => {
    if (v === undefined || v === null) return 0n;
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
    const text = (v as { value?: unknown }).value;
    return typeof text === 'string' && /^-?\d+$/.test(text) ? BigInt(text) : undefined;
  };
  const [x, y] = [whole(a), whole(b)];
  if (x === undefined || y === undefined) {
    const [p, q] = [Number(a ?? 0), Number(b ?? 0)];
    return Number.isFinite(p) && Number.isFinite(q) ? p + Number(sign) * q : '(changed)';
  }
  const total = x + sign * y;
  return total <= BigInt(Number.MAX_SAFE_INTEGER) && total >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(total)
    : total.toString();
}

/** `a = :a, b = if_not_exists(b, :b)` split at the commas outside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current);
  return parts;
}
