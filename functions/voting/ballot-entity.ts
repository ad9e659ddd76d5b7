import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { entityDefaults, getEntity, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A ballot (`VOTE#<position>#<member>` in the election's partition): its key is the uniqueness of
 * one vote per member per position, and its Put is conditioned on it being new. The voter item
 * (`VOTER#<member>`) counts a member's ballots in the election, so the head counts each voter once.
 * Neither stores its cooperative, so their key inputs are the table's pk and sk, built by keys.ts.
 */
export const BallotEntity = new Entity({
  ...entityDefaults,
  name: 'ELECTION_BALLOT',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    election_id: string(),
    position_id: string(),
    contestant_id: string(),
    /** The member number of who voted. */
    voter: string(),
    cast_at: string(),
    entity: string().const('ELECTION_BALLOT').hidden(),
  }),
});

export type BallotRecord = FormattedItem<typeof BallotEntity>;

/** The ballot a member cast for a position, if any. */
export function getBallot(
  tenant: string,
  electionId: string,
  positionId: string,
  memberId: string,
  consistent = true,
): Promise<BallotRecord | undefined> {
  return getEntity(BallotEntity, keys.ballot(tenant, electionId, positionId, memberId), consistent);
}

/** A new ballot, only if the member has not voted for its position. */
export function putBallot(tenant: string, ballot: BallotRecord) {
  return transactItem(
    BallotEntity.build(PutTransaction)
      .item({ ...keys.ballot(tenant, ballot.election_id, ballot.position_id, ballot.voter), ...ballot })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

export const VoterEntity = new Entity({
  ...entityDefaults,
  name: 'ELECTION_VOTER',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    /** Ballots the member cast in the election. */
    ballots: number(),
    first_at: string(),
    entity: string().const('ELECTION_VOTER').hidden(),
  }),
});

/** Whether a member has cast a ballot in an election (consistent read). */
export async function hasVoted(tenant: string, electionId: string, memberId: string): Promise<boolean> {
  return (await getEntity(VoterEntity, keys.voter(tenant, electionId, memberId), true)) !== undefined;
}

/**
 * A ballot's count on its voter: the voter item is created with the member's first ballot (only if
 * new), else counts one more (only if it exists). Either condition failing means another ballot of
 * the same member landed first.
 */
export function countVoterBallot(
  tenant: string,
  electionId: string,
  memberId: string,
  at: string,
  firstBallot: boolean,
) {
  const key = keys.voter(tenant, electionId, memberId);
  return transactItem(
    firstBallot
      ? VoterEntity.build(PutTransaction)
          .item({ ...key, ballots: 1, first_at: at })
          .options({ condition: { attr: 'pk', exists: false } })
          .params()
      : VoterEntity.build(UpdateTransaction)
          .item({ ...key, ballots: $add(1) })
          .options({ condition: { attr: 'pk', exists: true } })
          .params(),
  );
}
