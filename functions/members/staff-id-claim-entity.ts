import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { Item, TransactItem } from '#core/db';
import { getItems, nowIso } from '#core/db';
import { entityDefaults, getEntity, read, tableKeyAttributes, transactItem } from '#core/entity';
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

/**
 * The members holding these staff IDs (consistent reads, one BatchGetItem per 100), by staff ID as
 * given; a staff ID no one holds is absent.
 */
export async function membersOfStaffIds(
  cooperativeId: string,
  staffIds: readonly string[],
): Promise<Map<string, string>> {
  const keyText = (key: { pk: unknown; sk: unknown }) => `${String(key.pk)}\n${String(key.sk)}`;
  const byKey = new Map(staffIds.map((staffId) => [keyText(claimKey(cooperativeId, staffId)), staffId]));
  const stored = await getItems<Item>(
    [...new Set(staffIds)].map((staffId) => claimKey(cooperativeId, staffId)),
    true,
  );
  const holders = new Map<string, string>();
  for (const claim of stored) {
    const staffId = byKey.get(keyText({ pk: claim.pk, sk: claim.sk }));
    if (staffId !== undefined) holders.set(staffId, read(StaffIdClaimEntity, claim).member_id);
  }
  return holders;
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
