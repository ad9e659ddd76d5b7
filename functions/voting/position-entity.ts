import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { POSITION_STATUS } from '@coopledger/shared/statuses';
import { entityDefaults, getEntity, transactItem, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';
import type { PageRequest } from '#core/list-page';
import { entityPage, partitionCount } from '#core/list-page';

/**
 * A position of an election, in the election's partition (`POS#<id>`): its record, its status
 * (POSITION_STATUS), its queries and builders; it keeps its running tally of votes. The item does
 * not store its cooperative, so its key inputs are the table's own pk and sk, built by keys.ts.
 */
export const PositionEntity = new Entity({
  ...entityDefaults,
  name: 'ELECTION_POSITION',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    id: string(),
    election_id: string(),
    name: string(),
    description: anyOf(string(), nul()),
    status: number().enum(POSITION_STATUS.INACTIVE, POSITION_STATUS.ACTIVE),
    /** Ballots cast for this position. */
    votes: number(),
    contestants_count: number(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('ELECTION_POSITION').hidden(),
    /** The cooperative's positions index (keys.positionIndex); absent on items written before it (backfill). */
    gsi1pk: string().optional().hidden(),
    gsi1sk: string().optional().hidden(),
  }),
});

export type PositionRecord = FormattedItem<typeof PositionEntity>;
type PositionRef = Pick<PositionRecord, 'election_id' | 'id'>;
const keyOf = (tenant: string, position: PositionRef) =>
  keys.electionPosition(tenant, position.election_id, position.id);

export function getPosition(
  tenant: string,
  electionId: string,
  positionId: string,
  consistent = true,
): Promise<PositionRecord | undefined> {
  return getEntity(PositionEntity, keys.electionPosition(tenant, electionId, positionId), consistent);
}

/** An election's positions (its partition, sk beginning `POS#`), in key order. */
export function positionsIn(tenant: string, electionId: string): Promise<PositionRecord[]> {
  return entitiesIn(PositionEntity, keys.electionPartition(tenant, electionId), { range: { beginsWith: 'POS#' } });
}

/**
 * One page of an election's positions (key order), or with no election of every position of the
 * cooperative (creation order, gsi1). Positions are configuration an election has few of: the total
 * is a COUNT Query of the partition.
 */
export function positionPage(tenant: string, electionId: string | undefined, request: PageRequest) {
  const [partition, where] = electionId
    ? [keys.electionPartition(tenant, electionId), { range: { beginsWith: 'POS#' } }]
    : [keys.positionsPartition(tenant), { index: 'gsi1' as const }];
  return entityPage(PositionEntity, partition, request, {
    ...where,
    total: partitionCount(PositionEntity, partition, where),
  });
}

/** The index keys of a position written before the cooperative's positions index (the backfill). */
export function positionIndexUpdate(tenant: string, position: PositionRecord) {
  return transactItem(
    PositionEntity.build(UpdateTransaction)
      .item({ ...keyOf(tenant, position), ...keys.positionIndex(tenant, position.created_at, position.id) })
      .options({ condition: { attr: 'pk', exists: true } })
      .params(),
  );
}

/** A new position with no votes and no contestants, only if it is new. */
export function putPosition(tenant: string, position: Omit<PositionRecord, 'votes' | 'contestants_count'>) {
  return transactItem(
    PositionEntity.build(PutTransaction)
      .item({
        ...keyOf(tenant, position),
        ...keys.positionIndex(tenant, position.created_at, position.id),
        ...position,
        votes: 0,
        contestants_count: 0,
      })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

/** Changes a position's own fields, while it exists. */
export function updatePositionFields(
  tenant: string,
  position: PositionRef,
  fields: Pick<PositionRecord, 'name' | 'description' | 'status' | 'updated_at'>,
) {
  return transactItem(
    PositionEntity.build(UpdateTransaction)
      .item({ ...keyOf(tenant, position), ...fields })
      .options({ condition: { attr: 'pk', exists: true } })
      .params(),
  );
}

/** Deletes a position, only while it has no votes. */
export function deletePositionItem(tenant: string, position: PositionRef) {
  return transactItem(
    PositionEntity.build(DeleteTransaction)
      .key(keyOf(tenant, position))
      .options({ condition: { attr: 'votes', eq: 0 } })
      .params(),
  );
}

/** Moves a position's contestant count, while it exists. */
export function countPositionContestants(tenant: string, position: PositionRef, by: number) {
  return transactItem(
    PositionEntity.build(UpdateTransaction)
      .item({ ...keyOf(tenant, position), contestants_count: $add(by) })
      .options({ condition: { attr: 'pk', exists: true } })
      .params(),
  );
}

/** A ballot's tally on its position, only while the position is active. */
export function countPositionVote(tenant: string, position: PositionRef) {
  return transactItem(
    PositionEntity.build(UpdateTransaction)
      .item({ ...keyOf(tenant, position), votes: $add(1) })
      .options({ condition: { attr: 'status', eq: POSITION_STATUS.ACTIVE } })
      .params(),
  );
}
