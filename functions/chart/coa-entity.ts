import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { GL_ACCOUNT_STATUS, SETUP_STATUS } from '@coopledger/shared/statuses';
import type { Item } from '#core/db';
import { getItem, queryAll } from '#core/db';
import { appTable, effect, entityDefaults, queryEntity, read } from '#core/entity';
import type { AppError } from '#core/errors';
import type { Key } from '#core/keys';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';

/**
 * The chart of accounts' three kinds of item, in the cooperative's (or the platform template's)
 * COA partition, each keyed by its code: categories (`CAT#<code>`), sub-categories (`SUB#<code>`)
 * and ledger (GL) accounts (`GL#<code>`). docs/data-model.md, "COA category", "GL (ledger)
 * account". They share a partition and the setup machinery's store (chart-entities.ts), so they
 * share this module. The items do not store their cooperative: the key inputs are the table's own
 * `pk` and `sk` (from keys.coaCategory / coaSubCategory / glAccount). A new cooperative's chart is
 * written by chart-store.ts (no `updated_at`); the setup screens write the rest.
 */
const chartItem = {
  pk: string().key().hidden(),
  sk: string().key().hidden(),
  /** The code: a chart item's id. */
  id: string(),
  code: string(),
  name: string(),
  status: number().enum(SETUP_STATUS.INACTIVE, SETUP_STATUS.ACTIVE),
  created_at: string(),
  updated_at: string().optional(),
} as const;

export const CoaCategoryEntity = new Entity({
  ...entityDefaults,
  name: 'COA_CATEGORY',
  schema: item({ ...chartItem, type: string().enum('D', 'C'), entity: string().const('COA_CATEGORY').hidden() }),
});

export const CoaSubCategoryEntity = new Entity({
  ...entityDefaults,
  name: 'COA_SUBCATEGORY',
  schema: item({ ...chartItem, category_code: string(), entity: string().const('COA_SUBCATEGORY').hidden() }),
});

export const GlAccountEntity = new Entity({
  ...entityDefaults,
  name: 'GL_ACCOUNT',
  schema: item({
    ...chartItem,
    status: number().enum(GL_ACCOUNT_STATUS.INACTIVE, GL_ACCOUNT_STATUS.ACTIVE),
    type: string().enum('D', 'C'),
    category_code: string(),
    subcategory_code: string(),
    /** What the standard chart uses the account for (functions/cooperatives/standard-chart.ts). */
    purpose: string().optional(),
    entity: string().const('GL_ACCOUNT').hidden(),
  }),
});

export type CoaCategoryRecord = FormattedItem<typeof CoaCategoryEntity>;
export type CoaSubCategoryRecord = FormattedItem<typeof CoaSubCategoryEntity>;
export type GlAccountRecord = FormattedItem<typeof GlAccountEntity>;

export type ChartKind = 'CAT' | 'SUB' | 'GL';
const ENTITY = { CAT: CoaCategoryEntity, SUB: CoaSubCategoryEntity, GL: GlAccountEntity } as const;
const KEY: Record<ChartKind, (tenant: string, code: string) => Key> = {
  CAT: keys.coaCategory,
  SUB: keys.coaSubCategory,
  GL: keys.glAccount,
};

export const chartKey = (kind: ChartKind, tenant: string, code: string): Key => KEY[kind](tenant, code);
export const chartEntityName = (kind: ChartKind): string => ENTITY[kind].entityName;

/**
 * A stored chart item of a kind, checked against its entity's schema and returned as stored: the
 * setup machinery writes an edited record back whole (a Put), so the record it is handed keeps
 * every attribute the item holds, not only those the schema names.
 */
function checked(kind: ChartKind, stored: Item): Item {
  read(ENTITY[kind], stored);
  return stored;
}

/** One chart item by kind and code (consistent read), checked; undefined when there is none. */
export async function getChartItem(kind: ChartKind, tenant: string, code: string): Promise<Item | undefined> {
  const stored = await getItem<Item>(KEY[kind](tenant, code), true);
  return stored && checked(kind, stored);
}

/** Every chart item of a kind, in code order (one Query of the COA partition), each checked. */
export async function chartItemsOf(kind: ChartKind, tenant: string): Promise<Item[]> {
  const query = appTable
    .build(QueryCommand)
    .query({ partition: keys.coaPartition(tenant), range: { beginsWith: `${kind}#` } });
  const { TableName: _name, ...input } = query.params();
  return (await queryAll<Item>(input)).map((stored) => checked(kind, stored));
}

/** The cooperative's GL accounts as records, in code order (one Query of the COA partition), each checked. */
export const glAccountsOf = (tenant: string) =>
  queryEntity(
    GlAccountEntity,
    appTable
      .build(QueryCommand)
      .entities(GlAccountEntity)
      .query({ partition: keys.coaPartition(tenant), range: { beginsWith: 'GL#' } })
      .params(),
  );

/**
 * An account's all-time total (functions/core/ledger.ts writes it with the account's first
 * posting): the chart only asks whether it exists. Only its key is declared.
 */
const GlTotalEntity = new Entity({
  ...entityDefaults,
  name: 'GL_TOTAL',
  schema: item({ pk: string().key(), sk: string().key() }),
});

/** Whether anything was ever posted to the account (its all-time total exists). */
export async function hasPostings(tenant: string, code: string): Promise<boolean> {
  return (await getItem<Item>(keys.glTotal(tenant, code), true)) !== undefined;
}

/** A check, in the delete's transaction, that nothing was posted to the account meanwhile. */
export function noPostingsCheck(tenant: string, code: string, error: AppError): Effect {
  const check = GlTotalEntity.build(ConditionCheck)
    .key(keys.glTotal(tenant, code))
    .condition({ attr: 'pk', exists: false });
  return effect(check.params(), error);
}
