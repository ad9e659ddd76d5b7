import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { entityDefaults, getEntity, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * Positions and contestants are named on the wire by their own id alone: the reference item
 * (`T#<coop>#VOTINGREF#<id>` / `REF`) says which election holds one. It stores neither its
 * cooperative nor its id, so its key inputs are the table's pk and sk, built by keys.ts.
 */
export const VotingRefEntity = new Entity({
  ...entityDefaults,
  name: 'VOTING_REF',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    kind: string().enum('position', 'contestant'),
    election_id: string(),
    entity: string().const('VOTING_REF').hidden(),
  }),
});

export type VotingRefKind = FormattedItem<typeof VotingRefEntity>['kind'];

/** The election holding a position or contestant, if `id` names one of that kind (consistent read). */
export async function electionHolding(tenant: string, id: string, kind: VotingRefKind): Promise<string | undefined> {
  const ref = await getEntity(VotingRefEntity, keys.votingRef(tenant, id), true);
  return ref?.kind === kind ? ref.election_id : undefined;
}

/** The reference of a new position or contestant, only if it is new. */
export function putVotingRef(tenant: string, id: string, kind: VotingRefKind, electionId: string) {
  return transactItem(
    VotingRefEntity.build(PutTransaction)
      .item({ ...keys.votingRef(tenant, id), kind, election_id: electionId })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

export function deleteVotingRef(tenant: string, id: string) {
  return transactItem(VotingRefEntity.build(DeleteTransaction).key(keys.votingRef(tenant, id)).params());
}
