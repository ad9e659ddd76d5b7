import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Entity, FormattedItem, KeyInputItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import type { UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { string } from 'dynamodb-toolbox/schema/string';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { Table } from 'dynamodb-toolbox/table';
import { QueryCommand as TableQuery } from 'dynamodb-toolbox/table/actions/query';
import { noteRead } from './audit.ts';
import { db } from './clients.ts';
import { config } from './config.ts';
import type { Item, TransactItem } from './db.ts';
import { TransactionConditionFailed, getItem, getItems, queryAll, transactWrite, writeOne } from './db.ts';
import { AppError } from './errors.ts';
import type { Key } from './keys.ts';
import { logger } from './logger.ts';
import { TABLE_SCHEMA } from './table-schema.ts';

/**
 * Entity modules (docs/decisions.md, 2026-11-26): each stored entity declares its key (from keys.ts),
 * its record schema, its statuses, its queries and the builders of its transaction items with
 * DynamoDB-Toolbox v2 over this one table. Toolbox only builds requests and checks items: requests
 * are sent by core/db.ts and the ledger (one TransactWriteItems per posting), never by Toolbox.
 */
const [gsi1, gsi2] = TABLE_SCHEMA.globalIndexes;
const stringKey = <N extends string>(name: N) => ({ name, type: 'string' as const });

export const appTable = new Table({
  name: () => config().tableName,
  partitionKey: stringKey(TABLE_SCHEMA.partitionKey),
  sortKey: stringKey(TABLE_SCHEMA.sortKey),
  indexes: {
    gsi1: { type: 'global', partitionKey: stringKey(gsi1.partitionKey), sortKey: stringKey(gsi1.sortKey) },
    gsi2: { type: 'global', partitionKey: stringKey(gsi2.partitionKey), sortKey: stringKey(gsi2.sortKey) },
  },
});
// The process's document client, created lazily (tests and the local runtime reset it).
appTable.getDocumentClient = () => db();

/**
 * Every entity is declared with these: no Toolbox entity-name attribute and no Toolbox timestamps,
 * so what is written is exactly what the application stored before (no data migration).
 */
export const entityDefaults = { table: appTable, entityAttribute: false, timestamps: false } as const;

export type AnyEntity = Entity;

/**
 * The table key as an entity's own key inputs, for items that store nothing to compute it from
 * (counters, claims, one-item settings): the builders take `{ pk, sk }` from keys.ts. Hidden: a
 * record read leaves them out.
 */
export const tableKeyAttributes = () => ({ pk: string().key().hidden(), sk: string().key().hidden() });

/** The request item of a Toolbox transaction builder's `params()`, as DocumentClient takes it. */
type ToolboxParams = TransactItem & { ToolboxItem?: unknown };

/** A transaction builder's request, ready for `TransactWriteItems` (the ledger's `post()` or `transactWrite`). */
export function transactItem(params: ToolboxParams): TransactItem {
  const { ToolboxItem: _built, ...item } = params;
  return item;
}

/** A transaction builder's request as a ledger effect; `onConditionFailed` is what a failed condition reports. */
export function effect(
  params: ToolboxParams,
  onConditionFailed?: AppError,
): { item: TransactItem; onConditionFailed?: AppError } {
  return onConditionFailed ? { item: transactItem(params), onConditionFailed } : { item: transactItem(params) };
}

/**
 * Writes effects in one transaction (no journal: what moves no money). When a condition fails, the
 * error of the first failed effect that names one is thrown, else `fallback`.
 */
export async function writeEffects(
  effects: readonly { item: TransactItem; onConditionFailed?: AppError }[],
  fallback: AppError,
): Promise<void> {
  try {
    await transactWrite(effects.map((e) => e.item));
  } catch (error) {
    if (error instanceof TransactionConditionFailed) {
      const reported = error.failedIndexes.map((i) => effects[i]?.onConditionFailed).find((e) => e !== undefined);
      throw reported ?? fallback;
    }
    throw error;
  }
}

/**
 * Writes one Put or Update built by an entity outside any transaction (one PutItem/UpdateItem, not a
 * one-item transaction). A failed condition throws `onConditionFailed` when given, else returns false.
 */
export async function writeItem(params: ToolboxParams, onConditionFailed?: AppError): Promise<boolean> {
  const item = transactItem(params);
  try {
    if (!item.Put && !item.Update) throw new Error('writeItem takes a Put or an Update');
    await writeOne(item);
    return true;
  } catch (error) {
    if (
      error instanceof ConditionalCheckFailedException ||
      (error as { name?: string }).name === 'ConditionalCheckFailedException'
    ) {
      if (onConditionFailed) throw onConditionFailed;
      return false;
    }
    throw error;
  }
}

/**
 * Checks a stored item against its entity's schema and returns the record (attributes the schema
 * does not name, such as the table's keys, are left out). An item that does not match is a fault in
 * the data, never cast: it is logged with its key and answered as an internal error.
 */
export function read<E extends AnyEntity>(entity: E, stored: Item): FormattedItem<E> {
  try {
    return entity.build(EntityFormatter).format(stored);
  } catch (error) {
    logger.error('A stored item does not match its entity schema', {
      entity: entity.entityName,
      key: { pk: String(stored.pk), sk: String(stored.sk) },
      problem: error instanceof Error ? error.message : String(error),
    });
    throw new AppError('INTERNAL', 'A stored record could not be read');
  }
}

/** One item by its table key, checked against its entity's schema; undefined when there is none. */
export async function getEntity<E extends AnyEntity>(
  entity: E,
  key: Key,
  consistent = false,
): Promise<FormattedItem<E> | undefined> {
  const stored = await getItem<Item>(key, consistent);
  return stored ? read(entity, stored) : undefined;
}

/** The items of several table keys (BatchGetItem, 100 keys a call), each checked; keys without an item are left out. */
export async function getEntities<E extends AnyEntity>(
  entity: E,
  itemKeys: Key[],
  consistent = false,
): Promise<FormattedItem<E>[]> {
  return (await getItems<Item>(itemKeys, consistent)).map((stored) => read(entity, stored));
}

/**
 * Items of several entities by key in one BatchGetItem (consistent when asked): `find(entity, key)`
 * gives the record of that key, checked against its entity, or undefined when there is none.
 */
export async function getByKeys(itemKeys: Key[], consistent = false) {
  const found = new Map(
    (await getItems<Item>(itemKeys, consistent)).map((stored) => [
      `${String(stored.pk)}\n${String(stored.sk)}`,
      stored,
    ]),
  );
  return <E extends AnyEntity>(entity: E, key: Key): FormattedItem<E> | undefined => {
    const stored = found.get(`${key.pk}\n${key.sk}`);
    return stored && read(entity, stored);
  };
}

/** Every item of a Query (following LastEvaluatedKey), or its first page when the input has a Limit, each checked. */
export async function queryEntity<E extends AnyEntity>(
  entity: E,
  input: QueryCommandInput,
): Promise<FormattedItem<E>[]> {
  const { TableName: _name, ...query } = input;
  const stored =
    query.Limit === undefined
      ? await queryAll<Item>(query)
      : ((await db().send(new QueryCommand({ ...query, TableName: appTable.getName() }))).Items ?? []);
  noteRead(stored);
  return stored.map((item) => read(entity, item));
}

/**
 * A status transition: an update of `status` from `from` to `to` (with `extra` attributes, e.g. who
 * and when) under the condition that the stored status is still `from`. The generic entity cannot
 * tell the compiler that it has a `status`: Toolbox checks the attribute and its values when the
 * request is built (`params()` throws on an entity without one or on a status outside its enum).
 */
export function transition<E extends AnyEntity>(
  entity: E,
  key: KeyInputItem<E>,
  from: number,
  to: number,
  extra: Partial<UpdateItemInput<E>> = {},
) {
  return entity
    .build(UpdateTransaction)
    .item({ ...extra, ...key, status: to } as UpdateItemInput<E>)
    .options({ condition: { attr: 'status', eq: from } as Condition<E> });
}

/**
 * The range of a sort key `<date>#...` between two days, both inclusive (`to` reaches past every
 * id of its day); undefined when neither is given.
 */
export function dateRange(
  from?: string,
  to?: string,
): { between: [string, string] } | { gte: string } | { lte: string } | undefined {
  if (from && to) return { between: [from, `${to}~`] };
  if (from) return { gte: from };
  if (to) return { lte: `${to}~` };
  return undefined;
}

/** A Query of one partition of the table or an index: the range of its sort key, the order, a page size. */
export interface PartitionQuery {
  index?: 'gsi1' | 'gsi2';
  range?: ReturnType<typeof dateRange> | { beginsWith: string };
  /** Newest (highest sort key) first. */
  reverse?: boolean;
  limit?: number;
  consistent?: boolean;
}

/** The items of one entity in a partition (following pages unless `limit` is given), each checked. */
export function entitiesIn<E extends AnyEntity>(
  entity: E,
  partition: string,
  { index, range, reverse, limit, consistent }: PartitionQuery = {},
): Promise<FormattedItem<E>[]> {
  const query = appTable
    .build(TableQuery)
    .entities(entity)
    .query({ partition, ...(index ? { index } : {}), ...(range ? { range } : {}) })
    .options({ reverse, limit, consistent });
  return queryEntity(entity, query.params());
}
