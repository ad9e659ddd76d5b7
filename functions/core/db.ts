import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { NativeAttributeValue, QueryCommandInput, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { auditAttachment, auditPut, noteRead } from './audit.ts';
import { db } from './clients.ts';
import { config } from './config.ts';
import type { Key } from './keys.ts';

export type Item = Record<string, NativeAttributeValue>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const table = () => config().tableName;

export async function getItem<T extends Item>(key: Key, consistent = false): Promise<T | undefined> {
  const result = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: consistent }));
  noteRead([result.Item]);
  return result.Item as T | undefined;
}

/**
 * Reads up to 100 keys per call (DynamoDB's BatchGet limit), `inFlight` calls at a time, retrying
 * unprocessed keys; `consistent` reads every write made before it. In no particular order.
 */
export async function getItems<T extends Item>(itemKeys: Key[], consistent = false, inFlight = 1): Promise<T[]> {
  const found: T[] = [];
  await inBatches(itemKeys, 100, inFlight, async (batch) => {
    let pending: Key[] | undefined = batch;
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const result = await db().send(
        new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ConsistentRead: consistent } } }),
      );
      const items = (result.Responses?.[table()] ?? []) as T[];
      noteRead(items);
      found.push(...items);
      pending = result.UnprocessedKeys?.[table()]?.Keys as Key[] | undefined;
    }
  });
  return found;
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/**
 * Batch writes are not transactions: a request's audit record (core/audit.ts) goes in the first batch
 * beside the items it describes, and counts as written once every batch was.
 */
async function batchWrite(requests: WriteRequest[], inFlight: number): Promise<void> {
  const audit = auditAttachment(
    requests.map((r) =>
      'PutRequest' in r ? { Put: { Item: r.PutRequest.Item } } : { Delete: { Key: r.DeleteRequest.Key } },
    ),
    Number.POSITIVE_INFINITY,
  );
  const all: WriteRequest[] = audit ? [{ PutRequest: { Item: audit.item } }, ...requests] : requests;
  await inBatches(all, 25, inFlight, async (batch) => {
    let pending = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (result.UnprocessedItems?.[table()] ?? []) as WriteRequest[];
    }
  });
  audit?.done();
}

/** Puts items without conditions, 25 a BatchWriteItem call, `inFlight` calls at a time, unprocessed ones sent again. */
export const putItems = (items: Item[], inFlight = 1) =>
  batchWrite(
    items.map((item) => ({ PutRequest: { Item: item } })),
    inFlight,
  );

/** Deletes items by key, as `putItems` writes them. */
export const deleteKeys = (itemKeys: Key[], inFlight = 1) =>
  batchWrite(
    itemKeys.map((key) => ({ DeleteRequest: { Key: key } })),
    inFlight,
  );

/** `work` on each slice of `size` of `all`, `inFlight` slices at a time. */
async function inBatches<T>(all: T[], size: number, inFlight: number, work: (batch: T[]) => Promise<void>) {
  const batches: T[][] = [];
  for (let i = 0; i < all.length; i += size) batches.push(all.slice(i, i + size));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await work(batches[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(inFlight, batches.length)) }, worker));
}

type QueryInput = Omit<QueryCommandInput, 'TableName'>;

/** Every page of a Query, following LastEvaluatedKey, each given to `onPage` as it arrives. */
export async function eachQueryPage<T extends Item>(input: QueryInput, onPage: (items: T[]) => void): Promise<void> {
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const result = await db().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: startKey }));
    noteRead(result.Items ?? []);
    onPage((result.Items ?? []) as T[]);
    startKey = result.LastEvaluatedKey;
  } while (startKey);
}

/** Every item of a Query, following LastEvaluatedKey. For partitions known to stay small. */
export async function queryAll<T extends Item>(input: QueryInput): Promise<T[]> {
  const items: T[] = [];
  await eachQueryPage<T>(input, (page) => items.push(...page));
  return items;
}

/** Items of one partition whose sort key begins with a prefix. */
export function queryPartition<T extends Item>(pk: string, skPrefix?: string, index?: 'gsi1' | 'gsi2'): Promise<T[]> {
  const pkName = index ? `${index}pk` : 'pk';
  const skName = index ? `${index}sk` : 'sk';
  return queryAll<T>({
    IndexName: index,
    KeyConditionExpression: skPrefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
    ExpressionAttributeNames: skPrefix ? { '#pk': pkName, '#sk': skName } : { '#pk': pkName },
    ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':prefix': skPrefix } : { ':pk': pk },
  });
}

/**
 * The table keys of every item of a partition (only `pk` and `sk` are read), e.g. to delete them:
 * no attribute of the items is read, so there is nothing to check against an entity.
 */
export async function partitionKeys(pk: string): Promise<Key[]> {
  const items = await queryAll<Item>({
    KeyConditionExpression: '#pk = :pk',
    ProjectionExpression: '#pk, #sk',
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    ExpressionAttributeValues: { ':pk': pk },
  });
  return items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
}

/** Counts the items of a key condition without reading them into memory. */
export async function countQuery(input: QueryInput): Promise<number> {
  let count = 0;
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const result = await db().send(
      new QueryCommand({ ...input, TableName: table(), Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    count += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** The reason each item of a cancelled transaction gives, in item order ('None' when it was fine). */
export function cancellationReasons(error: unknown): string[] | undefined {
  if (
    error instanceof TransactionCanceledException ||
    (error as { name?: string }).name === 'TransactionCanceledException'
  ) {
    const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
    return reasons.map((r) => r.Code ?? 'None');
  }
  return undefined;
}

export class TransactionConditionFailed extends Error {
  /** Indexes of the items whose condition failed. */
  readonly failedIndexes: number[];
  constructor(failedIndexes: number[]) {
    super('A transaction condition failed');
    this.name = 'TransactionConditionFailed';
    this.failedIndexes = failedIndexes;
  }
}

/**
 * Writes items in one DynamoDB transaction. A conflict with a concurrent transaction on the same
 * items is retried with jittered backoff (it says nothing about the data); a failed condition is
 * reported with the indexes of the items that failed so the caller can say which rule was broken.
 * The request's audit record (core/audit.ts), when still to be written, is added last.
 */
export async function transactWrite(
  items: TransactItem[],
  options: { token?: string; maxAttempts?: number } = {},
): Promise<void> {
  const audit = auditAttachment(items);
  await sendTransaction(audit ? [...items, auditPut(audit.item)] : items, options);
  audit?.done();
}

async function sendTransaction(
  items: TransactItem[],
  options: { token?: string; maxAttempts?: number },
): Promise<void> {
  const maxAttempts = options.maxAttempts ?? 12;
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: options.token }));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons) {
        const failed = reasons.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));
        if (failed.length > 0) throw new TransactionConditionFailed(failed);
        const retryable = reasons.some(
          (code) =>
            code === 'TransactionConflict' || code === 'ThrottlingError' || code === 'ProvisionedThroughputExceeded',
        );
        if (retryable && attempt < maxAttempts) {
          await sleep(Math.random() * Math.min(1000, 10 * 2 ** attempt));
          continue;
        }
      }
      const name = (error as { name?: string }).name;
      if ((name === 'TransactionInProgressException' || name === 'ThrottlingException') && attempt < maxAttempts) {
        await sleep(Math.random() * Math.min(1000, 10 * 2 ** attempt));
        continue;
      }
      throw error;
    }
  }
}

/**
 * One Put, Update or Delete outside any transaction. While the request's audit record is still to be
 * written, the two go in one transaction, and a failed condition is thrown as the single write's own
 * ConditionalCheckFailedException. `returnNew` reads the item back as an UpdateItem's ALL_NEW would.
 */
export async function writeOne(item: TransactItem, returnNew = false): Promise<Item | undefined> {
  const audit = auditAttachment([item]);
  if (!audit) {
    if (item.Put) await db().send(new PutCommand(item.Put));
    else if (item.Delete) await db().send(new DeleteCommand(item.Delete));
    else if (item.Update) {
      const result = await db().send(
        new UpdateCommand({ ...item.Update, ReturnValues: returnNew ? 'ALL_NEW' : undefined }),
      );
      return result.Attributes;
    } else throw new Error('writeOne takes a Put, an Update or a Delete');
    return undefined;
  }
  try {
    await sendTransaction([item, auditPut(audit.item)], {});
    audit.done();
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    throw error;
  }
  const key = item.Update?.Key;
  return returnNew && key ? getItem(key as Key, true) : undefined;
}

export const nowIso = () => new Date().toISOString();
