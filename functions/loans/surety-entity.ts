import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { SURETY_STATUS } from '@coopledger/shared/statuses';
import type { SuretyStatus } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { entitiesIn, entityDefaults, getEntities, getEntity, read, transactItem, transition } from '#core/entity';
import { keys } from '#core/keys';
import { countChange, countMove, countedTotal } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, partitionCount, partitionQuery, queryPage, openEnded } from '#core/list-page';
import { ListRefEntity, listRefDelete, listRefPut } from '#core/list-ref-entity';

/**
 * A surety request (docs/data-model.md "Loans"): one item per request, statuses SURETY_STATUS,
 * listed for the cooperative (gsi1) and under the surety member (gsi2) by creation time.
 */
export const SuretyEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_SURETY',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    loan_id: string(),
    /** The surety's member number. */
    member_id: string(),
    member_name: string(),
    /** The applicant. */
    applicant_id: string(),
    applicant_name: string(),
    product_id: string(),
    product_name: string(),
    status: number().enum(SURETY_STATUS.PENDING, SURETY_STATUS.APPROVED, SURETY_STATUS.DENIED),
    /** The request that took this one's place after it was denied. */
    replaced_by: string().optional(),
    /** On a running loan: the approved request this one is to take over from once approved. */
    replaces: string().optional(),
    /** On a running loan: the pending request asked to take over from this approved one. */
    replacing: string().optional(),
    answered_at: string().optional(),
    /** An approved guarantee released by an admin (a leaving member's; the loan is covered otherwise). */
    released_at: string().optional(),
    released_by: string().optional(),
    release_reason: string().optional(),
    created_at: string(),
    entity: string().const('LOAN_SURETY').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.surety(cooperative_id, id),
});

export type SuretyRecord = FormattedItem<typeof SuretyEntity>;
type SuretyRef = Pick<SuretyRecord, 'cooperative_id' | 'id'>;
const keyOf = (surety: SuretyRef) => ({ cooperative_id: surety.cooperative_id, id: surety.id });

export const findSurety = (tenant: string, suretyId: string, consistent = true): Promise<SuretyRecord | undefined> =>
  getEntity(SuretyEntity, keys.surety(tenant, suretyId), consistent);

/** Surety requests by id, in the order asked for (missing ones left out), in one BatchGetItem. */
export async function suretiesByIds(tenant: string, ids: string[]): Promise<SuretyRecord[]> {
  if (ids.length === 0) return [];
  const found = await getEntities(
    SuretyEntity,
    [...new Set(ids)].map((id) => keys.surety(tenant, id)),
  );
  const byId = new Map(found.map((s) => [s.id, s]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A member's surety requests (as the surety; one Query of gsi2), newest first. */
export function memberSureties(tenant: string, memberId: string): Promise<SuretyRecord[]> {
  return entitiesIn(SuretyEntity, keys.memberSuretiesPartition(tenant, memberId), { index: 'gsi2', reverse: true });
}

/** The cooperative's surety requests (one Query of gsi1), newest first. */
export function cooperativeSureties(tenant: string): Promise<SuretyRecord[]> {
  return entitiesIn(SuretyEntity, keys.suretiesPartition(tenant), { index: 'gsi1', reverse: true });
}

/** The list names of the cooperative's surety requests and of those of one status (counters: `meta.total`). */
export const SURETIES_LIST = 'sureties';
export const suretiesOfStatusList = (status: SuretyStatus) => `sureties#status#${status}`;

type Listed = Pick<SuretyRecord, 'cooperative_id' | 'id' | 'created_at' | 'status'>;

/**
 * New requests' status entries and counts, in the transaction that puts them (one count change per
 * counter: a transaction touches an item once).
 */
export function suretyListing(sureties: Listed[]): TransactItem[] {
  const [first] = sureties;
  if (!first) return [];
  const tenant = first.cooperative_id;
  const byStatus = new Map<SuretyStatus, number>();
  for (const s of sureties) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  return [
    ...sureties.map((s) => listRefPut(keys.suretyStatusRef(tenant, s.status, s.created_at, s.id), s.id)),
    countChange(tenant, SURETIES_LIST, sureties.length),
    ...[...byStatus].map(([status, count]) => countChange(tenant, suretiesOfStatusList(status), count)),
  ];
}

/** A request's status entry moved to `to`, with the counts, in the transaction of its answer. */
export function suretyStatusMove(surety: Listed, to: SuretyStatus): TransactItem[] {
  const { cooperative_id: tenant, id, created_at: createdAt, status: from } = surety;
  return [
    listRefDelete(keys.suretyStatusRef(tenant, from, createdAt, id)),
    listRefPut(keys.suretyStatusRef(tenant, to, createdAt, id), id),
    ...countMove(tenant, suretiesOfStatusList(from), suretiesOfStatusList(to)),
  ];
}

/**
 * One page of the cooperative's surety requests, newest first (docs/decisions.md 2026-11-26 "Money
 * lists in DynamoDB"): gsi1, or one status's entries with the page's requests in one BatchGet;
 * counted either way.
 */
export async function suretyPage(
  tenant: string,
  request: PageRequest,
  status?: SuretyStatus,
): Promise<ListPage<SuretyRecord>> {
  if (status === undefined)
    return entityPage(SuretyEntity, keys.suretiesPartition(tenant), request, {
      index: 'gsi1',
      reverse: true,
      total: countedTotal(tenant, SURETIES_LIST),
    });
  const partition = keys.suretiesOfStatusPartition(tenant, status);
  const refs = await queryPage(
    partitionQuery(ListRefEntity, partition, { reverse: true }),
    partition,
    request,
    undefined,
    countedTotal(tenant, suretiesOfStatusList(status)),
  );
  return {
    data: await suretiesByIds(
      tenant,
      refs.data.map((ref) => read(ListRefEntity, ref).id),
    ),
    meta: refs.meta,
  };
}

/**
 * One page of a member's surety requests, newest first (gsi2): a member is asked by few, so a status
 * is a filter on the member's partition (a page may hold fewer than per_page) and the total a COUNT
 * Query, or what was seen with a status.
 */
export async function memberSuretyPage(
  tenant: string,
  memberId: string,
  request: PageRequest,
  status?: SuretyStatus,
): Promise<ListPage<SuretyRecord>> {
  const partition = keys.memberSuretiesPartition(tenant, memberId);
  if (status === undefined)
    return entityPage(SuretyEntity, partition, request, {
      index: 'gsi2',
      reverse: true,
      total: partitionCount(SuretyEntity, partition, { index: 'gsi2' }),
    });
  const query = partitionQuery(SuretyEntity, partition, { index: 'gsi2', reverse: true });
  const filtered = {
    ...query,
    FilterExpression: '#status = :status',
    ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#status': 'status' },
    ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':status': status },
  };
  const found = openEnded(await queryPage(filtered, partition, request, 'gsi2', 0));
  return { data: found.data.map((stored) => read(SuretyEntity, stored)), meta: found.meta };
}

/** A new request, listed for the cooperative and the surety, under the condition that its id is new. */
export function suretyPut(surety: SuretyRecord): TransactItem {
  const put = SuretyEntity.build(PutTransaction)
    .item({ ...surety, ...keys.suretyIndex(surety.cooperative_id, surety.member_id, surety.created_at, surety.id) })
    .options({ condition: { attr: 'id', exists: false } });
  return transactItem(put.params());
}

/** The surety's answer: status pending -> approved or denied. */
export function answerUpdate(
  surety: SuretyRef,
  answer: typeof SURETY_STATUS.APPROVED | typeof SURETY_STATUS.DENIED,
  at: string,
): TransactItem {
  return transactItem(
    transition(SuretyEntity, keyOf(surety), SURETY_STATUS.PENDING, answer, { answered_at: at }).params(),
  );
}

/** A condition (no change) that the request is still approved, for the disbursement's transaction. */
export function approvedSuretyCheck(surety: SuretyRef): TransactItem {
  return transactItem(
    SuretyEntity.build(ConditionCheck)
      .key(keyOf(surety))
      .condition({ attr: 'status', eq: SURETY_STATUS.APPROVED })
      .params(),
  );
}

/** A denied request marked replaced by `freshId`, once. */
export function replacedUpdate(surety: SuretyRef, freshId: string): TransactItem {
  const update = SuretyEntity.build(UpdateTransaction)
    .item({ ...keyOf(surety), replaced_by: freshId })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: SURETY_STATUS.DENIED },
          { attr: 'replaced_by', exists: false },
        ],
      },
    });
  return transactItem(update.params());
}

/**
 * An approved guarantee on a running loan asked to hand over to `freshId` (once at a time, never a
 * released one): it keeps guaranteeing until the new surety approves.
 */
export function handoverAsked(surety: SuretyRef, freshId: string): TransactItem {
  const update = SuretyEntity.build(UpdateTransaction)
    .item({ ...keyOf(surety), replacing: freshId })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: SURETY_STATUS.APPROVED },
          { attr: 'released_at', exists: false },
          { attr: 'replacing', exists: false },
          { attr: 'replaced_by', exists: false },
        ],
      },
    });
  return transactItem(update.params());
}

/** The end of a handover: replaced by `freshId` when it approved, or still guaranteeing when it denied. */
export function handoverEnded(surety: SuretyRef, freshId: string, approved: boolean): TransactItem {
  const update = SuretyEntity.build(UpdateTransaction)
    .item({ ...keyOf(surety), replacing: $remove(), ...(approved ? { replaced_by: freshId } : {}) })
    .options({ condition: { attr: 'replacing', eq: freshId } });
  return transactItem(update.params());
}

/**
 * Deletes requests (with their loan), each still of the status it was read with, with their status
 * entries and counts (one count change per counter).
 */
export function suretyDeletions(sureties: Listed[]): TransactItem[] {
  const [first] = sureties;
  if (!first) return [];
  const tenant = first.cooperative_id;
  const byStatus = new Map<SuretyStatus, number>();
  for (const s of sureties) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  return [
    ...sureties.flatMap((s) => [
      transactItem(
        SuretyEntity.build(DeleteTransaction)
          .key(keyOf(s))
          .options({ condition: { attr: 'status', eq: s.status } })
          .params(),
      ),
      listRefDelete(keys.suretyStatusRef(tenant, s.status, s.created_at, s.id)),
    ]),
    countChange(tenant, SURETIES_LIST, -sureties.length),
    ...[...byStatus].map(([status, count]) => countChange(tenant, suretiesOfStatusList(status), -count)),
  ];
}

/** An approved guarantee released (once, while still approved), with who released it and why. */
export function releaseUpdate(surety: SuretyRef, by: string, at: string, reason: string): TransactItem {
  const update = SuretyEntity.build(UpdateTransaction)
    .item({ ...keyOf(surety), released_at: at, released_by: by, release_reason: reason })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: SURETY_STATUS.APPROVED },
          { attr: 'released_at', exists: false },
        ],
      },
    });
  return transactItem(update.params());
}
