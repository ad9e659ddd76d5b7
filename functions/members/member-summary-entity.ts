import { setTimeout as sleep } from 'node:timers/promises';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';
import { db } from '#core/clients';
import type { Item } from '#core/db';
import { queryAll, table } from '#core/db';
import { entityDefaults, read, tableKeyAttributes } from '#core/entity';
import type { Key } from '#core/keys';
import { keys } from '#core/keys';

/**
 * A member as a list of names needs it (the payroll file): number, names, staff ID, department and
 * status, read by BatchGetItem with only those attributes projected. The member's full record is
 * member-entity.ts's.
 */
export const MemberSummaryEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER_SUMMARY',
  schema: item({
    ...tableKeyAttributes(),
    id: string(),
    firstname: string(),
    middlename: string().optional(),
    lastname: string(),
    staff_id: string().optional(),
    work_info: map({ department_id: string().optional() }).optional(),
    status: number().enum(MEMBER_STATUS.WARNING, MEMBER_STATUS.APPROVED, MEMBER_STATUS.INACTIVE),
  }),
});

export type MemberSummary = FormattedItem<typeof MemberSummaryEntity>;

/** BatchGetItem takes 100 keys; this many requests are sent at a time. */
const BATCHES_IN_FLIGHT = 8;

async function batchOf(itemKeys: Key[]): Promise<Item[]> {
  const found: Item[] = [];
  let pending: Key[] | undefined = itemKeys;
  for (let attempt = 0; pending && pending.length > 0; attempt++) {
    if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
    const result = await db().send(
      new BatchGetCommand({
        RequestItems: {
          [table()]: {
            Keys: pending,
            ProjectionExpression:
              'pk, sk, id, firstname, middlename, lastname, staff_id, work_info.department_id, #status',
            ExpressionAttributeNames: { '#status': 'status' },
          },
        },
      }),
    );
    found.push(...((result.Responses?.[table()] ?? []) as Item[]));
    pending = result.UnprocessedKeys?.[table()]?.Keys as Key[] | undefined;
  }
  return found;
}

/** The members of `ids` that exist (in no particular order): BatchGetItem, a few requests in flight. */
export async function memberSummaries(cooperativeId: string, ids: readonly string[]): Promise<MemberSummary[]> {
  const itemKeys = [...new Set(ids)].map((id) => keys.member(cooperativeId, id));
  const batches: Key[][] = [];
  for (let i = 0; i < itemKeys.length; i += 100) batches.push(itemKeys.slice(i, i + 100));
  const found: Item[] = [];
  for (let first = 0; first < batches.length; first += BATCHES_IN_FLIGHT)
    found.push(...(await Promise.all(batches.slice(first, first + BATCHES_IN_FLIGHT).map(batchOf))).flat());
  return found.map((stored) => read(MemberSummaryEntity, stored));
}

/** Every member of one status (the status index, the summary's attributes projected), in name order. */
export async function memberSummariesOfStatus(cooperativeId: string, status: number): Promise<MemberSummary[]> {
  const found = await queryAll<Item>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.membersOfStatusPartition(cooperativeId, status) },
    ProjectionExpression: 'pk, sk, id, firstname, middlename, lastname, staff_id, work_info.department_id, #status',
    ExpressionAttributeNames: { '#status': 'status' },
  });
  return found.map((stored) => read(MemberSummaryEntity, stored));
}
