import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './clients.ts';
import type { Item, TransactItem } from './db.ts';
import { TransactionConditionFailed, nowIso, table, transactWrite } from './db.ts';
import type { AppError } from './errors.ts';
import { conflict } from './errors.ts';
import { newId } from './ids.ts';
import type { Key } from './keys.ts';
import { keys } from './keys.ts';
import { forgetRecord } from './ttl-cache.ts';

/**
 * Setup records of a cooperative (departments, product categories, products, savings and loan
 * setups, charges, bank accounts, asset types, assets, birthday templates) and of the platform
 * (staff categories, roles, e-shop categories, and the platform's templates of the cooperative
 * kinds, under tenant PLATFORM): one partition per kind, the record id as sort key. The kinds are
 * few and small per tenant, so a list is one Query.
 *
 * Unique values (a name, the product of a setup) are claimed by an item written in the same
 * transaction as the record, under `attribute_not_exists`; a record can never share one.
 */
export const SETUP_KINDS = [
  'DEPARTMENT',
  'PRODUCT_CATEGORY',
  'PRODUCT',
  'SAVINGS_SETUP',
  'LOAN_SETUP',
  'CHARGE',
  'BANK_ACCOUNT',
  'STAFF_CATEGORY',
  'ASSET_TYPE',
  'ASSET',
  'TEMPLATE',
  'ROLE',
  'ESHOP_CATEGORY',
] as const;
export type SetupKind = (typeof SETUP_KINDS)[number];

/**
 * The kinds whose lists are in name order: each of their records carries `keys.setupNameIndex` (gsi1,
 * its lower-cased name and id), written by its create and moved by its update in the same Put, so the
 * list is a Query of that index. The other kinds are listed in id (creation) order, their partition's.
 */
export const SETUP_KINDS_BY_NAME: readonly SetupKind[] = [
  'DEPARTMENT',
  'PRODUCT_CATEGORY',
  'PRODUCT',
  'CHARGE',
  'STAFF_CATEGORY',
  'ASSET_TYPE',
  'ESHOP_CATEGORY',
];

/** The index keys a setup record carries: its name index when its kind is listed by name. */
export function setupIndexOf(tenant: string, kind: SetupKind, record: Item & { id: string }): Item {
  return SETUP_KINDS_BY_NAME.includes(kind) && typeof record.name === 'string'
    ? keys.setupNameIndex(tenant, kind, record.name, record.id)
    : {};
}

export interface SetupRecord extends Item {
  id: string;
  cooperative_id: string;
  created_at: string;
  updated_at: string;
}

/** A value no other record of the kind may hold, and what to say when one already does. */
export interface UniqueValue {
  field: string;
  value: string;
  message: string;
}

/** Another item of the same transaction (a check on a referenced record, a counter), and its error. */
export interface SetupEffect {
  item: TransactItem;
  onConditionFailed?: AppError;
}

/** A condition on the stored record (e.g. still pending), and the error when it no longer holds. */
export interface RecordCondition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
  error: AppError;
}

export interface WriteOptions {
  unique?: UniqueValue[];
  effects?: SetupEffect[];
  condition?: RecordCondition;
}

const norm = (value: string) => value.trim().toLowerCase();

export async function putSetup<T extends Item>(
  cooperativeId: string,
  kind: SetupKind,
  fields: T,
  id = newId(),
): Promise<T & { id: string }> {
  const now = nowIso();
  const record = { ...fields, id, cooperative_id: cooperativeId, created_at: now, updated_at: now };
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.setup(cooperativeId, kind, id),
        ...setupIndexOf(cooperativeId, kind, record),
        entity: kind,
        ...record,
      },
    }),
  );
  return record;
}

/** The update that gives a stored setup record its index keys (the backfill of records written before them). */
export function setupIndexUpdate(
  tenant: string,
  kind: SetupKind,
  record: Item & { id: string },
): TransactItem | undefined {
  const index = setupIndexOf(tenant, kind, record);
  const names = Object.keys(index);
  if (names.length === 0) return undefined;
  return {
    Update: {
      TableName: table(),
      Key: keys.setup(tenant, kind, record.id),
      UpdateExpression: `SET ${names.map((name, i) => `#i${i} = :i${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#i${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:i${i}`, index[name]])),
    },
  };
}

/** Where a record lives and where its unique claims go. */
export interface RecordLocation {
  key: Key;
  entity: string;
  claim: (field: string, value: string) => Key;
  /** The index keys the record carries, computed from the record each time it is written. */
  index?: (record: Item & { id: string }) => Item;
}

export const setupLocation = (tenant: string, kind: SetupKind, id: string): RecordLocation => ({
  key: keys.setup(tenant, kind, id),
  entity: kind,
  claim: (field, value) => keys.uniqueClaim(tenant, kind, field, value),
  index: (record) => setupIndexOf(tenant, kind, record),
});

function claimPut(at: RecordLocation, unique: UniqueValue, recordId: string, now: string): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...at.claim(unique.field, unique.value),
        entity: 'UNIQUE_CLAIM',
        kind: at.entity,
        field: unique.field,
        record_id: recordId,
        created_at: now,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const claimDelete = (at: RecordLocation, field: string, value: string): TransactItem => ({
  Delete: { TableName: table(), Key: at.claim(field, value) },
});

/**
 * Runs the transaction and turns a failed condition into the error of the item that failed:
 * `errorAt(index)` names the error for the item at an index, or undefined for a generic conflict.
 */
async function run(items: TransactItem[], errorAt: (index: number) => AppError | undefined): Promise<void> {
  try {
    await transactWrite(items);
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    for (const index of error.failedIndexes) {
      const specific = errorAt(index);
      if (specific) throw specific;
    }
    throw conflict('The record changed while it was being saved; try again');
  }
}

/** Writes a new record with its unique claims and effects in one transaction. */
export async function insertRecord<T extends Item>(
  at: RecordLocation,
  record: T & { id: string },
  options: WriteOptions & { existsError?: AppError } = {},
): Promise<void> {
  const unique = options.unique ?? [];
  const effects = options.effects ?? [];
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: { ...at.key, ...at.index?.(record), entity: at.entity, ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...unique.map((u) => claimPut(at, u, record.id, String(record.created_at ?? nowIso()))),
    ...effects.map((e) => e.item),
  ];
  await run(items, (index) => {
    if (index === 0) return options.existsError;
    if (index <= unique.length) return conflict(unique[index - 1].message);
    return effects[index - 1 - unique.length]?.onConditionFailed;
  });
}

/**
 * Replaces a stored record. A unique value that changes moves its claim (the new one under
 * `attribute_not_exists`); the record must still exist and meet `condition`.
 */
export async function replaceRecord<T extends Item>(
  at: RecordLocation,
  record: T & { id: string },
  options: WriteOptions & { previous?: Record<string, string | undefined> } = {},
): Promise<void> {
  const changed = (options.unique ?? []).filter((u) => norm(options.previous?.[u.field] ?? '') !== norm(u.value));
  const effects = options.effects ?? [];
  const condition = options.condition;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: { ...at.key, ...at.index?.(record), entity: at.entity, ...record },
        ConditionExpression: condition ? `attribute_exists(pk) AND (${condition.expression})` : 'attribute_exists(pk)',
        ExpressionAttributeNames: condition?.names,
        ExpressionAttributeValues: condition?.values,
      },
    },
    ...changed.map((u) => claimPut(at, u, record.id, nowIso())),
    ...effects.map((e) => e.item),
  ];
  for (const u of changed) {
    const old = options.previous?.[u.field];
    if (old) items.push(claimDelete(at, u.field, old));
  }
  await run(items, (index) => {
    if (index === 0) return condition?.error;
    if (index <= changed.length) return conflict(changed[index - 1].message);
    return effects[index - 1 - changed.length]?.onConditionFailed;
  });
  forgetRecord(at.key);
}

/** Deletes a record and releases its unique claims; the record must still exist and meet `condition`. */
export async function deleteRecord(
  at: RecordLocation,
  options: {
    release?: { field: string; value: string | undefined }[];
    effects?: SetupEffect[];
    condition?: RecordCondition;
  } = {},
): Promise<void> {
  const condition = options.condition;
  const effects = options.effects ?? [];
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: table(),
        Key: at.key,
        ConditionExpression: condition ? `attribute_exists(pk) AND (${condition.expression})` : 'attribute_exists(pk)',
        ExpressionAttributeNames: condition?.names,
        ExpressionAttributeValues: condition?.values,
      },
    },
    ...effects.map((e) => e.item),
    ...(options.release ?? []).filter((r) => r.value).map((r) => claimDelete(at, r.field, r.value!)),
  ];
  await run(items, (index) => (index === 0 ? condition?.error : effects[index - 1]?.onConditionFailed));
  forgetRecord(at.key);
}

/** Creates a setup record of a kind (a new time-ordered id). */
export async function createSetup<T extends Item>(
  tenant: string,
  kind: SetupKind,
  fields: T,
  options: WriteOptions = {},
  id = newId(),
): Promise<T & SetupRecord> {
  const now = nowIso();
  const record = { ...fields, id, cooperative_id: tenant, created_at: now, updated_at: now } as T & SetupRecord;
  await insertRecord(setupLocation(tenant, kind, id), record, options);
  return record;
}

export async function updateSetup<T extends SetupRecord>(
  tenant: string,
  kind: SetupKind,
  existing: T,
  fields: Partial<T>,
  options: WriteOptions & { previous?: Record<string, string | undefined> } = {},
): Promise<T> {
  const record = {
    ...existing,
    ...fields,
    id: existing.id,
    cooperative_id: existing.cooperative_id,
    created_at: existing.created_at,
    updated_at: nowIso(),
  };
  await replaceRecord(setupLocation(tenant, kind, existing.id), record, options);
  return record;
}

export const deleteSetup = (
  tenant: string,
  kind: SetupKind,
  id: string,
  options: {
    release?: { field: string; value: string | undefined }[];
    effects?: SetupEffect[];
    condition?: RecordCondition;
  } = {},
) => deleteRecord(setupLocation(tenant, kind, id), options);
