import type { TransactItem } from '#core/db';
import { table } from '#core/db';
import { keys } from '#core/keys';
import type { LoanRecord } from './loan-store.ts';

/**
 * The items a loan import writes beside its ledger batch row (functions/loans/import.ts): the new
 * loan, written only if its id (the row's identity) is new, and the member's running-loan claim
 * for the product. Plain transaction items until the loan has its entity module.
 */

/** The imported loan's item, under the condition that no loan has its id. */
export function newLoanItem(tenant: string, loan: LoanRecord, now: string): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.loan(tenant, loan.id), ...keys.loanIndex(tenant, loan.member_id, loan.date, now, loan.id), entity: 'LOAN', ...loan },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The member's running-loan claim for the product, taken when there is none or it names `stale` (a loan no longer running). */
export function runningLoanClaimItem(tenant: string, loan: Pick<LoanRecord, 'id' | 'member_id' | 'product_id'>, stale: string | undefined, now: string): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.runningLoanClaim(tenant, loan.member_id, loan.product_id), entity: 'LOAN_CLAIM', loan_id: loan.id, member_id: loan.member_id, product_id: loan.product_id, created_at: now },
      ConditionExpression: stale ? 'loan_id = :stale' : 'attribute_not_exists(pk)',
      ExpressionAttributeValues: stale ? { ':stale': stale } : undefined,
    },
  };
}
