import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { TransactItem } from '#core/db';
import { appTable, entityDefaults, queryEntity, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A month's savings figures (the staff dashboard's overview): deposits, withdrawals and interest
 * posted in the month and how many of each, ADDed by the postings. Kobo, bigint once past 2^53.
 */
export const SavingsMonthEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_MONTH',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    /** YYYY-MM. */
    month: string(),
    deposits: number().big().optional(),
    deposits_count: number().optional(),
    withdrawals: number().big().optional(),
    withdrawals_count: number().optional(),
    interest: number().big().optional(),
    interest_count: number().optional(),
    entity: string().const('SAVINGS_MONTH').hidden(),
  }),
});

export type SavingsMonth = FormattedItem<typeof SavingsMonthEntity>;
type Figure = 'deposits' | 'withdrawals' | 'interest';

/** ADDs one posting of `amount` kobo to the month's deposit, withdrawal or interest figure. */
export function monthFigures(tenant: string, month: string, field: Figure, amount: number): TransactItem {
  const update = SavingsMonthEntity.build(UpdateTransaction).item({
    ...keys.savingsMonth(tenant, month),
    entity: 'SAVINGS_MONTH',
    month,
    [field]: $add(amount),
    [`${field}_count`]: $add(1),
  });
  return transactItem(update.params());
}

/** ADDs a batch's settled deposits (kobo, a sum past 2^53 as a bigint) and their count to the month's figures. */
export function settledDeposits(tenant: string, month: string, amount: bigint, count: number): TransactItem {
  const update = SavingsMonthEntity.build(UpdateTransaction).item({
    ...keys.savingsMonth(tenant, month),
    entity: 'SAVINGS_MONTH',
    month,
    deposits: $add(amount),
    deposits_count: $add(count),
  });
  return transactItem(update.params());
}

/** The months of a year (YYYY), in month order. */
export function monthsOf(tenant: string, year: string): Promise<SavingsMonth[]> {
  const query = appTable
    .build(QueryCommand)
    .entities(SavingsMonthEntity)
    .query({ partition: keys.savingsMonthsPartition(tenant), range: { beginsWith: `${year}-` } });
  return queryEntity(SavingsMonthEntity, query.params());
}
