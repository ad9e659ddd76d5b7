import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { appTable, entityDefaults, queryEntity } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The ledger's journal header (docs/data-model.md, "Journal"), written only by functions/core/ledger.ts
 * (`post()`, `reverse()` and the batch ledger's settlement) in the posting's transaction, and listed by
 * month in gsi1 (`journalsByMonth`). Outside the ledger it is read only for its date, so this entity
 * declares the key and the date: the query projects those, and each item read is checked.
 */
export const JournalDateEntity = new Entity({
  ...entityDefaults,
  name: 'JOURNAL',
  schema: item({ pk: string().key().hidden(), sk: string().key().hidden(), transaction_date: string() }),
});

/**
 * The dates of a month's journals dated from `from` up to (not including) `before`, imports of
 * history (`history` set) left out: one Query of the month's gsi1 partition, only the dates read.
 */
export async function ordinaryJournalDates(
  cooperativeId: string,
  month: string,
  from: string,
  before: string,
): Promise<string[]> {
  const query = appTable
    .build(QueryCommand)
    .query({
      index: 'gsi1',
      partition: keys.journalsByMonth(cooperativeId, month),
      range: { between: [`${from}#`, `${before}#`] },
    })
    .options({ filter: { attr: 'history', exists: false } })
    .params();
  const journals = await queryEntity(JournalDateEntity, { ...query, ProjectionExpression: 'pk, sk, transaction_date' });
  return journals.map((journal) => journal.transaction_date);
}
