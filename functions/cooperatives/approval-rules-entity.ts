import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { ApprovalRules } from '@coopledger/shared/approval-rules';
import { DEFAULT_APPROVAL_RULES } from '@coopledger/shared/approval-rules';
import { kobo } from '@coopledger/shared/money';
import type { ApprovalRulesInput } from '@coopledger/shared/schemas/approval-rules';
import { entityDefaults, getEntity, tableKeyAttributes, writeItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A cooperative's four-eyes rules (docs/data-model.md "Approval rules"): one item beside the
 * cooperative's profile, replaced whole by each save. Until an admin saves it the defaults apply.
 */
export const ApprovalRulesEntity = new Entity({
  ...entityDefaults,
  name: 'APPROVAL_RULES',
  schema: item({
    ...tableKeyAttributes(),
    creator_cannot_approve: boolean(),
    /** Kobo; absent: no amount needs a second approval. */
    second_approval_above: number().optional(),
    updated_at: string(),
    updated_by: string(),
    entity: string().const('APPROVAL_RULES').hidden(),
  }),
});

export type ApprovalRulesRecord = FormattedItem<typeof ApprovalRulesEntity>;

/** The rules as stored, with who saved them last; undefined while the defaults apply. */
export const findApprovalRules = (tenant: string): Promise<ApprovalRulesRecord | undefined> =>
  getEntity(ApprovalRulesEntity, keys.approvalRules(tenant), true);

/** The rules an approval applies (the defaults until an admin saves some). */
export async function approvalRulesOf(tenant: string): Promise<ApprovalRules> {
  const record = await findApprovalRules(tenant);
  if (!record) return DEFAULT_APPROVAL_RULES;
  return {
    creator_cannot_approve: record.creator_cannot_approve,
    second_approval_above: record.second_approval_above === undefined ? null : kobo(record.second_approval_above),
  };
}

export async function saveApprovalRules(
  tenant: string,
  input: ApprovalRulesInput,
  by: string,
  at: string,
): Promise<ApprovalRulesRecord> {
  const record: ApprovalRulesRecord = {
    creator_cannot_approve: input.creator_cannot_approve,
    ...(input.second_approval_above === null ? {} : { second_approval_above: input.second_approval_above }),
    updated_at: at,
    updated_by: by,
  };
  await writeItem(
    ApprovalRulesEntity.build(PutTransaction)
      .item({ ...keys.approvalRules(tenant), ...record, entity: 'APPROVAL_RULES' })
      .params(),
  );
  return record;
}
