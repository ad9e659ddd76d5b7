import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, read, transactItem } from '#core/entity';
import { keys } from '#core/keys';
import { countedTotal } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, partitionCount, partitionQuery } from '#core/list-page';
import { mergedPage } from '#core/merged-page';

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

/** The list name of the cooperative's archive (a counter: `meta.total`). */
export const FORMS_LIST = 'loan-forms';

/**
 * One page of the archive, newest first (docs/decisions.md 2026-11-26 "Money lists in DynamoDB"):
 * one Query of gsi1 (counted); with the members a search found, their own forms (gsi2, the same
 * sort key) merged; one member's forms alone (gsi2; a COUNT Query for the total, a member keeps few).
 */
export async function formPage(
  tenant: string,
  request: PageRequest,
  filter: { memberIds?: string[]; memberId?: string },
): Promise<ListPage<LoanFormRecord>> {
  if (filter.memberId !== undefined) {
    const partition = keys.memberLoanFormsPartition(tenant, filter.memberId);
    return entityPage(LoanFormEntity, partition, request, {
      index: 'gsi2',
      reverse: true,
      total: partitionCount(LoanFormEntity, partition, { index: 'gsi2' }),
    });
  }
  if (filter.memberIds === undefined)
    return entityPage(LoanFormEntity, keys.loanFormsPartition(tenant), request, {
      index: 'gsi1',
      reverse: true,
      total: countedTotal(tenant, FORMS_LIST),
    });
  const parts = filter.memberIds.map((memberId) => {
    const partition = keys.memberLoanFormsPartition(tenant, memberId);
    return { partition, query: partitionQuery(LoanFormEntity, partition, { index: 'gsi2', reverse: true }) };
  });
  const found = await mergedPage(parts, request, { index: 'gsi2', sortBy: 'gsi2sk', reverse: true });
  return { data: found.data.map((stored) => read(LoanFormEntity, stored)), meta: found.meta };
}
