import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The running-loan claim (docs/data-model.md "Loans"): the member's latest loan of a product,
 * written with every application under a condition, so two applications at once cannot both pass
 * the one-running-loan-per-product rule. The item stores no cooperative id, so its key inputs are
 * the table keys themselves (from keys.runningLoanClaim), which every item holds.
 */
export const LoanClaimEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_CLAIM',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    loan_id: string(),
    member_id: string(),
    product_id: string(),
    created_at: string(),
    entity: string().const('LOAN_CLAIM').hidden(),
  }),
});

export type LoanClaimRecord = FormattedItem<typeof LoanClaimEntity>;

export const findLoanClaim = (
  tenant: string,
  memberId: string,
  productId: string,
): Promise<LoanClaimRecord | undefined> =>
  getEntity(LoanClaimEntity, keys.runningLoanClaim(tenant, memberId, productId), true);

/**
 * The claim taken by a new loan: only if there is none, or if it still names `stale`, the loan the
 * applicant's earlier claim named (read and found no longer running).
 */
export function claimPut(tenant: string, claim: LoanClaimRecord, stale: string | undefined): TransactItem {
  const put = LoanClaimEntity.build(PutTransaction)
    .item({ ...keys.runningLoanClaim(tenant, claim.member_id, claim.product_id), ...claim })
    .options({ condition: stale === undefined ? { attr: 'pk', exists: false } : { attr: 'loan_id', eq: stale } });
  return transactItem(put.params());
}
