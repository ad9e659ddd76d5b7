import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PENDING_MEMBER_STATUS } from '@coopledger/shared/statuses';
import type { PendingMemberStatus } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, transactItem, transition, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';
import { countMove, countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';
import { profileAttributes } from './member-entity.ts';

/**
 * A public registration (docs/data-model.md, "Members"): the wizard's fields in `profile`, its
 * status (PENDING_MEMBER_STATUS: pending, approved, denied), the viewer's address, and once approved
 * the member number. Listed by the cooperative, oldest first by creation time.
 */
export const PendingMemberEntity = new Entity({
  ...entityDefaults,
  name: 'PENDING_MEMBER',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    /** The member number, once approved; null before. */
    coop_id: anyOf(string(), nul()),
    profile: map(profileAttributes()),
    status: number().enum(PENDING_MEMBER_STATUS.PENDING, PENDING_MEMBER_STATUS.APPROVED, PENDING_MEMBER_STATUS.DENIED),
    source_ip: string(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('PENDING_MEMBER').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /** The status index (keys.pendingMemberStatusIndex); absent on items written before it (backfill). */
    gsi2pk: string().optional().hidden(),
    gsi2sk: string().optional().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.pendingMember(cooperative_id, id),
});

export type PendingMember = FormattedItem<typeof PendingMemberEntity>;
type Decided = Exclude<PendingMemberStatus, typeof PENDING_MEMBER_STATUS.PENDING>;

export const getPending = (cooperativeId: string, id: string) =>
  getEntity(PendingMemberEntity, keys.pendingMember(cooperativeId, id), true);

/** A cooperative's registrations, oldest first (one Query of gsi1). */
export function pendingOf(cooperativeId: string): Promise<PendingMember[]> {
  return entitiesIn(PendingMemberEntity, keys.pendingMembersPartition(cooperativeId), { index: 'gsi1' });
}

/** The put of a new registration; its id must be new. */
export function pendingPut(record: PendingMember): TransactItem {
  return transactItem(
    PendingMemberEntity.build(PutTransaction)
      .item({
        ...record,
        ...keys.pendingMemberIndex(record.cooperative_id, record.created_at, record.id),
        ...keys.pendingMemberStatusIndex(record.cooperative_id, record.status, record.created_at, record.id),
      })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

/** The counter of a cooperative's registrations of one status. */
export const registrationsList = (status: number) => `registrations#status#${status}`;

/**
 * One page of a cooperative's registrations of a status, newest first (gsi2); a search reads the
 * search items (pending-search-entity.ts).
 */
export const pendingPage = (cooperativeId: string, status: PendingMemberStatus, request: PageRequest) =>
  entityPage(PendingMemberEntity, keys.pendingMembersOfStatusPartition(cooperativeId, status), request, {
    index: 'gsi2',
    reverse: true,
    total: countedTotal(cooperativeId, registrationsList(status)),
  });

/** The status index keys of a registration written before the index (backfill), while its status is the one read. */
export function pendingIndexUpdate(pending: PendingMember): TransactItem {
  const { cooperative_id, id, status, created_at } = pending;
  return transactItem(
    PendingMemberEntity.build(UpdateTransaction)
      .item({ cooperative_id, id, ...keys.pendingMemberStatusIndex(cooperative_id, status, created_at, id) })
      .options({ condition: { attr: 'status', eq: status } })
      .params(),
  );
}

/** A registration decided (pending -> approved or denied); a failed condition: it was decided meanwhile. */
export function pendingDecision(
  pending: Pick<PendingMember, 'cooperative_id' | 'id' | 'created_at'>,
  to: Decided,
  now: string,
): TransactItem[] {
  const { cooperative_id: cooperativeId, id } = pending;
  return [
    transactItem(
      transition(PendingMemberEntity, { cooperative_id: cooperativeId, id }, PENDING_MEMBER_STATUS.PENDING, to, {
        coop_id: null,
        updated_at: now,
        ...keys.pendingMemberStatusIndex(cooperativeId, to, pending.created_at, id),
      }).params(),
    ),
    ...countMove(cooperativeId, registrationsList(PENDING_MEMBER_STATUS.PENDING), registrationsList(to)),
  ];
}

/** Records the member number an approved registration became (known only once the member is written). */
export function pendingMemberNumber(cooperativeId: string, id: string, coopId: string): TransactItem {
  return transactItem(
    PendingMemberEntity.build(UpdateTransaction).item({ cooperative_id: cooperativeId, id, coop_id: coopId }).params(),
  );
}
