import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import { entityDefaults, getEntity, tableKeyAttributes, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The claim that keeps a staff ID unique inside a cooperative; it names the member holding it. It
 * stores only the member, so its key is given whole.
 */
export const StaffIdClaimEntity = new Entity({
  ...entityDefaults,
  name: 'CLAIM',
  schema: item({
    ...tableKeyAttributes(),
    entity: string().const('CLAIM').hidden(),
    member_id: string(),
    created_at: string(),
  }),
});

const claimKey = (cooperativeId: string, staffId: string) =>
  keys.uniqueClaim(cooperativeId, 'MEMBER', 'staff_id', staffId);

/** The member holding a staff ID (a consistent read), if any. */
export async function memberOfStaffId(cooperativeId: string, staffId: string): Promise<string | undefined> {
  return (await getEntity(StaffIdClaimEntity, claimKey(cooperativeId, staffId), true))?.member_id;
}

/** Claims a staff ID for a member; a staff ID already claimed fails the transaction. */
export function staffClaimPut(cooperativeId: string, staffId: string, memberId: string, now = nowIso()): TransactItem {
  return transactItem(
    StaffIdClaimEntity.build(PutTransaction)
      .item({ ...claimKey(cooperativeId, staffId), member_id: memberId.toUpperCase(), created_at: now })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

/** Releases a member's staff ID; fails the transaction when another member holds it. */
export function staffClaimDelete(cooperativeId: string, staffId: string, memberId: string): TransactItem {
  return transactItem(
    StaffIdClaimEntity.build(DeleteTransaction)
      .key(claimKey(cooperativeId, staffId))
      .options({
        condition: {
          or: [
            { attr: 'pk', exists: false },
            { attr: 'member_id', eq: memberId.toUpperCase() },
          ],
        },
      })
      .params(),
  );
}
