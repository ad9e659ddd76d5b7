import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { auditSubject } from '@coopledger/shared/audit';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import type { RouteDef } from '@coopledger/shared/routes';
import { ROUTES } from '@coopledger/shared/routes';
import { inject } from 'vitest';
import { AUDIT_COVERAGE_FILE } from '../../shared/audit-coverage.ts';

/**
 * Every change a test makes through a route is checked for its audit record: after each write call
 * that succeeded, `call` (support/api.ts) reads the records the runtime stored under the answer's
 * request id, straight from DynamoDB Local, and fails the test that made the call unless there is
 * exactly one, naming the route, its entity and action, with fields for each stored item it set.
 *
 * Each route checked is written to a file (tests/shared/audit-coverage.ts) that the `api-audit`
 * project reads once every API file has run (tests/api-audit/coverage.test.ts): every write route of
 * the route table must have been checked at least once.
 */

/**
 * Routes that answer without changing anything, whatever they are sent: a sign-in's own bookkeeping, a
 * schedule preview, a dividend's computation (a preview until it is declared) and a payroll workbook.
 * They never leave a record, and are not expected to.
 */
export const CHANGES_NOTHING = new Set([
  'POST /auth/signed-in',
  'POST /cooperative/loans/schedule-preview',
  'POST /cooperative/dividend/compute',
  'POST /cooperative/monthly-deduction/download',
  'POST /cooperative/monthly-deduction/inspect',
]);

/**
 * Routes that may succeed without changing anything, and then leave no record: marking read what was
 * read already, and crediting a month's interest that every plan already had. So may any replay, which
 * answers what was done before ("This exit had already been approved").
 */
const MAY_CHANGE_NOTHING = new Set([
  'POST /user/notifications/read-all',
  'POST /user/notifications/read',
  'POST /cooperative/savings/credit-interest',
]);

const writeRoutes = new Map(
  (ROUTES as readonly RouteDef[])
    .filter((route) => route.method !== 'GET' && route.roles !== 'public')
    .map((route) => [`${route.method} ${route.path}`, route]),
);

let documents: DynamoDBDocumentClient | undefined;
function db(): { client: DynamoDBDocumentClient; table: string } {
  const env = inject('runtimeEnv');
  documents ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: env.AWS_REGION,
      endpoint: env.DYNAMODB_ENDPOINT,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    }),
  );
  return { client: documents, table: env.TABLE_NAME };
}

interface StoredRecord {
  request_id: string;
  route: string;
  subject: string;
  action: string;
  changes: { op: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
}

const tokenTenant = (token: string | undefined): string | undefined => {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tenant = claims['custom:cooperative_id'];
    return typeof tenant === 'string' ? tenant : undefined;
  } catch {
    return undefined;
  }
};

const cooperativeOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' && 'cooperative_id' in value && typeof value.cooperative_id === 'string'
    ? value.cooperative_id
    : undefined;

export interface WriteCall {
  method: string;
  path: string;
  token?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
  status: number;
  /** The answer's message: a replay answered from what was done before says "already". */
  message: string;
  requestId: string | null;
  startedAt: number;
  endedAt: number;
}

/** The audit records stored for one request: looked for where the record can be kept, in its time window. */
async function recordsOf(call: WriteCall, tenants: string[]): Promise<StoredRecord[]> {
  const { client, table } = db();
  const from = new Date(call.startedAt - 5_000).toISOString();
  const to = new Date(call.endedAt + 5_000).toISOString();
  const found: StoredRecord[] = [];
  for (const tenant of tenants) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          FilterExpression: 'request_id = :request',
          ExpressionAttributeValues: {
            ':pk': `T#${tenant}#AUDIT`,
            ':from': from,
            ':to': `${to}~`,
            ':request': call.requestId,
          },
          ExclusiveStartKey: start,
        }),
      );
      found.push(...((page.Items ?? []) as StoredRecord[]));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return found;
}

/** Throws, naming the route, unless a successful write call left exactly one right audit record. */
export async function checkAuditRecord(call: WriteCall): Promise<void> {
  const name = `${call.method} ${call.path}`;
  const route = writeRoutes.get(name);
  if (!route || call.status >= 300) return;
  if (!call.requestId) throw new Error(`${name}: the answer names no request id`);
  const formCooperative = call.form?.get('cooperative_id');
  const tenants = [
    ...new Set(
      [
        cooperativeOf(call.body),
        typeof call.query?.cooperative_id === 'string' ? call.query.cooperative_id : undefined,
        typeof formCooperative === 'string' ? formCooperative : undefined,
        tokenTenant(call.token),
        PLATFORM_TENANT,
      ].filter((tenant): tenant is string => !!tenant),
    ),
  ];
  const records = await recordsOf(call, tenants);
  if (CHANGES_NOTHING.has(name)) {
    if (records.length > 0) throw new Error(`${name} changes nothing, yet left ${records.length} audit records`);
    return;
  }
  const mayBeNone = MAY_CHANGE_NOTHING.has(name) || /\balready\b/i.test(call.message);
  if (records.length === 0 && mayBeNone) return;
  if (records.length !== 1) {
    throw new Error(`${name} (${call.status}) left ${records.length} audit records under request ${call.requestId}`);
  }
  const [record] = records as [StoredRecord];
  const { entity, action } = auditSubject(route);
  const problems = [
    record.route !== name && `route ${record.route}`,
    record.subject !== entity && `entity ${record.subject}, not ${entity}`,
    record.action !== action && `action ${record.action}, not ${action}`,
    ...record.changes.map(
      (change, index) =>
        Object.keys(change.before).length + Object.keys(change.after).length === 0 &&
        `change ${index} (${change.op}) names no field`,
    ),
    ...record.changes.map(
      (change, index) => change.op === 'put' && Object.keys(change.after).length === 0 && `put ${index} has no after`,
    ),
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`${name}: its audit record has ${problems.join('; ')}`);
  noteChecked(name);
}

let coverageDirMade = false;
function noteChecked(name: string): void {
  if (!coverageDirMade) {
    mkdirSync(dirname(AUDIT_COVERAGE_FILE), { recursive: true });
    coverageDirMade = true;
  }
  appendFileSync(AUDIT_COVERAGE_FILE, `${name}\n`);
}
