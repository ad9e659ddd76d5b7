import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import type { Item, TransactItem } from '#core/db';
import { TransactionConditionFailed, deleteKeys, putItems, queryAll, transactWrite } from '#core/db';
import type { Effect } from '#core/ledger';
import { effect, entityDefaults, getEntity, read, transactItem, transition } from '#core/entity';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import { countChange, countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';

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
