import type { LoanRow } from '@coopledger/shared/loan-schedule';
import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $append, $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { any } from 'dynamodb-toolbox/schema/any';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { PaidStatus } from '@coopledger/shared/loan-views';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS } from '@coopledger/shared/statuses';
import type { LoanStatus } from '@coopledger/shared/statuses';
import type { Item, TransactItem } from '#core/db';
import { TransactionConditionFailed, countQuery, transactWrite } from '#core/db';
import {
  appTable,
  dateRange,
  effect,
  entityDefaults,
  getEntity,
  getEntities,
  transactItem,
  transition,
  read,
  entitiesIn,
  writeItem,
} from '#core/entity';
import type { AppError } from '#core/errors';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';
import { countChange, countMove, countedTotal } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, partitionCount, partitionQuery, queryPage, openEnded } from '#core/list-page';
import { ListRefEntity, listRefDelete, listRefPut } from '#core/list-ref-entity';
import { mergedPage } from '#core/merged-page';

/**
 * The loan (docs/data-model.md "Loans"): its key, its stored record, its statuses (LOAN_STATUS,
 * and LOAN_REPAYMENT_STATUS for `is_paid`), its queries and the builders of its changes. Money is
 * integer kobo.
 *
 * A loan item holds its repayment schedule (`schedule`, the engine's LoanRow[] from
 * shared/src/loan-schedule.ts) and `loan_balance`, the principal and interest still unpaid on it.
 * Every change to the schedule or the balance (approval, repayment, offset, restructure) writes both
 * together under the condition that `version` is still the one read, and adds 1 to it, so two such
 * changes can never interleave: the second one fails its condition, re-reads and recomputes.
 */
/** The lien placed on a savings plan at approval, kobo; released when the loan is completed. */
const lienSchema = map({ plan_id: string(), amount: number(), released: boolean() });

export const LoanEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    /** The applicant's member number. */
    member_id: string(),
    member: map({ firstname: string(), lastname: string() }),
    member_name: string(),
    /** The loan product (loan_product_id) and the loan setup it was applied under. */
    product_id: string(),
    product_name: string(),
    setup_id: string(),
    /** Kobo. */
    loan_amount: number(),
    /** Kobo: the schedule's interest. */
    total_interest: number(),
    /** Kobo: loan_amount + total_interest. */
    total_amount: number(),
    /** Kobo: principal + interest still unpaid on the stored schedule; 0 once completed. */
    loan_balance: number(),
    tenure: number(),
    tenure_type: string(),
    /** Percent per annum. */
    interest_rate: number(),
    calculation_method_id: number(),
    charge_id: string(),
    /** Kobo, computed from the setup's charge_type and charge_amount. */
    charge_amount: number(),
    /** From the loan setup at application (never the request); `penal_type` is its unit. */
    penal_charge: number(),
    penal_type: string().enum('None', 'Flat', 'Percentage').optional(),
    /** Percent of the loan amount withheld as upfront interest at disbursement. */
    upfront: number(),
    /** Kobo: upfront percent of loan_amount. */
    upfront_amount: number(),
    source: string(),
    repayment_type: string(),
    payment_start_date: string(),
    /** Application date (an imported loan: its disbursement date), YYYY-MM-DD. */
    date: string(),
    status: number().enum(LOAN_STATUS.PENDING, LOAN_STATUS.APPROVED, LOAN_STATUS.REJECTED),
    is_paid: number().enum(
      LOAN_REPAYMENT_STATUS.RUNNING,
      LOAN_REPAYMENT_STATUS.COMPLETED,
      LOAN_REPAYMENT_STATUS.INCOMPLETE,
    ),
    /** The two current sureties' request ids (none on an imported loan). */
    surety_ids: list(string()),
    /** Every surety request ever made for the loan (replaced ones too), removed with the loan. */
    all_surety_ids: list(string()),
    /**
     * The stored schedule (for a pending loan: the one it would have), the engine's LoanRow[]. Each
     * row is taken as written, not checked attribute by attribute: rows come only from the engine,
     * and checking their nine attributes made reading a 60-month loan some 15 times dearer (about
     * 5 ms against 0.3 ms on the loaded test machine), on reads that take every loan of a
     * cooperative (payroll dues, the loans list, reports). Updates always replace it whole ($set).
     */
    schedule: list(any().castAs<LoanRow>()),
    /** Bumped by every change to `schedule` or `loan_balance`. */
    version: number(),
    bank_id: string().optional(),
    reference_no: string().optional(),
    approved_at: string().optional(),
    approved_by: string().optional(),
    /** The first of two approvals, when the amount needs two (core/four-eyes.ts). */
    first_approval: map({ by: string(), at: string() }).optional(),
    rejected_at: string().optional(),
    rejected_by: string().optional(),
    completed_at: string().optional(),
    /** null until a lien is placed at approval. */
    lien: anyOf(nul(), lienSchema).optional(),
    /** An imported loan's amount repaid before the platform (kobo) and where it came from. */
    amount_repaid: number().optional(),
    imported: map({ import_id: string(), row: number() }).optional(),
    created_by: string(),
    created_at: string(),
    updated_at: string(),
    /** The application's own entity name (not Toolbox's). */
    entity: string().const('LOAN').hidden(),
    /** The cooperative's loans by application date. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /** A member's loans by creation time. */
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.loan(cooperative_id, id),
});

export type LoanRecord = FormattedItem<typeof LoanEntity>;
export type NewLoan = Omit<InputItem<typeof LoanEntity>, 'entity' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'>;
type LoanRef = Pick<LoanRecord, 'cooperative_id' | 'id'>;
const keyOf = (loan: LoanRef) => ({ cooperative_id: loan.cooperative_id, id: loan.id });

export const findLoan = (tenant: string, loanId: string, consistent = true): Promise<LoanRecord | undefined> =>
  getEntity(LoanEntity, keys.loan(tenant, loanId), consistent);

/** Loans by id (missing ones left out), in one BatchGetItem. */
export async function loansByIds(tenant: string, ids: string[]): Promise<Map<string, LoanRecord>> {
  if (ids.length === 0) return new Map();
  const found = await getEntities(
    LoanEntity,
    [...new Set(ids)].map((id) => keys.loan(tenant, id)),
  );
  return new Map(found.map((loan) => [loan.id, loan]));
}

/** The cooperative's loans by application date (one Query of gsi1, `to` inclusive), newest first. */
export function cooperativeLoans(tenant: string, from?: string, to?: string): Promise<LoanRecord[]> {
  return entitiesIn(LoanEntity, keys.loansPartition(tenant), {
    index: 'gsi1',
    range: dateRange(from, to),
    reverse: true,
  });
}

/** The cooperative's latest `limit` loans by application date (one page of gsi1). */
export function latestLoans(tenant: string, limit: number): Promise<LoanRecord[]> {
  return entitiesIn(LoanEntity, keys.loansPartition(tenant), { index: 'gsi1', reverse: true, limit });
}

/** How many of the cooperative's loans are pending (a COUNT Query of gsi1, filtered by status). */
export function pendingLoanCount(tenant: string): Promise<number> {
  const query = appTable
    .build(QueryCommand)
    .entities(LoanEntity)
    .query({ index: 'gsi1', partition: keys.loansPartition(tenant) })
    .options({ filters: { [LoanEntity.entityName]: { attr: 'status', eq: LOAN_STATUS.PENDING } } });
  const { TableName: _name, ...input } = query.params();
  return countQuery(input);
}

/** A member's loans (one Query of gsi2), newest first. */
export function memberLoans(tenant: string, memberId: string): Promise<LoanRecord[]> {
  return entitiesIn(LoanEntity, keys.memberLoansPartition(tenant, memberId), { index: 'gsi2', reverse: true });
}

/** The list names of the cooperative's loans and of its loans of one status (counters: `meta.total`). */
export const LOANS_LIST = 'loans';
export const loansOfStatusList = (status: LoanStatus) => `loans#status#${status}`;

type Listed = Pick<LoanRecord, 'cooperative_id' | 'id' | 'member_id' | 'date' | 'status'>;

/** A new loan's list entries (its status's, its member's) and counts, in the transaction that puts it. */
export function loanListing(loan: Listed): TransactItem[] {
  const { cooperative_id: tenant, id, member_id: memberId, date, status } = loan;
  return [
    listRefPut(keys.loanStatusRef(tenant, status, date, id), id),
    listRefPut(keys.memberLoanRef(tenant, memberId, date, id), id),
    countChange(tenant, LOANS_LIST, 1),
    countChange(tenant, loansOfStatusList(status), 1),
  ];
}

/** A deleted loan's list entries and counts taken away, in the transaction that deletes it. */
export function loanUnlisting(loan: Listed): TransactItem[] {
  const { cooperative_id: tenant, id, member_id: memberId, date, status } = loan;
  return [
    listRefDelete(keys.loanStatusRef(tenant, status, date, id)),
    listRefDelete(keys.memberLoanRef(tenant, memberId, date, id)),
    countChange(tenant, LOANS_LIST, -1),
    countChange(tenant, loansOfStatusList(status), -1),
  ];
}

/** A loan's status entry moved from `from` to `to`, with the counts, in the transaction of the move. */
export function loanStatusMove(loan: Listed, to: LoanStatus): TransactItem[] {
  const { cooperative_id: tenant, id, date, status: from } = loan;
  return [
    listRefDelete(keys.loanStatusRef(tenant, from, date, id)),
    listRefPut(keys.loanStatusRef(tenant, to, date, id), id),
    ...countMove(tenant, loansOfStatusList(from), loansOfStatusList(to)),
  ];
}

/**
 * One page of the cooperative's loans, latest application date first (docs/decisions.md 2026-11-26
 * "Money lists in DynamoDB"): by a member search, the found members' entries merged (a status then
 * checked on the page's loans: a page may hold fewer than per_page); by status, that status's
 * entries; else gsi1. A date range is a sort key range of each; the total is a counter without a
 * range or search, else what was seen.
 */
export async function loanPage(
  tenant: string,
  request: PageRequest,
  filter: { from?: string; to?: string; status?: LoanStatus; memberIds?: string[] },
): Promise<ListPage<LoanRecord>> {
  const { from, to, status, memberIds } = filter;
  const range = dateRange(from, to);
  if (memberIds === undefined && status === undefined) {
    const page = await entityPage(LoanEntity, keys.loansPartition(tenant), request, {
      index: 'gsi1',
      range,
      reverse: true,
      total: range ? 0 : countedTotal(tenant, LOANS_LIST),
    });
    return range ? openEnded(page) : page;
  }
  let refs: ListPage<Item>;
  if (memberIds !== undefined) {
    const parts = memberIds.map((memberId) => {
      const partition = keys.memberLoanRefsPartition(tenant, memberId);
      return { partition, query: partitionQuery(ListRefEntity, partition, { range, reverse: true }) };
    });
    refs = await mergedPage(parts, request, { sortBy: 'sk', reverse: true });
  } else {
    const partition = keys.loansOfStatusPartition(tenant, status as LoanStatus);
    refs = await queryPage(
      partitionQuery(ListRefEntity, partition, { range, reverse: true }),
      partition,
      request,
      undefined,
      range ? 0 : countedTotal(tenant, loansOfStatusList(status as LoanStatus)),
    );
    if (range) refs = openEnded(refs);
  }
  const ids = refs.data.map((ref) => read(ListRefEntity, ref).id);
  const byId = await loansByIds(tenant, ids);
  const data = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    data: memberIds !== undefined && status !== undefined ? data.filter((loan) => loan.status === status) : data,
    meta: refs.meta,
  };
}

/** One page of a member's loans, newest first (gsi2; a COUNT Query for the total: a member keeps few). */
export function memberLoanPage(tenant: string, memberId: string, request: PageRequest) {
  const partition = keys.memberLoansPartition(tenant, memberId);
  return entityPage(LoanEntity, partition, request, {
    index: 'gsi2',
    reverse: true,
    total: partitionCount(LoanEntity, partition, { index: 'gsi2' }),
  });
}

/** A new loan, listed by application date and under its member, under the condition that its id is new. */
export function putLoan(loan: NewLoan): TransactItem {
  const put = LoanEntity.build(PutTransaction)
    .item({ ...loan, ...keys.loanIndex(loan.cooperative_id, loan.member_id, loan.date, loan.created_at, loan.id) })
    .options({ condition: { attr: 'id', exists: false } });
  return transactItem(put.params());
}

export interface LoanApproval {
  bank_id: string;
  approved_by: string;
  approved_at: string;
  reference_no: string;
  /** The schedule generated at approval, its balance and totals. */
  schedule: LoanRow[];
  loan_balance: number;
  total_interest: number;
  total_amount: number;
  lien: { plan_id: string; amount: number; released: boolean } | null;
}

/** Records the first of two approvals of a pending loan; a 409 when it is no longer pending or has one. */
export async function recordLoanFirstApproval(
  loan: Pick<LoanRecord, 'cooperative_id' | 'id'>,
  mark: { by: string; at: string },
): Promise<void> {
  const update = LoanEntity.build(UpdateTransaction)
    .item({ ...keyOf(loan), first_approval: $set(mark), updated_at: mark.at })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: LOAN_STATUS.PENDING },
          { attr: 'first_approval', exists: false },
        ],
      },
    });
  await writeItem(update.params(), conflict('This loan was approved or changed meanwhile; reload it and try again'));
}

/**
 * The ledger effect of a disbursement: status pending -> approved and Running, with the schedule
 * stored again, under the version read (a 409 when the loan is no longer pending as read).
 */
export function approvalEffect(
  loan: Pick<LoanRecord, 'cooperative_id' | 'id' | 'version'>,
  approval: LoanApproval,
): Effect {
  const update = LoanEntity.build(UpdateTransaction)
    .item({
      ...keyOf(loan),
      ...approval,
      schedule: $set(approval.schedule),
      lien: approval.lien === null ? null : $set(approval.lien),
      status: LOAN_STATUS.APPROVED,
      is_paid: LOAN_REPAYMENT_STATUS.RUNNING,
      updated_at: approval.approved_at,
      version: $add(1),
    })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: LOAN_STATUS.PENDING },
          { attr: 'version', eq: loan.version },
        ],
      },
    });
  return effect(update.params(), conflict('This loan is no longer pending; only pending loans can be approved'));
}

/** Rejects a pending loan (status pending -> rejected, its status entry moved); a 409 when it is no longer pending. */
export async function rejectPendingLoan(
  loan: Listed,
  by: string,
  at: string,
  /** What else lands with the rejection (the applicant's notification), after the loan's own items. */
  also: TransactItem[] = [],
): Promise<void> {
  const update = transition(LoanEntity, keyOf(loan), LOAN_STATUS.PENDING, LOAN_STATUS.REJECTED, {
    rejected_by: by,
    rejected_at: at,
    updated_at: at,
  });
  try {
    await transactWrite([transactItem(update.params()), ...loanStatusMove(loan, LOAN_STATUS.REJECTED), ...also]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed)
      throw conflict('This loan is no longer pending; only pending loans can be rejected');
    throw error;
  }
}

/** A condition (no change) that the loan is still pending, for a transaction that answers its sureties. */
export function pendingLoanCheck(loan: LoanRef): TransactItem {
  return transactItem(
    LoanEntity.build(ConditionCheck).key(keyOf(loan)).condition({ attr: 'status', eq: LOAN_STATUS.PENDING }).params(),
  );
}

/**
 * The mark of an approved loan (is_paid Running, Completed or Incomplete) from the mark and the
 * version it was read with (the payroll due item written beside it comes from the schedule read);
 * `lien` is the loan's lien as it is after the mark (released when completing releases it).
 */
export function markUpdate(
  loan: Pick<LoanRecord, 'cooperative_id' | 'id' | 'is_paid' | 'version'>,
  to: PaidStatus,
  lien: LoanRecord['lien'] | null,
  now: string,
): TransactItem {
  const update = LoanEntity.build(UpdateTransaction)
    .item({
      ...keyOf(loan),
      is_paid: to,
      lien: lien ? $set(lien) : null,
      updated_at: now,
      ...(to === LOAN_REPAYMENT_STATUS.COMPLETED ? { completed_at: now } : {}),
    })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: LOAN_STATUS.APPROVED },
          { attr: 'is_paid', eq: loan.is_paid },
          { attr: 'version', eq: loan.version },
        ],
      },
    });
  return transactItem(update.params());
}

/**
 * The loan item's change when a repayment (an offset, a payroll deduction) settles schedule rows:
 * the new schedule and balance under the version it read (and still approved, still as paid as it
 * was), the version bumped; when nothing is left, Completed, and the lien marked released when the
 * caller releases it in the same transaction.
 */
export function loanRepaymentUpdate(
  tenant: string,
  loan: Pick<LoanRecord, 'id' | 'version' | 'is_paid' | 'lien'>,
  change: { rows: LoanRow[]; balance: number; completed: boolean; releaseLien: boolean; now: string },
  onConditionFailed: AppError,
): Effect {
  const completion = change.completed
    ? {
        is_paid: LOAN_REPAYMENT_STATUS.COMPLETED,
        completed_at: change.now,
        ...(change.releaseLien && loan.lien ? { lien: $set({ ...loan.lien, released: true }) } : {}),
      }
    : {};
  const update = LoanEntity.build(UpdateTransaction)
    .item({
      cooperative_id: tenant,
      id: loan.id,
      schedule: $set(change.rows),
      loan_balance: change.balance,
      updated_at: change.now,
      version: $add(1),
      ...completion,
    })
    .options({
      condition: {
        and: [
          { attr: 'version', eq: loan.version },
          { attr: 'status', eq: LOAN_STATUS.APPROVED },
          { attr: 'is_paid', eq: loan.is_paid },
        ],
      },
    });
  return effect(update.params(), onConditionFailed);
}

/**
 * A repayment taken back (a payroll reversal): the schedule and balance as they were, the version
 * bumped, under the version the reversal read; a loan the repayment completed runs again, and a lien
 * it released is held again.
 */
export function loanReversalUpdate(
  tenant: string,
  loan: Pick<LoanRecord, 'id' | 'version' | 'lien'>,
  change: { rows: LoanRow[]; balance: number; reopen: boolean; holdLien: boolean; now: string },
  onConditionFailed: AppError,
): Effect {
  const reopened = change.reopen ? { is_paid: LOAN_REPAYMENT_STATUS.RUNNING, completed_at: $remove() } : {};
  const lien = change.holdLien && loan.lien ? { lien: $set({ ...loan.lien, released: false }) } : {};
  const update = LoanEntity.build(UpdateTransaction)
    .item({
      cooperative_id: tenant,
      id: loan.id,
      schedule: $set(change.rows),
      loan_balance: change.balance,
      updated_at: change.now,
      version: $add(1),
      ...reopened,
      ...lien,
    })
    .options({ condition: { attr: 'version', eq: loan.version } });
  return effect(update.params(), onConditionFailed);
}

/**
 * A pending loan's surety at `index` replaced: the current pair becomes `suretyIds`, and the new
 * request joins every request the loan ever had; only while the loan is pending and the slot still
 * holds the request being replaced.
 */
export function suretyReplacement(
  loan: LoanRef,
  index: number,
  replacedId: string,
  suretyIds: string[],
  freshId: string,
  now: string,
): TransactItem {
  const update = LoanEntity.build(UpdateTransaction)
    .item({ ...keyOf(loan), surety_ids: $set(suretyIds), all_surety_ids: $append([freshId]), updated_at: now })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: LOAN_STATUS.PENDING },
          { attr: `surety_ids[${index}]`, eq: replacedId },
        ],
      },
    });
  return transactItem(update.params());
}

/** A running loan's new surety request, listed among all its requests (not yet one of its two sureties). */
export function runningSuretyAsked(loan: LoanRef, index: number, outgoingId: string, freshId: string): TransactItem {
  const update = LoanEntity.build(UpdateTransaction)
    .item({ ...keyOf(loan), all_surety_ids: $append([freshId]) })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: LOAN_STATUS.APPROVED },
          { attr: 'is_paid', ne: LOAN_REPAYMENT_STATUS.COMPLETED },
          { attr: `surety_ids[${index}]`, eq: outgoingId },
        ],
      },
    });
  return transactItem(update.params());
}

/** A running loan's surety `outgoingId` (at `index`) replaced by the approved `freshId`. */
export function runningSuretyReplaced(
  loan: LoanRef,
  index: number,
  outgoingId: string,
  suretyIds: string[],
  now: string,
): TransactItem {
  const update = LoanEntity.build(UpdateTransaction)
    .item({ ...keyOf(loan), surety_ids: $set(suretyIds), updated_at: now })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: LOAN_STATUS.APPROVED },
          { attr: `surety_ids[${index}]`, eq: outgoingId },
        ],
      },
    });
  return transactItem(update.params());
}

/**
 * Deletes a loan unless it has been disbursed, still of the status it was read with, with its list
 * entries and counts.
 */
export function loanDeletion(loan: Listed): TransactItem[] {
  const deletion = LoanEntity.build(DeleteTransaction)
    .key(keyOf(loan))
    .options({
      condition: {
        and: [
          { attr: 'status', ne: LOAN_STATUS.APPROVED },
          { attr: 'status', eq: loan.status },
        ],
      },
    });
  return [transactItem(deletion.params()), ...loanUnlisting(loan)];
}

/** A condition (no change) that the loan is still approved and running, for a change to its guarantees. */
export function runningLoanCheck(loan: LoanRef): TransactItem {
  return transactItem(
    LoanEntity.build(ConditionCheck)
      .key(keyOf(loan))
      .condition({
        and: [
          { attr: 'status', eq: LOAN_STATUS.APPROVED },
          { attr: 'is_paid', ne: LOAN_REPAYMENT_STATUS.COMPLETED },
        ],
      })
      .params(),
  );
}
