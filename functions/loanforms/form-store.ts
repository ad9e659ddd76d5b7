import type { LoanFormView } from '@coopledger/shared/loanform-views';
import type { Item } from '#core/db';
import { getItem, queryAll, table } from '#core/db';
import type { TransactItem } from '#core/db';
import { keys } from '#core/keys';

/**
 * Uploaded loan application forms (docs/data-model.md "Loan forms"). The PDF is in the files bucket
 * under `object_key`; the item is listed in the cooperative's archive (gsi1) and under the member
 * (gsi2), both by upload time.
 */
export interface LoanFormRecord extends Item {
  id: string;
  cooperative_id: string;
  /** The member number the form belongs to. */
  member_id: string;
  member_name: string;
  /** The name the file was uploaded with. */
  file_name: string;
  object_key: string;
  /** Bytes. */
  size: number;
  uploaded_by: string;
  created_at: string;
}

export type { LoanFormView };

export const presentForm = (form: LoanFormRecord): LoanFormView => ({
  id: form.id,
  member_id: form.member_id,
  member: { id: form.member_id, name: form.member_name },
  file_name: form.file_name,
  size: form.size,
  created_at: form.created_at,
});

export function formPut(form: LoanFormRecord): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.loanForm(form.cooperative_id, form.id), ...keys.loanFormIndex(form.cooperative_id, form.member_id, form.created_at, form.id), entity: 'LOAN_FORM', ...form },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export const findForm = (tenant: string, formId: string) => getItem<LoanFormRecord>(keys.loanForm(tenant, formId), true);

/** The cooperative's archive, newest first (one Query of gsi1). */
export const cooperativeForms = (tenant: string) =>
  queryAll<LoanFormRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.loanFormsPartition(tenant) },
    ScanIndexForward: false,
  });

/** One member's forms, newest first (one Query of gsi2). */
export const memberForms = (tenant: string, memberId: string) =>
  queryAll<LoanFormRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.memberLoanFormsPartition(tenant, memberId) },
    ScanIndexForward: false,
  });
