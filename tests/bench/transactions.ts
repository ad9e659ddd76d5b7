import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';
import { db } from '../../functions/core/clients.ts';
import type { TransactItem } from '../../functions/core/db.ts';
import { table } from '../../functions/core/db.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';

/**
 * Counts what DynamoDB says to the application's writes while a measure runs: every TransactWriteItems
 * call (the application's retries in core/db.ts transactWrite are separate calls), the cancelled ones
 * by reason, and which items the cancellation reasons name. The handlers run in this process and
 * share its DynamoDB client, so a middleware on that client sees their calls without changing them.
 */
export interface WriteCounts {
  /** TransactWriteItems calls, retries included. */
  transactCalls: number;
  /** Items in those calls (transactItems / transactCalls is the mean transaction size). */
  transactItems: number;
  /** Calls cancelled with a TransactionConflict reason (retried by transactWrite with backoff). */
  transactConflicts: number;
  /** Calls cancelled for a failed condition (a rule, not contention). */
  transactConditionFailures: number;
  /** Other failed transact calls (by error name). */
  transactOtherErrors: Record<string, number>;
  /** Items named by TransactionConflict reasons, by the shape of their key. */
  conflictItems: Record<string, number>;
  /** Non-transactional writes refused because a transaction held the item (TransactionConflictException). */
  writeConflicts: number;
  /** Requests the SDK itself sent again (its own retries of throttling and transient errors). */
  sdkRetries: number;
  /** DynamoDB calls by command, with the time spent waiting on them (summed over concurrent calls). */
  commands: Record<string, { calls: number; ms: number }>;
}

export const emptyCounts = (): WriteCounts => ({
  transactCalls: 0,
  transactItems: 0,
  transactConflicts: 0,
  transactConditionFailures: 0,
  transactOtherErrors: {},
  conflictItems: {},
  writeConflicts: 0,
  sdkRetries: 0,
  commands: {},
});

type KeyLike = Record<string, unknown>;
interface TransactItemLike {
  Put?: { Item?: KeyLike };
  Update?: { Key?: KeyLike };
  Delete?: { Key?: KeyLike };
  ConditionCheck?: { Key?: KeyLike };
}

/**
 * The shape of an item's key with its ids left out, so that counts group by kind of item:
 * `T#<tenant>#GLTOT 101002` becomes `GLTOT 101002`, a plan `SAVINGS#* PLAN`.
 */
export function keyShape(key: KeyLike | undefined): string {
  if (!key) return '(unknown)';
  // The document client's plain values, or the low-level `{ S: '...' }` form.
  const text = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if (value && typeof value === 'object' && 'S' in value && typeof value.S === 'string') return value.S;
    return '';
  };
  const part = (value: unknown) =>
    text(value)
      .split('#')
      // The tenant prefix `T#<id>` is dropped; ids and member numbers become `*`.
      .filter((segment, index, all) => !(all[0] === 'T' && index <= 1))
      .map((segment) =>
        /^[0-9A-HJKMNP-TV-Z]{20,}$/.test(segment) || /^[A-Z]{2,10}[0-9]{4,}$/.test(segment) ? '*' : segment,
      )
      .join('#');
  return `${part(key.pk)} ${part(key.sk)}`.trim();
}

export function itemKey(item: TransactItemLike): KeyLike | undefined {
  return item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key;
}

/** Adds one failed TransactWriteItems call to the counts, by its cancellation reasons. */
export function countTransactFailure(counts: WriteCounts, error: unknown, items: TransactItemLike[]): void {
  const named = error as { name?: string; CancellationReasons?: { Code?: string }[] };
  const reasons = named.CancellationReasons?.map((r) => r.Code ?? 'None');
  if (named.name === 'TransactionCanceledException' && reasons) {
    if (reasons.includes('ConditionalCheckFailed')) counts.transactConditionFailures++;
    if (reasons.includes('TransactionConflict')) {
      counts.transactConflicts++;
      reasons.forEach((code, index) => {
        if (code !== 'TransactionConflict') return;
        const shape = keyShape(itemKey(items[index] ?? {}));
        counts.conflictItems[shape] = (counts.conflictItems[shape] ?? 0) + 1;
      });
    }
    if (!reasons.includes('ConditionalCheckFailed') && !reasons.includes('TransactionConflict')) {
      const name = `TransactionCanceled(${[...new Set(reasons)].join(',')})`;
      counts.transactOtherErrors[name] = (counts.transactOtherErrors[name] ?? 0) + 1;
    }
    return;
  }
  const name = named.name ?? 'Error';
  counts.transactOtherErrors[name] = (counts.transactOtherErrors[name] ?? 0) + 1;
}

/**
 * Installs the counter on the process's DynamoDB client, and a timer of calls on its Cognito client
 * (cognito-local: its calls count as `Cognito.<command>`); `take()` returns the counts so far and
 * starts again.
 */
export function countWrites(client: DynamoDBDocumentClient, identity?: CognitoIdentityProviderClient) {
  let counts = emptyCounts();
  identity?.middlewareStack.add(
    (next, context) => async (args) => {
      const name = `Cognito.${(context.commandName ?? 'Command').replace(/Command$/, '')}`;
      const started = performance.now();
      const taken = counts;
      try {
        return await next(args);
      } finally {
        const command = (taken.commands[name] ??= { calls: 0, ms: 0 });
        command.calls++;
        command.ms += performance.now() - started;
      }
    },
    { step: 'initialize', name: 'benchCallTimer', override: true },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const transact =
        context.commandName === 'TransactWriteItemsCommand' || context.commandName === 'TransactWriteCommand';
      if (transact) {
        counts.transactCalls++;
        counts.transactItems += ((args.input as { TransactItems?: unknown[] }).TransactItems ?? []).length;
      }
      const name = (context.commandName ?? 'Command').replace(/Command$/, '');
      const started = performance.now();
      const taken = counts;
      try {
        const output = await next(args);
        const attempts = (output.output as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1;
        counts.sdkRetries += Math.max(0, attempts - 1);
        return output;
      } catch (error) {
        const attempts = (error as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1;
        counts.sdkRetries += Math.max(0, attempts - 1);
        if (transact)
          countTransactFailure(
            counts,
            error,
            (args.input as { TransactItems?: TransactItemLike[] }).TransactItems ?? [],
          );
        else if ((error as { name?: string }).name === 'TransactionConflictException') counts.writeConflicts++;
        throw error;
      } finally {
        const command = (taken.commands[name] ??= { calls: 0, ms: 0 });
        command.calls++;
        command.ms += performance.now() - started;
      }
    },
    { step: 'initialize', name: 'benchWriteCounter', override: true },
  );
  return {
    take(): WriteCounts {
      const taken = counts;
      counts = emptyCounts();
      return taken;
    },
  };
}

/**
 * The raw TransactWriteItems measures (DynamoDB Local itself, no application code):
 *  - `puts`: `size` Puts to one partition (`BENCH#TX#<i>`, sort keys X0..), the shape of the raw
 *    group's rawTransact16 since the first bench.
 *  - `payrollRow`: what one payroll row writes (functions/core/batch-ledger.ts postBatchRow with
 *    functions/payroll/posting.ts): a conditional Put of the row item, an ADD into an accumulator,
 *    a loan Update that rewrites a 12-installment schedule, plan and member-totals ADDs, and
 *    conditional Puts of member transactions; every item in a partition of its own and no item
 *    shared between transactions (payroll chunks add to different accumulator shards).
 * `tag` keeps the keys of one measure apart from another's.
 */
export type RawTransactShape = 'puts' | 'payrollRow';

const SCHEDULE_ROWS = Array.from({ length: 12 }, (_, n) => ({
  n: n + 1,
  payment_month: `2026-${String((n % 12) + 1).padStart(2, '0')}-15`,
  principal: 1_000_000,
  interest: 120_000,
  payment: 1_120_000,
  balance: 12_000_000 - (n + 1) * 1_000_000,
  principal_paid: n === 0 ? 1_000_000 : 0,
  interest_paid: n === 0 ? 120_000 : 0,
  is_paid: n === 0 ? 1 : 0,
}));

export function rawTransactItems(
  tableName: string,
  shape: RawTransactShape,
  size: number,
  i: number,
  tag: string,
): TransactItem[] {
  if (!Number.isInteger(size) || size < 1 || size > 100)
    throw new Error(`A transaction holds 1 to 100 items, not ${size}`);
  if (shape === 'puts')
    return Array.from({ length: size }, (_, j) => ({
      Put: { TableName: tableName, Item: { pk: `BENCH#TX${tag}#${i}`, sk: `X${j}` } },
    }));
  const pk = (kind: string, j: number) => `BENCH#TXP${tag}#${i}#${kind}${j}`;
  const now = '2026-03-31T12:00:00.000Z';
  const kinds = ['ROW', 'ACC', 'LOAN', 'PLAN', 'SUMMARY', 'TXN'] as const;
  return Array.from({ length: size }, (_, j): TransactItem => {
    const kind = kinds[Math.min(j, kinds.length - 1)];
    const Key = { pk: pk(kind, j), sk: kind };
    switch (kind) {
      case 'ROW':
        return {
          Put: {
            TableName: tableName,
            Item: { ...Key, entity: 'BATCH_ROW', received: 1_620_000, created_at: now },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        };
      case 'ACC':
        return {
          Update: {
            TableName: tableName,
            Key,
            UpdateExpression: 'ADD #a0 :a0, #a1 :a1, #a2 :a2, #rows :one SET entity = :entity',
            ExpressionAttributeNames: { '#a0': 'd_101002', '#a1': 'c_102001', '#a2': 'c_301001', '#rows': 'rows' },
            ExpressionAttributeValues: {
              ':a0': 1_620_000,
              ':a1': 1_120_000,
              ':a2': 500_000,
              ':one': 1,
              ':entity': 'BATCH_ACCUMULATOR',
            },
          },
        };
      case 'LOAN':
        return {
          Update: {
            TableName: tableName,
            Key,
            UpdateExpression: 'SET #schedule = :rows, loan_balance = :balance, updated_at = :now ADD #version :one',
            ConditionExpression: 'attribute_not_exists(is_paid) OR is_paid = :running',
            ExpressionAttributeNames: { '#schedule': 'schedule', '#version': 'version' },
            ExpressionAttributeValues: {
              ':rows': SCHEDULE_ROWS,
              ':balance': 12_320_000,
              ':now': now,
              ':one': 1,
              ':running': 0,
            },
          },
        };
      case 'PLAN':
      case 'SUMMARY':
        return {
          Update: {
            TableName: tableName,
            Key,
            UpdateExpression: 'ADD balance :dep, available :dep SET updated_at = :now, last_payment = :last',
            ExpressionAttributeValues: {
              ':dep': 500_000,
              ':now': now,
              ':last': { amount: 500_000, date: '2026-03-31' },
            },
          },
        };
      default:
        return {
          Put: {
            TableName: tableName,
            Item: {
              ...Key,
              entity: 'MEMBER_TRANSACTION',
              amount: 500_000,
              description: 'Payroll deduction Salary 01/03/2026 to 31/03/2026',
              transaction_date: '2026-03-31',
              created_at: now,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        };
    }
  });
}

/**
 * `total` raw TransactWriteItems of `size` items at `concurrency` clients (the raw group's and the payroll group's
 * measure).
 */
export function rawTransact(
  total: number,
  concurrency: number,
  shape: RawTransactShape,
  size: number,
  tag = '',
): Promise<LatencyResult> {
  const tableName = table();
  return run(total, concurrency, (i) =>
    db().send(new TransactWriteCommand({ TransactItems: rawTransactItems(tableName, shape, size, i, tag) })),
  );
}
