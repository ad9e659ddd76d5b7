import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';

/**
 * Counts what DynamoDB says to the application's writes while a measure runs: every TransactWriteItems
 * call (the application's retries in core/db.ts transactWrite are separate calls), the cancelled ones
 * by reason, and which items the cancellation reasons name. The handlers run in this process and
 * share its DynamoDB client, so a middleware on that client sees their calls without changing them.
 */
export interface WriteCounts {
  /** TransactWriteItems calls, retries included. */
  transactCalls: number;
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
      .map((segment) => (/^[0-9A-HJKMNP-TV-Z]{20,}$/.test(segment) || /^[A-Z]{2,10}[0-9]{4,}$/.test(segment) ? '*' : segment))
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
      const transact = context.commandName === 'TransactWriteItemsCommand' || context.commandName === 'TransactWriteCommand';
      if (transact) counts.transactCalls++;
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
        if (transact) countTransactFailure(counts, error, ((args.input as { TransactItems?: TransactItemLike[] }).TransactItems ?? []));
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
