import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { DividendGlSetupInput } from '@coopledger/shared/schemas/dividends';
import { entityDefaults, getEntity, tableKeyAttributes, writeItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A cooperative's dividend GL accounts (docs/data-model.md "Dividend GL setup"): one item beside the
 * cooperative's profile, replaced whole by each save. Declarations (later) post to these accounts.
 */
export const DividendGlSetupEntity = new Entity({
  ...entityDefaults,
  name: 'DIVIDEND_GL_SETUP',
  schema: item({
    ...tableKeyAttributes(),
    provision_gl: string(),
    retained_earnings_gl: string(),
    statutory_reserve_gl: string(),
    admin_fee_gl: string(),
    updated_at: string(),
    updated_by: string(),
    entity: string().const('DIVIDEND_GL_SETUP').hidden(),
  }),
});

export type DividendGlSetupRecord = FormattedItem<typeof DividendGlSetupEntity>;

export const findDividendGlSetup = (tenant: string): Promise<DividendGlSetupRecord | undefined> =>
  getEntity(DividendGlSetupEntity, keys.dividendGlSetup(tenant), true);

export async function saveDividendGlSetup(
  tenant: string,
  input: DividendGlSetupInput,
  by: string,
  at: string,
): Promise<DividendGlSetupRecord> {
  const record: DividendGlSetupRecord = { ...input, updated_at: at, updated_by: by };
  await writeItem(
    DividendGlSetupEntity.build(PutTransaction)
      .item({ ...keys.dividendGlSetup(tenant), ...record, entity: 'DIVIDEND_GL_SETUP' })
      .params(),
  );
  return record;
}
