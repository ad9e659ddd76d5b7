import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import type { PayrollRepaymentType } from '@coopledger/shared/schemas/payroll';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A repayment type's upload counter (runs.ts, claimPeriod): a sequence every upload of the type
 * moves, and the period (`start|end`) of each run of the type that may hold or post money, by run
 * id. docs/data-model.md, "Upload counter". The item does not store its cooperative: its key
 * inputs are the table's `pk` and `sk` (from keys.payrollUploadLock).
 */
export const UploadCounterEntity = new Entity({
  ...entityDefaults,
  name: 'PAYROLL_UPLOAD_LOCK',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    seq: number(),
    /** Absent on a counter written before it kept the periods. */
    periods: record(string(), string()).optional(),
    updated_at: string().optional(),
    entity: string().const('PAYROLL_UPLOAD_LOCK').hidden(),
  }),
});

export type UploadCounter = FormattedItem<typeof UploadCounterEntity>;

export const getUploadCounter = (tenant: string, type: PayrollRepaymentType): Promise<UploadCounter | undefined> =>
  getEntity(UploadCounterEntity, keys.payrollUploadLock(tenant, type), true);

/**
 * The counter moved by one upload, in its claim's transaction, with the periods it now keeps: only
 * if its sequence is still the one read (or, when none was read, only if there is none).
 */
export function counterItem(
  tenant: string,
  type: PayrollRepaymentType,
  read: UploadCounter | undefined,
  periods: Record<string, string>,
  at: string,
): TransactItem {
  const update = UploadCounterEntity.build(UpdateTransaction).item({
    ...keys.payrollUploadLock(tenant, type),
    seq: (read?.seq ?? 0) + 1,
    periods: $set(periods),
    entity: 'PAYROLL_UPLOAD_LOCK',
    updated_at: at,
  });
  return transactItem(
    update.options({ condition: read ? { attr: 'seq', eq: read.seq } : { attr: 'pk', exists: false } }).params(),
  );
}
