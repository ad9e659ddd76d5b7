import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { GL_ACCOUNT_STATUS, SETUP_STATUS } from '@coopledger/shared/statuses';
import type { Item } from '#core/db';
import { queryAll } from '#core/db';
import type { AnyEntity } from '#core/entity';
import { appTable, entitiesIn, entityDefaults, getEntities, getEntity, read } from '#core/entity';
import { configPage } from '#core/filtered-page';
import type { Key } from '#core/keys';
import type { ListPage, PageRequest } from '#core/list-page';
import { keys } from '#core/keys';

/**
 * The chart of accounts' three kinds of item, in the cooperative's (or the platform template's)
 * COA partition, each keyed by its code: categories (`CAT#<code>`), sub-categories (`SUB#<code>`)
 * and ledger (GL) accounts (`GL#<code>`). docs/data-model.md, "COA category", "GL (ledger)
 * account". They share a partition and the setup machinery's store (chart-entities.ts), so they
 * share this module. The items do not store their cooperative: the key inputs are the table's own
 * `pk` and `sk` (from keys.coaCategory / coaSubCategory / glAccount). A new cooperative's chart is
 * written with `chartPuts` (chart-store.ts; no `updated_at`); the setup screens write the rest.
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
const KEY: Record<ChartKind, (tenant: string, code: string) => Key> = {
  CAT: keys.coaCategory,
  SUB: keys.coaSubCategory,
  GL: keys.glAccount,
};

/** The checked reads of one kind of chart item, and the check of a record the setup machinery has just written. */
export interface ChartReads<R> {
  kind: ChartKind;
  /** The item's `entity` attribute (COA_CATEGORY, COA_SUBCATEGORY, GL_ACCOUNT). */
  entityName: string;
  key(tenant: string, code: string): Key;
  /** Every item of the kind, in code order (one Query of the COA partition), each checked. */
  list(tenant: string): Promise<R[]>;
  /** One page of the kind's items in code order; `keep` (a filter or search) walks them from the cursor. */
  page(tenant: string, request: PageRequest, keep?: (record: R) => boolean): Promise<ListPage<R>>;
  /** One item by code (a consistent read), checked; undefined when there is none. */
  get(tenant: string, code: string): Promise<R | undefined>;
  /** The items of these codes (one BatchGet), each checked; codes without an item are left out. */
  some(tenant: string, codes: Iterable<string>): Promise<R[]>;
  /** A record as core/setup-store.ts wrote it (without the table keys), checked as a read of it would be. */
  written(tenant: string, record: Item & { code: string }): R;
}

function chartReads<E extends AnyEntity>(entity: E, kind: ChartKind): ChartReads<FormattedItem<E>> {
  return {
    kind,
    entityName: entity.entityName,
    key: KEY[kind],
    list: (tenant) => entitiesIn(entity, keys.coaPartition(tenant), { range: { beginsWith: `${kind}#` } }),
    page: (tenant, request, keep) =>
      configPage(entity, keys.coaPartition(tenant), request, { range: { beginsWith: `${kind}#` }, keep }),
    get: (tenant, code) => getEntity(entity, KEY[kind](tenant, code), true),
    some: (tenant, codes) =>
      getEntities(
        entity,
        [...new Set(codes)].map((code) => KEY[kind](tenant, code)),
      ),
    written: (tenant, record) =>
      read(entity, { ...record, ...KEY[kind](tenant, record.code), entity: entity.entityName }),
  };
}

/** The reads of each kind: `chartRecords.GL.list(tenant)`. */
export const chartRecords = {
  CAT: chartReads(CoaCategoryEntity, 'CAT'),
  SUB: chartReads(CoaSubCategoryEntity, 'SUB'),
  GL: chartReads(GlAccountEntity, 'GL'),
};

/** The cooperative's GL accounts, in code order (one Query of the COA partition), each checked. */
export const glAccountsOf = (tenant: string) => chartRecords.GL.list(tenant);

/** One GL account by code (a consistent read), checked; undefined when there is none. */
export const findGlAccount = (tenant: string, code: string) => chartRecords.GL.get(tenant, code);

/** A tenant's chart: its categories, sub-categories and GL accounts, each in code order. */
export interface Chart {
  categories: CoaCategoryRecord[];
  subCategories: CoaSubCategoryRecord[];
  glAccounts: GlAccountRecord[];
}

/**
 * The whole chart in one Query of the COA partition, each item checked against the entity of its
 * kind (told by its sort key); an item of another kind in the partition is not part of the chart.
 * `consistent` reads every write made before it (the store accounts' check).
 */
export async function chartOf(tenant: string, consistent = false): Promise<Chart> {
  const { TableName: _name, ...input } = appTable
    .build(QueryCommand)
    .query({ partition: keys.coaPartition(tenant) })
    .options({ consistent })
    .params();
  const chart: Chart = { categories: [], subCategories: [], glAccounts: [] };
  for (const stored of await queryAll<Item>(input)) {
    const sk = String(stored.sk);
    if (sk.startsWith('CAT#')) chart.categories.push(read(CoaCategoryEntity, stored));
    else if (sk.startsWith('SUB#')) chart.subCategories.push(read(CoaSubCategoryEntity, stored));
    else if (sk.startsWith('GL#')) chart.glAccounts.push(read(GlAccountEntity, stored));
  }
  return chart;
}
