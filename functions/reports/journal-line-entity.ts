import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { dateRange, entityDefaults, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A journal line as the ledger (functions/core/ledger.ts) writes it, in its account's monthly
 * partition: read here for the ledger statement. docs/data-model.md, "Journal line". Only the
 * ledger writes lines, so this module has no builders; its key inputs are the table's `pk` and `sk`
 * (from keys.journalLine).
 */
export const JournalLineEntity = new Entity({
  ...entityDefaults,
  name: 'JOURNAL_LINE',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    journal_id: string(),
    gl_code: string(),
    dc: string().enum('D', 'C'),
    /** Kobo; a settlement's line may be up to 2^53 − 1 (read back as a bigint past 2^53). */
    amount: number().big(),
    transaction_date: string(),
    description: string().optional(),
    reference: string().optional(),
    created_at: string(),
    entity: string().const('JOURNAL_LINE').hidden(),
  }),
});

export type JournalLineRecord = FormattedItem<typeof JournalLineEntity>;

/** An account's lines of one month dated between two days (both inclusive), in date order. */
export function linesOfMonth(
  tenant: string,
  glCode: string,
  month: string,
  from: string,
  to: string,
): Promise<JournalLineRecord[]> {
  return entitiesIn(JournalLineEntity, keys.journalLinesPartition(tenant, glCode, month), {
    range: dateRange(from, to),
  });
}
