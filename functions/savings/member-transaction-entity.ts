import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { dateRange, entityDefaults, transactItem, entitiesIn } from '#core/entity';
import { entityFilteredPage, filteredWalk } from '#core/filtered-page';
import { keys } from '#core/keys';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, openEnded, partitionCount, partitionQuery } from '#core/list-page';

/**
 * A member transaction: one line of a member's history (deposit, withdrawal, interest, loan
 * disbursement, offset, payroll repayment, reversal), written in the same transaction as the money it
 * records by orders, interest, loan approval and offsets, and payroll posting and reversal.
 * docs/data-model.md, "Member transaction". The item stores no cooperative id, so the entity is keyed
 * by the table's own pk/sk, computed with keys.memberTransaction.
 */
export const MemberTransactionEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER_TRANSACTION',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    id: string(),
    reference_no: string(),
    type: map({ name: string() }),
    /** DEPOSIT, WITHDRAWAL, INTEREST, LOAN_DISBURSEMENT, LOAN_OFFSET, LOAN_REPAYMENT, MEMBER_EXIT, ... */
    type_name: string(),
    description: string(),
    /** Kobo. */
    amount: number(),
    /** The day the money moved, YYYY-MM-DD. */
    transaction_date: string(),
    /** The savings plan moved ('' for a loan's own movements). */
    savings_id: string(),
    product_name: string(),
    member_id: string(),
    /** What the transaction belongs to, when it belongs to one. */
    order_id: string().optional(),
    loan_id: string().optional(),
    offset_id: string().optional(),
    payroll_run_id: string().optional(),
    dividend_id: string().optional(),
    created_at: string(),
    entity: string().const('MEMBER_TRANSACTION').hidden(),
  }),
});

export type MemberTransaction = FormattedItem<typeof MemberTransactionEntity>;

/** The Put of a new member transaction in its member's partition, only if its key is new. */
export function putMemberTransaction(tenant: string, txn: MemberTransaction): TransactItem {
  const key = keys.memberTransaction(tenant, txn.member_id, txn.transaction_date, txn.id);
  const put = MemberTransactionEntity.build(PutTransaction)
    .item({ ...txn, ...key, entity: 'MEMBER_TRANSACTION' })
    .options({ condition: { attr: 'pk', exists: false } });
  return transactItem(put.params());
}

/**
 * A member's transactions by date (one Query of the member's partition, `to` inclusive), newest
 * first; `limit` reads only the latest page.
 */
export function memberTransactionsOf(
  tenant: string,
  memberId: string,
  range: { from?: string; to?: string; limit?: number } = {},
): Promise<MemberTransaction[]> {
  return entitiesIn(MemberTransactionEntity, keys.memberTransactionsPartition(tenant, memberId), {
    range: dateRange(range.from, range.to),
    reverse: true,
    limit: range.limit,
  });
}

/**
 * A member's latest movements of their savings plans, newest first: loan disbursements and
 * repayments (written with no savings_id) are left out, so a savings overview shows savings alone.
 * The partition is walked from the newest until `count` are found.
 */
export async function latestSavingsMovements(
  tenant: string,
  memberId: string,
  count: number,
): Promise<MemberTransaction[]> {
  const query = partitionQuery(MemberTransactionEntity, keys.memberTransactionsPartition(tenant, memberId), {
    reverse: true,
  });
  const found = await filteredWalk(MemberTransactionEntity, query, undefined, count, (txn) => txn.savings_id !== '');
  return found.slice(0, count).map((f) => f.record);
}

/**
 * One page of a member's transactions, newest first (docs/decisions.md 2026-11-26 "Paging setup
 * kinds, roles, GL accounts and a member's transactions"): one Query of the member's partition, the
 * date range as its key range; `keep` (the free-text search) walks the partition from the cursor.
 * The whole history's total is a COUNT Query of the member's partition (one member's items only);
 * a date range's or a search's is what was seen up to this page, plus one when there is a next page.
 */
export async function memberTransactionPage(
  tenant: string,
  memberId: string,
  request: PageRequest,
  filter: { from?: string; to?: string; keep?: (txn: MemberTransaction) => boolean },
): Promise<ListPage<MemberTransaction>> {
  const partition = keys.memberTransactionsPartition(tenant, memberId);
  const range = dateRange(filter.from, filter.to);
  const where = { range, reverse: true };
  if (filter.keep)
    return openEnded(
      await entityFilteredPage(MemberTransactionEntity, partition, request, { ...where, keep: filter.keep }),
    );
  if (range) return openEnded(await entityPage(MemberTransactionEntity, partition, request, { ...where, total: 0 }));
  return entityPage(MemberTransactionEntity, partition, request, {
    ...where,
    total: partitionCount(MemberTransactionEntity, partition),
  });
}

/**
 * How each type of member transaction written with a savings_id moves that plan's balance: savings
 * orders, interest, dividends paid into savings, offsets from savings, payroll deposits and their
 * reversal, store purchases and refunds. The interest run and the member statement both read a
 * plan's history through it; a type missing here is an error there, never a silent zero.
 */
export const PLAN_MOVEMENT_SIGNS: Readonly<Record<string, 1 | -1>> = {
  DEPOSIT: 1,
  INTEREST: 1,
  DIVIDEND: 1,
  ESHOP_REFUND: 1,
  WITHDRAWAL: -1,
  LOAN_OFFSET: -1,
  PAYROLL_REVERSAL: -1,
  ESHOP_PURCHASE: -1,
  /** A plan closed on the member's exit: its whole balance taken out (functions/members/exits.ts). */
  MEMBER_EXIT: -1,
};
