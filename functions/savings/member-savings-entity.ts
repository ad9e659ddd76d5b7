import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { Item, TransactItem } from '#core/db';
import { getItems } from '#core/db';
import { entityDefaults, getEntity, read, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A member's savings totals (balance, available, monthly contribution, plans, last payment), kept
 * with every change to their plans: ADDed in the transaction that moves a plan, so it is created by
 * its first change. Running totals, bigint once past 2^53 kobo. docs/data-model.md, "Savings".
 */
export const MemberSavingsEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER_SAVINGS',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    balance: number().big().optional(),
    available: number().big().optional(),
    monthly: number().big().optional(),
    plans: number().optional(),
    last_payment: anyOf(map({ amount: number(), date: string() }), nul()).optional(),
    entity: string().const('MEMBER_SAVINGS').hidden(),
  }),
});

export type MemberSavingsSummary = FormattedItem<typeof MemberSavingsEntity>;
type Totals = 'balance' | 'available' | 'monthly' | 'plans';

/** A member's totals (read consistently), or undefined before their first plan. */
export const memberSavingsOf = (tenant: string, memberId: string) =>
  getEntity(MemberSavingsEntity, keys.memberSavings(tenant, memberId), true);

/**
 * Several members' totals (BatchGetItem, 8 calls in flight), each checked, by member id; a member
 * before their first plan has none.
 */
export async function savingsOfMembers(
  tenant: string,
  memberIds: string[],
): Promise<Map<string, MemberSavingsSummary>> {
  const found = await getItems<Item>(
    memberIds.map((id) => keys.memberSavings(tenant, id)),
    false,
    8,
  );
  const byPk = new Map(found.map((stored) => [String(stored.pk), read(MemberSavingsEntity, stored)]));
  return new Map(
    memberIds.flatMap((id) => {
      const totals = byPk.get(keys.memberSavings(tenant, id).pk);
      return totals ? [[id, totals] as const] : [];
    }),
  );
}

/** ADDs to a member's savings totals (kobo, signed; `plans` a count) and sets their last payment. */
export function summaryUpdate(
  tenant: string,
  memberId: string,
  add: Partial<Record<Totals, number>>,
  set: { last_payment?: { amount: number; date: string } } = {},
): TransactItem {
  const adds = Object.fromEntries(Object.entries(add).map(([field, value]) => [field, $add(value)]));
  const update = MemberSavingsEntity.build(UpdateTransaction).item({
    ...keys.memberSavings(tenant, memberId),
    entity: 'MEMBER_SAVINGS',
    ...adds,
    ...(set.last_payment ? { last_payment: $set(set.last_payment) } : {}),
  });
  return transactItem(update.params());
}
