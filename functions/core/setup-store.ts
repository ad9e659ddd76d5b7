import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './clients.ts';
import type { Item } from './db.ts';
import { nowIso, queryPartition, table } from './db.ts';
import { newId } from './ids.ts';
import { keys } from './keys.ts';

/**
 * Setup records of a cooperative (departments, product categories, products, savings and loan
 * setups, charges, bank accounts): one partition per kind, the record id as sort key. The kinds
 * are few and small per cooperative, so a list is one Query.
 */
export const SETUP_KINDS = ['DEPARTMENT', 'PRODUCT_CATEGORY', 'PRODUCT', 'SAVINGS_SETUP', 'LOAN_SETUP', 'CHARGE', 'BANK_ACCOUNT'] as const;
export type SetupKind = (typeof SETUP_KINDS)[number];

export async function putSetup<T extends Item>(cooperativeId: string, kind: SetupKind, fields: T, id = newId()): Promise<T & { id: string }> {
  const now = nowIso();
  const record = { ...fields, id, cooperative_id: cooperativeId, created_at: now, updated_at: now };
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.setup(cooperativeId, kind, id), entity: kind, ...record } }));
  return record;
}

export const listSetup = <T extends Item>(cooperativeId: string, kind: SetupKind) =>
  queryPartition<T>(keys.setupPartition(cooperativeId, kind));
