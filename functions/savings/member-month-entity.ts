import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entitiesIn, entityDefaults, transactItem } from '#core/entity';
import { MEMBER_MONTH_SHARDS, keys } from '#core/keys';

/**
 * A member's money figures of one month (docs/data-model.md "Member months"): the net change of
 * their savings balances (all plans) posted in the month, and the loan interest they paid in it.
 * ADDed, signed, in the transaction of every posting that moves them (deposits, withdrawals,
 * interest, payroll rows and their reversal, offsets, dividends), dated by the posting's date; so a
 * month-end balance is the current balance less the months after it. The dividend computation reads
 * them (functions/dividends/compute.ts). Kobo, bigint once past 2^53.
 */
export const MemberMonthEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER_MONTH',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    member_id: string(),
    /** YYYY-MM. */
    month: string(),
    savings: number().big().optional(),
    interest: number().big().optional(),
    entity: string().const('MEMBER_MONTH').hidden(),
  }),
});

export type MemberMonth = FormattedItem<typeof MemberMonthEntity>;

/**
 * ADDs to a member's figures of the month of `date` (YYYY-MM-DD): `savings` the signed change of
 * their savings balances, `interest` the signed loan interest paid (kobo). Undefined when both are 0:
 * a posting that moves neither writes nothing.
 */
export function memberMonthUpdate(
  tenant: string,
  memberId: string,
  date: string,
  add: { savings?: number; interest?: number },
): TransactItem | undefined {
  const savings = add.savings ?? 0;
  const interest = add.interest ?? 0;
  if (savings === 0 && interest === 0) return undefined;
  const month = date.slice(0, 7);
  const update = MemberMonthEntity.build(UpdateTransaction).item({
    ...keys.memberMonth(tenant, month, memberId),
    entity: 'MEMBER_MONTH',
    member_id: memberId.toUpperCase(),
    month,
    ...(savings !== 0 ? { savings: $add(savings) } : {}),
    ...(interest !== 0 ? { interest: $add(interest) } : {}),
  });
  return transactItem(update.params());
}

/** The effect list form of `memberMonthUpdate`: none when it writes nothing. */
export const memberMonthEffects = (...args: Parameters<typeof memberMonthUpdate>) => {
  const update = memberMonthUpdate(...args);
  return update ? [{ item: update }] : [];
};

/** Every member's figures of one month (its shards read in parallel). */
export async function memberMonthsOf(tenant: string, month: string): Promise<MemberMonth[]> {
  const shards = await Promise.all(
    Array.from({ length: MEMBER_MONTH_SHARDS }, (_, shard) =>
      entitiesIn(MemberMonthEntity, keys.memberMonthPartition(tenant, month, shard)),
    ),
  );
  return shards.flat();
}
