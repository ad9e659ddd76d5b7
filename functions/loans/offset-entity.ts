import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { OFFSET_MODE, OFFSET_TYPE } from '@coopledger/shared/schemas/loan-offsets';
import type { Effect } from '#core/ledger';
import { effect, entityDefaults, getEntity } from '#core/entity';
import { keys } from '#core/keys';
import { countChange, countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage, partitionCount } from '#core/list-page';

/**
 * A loan offset (docs/data-model.md "Loan offsets"): the record of one part or full repayment from a
 * bank account (mode 1) or from savings (mode 2), written in the transaction of its ledger posting,
 * listed for the cooperative (gsi1) and under the member (gsi2) by creation time. Money is kobo.
 */
export const LoanOffsetEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_OFFSET',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    loan_id: string(),
    member_id: string(),
    member_name: string(),
    product_id: string(),
    product_name: string(),
    mode: number().enum(OFFSET_MODE.BANK, OFFSET_MODE.SAVINGS),
    type: number().enum(OFFSET_TYPE.PARTIAL, OFFSET_TYPE.FULL, OFFSET_TYPE.RESTRUCTURE),
    /** The loan's balance (unpaid principal and interest on its schedule) before the offset. */
    initial_loan_amount: number(),
    /** What the member paid. */
    offset_amount: number(),
    /** The loan's balance after it (0 for a Full Offset). */
    new_loan_amount: number(),
    principal_paid: number(),
    interest_paid: number(),
    /** Mode 1: the bank account received into. */
    bank_id: anyOf(string(), nul()),
    /** Mode 2: the savings plan debited. */
    savings_id: anyOf(string(), nul()),
    savings_product_name: anyOf(string(), nul()),
    /** The day the money was received, YYYY-MM-DD (the posting date). */
    date: string(),
    restructure_tenure: anyOf(number(), nul()),
    payment_start_date: anyOf(string(), nul()),
    /** The loan's version the offset applied to. */
    loan_version: number(),
    reference_no: string(),
    /** The posting's idempotency key; its idempotency item names the journal. */
    posting_key: string(),
    created_by: string(),
    created_at: string(),
    entity: string().const('LOAN_OFFSET').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.loanOffset(cooperative_id, id),
});

export type LoanOffsetRecord = FormattedItem<typeof LoanOffsetEntity>;

export const findOffset = (tenant: string, offsetId: string): Promise<LoanOffsetRecord | undefined> =>
  getEntity(LoanOffsetEntity, keys.loanOffset(tenant, offsetId), true);

/** The offset record as a ledger effect, under the condition that its id is new. */
export function offsetPutEffect(offset: LoanOffsetRecord): Effect {
  const put = LoanOffsetEntity.build(PutTransaction)
    .item({ ...offset, ...keys.loanOffsetIndex(offset.cooperative_id, offset.member_id, offset.created_at, offset.id) })
    .options({ condition: { attr: 'id', exists: false } });
  return effect(put.params());
}

/** The list name of the cooperative's offset history (a counter: `meta.total`). */
export const OFFSETS_LIST = 'loan-offsets';

/** The offset's count in the cooperative's history, as a ledger effect of the posting that writes it. */
export const offsetCountEffect = (offset: LoanOffsetRecord): Effect => ({
  item: countChange(offset.cooperative_id, OFFSETS_LIST, 1),
});

/**
 * One page of the offset history, newest first: a member's (gsi2; a COUNT Query for the total, a
 * member keeps few) or the cooperative's (gsi1, counted).
 */
export function offsetPage(tenant: string, request: PageRequest, memberId?: string) {
  if (memberId === undefined)
    return entityPage(LoanOffsetEntity, keys.loanOffsetsPartition(tenant), request, {
      index: 'gsi1',
      reverse: true,
      total: countedTotal(tenant, OFFSETS_LIST),
    });
  const partition = keys.memberLoanOffsetsPartition(tenant, memberId);
  return entityPage(LoanOffsetEntity, partition, request, {
    index: 'gsi2',
    reverse: true,
    total: partitionCount(LoanOffsetEntity, partition, { index: 'gsi2' }),
  });
}
