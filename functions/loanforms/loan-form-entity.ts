import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, transactItem, entitiesIn } from '#core/entity';
import { keys } from '#core/keys';

/**
 * An uploaded loan application form (docs/data-model.md "Loan forms"). The PDF is in the files
 * bucket under `object_key`; the item is listed in the cooperative's archive (gsi1) and under the
 * member (gsi2), both by upload time.
 */
export const LoanFormEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_FORM',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    /** The member number the form belongs to. */
    member_id: string(),
    member_name: string(),
    /** The name the file was uploaded with. */
    file_name: string(),
    object_key: string(),
    /** Bytes. */
    size: number(),
    uploaded_by: string(),
    created_at: string(),
    entity: string().const('LOAN_FORM').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.loanForm(cooperative_id, id),
});

export type LoanFormRecord = FormattedItem<typeof LoanFormEntity>;

/** A new form's item, listed in the archive and under the member, under the condition that its id is new. */
export function formPut(form: LoanFormRecord): TransactItem {
  const put = LoanFormEntity.build(PutTransaction)
    .item({ ...form, ...keys.loanFormIndex(form.cooperative_id, form.member_id, form.created_at, form.id) })
    .options({ condition: { attr: 'id', exists: false } });
  return transactItem(put.params());
}

export const findForm = (tenant: string, formId: string): Promise<LoanFormRecord | undefined> =>
  getEntity(LoanFormEntity, keys.loanForm(tenant, formId), true);

/** The cooperative's archive, newest first (one Query of gsi1). */
export function cooperativeForms(tenant: string): Promise<LoanFormRecord[]> {
  return entitiesIn(LoanFormEntity, keys.loanFormsPartition(tenant), { index: 'gsi1', reverse: true });
}

/** One member's forms, newest first (one Query of gsi2). */
export function memberForms(tenant: string, memberId: string): Promise<LoanFormRecord[]> {
  return entitiesIn(LoanFormEntity, keys.memberLoanFormsPartition(tenant, memberId), { index: 'gsi2', reverse: true });
}
