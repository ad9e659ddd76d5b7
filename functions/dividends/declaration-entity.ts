import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import { findBatchRows } from '#core/batch-ledger';
import type { Item, TransactItem } from '#core/db';
import { TransactionConditionFailed, deleteKeys, getItems, putItems, queryAll, transactWrite } from '#core/db';
import type { Effect } from '#core/ledger';
import { effect, entitiesIn, entityDefaults, getEntity, read, transactItem, transition, writeItem } from '#core/entity';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import { countChange, countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage, partitionQuery, send } from '#core/list-page';

/**
 * Dividend declarations (docs/data-model.md "Dividends"): a head item with the declaration's terms,
 * totals and status, and one line per member in the same partition. A Draft's lines are written
 * before its head, so a head always has its lines; lines left by a save that failed before its head
 * are never read (no head names them) and are deleted by it.
 */
export const DeclarationEntity = new Entity({
  ...entityDefaults,
  name: 'DIVIDEND',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    id: string(),
    source: string().enum('compute', 'upload'),
    from: string().optional(),
    to: string().optional(),
    x_percent: number().optional(),
    y_percent: number().optional(),
    /** The pool, kobo. */
    amount: number(),
    /** The revenue sharing the pool was carried from (kobo figures), when it was. */
    sharing: map({
      from: string(),
      to: string(),
      distributable: number().big(),
      reserve: number(),
      admin_fee: number(),
    }).optional(),
    members: number(),
    savings_basis: number().big(),
    loan_basis: number().big(),
    savings_part: number(),
    loan_part: number(),
    status: number().enum(
      DIVIDEND_STATUS.DRAFT,
      DIVIDEND_STATUS.APPROVED,
      DIVIDEND_STATUS.PAID,
      DIVIDEND_STATUS.CANCELLED,
    ),
    created_by: string(),
    created_at: string(),
    approved_by: string().optional(),
    approved_at: string().optional(),
    journal_id: string().optional(),
    /** The payment (functions/dividends/payment.ts): into savings plans by a workflow, or by bank at once. */
    pay_mode: string().enum('savings', 'bank').optional(),
    pay_product_id: string().optional(),
    pay_bank_id: string().optional(),
    /** PAYING while the workflow runs, FAILED when it stopped (paying again pays the rest), COMPLETED. */
    pay_status: string().enum('PAYING', 'FAILED', 'COMPLETED').optional(),
    /** The payment's accounting date, kept by a payment started again. */
    pay_date: string().optional(),
    pay_attempt: number().optional(),
    pay_error: string().optional(),
    /** Member lines to pay and paid so far (ADDed by the workflow's chunks). */
    rows: number().optional(),
    rows_paid: number().optional(),
    pay_journal_ids: list(string()).optional(),
    paid_by: string().optional(),
    paid_at: string().optional(),
    entity: string().const('DIVIDEND').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
  }),
});

export type DeclarationRecord = FormattedItem<typeof DeclarationEntity>;

/** One member's line of a declaration (kobo). */
export const DeclarationMemberEntity = new Entity({
  ...entityDefaults,
  name: 'DIVIDEND_MEMBER',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    member_id: string(),
    member_name: string(),
    savings_basis: number().big(),
    loan_basis: number().big(),
    savings_part: number(),
    loan_part: number(),
    amount: number(),
    entity: string().const('DIVIDEND_MEMBER').hidden(),
  }),
});

export type DeclarationMember = FormattedItem<typeof DeclarationMemberEntity>;

/** The periods of the approved dividends, replaced whole under `version` by each approval. */
export const DividendPeriodsEntity = new Entity({
  ...entityDefaults,
  name: 'DIVIDEND_PERIODS',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    periods: list(map({ id: string(), from: string(), to: string() })),
    version: number(),
    entity: string().const('DIVIDEND_PERIODS').hidden(),
  }),
});

export type DividendPeriods = FormattedItem<typeof DividendPeriodsEntity>;

/**
 * A member's row of a payment into savings: the row item of the dividend's ledger batch
 * (functions/core/batch-ledger.ts writes it once, in the row's transaction; payment.ts says what
 * goes in it). Only the batch ledger writes it; this module reads what a member's view needs.
 */
export const DividendPaymentRowEntity = new Entity({
  ...entityDefaults,
  name: 'DIVIDEND_PAYMENT_ROW',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    member_id: string(),
    plan_id: string(),
    /** Kobo. */
    amount: number(),
    /** The payment's accounting date. */
    date: string(),
  }),
});

export type DividendPaymentRow = FormattedItem<typeof DividendPaymentRowEntity>;

/** The ledger batch a payment into savings posts its members to, one row per member number. */
export const paymentBatchKey = (id: string) => `dividend#${id}`;

export const DIVIDENDS_ALL = 'dividends#all';

export const getDeclaration = (tenant: string, id: string) =>
  getEntity(DeclarationEntity, keys.dividend(tenant, id), true);

export const dividendPeriods = (tenant: string) => getEntity(DividendPeriodsEntity, keys.dividendPeriods(tenant), true);

/** One page of the cooperative's declarations, newest first. */
export const declarationPage = (tenant: string, request: PageRequest) =>
  entityPage(DeclarationEntity, keys.dividendsPartition(tenant), request, {
    index: 'gsi1',
    reverse: true,
    total: countedTotal(tenant, DIVIDENDS_ALL),
  });

/** One page of a declaration's member lines, by member number. */
export const declarationMemberPage = (tenant: string, declaration: DeclarationRecord, request: PageRequest) =>
  entityPage(DeclarationMemberEntity, keys.dividendPartition(tenant, declaration.id), request, {
    range: { beginsWith: 'M#' },
    total: declaration.members,
  });

/** Every declaration of the cooperative, newest first: a few a year, so read whole (one Query of gsi1). */
export const allDeclarations = (tenant: string): Promise<DeclarationRecord[]> =>
  entitiesIn(DeclarationEntity, keys.dividendsPartition(tenant), { index: 'gsi1', reverse: true });

/**
 * One member's lines of the given declarations, by declaration id (BatchGetItem of their keys, 100 a
 * call); a declaration without a line for the member is left out.
 */
export async function memberLinesOf(
  tenant: string,
  ids: string[],
  memberId: string,
): Promise<Map<string, DeclarationMember>> {
  const idOf = new Map(ids.map((id) => [keys.dividendPartition(tenant, id), id]));
  const found = await getItems<Item>(ids.map((id) => keys.dividendMember(tenant, id, memberId)));
  const lines = new Map<string, DeclarationMember>();
  for (const stored of found) {
    const id = idOf.get(String(stored.pk));
    if (id !== undefined) lines.set(id, read(DeclarationMemberEntity, stored));
  }
  return lines;
}

/** A member's row of a dividend's payment into savings, once it was posted (one BatchGetItem of one key). */
export async function paymentRowOf(
  tenant: string,
  id: string,
  memberId: string,
): Promise<DividendPaymentRow | undefined> {
  const stored = (await findBatchRows<Item>(tenant, paymentBatchKey(id), [memberId])).get(memberId);
  return stored ? read(DividendPaymentRowEntity, stored) : undefined;
}

const lineKeys = async (tenant: string, id: string) =>
  (
    await queryAll<Item>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
      ExpressionAttributeValues: { ':pk': keys.dividendPartition(tenant, id), ':m': 'M#' },
      ProjectionExpression: 'pk, sk',
    })
  ).map((stored) => ({ pk: String(stored.pk), sk: String(stored.sk) }));

/** A declaration's member lines kept in memory (payment, the report): every line, by member number. */
export const declarationMembers = (tenant: string, id: string): Promise<DeclarationMember[]> =>
  queryAll<Item>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
    ExpressionAttributeValues: { ':pk': keys.dividendPartition(tenant, id), ':m': 'M#' },
  }).then((found) => found.map((stored) => read(DeclarationMemberEntity, stored)));

/**
 * Up to `limit` of a declaration's member lines, by member number, after the member `after` (from
 * the first without it): one Query of `limit + 1` lines, the extra one telling whether more follow.
 * `next` is the member number the next page starts after, when there is one. However many members
 * the cooperative has, a caller holds one page at a time (the notice of a dividend paid by bank).
 */
export async function declarationMembersAfter(
  tenant: string,
  id: string,
  after: string | undefined,
  limit: number,
): Promise<{ lines: DeclarationMember[]; next?: string }> {
  const query = partitionQuery(DeclarationMemberEntity, keys.dividendPartition(tenant, id), {
    range: { beginsWith: 'M#' },
  });
  const start = after ? keys.dividendMember(tenant, id, after) : undefined;
  const found = ((await send(query, start, limit + 1)).Items ?? []) as Item[];
  const lines = found.slice(0, limit).map((stored) => read(DeclarationMemberEntity, stored));
  return found.length > limit ? { lines, next: lines[lines.length - 1].member_id.toUpperCase() } : { lines };
}

/**
 * Saves a Draft: its member lines (BatchWriteItem, several calls in flight), then its head and the
 * list's count in one transaction; if the head cannot be written the lines are deleted again.
 */
export async function saveDraft(tenant: string, record: DeclarationRecord, lines: DeclarationMember[]): Promise<void> {
  await putItems(
    lines.map((line) => ({
      ...keys.dividendMember(tenant, record.id, line.member_id),
      ...line,
      entity: 'DIVIDEND_MEMBER',
    })),
    8,
  );
  const head = DeclarationEntity.build(PutTransaction)
    .item({
      ...record,
      ...keys.dividend(tenant, record.id),
      ...keys.dividendIndex(tenant, record.created_at, record.id),
      entity: 'DIVIDEND',
    })
    .options({ condition: { attr: 'id', exists: false } });
  try {
    await transactWrite([transactItem(head.params()), countChange(tenant, DIVIDENDS_ALL, 1)]);
  } catch (error) {
    await deleteKeys(await lineKeys(tenant, record.id), 8);
    throw error;
  }
}

/** Deletes a Draft (its head under `status = Draft`, then its lines); a 409 once it is not a Draft. */
export async function deleteDraft(tenant: string, id: string): Promise<void> {
  const head = DeclarationEntity.build(DeleteTransaction)
    .key(keys.dividend(tenant, id))
    .options({ condition: { attr: 'status', eq: DIVIDEND_STATUS.DRAFT } });
  const items: TransactItem[] = [transactItem(head.params()), countChange(tenant, DIVIDENDS_ALL, -1)];
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) throw conflict('Only a Draft dividend can be deleted');
    throw error;
  }
  await deleteKeys(await lineKeys(tenant, id), 8);
}

/**
 * The effects of an approval: the head Draft -> Approved (409 once it is not a Draft) and the
 * approved periods with this one added, under the version read (409 when another approval landed).
 */
export function approvalEffects(
  tenant: string,
  record: DeclarationRecord,
  periods: DividendPeriods | undefined,
  approval: { approved_by: string; approved_at: string; journal_id: string },
): Effect[] {
  const head = transition(
    DeclarationEntity,
    keys.dividend(tenant, record.id),
    DIVIDEND_STATUS.DRAFT,
    DIVIDEND_STATUS.APPROVED,
    approval,
  );
  const effects: Effect[] = [
    effect(head.params(), conflict('This dividend is no longer a Draft: it was approved or deleted')),
  ];
  if (record.from && record.to) {
    const version = periods?.version ?? 0;
    const put = DividendPeriodsEntity.build(PutTransaction)
      .item({
        ...keys.dividendPeriods(tenant),
        periods: [...(periods?.periods ?? []), { id: record.id, from: record.from, to: record.to }],
        version: version + 1,
        entity: 'DIVIDEND_PERIODS',
      })
      .options({
        condition: periods ? { attr: 'version', eq: version } : { attr: 'version', exists: false },
      });
    effects.push(effect(put.params(), conflict('Another dividend was approved at the same time; try again')));
  }
  return effects;
}

/**
 * Whether a stopped payment into savings paid anyone: members counted as paid, or a journal its
 * Finish settled from the batch (which holds every row posted, counted or not). Then the rest are
 * paid into savings too, into the same product.
 */
export function paidSome(record: DeclarationRecord): boolean {
  return record.pay_mode === 'savings' && ((record.rows_paid ?? 0) > 0 || (record.pay_journal_ids?.length ?? 0) > 0);
}

/** What a payment started with: the mode, the chosen savings product or bank, its date and who. */
export interface PaymentStart {
  pay_mode: 'savings' | 'bank';
  pay_product_id?: string;
  pay_bank_id?: string;
  pay_date: string;
  paid_by: string;
}

/**
 * Starts (or starts again) a payment into savings: an Approved dividend not being paid moves to
 * `pay_status` PAYING with the next attempt number; a 409 when it is being paid or not Approved.
 */
export async function markPaying(tenant: string, record: DeclarationRecord, start: PaymentStart): Promise<number> {
  const attempt = (record.pay_attempt ?? 0) + 1;
  const update = DeclarationEntity.build(UpdateTransaction)
    .item({
      ...keys.dividend(tenant, record.id),
      ...start,
      ...(start.pay_product_id ? {} : { pay_product_id: $remove() }),
      pay_status: 'PAYING',
      pay_attempt: attempt,
      pay_error: $remove(),
    })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: DIVIDEND_STATUS.APPROVED },
          {
            or: [
              { attr: 'pay_status', exists: false },
              { attr: 'pay_status', eq: 'FAILED' },
            ],
          },
          record.pay_attempt === undefined
            ? { attr: 'pay_attempt', exists: false }
            : { attr: 'pay_attempt', eq: record.pay_attempt },
        ],
      },
    });
  await writeItem(update.params(), conflict('This dividend is being paid or is not approved'));
  return attempt;
}

/** Records a payment's progress: fields set and member lines paid added. */
export async function updatePayment(
  tenant: string,
  id: string,
  set: { pay_status?: 'FAILED' | 'COMPLETED'; pay_error?: string; rows?: number; pay_journal_ids?: string[] },
  paid = 0,
): Promise<void> {
  const { pay_journal_ids: journals, ...rest } = set;
  const update = DeclarationEntity.build(UpdateTransaction).item({
    ...keys.dividend(tenant, id),
    ...rest,
    ...(journals ? { pay_journal_ids: $set(journals) } : {}),
    ...(paid ? { rows_paid: $add(paid) } : {}),
  });
  await writeItem(update.params());
}

const notPayable = () => conflict('This dividend is not approved, is being paid, or was paid already');

/**
 * An Approved dividend -> Paid, with what its payment left: by bank only while no payment into
 * savings runs (its pay_status absent or FAILED), into savings only from the run that is PAYING.
 */
const paidTransition = (
  tenant: string,
  id: string,
  paid: { paid_at: string; pay_journal_ids: string[] } & Partial<PaymentStart>,
) =>
  DeclarationEntity.build(UpdateTransaction)
    .item({
      ...paid,
      ...keys.dividend(tenant, id),
      status: DIVIDEND_STATUS.PAID,
      // A list is replaced whole ($set), not element by element.
      pay_journal_ids: $set(paid.pay_journal_ids),
      pay_status: 'COMPLETED',
      pay_error: $remove(),
    })
    .options({
      condition: {
        and: [
          { attr: 'status', eq: DIVIDEND_STATUS.APPROVED },
          paid.pay_mode === 'bank'
            ? {
                or: [
                  { attr: 'pay_status', exists: false },
                  { attr: 'pay_status', eq: 'FAILED' },
                ],
              }
            : { attr: 'pay_status', eq: 'PAYING' },
        ],
      },
    });

/** The effect that marks an Approved dividend Paid in its payment's posting (409 otherwise). */
export const paidEffect = (...args: Parameters<typeof paidTransition>): Effect =>
  effect(paidTransition(...args).params(), notPayable());

/** Marks an Approved dividend Paid after its payment's batch was settled (409 otherwise). */
export async function markPaid(...args: Parameters<typeof paidTransition>): Promise<void> {
  await writeItem(paidTransition(...args).params(), notPayable());
}
