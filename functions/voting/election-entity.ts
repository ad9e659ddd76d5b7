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
import { ELECTION_STATUS } from '@coopledger/shared/statuses';
import { queryPartition } from '#core/db';
import { entityDefaults, getEntity, transactItem, entitiesIn } from '#core/entity';
import type { Key } from '#core/keys';
import { keys } from '#core/keys';
import { entityFilteredPage } from '#core/filtered-page';
import type { ListTotal, PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';

/**
 * The head of an election (docs/data-model.md "Elections"): its key, its stored record, its status
 * (ELECTION_STATUS), the list of a cooperative's elections and the builders of its writes. The head
 * keeps the running tallies of the whole election (ballots cast, voters, positions, contestants).
 */
export const ElectionEntity = new Entity({
  ...entityDefaults,
  name: 'ELECTION',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    name: string(),
    description: anyOf(string(), nul()),
    /** YYYY-MM-DD, both days included. */
    start_date: string(),
    end_date: string(),
    status: number().enum(ELECTION_STATUS.INACTIVE, ELECTION_STATUS.ACTIVE),
    created_at: string(),
    updated_at: string(),
    created_by: string(),
    /** Ballots cast (one per member per position). */
    votes_cast: number(),
    /** Members who cast at least one ballot. */
    voters: number(),
    positions_count: number(),
    contestants_count: number(),
    entity: string().const('ELECTION').hidden(),
    /** Elections of a cooperative by creation. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.election(cooperative_id, id),
});

export type ElectionRecord = FormattedItem<typeof ElectionEntity>;
type ElectionKey = Pick<ElectionRecord, 'cooperative_id' | 'id'>;
const keyOf = ({ cooperative_id, id }: ElectionKey) => ({ cooperative_id, id });

export function getElection(tenant: string, id: string, consistent = true): Promise<ElectionRecord | undefined> {
  return getEntity(ElectionEntity, keys.election(tenant, id), consistent);
}

/** One page of a cooperative's elections, newest first (gsi1); `keep` checks a search on each one read. */
export function electionPage(
  tenant: string,
  request: PageRequest,
  keep: ((election: ElectionRecord) => boolean) | undefined,
  total: ListTotal,
) {
  const partition = keys.electionsPartition(tenant);
  const where = { index: 'gsi1', reverse: true } as const;
  return keep
    ? entityFilteredPage(ElectionEntity, partition, request, { ...where, keep })
    : entityPage(ElectionEntity, partition, request, { ...where, total });
}

/** A cooperative's elections, newest first (one Query of gsi1). */
export function electionsOf(tenant: string): Promise<ElectionRecord[]> {
  return entitiesIn(ElectionEntity, keys.electionsPartition(tenant), { index: 'gsi1', reverse: true });
}

/** A new election head, listed by creation, only if its id is new. */
export function putElection(election: ElectionRecord) {
  const { cooperative_id: tenant, created_at: createdAt, id } = election;
  return transactItem(
    ElectionEntity.build(PutTransaction)
      .item({ ...election, ...keys.electionIndex(tenant, createdAt, id) })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

type ElectionFields = Pick<
  ElectionRecord,
  'name' | 'description' | 'start_date' | 'end_date' | 'status' | 'updated_at'
>;

/**
 * Changes an election's own fields while it exists; `whileNoVotes` also refuses once a ballot is
 * cast (the dates were checked against no votes).
 */
export function updateElectionFields(
  election: ElectionKey,
  fields: ElectionFields,
  options: { whileNoVotes: boolean },
) {
  const exists = { attr: 'id', exists: true } as const;
  return transactItem(
    ElectionEntity.build(UpdateTransaction)
      .item({ ...keyOf(election), ...fields })
      .options({ condition: options.whileNoVotes ? { and: [exists, { attr: 'votes_cast', eq: 0 }] } : exists })
      .params(),
  );
}

/** Deletes the head, only while it has no ballot and its status is still the one read. */
export function deleteElectionHead(election: ElectionRecord) {
  return transactItem(
    ElectionEntity.build(DeleteTransaction)
      .key(keyOf(election))
      .options({
        condition: {
          and: [
            { attr: 'votes_cast', eq: 0 },
            { attr: 'status', eq: election.status },
          ],
        },
      })
      .params(),
  );
}

/** Moves the head's position and contestant counts, while the election exists. */
export function countElectionParts(election: ElectionKey, by: { positions?: number; contestants?: number }) {
  return transactItem(
    ElectionEntity.build(UpdateTransaction)
      .item({
        ...keyOf(election),
        ...(by.positions ? { positions_count: $add(by.positions) } : {}),
        ...(by.contestants ? { contestants_count: $add(by.contestants) } : {}),
      })
      .options({ condition: { attr: 'id', exists: true } })
      .params(),
  );
}

/**
 * A ballot's tally on the head: one more ballot (and one more voter on the member's first), only
 * while the election is on and `day` is within its dates.
 */
export function countBallot(election: ElectionKey, day: string, firstOfVoter: boolean) {
  return transactItem(
    ElectionEntity.build(UpdateTransaction)
      .item({ ...keyOf(election), votes_cast: $add(1), ...(firstOfVoter ? { voters: $add(1) } : {}) })
      .options({
        condition: {
          and: [
            { attr: 'status', eq: ELECTION_STATUS.ACTIVE },
            { attr: 'start_date', lte: day },
            { attr: 'end_date', gte: day },
          ],
        },
      })
      .params(),
  );
}

/**
 * The keys of everything an election's partition holds (head, positions, contestants, ballots,
 * voters, candidacies), of whatever entity: what deleting the election removes.
 */
export async function electionPartitionKeys(tenant: string, electionId: string): Promise<Key[]> {
  const held = await queryPartition(keys.electionPartition(tenant, electionId));
  return held.map(({ pk, sk }) => ({ pk: String(pk), sk: String(sk) }));
}
