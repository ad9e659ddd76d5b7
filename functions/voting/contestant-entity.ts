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
import { CONTESTANT_STATUS } from '@coopledger/shared/statuses';
import { entityDefaults, getEntity, transactItem, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A contestant (a member standing for a position) in the election's partition (`CONT#<id>`), with
 * its running tally of votes, and the candidacy item (`CANDIDATE#<member>`) that lets a member
 * stand for one position per election. Neither stores its cooperative, so their key inputs are the
 * table's pk and sk, built by keys.ts.
 */
export const ContestantEntity = new Entity({
  ...entityDefaults,
  name: 'ELECTION_CONTESTANT',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    id: string(),
    election_id: string(),
    position_id: string(),
    /** The member standing (member number). */
    coop_id: string(),
    manifesto: string(),
    status: number().enum(CONTESTANT_STATUS.INACTIVE, CONTESTANT_STATUS.ACTIVE),
    votes: number(),
    /** The member's names and gender when added or last edited, for cards and results. */
    firstname: string(),
    lastname: string(),
    gender: anyOf(string(), nul()),
    created_at: string(),
    updated_at: string(),
    entity: string().const('ELECTION_CONTESTANT').hidden(),
  }),
});

export type ContestantRecord = FormattedItem<typeof ContestantEntity>;
type ContestantRef = Pick<ContestantRecord, 'election_id' | 'id'>;
const keyOf = (tenant: string, contestant: ContestantRef) =>
  keys.electionContestant(tenant, contestant.election_id, contestant.id);

export function getContestant(
  tenant: string,
  electionId: string,
  contestantId: string,
  consistent = true,
): Promise<ContestantRecord | undefined> {
  return getEntity(ContestantEntity, keys.electionContestant(tenant, electionId, contestantId), consistent);
}

/** An election's contestants (its partition, sk beginning `CONT#`), in key order; `limit` reads the first ones only. */
export function contestantsIn(tenant: string, electionId: string, limit?: number): Promise<ContestantRecord[]> {
  return entitiesIn(ContestantEntity, keys.electionPartition(tenant, electionId), {
    range: { beginsWith: 'CONT#' },
    limit,
  });
}

/** A new contestant, only if it is new. */
export function putContestant(tenant: string, contestant: ContestantRecord) {
  return transactItem(
    ContestantEntity.build(PutTransaction)
      .item({ ...keyOf(tenant, contestant), ...contestant })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

/** Rewrites a contestant, only while its votes are still `votes` (a ballot landing meanwhile refuses it). */
export function replaceContestant(tenant: string, contestant: ContestantRecord, votes: number) {
  return transactItem(
    ContestantEntity.build(PutTransaction)
      .item({ ...keyOf(tenant, contestant), ...contestant })
      .options({ condition: { attr: 'votes', eq: votes } })
      .params(),
  );
}

/** Deletes a contestant, only while it has no votes. */
export function deleteContestantItem(tenant: string, contestant: ContestantRef) {
  return transactItem(
    ContestantEntity.build(DeleteTransaction)
      .key(keyOf(tenant, contestant))
      .options({ condition: { attr: 'votes', eq: 0 } })
      .params(),
  );
}

/** A ballot's tally on its contestant, only while the contestant is active and stands for `positionId`. */
export function countContestantVote(tenant: string, contestant: ContestantRef, positionId: string) {
  return transactItem(
    ContestantEntity.build(UpdateTransaction)
      .item({ ...keyOf(tenant, contestant), votes: $add(1) })
      .options({
        condition: {
          and: [
            { attr: 'status', eq: CONTESTANT_STATUS.ACTIVE },
            { attr: 'position_id', eq: positionId },
          ],
        },
      })
      .params(),
  );
}

/** A member's candidacy in an election: the one position they stand for. */
export const CandidacyEntity = new Entity({
  ...entityDefaults,
  name: 'ELECTION_CANDIDACY',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    contestant_id: string(),
    position_id: string(),
    entity: string().const('ELECTION_CANDIDACY').hidden(),
  }),
});

export type CandidacyRecord = FormattedItem<typeof CandidacyEntity>;

export function getCandidacy(
  tenant: string,
  electionId: string,
  memberId: string,
): Promise<CandidacyRecord | undefined> {
  return getEntity(CandidacyEntity, keys.candidacy(tenant, electionId, memberId), true);
}

/**
 * The candidacy of a member for a contestant's position; `onlyIfNew` refuses it when the member
 * already stands in the election (else it is rewritten, for a contestant moving position).
 */
export function putCandidacy(
  tenant: string,
  memberId: string,
  contestant: Pick<ContestantRecord, 'election_id' | 'id' | 'position_id'>,
  options: { onlyIfNew: boolean },
) {
  const put = CandidacyEntity.build(PutTransaction).item({
    ...keys.candidacy(tenant, contestant.election_id, memberId),
    contestant_id: contestant.id,
    position_id: contestant.position_id,
  });
  return transactItem((options.onlyIfNew ? put.options({ condition: { attr: 'pk', exists: false } }) : put).params());
}

export function deleteCandidacy(tenant: string, electionId: string, memberId: string) {
  return transactItem(
    CandidacyEntity.build(DeleteTransaction)
      .key(keys.candidacy(tenant, electionId, memberId))
      .params(),
  );
}
