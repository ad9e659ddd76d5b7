import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#core/clients';
import type { Item, TransactItem } from '#core/db';
import { getItem, getItems, nowIso, queryPartition, table } from '#core/db';
import type { Key } from '#core/keys';
import { keys } from '#core/keys';

export interface CooperativeRecord extends Item {
  id: string;
  code: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  website?: string;
  colors: { primary_color: string; secondary_color: string };
  logo_key?: string;
  status: number;
  /** The first date the books take postings (history imports aside); unset: the creation date (cooperative-rules.ts). */
  opening_date?: string;
  /** The largest single amount, kobo; unset: the platform maximum. */
  max_amount?: number;
  created_at: string;
  updated_at: string;
}

/** Member counts kept beside the profile, updated in the same transactions that change members. */
export interface CooperativeStats extends Item {
  members_active: number;
  members_inactive: number;
  members_pending: number;
  members_male: number;
  members_female: number;
}

export const findCooperative = (id: string) => getItem<CooperativeRecord>(keys.cooperative(id));

export async function findCooperativeByCode(code: string): Promise<CooperativeRecord | undefined> {
  const claim = await getItem<{ cooperative_id: string }>(keys.cooperativeCode(code));
  return claim ? findCooperative(claim.cooperative_id) : undefined;
}

export const listCooperatives = () => queryPartition<CooperativeRecord>(keys.cooperativesPartition(), undefined, 'gsi1');

export async function statsOf(ids: string[]): Promise<Map<string, CooperativeStats>> {
  const items = await getItems<CooperativeStats & { pk: string }>(ids.map((id) => keys.stats(id)));
  return new Map(items.map((item) => [item.pk.slice(2), item]));
}

export function cooperativePuts(record: CooperativeRecord): TransactItem[] {
  const TableName = table();
  return [
    {
      Put: {
        TableName,
        Item: { ...keys.cooperativeCode(record.code), cooperative_id: record.id, created_at: record.created_at },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName,
        Item: { ...keys.cooperative(record.id), ...keys.cooperativeIndex(record.code), entity: 'COOPERATIVE', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName,
        Item: { ...keys.stats(record.id), entity: 'STATS', members_active: 0, members_inactive: 0, members_pending: 0, members_male: 0, members_female: 0 },
      },
    },
  ];
}

export async function updateCooperative(id: string, changes: Partial<CooperativeRecord>): Promise<CooperativeRecord> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': nowIso() };
  const sets = ['updated_at = :now'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const result = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.cooperative(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return result.Attributes as CooperativeRecord;
}

/** Deletes keys 25 at a time (BatchWrite's limit), retrying what DynamoDB leaves unprocessed. */
export async function deleteKeys(itemKeys: Key[]): Promise<void> {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let requests = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    while (requests.length > 0) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
      requests = (result.UnprocessedItems?.[table()] ?? []) as typeof requests;
    }
  }
}
