import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, tableKeyAttributes, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The claim on a cooperative code (platform-wide): it keeps codes unique and finds a cooperative by
 * its code (public registration). It stores only the cooperative's id, so its key is given whole.
 */
export const CooperativeCodeEntity = new Entity({
  ...entityDefaults,
  name: 'COOPERATIVE_CODE',
  schema: item({
    ...tableKeyAttributes(),
    cooperative_id: string(),
    created_at: string(),
  }),
});

/** The claim of a new cooperative's code; a code already claimed fails the transaction. */
export function codeClaimPut(code: string, cooperativeId: string, createdAt: string): TransactItem {
  return transactItem(
    CooperativeCodeEntity.build(PutTransaction)
      .item({ ...keys.cooperativeCode(code), cooperative_id: cooperativeId, created_at: createdAt })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

/** The id of the cooperative holding a code, if any. */
export async function cooperativeIdOfCode(code: string): Promise<string | undefined> {
  return (await getEntity(CooperativeCodeEntity, keys.cooperativeCode(code)))?.cooperative_id;
}
