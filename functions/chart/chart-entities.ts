import type { LedgerAccountView } from '@coopledger/shared/setup-views';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { coaCategorySchema, coaSubCategorySchema, ledgerAccountSchema } from '@coopledger/shared/schemas/chart';
import type { Item } from '#core/db';
import { nowIso } from '#core/db';
import { conflict, invalid } from '#core/errors';
import { keys } from '#core/keys';
import type { RecordLocation } from '#core/setup-store';
import { deleteRecord, insertRecord, replaceRecord } from '#core/setup-store';
import type { EntityConfig, EntityStore } from '../setup/crud.ts';
import { referencesTo } from '../setup/references.ts';
import type { ChartReads, CoaCategoryRecord, CoaSubCategoryRecord, GlAccountRecord } from './coa-entity.ts';
import { chartRecords } from './coa-entity.ts';
import { hasPostings, noPostingsCheck } from './gl-total-entity.ts';

/**
 * The chart of accounts as setup entities: categories, sub-categories and ledger (GL) accounts in
 * the cooperative's COA partition, each keyed by its code (the code is the id, so it is unique by
 * construction and cannot change). The platform's chart is a template under tenant PLATFORM. The
 * items' schemas, keys and checked reads are in coa-entity.ts.
 */

/** What every chart item has. */
type ChartRecord = Item & { id: string; code: string; name: string; created_at: string };

const scope = (tenant: string) => (tenant === PLATFORM_TENANT ? 'on the platform' : 'in this cooperative');

/**
 * The store of a kind of chart item: reads through its entity (chartRecords), writes through
 * core/setup-store.ts at the item's own key; what a create or an update wrote is checked by the entity.
 */
function chartStore<R extends ChartRecord>(reads: ChartReads<R>): EntityStore<R> {
  const location = (tenant: string, code: string): RecordLocation => ({
    key: reads.key(tenant, code),
    entity: reads.entityName,
    claim: (field, value) => keys.uniqueClaim(tenant, reads.entityName, field, value),
  });
  return {
    list: (tenant) => reads.list(tenant),
    page: (tenant, request, keep) => reads.page(tenant, request, keep),
    get: (tenant, id) => reads.get(tenant, id),
    create: async (tenant, fields, options) => {
      const code = String(fields.code);
      const now = nowIso();
      const record = { ...fields, id: code, code, created_at: now, updated_at: now };
      await insertRecord(location(tenant, code), record, {
        ...options,
        existsError: conflict(`The code ${code} is already used ${scope(tenant)}`),
      });
      return reads.written(tenant, record);
    },
    update: async (tenant, existing, fields, options) => {
      const record = {
        ...existing,
        ...fields,
        id: existing.id,
        code: existing.code,
        created_at: existing.created_at,
        updated_at: nowIso(),
      };
      await replaceRecord(location(tenant, existing.code), record, options);
      return reads.written(tenant, record);
    },
    remove: (tenant, existing, options) => deleteRecord(location(tenant, existing.code), options),
  };
}

const categoryStore = chartStore(chartRecords.CAT);
const subCategoryStore = chartStore(chartRecords.SUB);
const ledgerStore = chartStore(chartRecords.GL);

const codeFixed = (label: string, existing: ChartRecord | undefined, code: string) => {
  if (existing && existing.code !== code) throw invalid('code', `The code of a ${label} cannot be changed`);
};
const search = (r: ChartRecord) => `${r.code} ${r.name}`;

export const coaCategories: EntityConfig<typeof coaCategorySchema, CoaCategoryRecord> = {
  label: 'COA category',
  plural: 'COA categories',
  idParam: 'category_id',
  schema: coaCategorySchema,
  store: categoryStore,
  build: async (input, _ctx, existing) => {
    codeFixed('category', existing, input.code);
    return { code: input.code, name: input.name, type: input.type, status: input.status };
  },
  present: async (r, ctx) => ({
    id: r.code,
    code: r.code,
    name: r.name,
    type: r.type,
    status: r.status,
    cooperative_id: ctx.platform ? null : ctx.tenant,
  }),
  searchText: search,
  inUse: async (r, ctx) => {
    const subs = [...(await ctx.related.subCategories()).values()].filter((s) => s.category_code === r.code);
    return subs.length > 0
      ? `The category ${r.code} ${r.name} has ${subs.length} sub-category(ies) and cannot be deleted`
      : undefined;
  },
};

export const coaSubCategories: EntityConfig<typeof coaSubCategorySchema, CoaSubCategoryRecord> = {
  label: 'COA sub-category',
  plural: 'COA sub-categories',
  idParam: 'subcategory_id',
  schema: coaSubCategorySchema,
  store: subCategoryStore,
  build: async (input, ctx, existing) => {
    codeFixed('sub-category', existing, input.code);
    const category = (await ctx.related.categories()).get(input.category_id);
    if (!category) throw invalid('category_id', 'Select Coa Category');
    if (existing && existing.category_code !== category.code) {
      const accounts = [...(await ctx.related.glAccounts()).values()].filter(
        (a) => a.subcategory_code === existing.code,
      );
      if (accounts.length > 0)
        throw invalid('category_id', 'A sub-category with ledger accounts cannot move to another category');
    }
    return { code: input.code, name: input.name, category_code: category.code, status: input.status };
  },
  present: async (r, ctx) => {
    const category = (await ctx.related.categories()).get(r.category_code);
    return {
      id: r.code,
      code: r.code,
      name: r.name,
      category_id: r.category_code,
      category: category ? { id: category.code, code: category.code, name: category.name } : null,
      status: r.status,
    };
  },
  searchText: search,
  filters: { category_id: (r, code) => r.category_code === code },
  inUse: async (r, ctx) => {
    const accounts = [...(await ctx.related.glAccounts()).values()].filter((a) => a.subcategory_code === r.code);
    return accounts.length > 0
      ? `The sub-category ${r.code} ${r.name} has ${accounts.length} ledger account(s) and cannot be deleted`
      : undefined;
  },
};

export async function presentLedger(
  r: GlAccountRecord,
  related: { subCategories(): Promise<Map<string, CoaSubCategoryRecord>> },
): Promise<LedgerAccountView> {
  const sub = (await related.subCategories()).get(r.subcategory_code);
  return {
    id: r.code,
    code: r.code,
    name: r.name,
    type: r.type,
    sub_category_id: r.subcategory_code,
    subcategory_id: r.subcategory_code,
    category_id: r.category_code,
    subcategory: { id: r.subcategory_code, name: sub ? sub.name : null, category_id: r.category_code },
    purpose: r.purpose ?? null,
    status: r.status,
  };
}

export const ledgerAccounts: EntityConfig<typeof ledgerAccountSchema, GlAccountRecord> = {
  label: 'GL account',
  plural: 'GL accounts',
  idParam: 'id',
  schema: ledgerAccountSchema,
  store: ledgerStore,
  build: async (input, ctx, existing) => {
    codeFixed('GL account', existing, input.code);
    const sub = (await ctx.related.subCategories()).get(input.subcategory_id);
    if (!sub) throw invalid('subcategory_id', 'Select Coa Category');
    // Codes come from generate-code: the sub-category's code and a 3-digit sequence.
    if (!new RegExp(`^${sub.code}\\d{3}$`).test(input.code)) {
      throw invalid('code', `The code must be the sub-category code ${sub.code} followed by 3 digits; generate it`);
    }
    return {
      code: input.code,
      name: input.name,
      type: input.type,
      category_code: sub.category_code,
      subcategory_code: sub.code,
      purpose: existing?.purpose,
      status: input.status,
    };
  },
  present: (r, ctx) => presentLedger(r, ctx.related),
  searchText: search,
  filters: {
    category_id: (r, code) => r.category_code === code,
    subcategory_id: (r, code) => r.subcategory_code === code,
  },
  inUse: async (r, ctx) => {
    if (await hasPostings(ctx.tenant, r.code))
      return `The GL account ${r.code} ${r.name} has postings and cannot be deleted`;
    return referencesTo(ctx, 'gl_account', r.code, `The GL account ${r.code} ${r.name}`);
  },
  // A posting that lands between the check and the delete must still stop the delete.
  deleteEffects: (r, ctx) => [
    noPostingsCheck(
      ctx.tenant,
      r.code,
      conflict(`The GL account ${r.code} ${r.name} has postings and cannot be deleted`),
    ),
  ],
};

/** The next free GL code of a sub-category: its code and the next 3-digit sequence. */
export function nextGlCode(sub: { code: string; name: string }, accounts: Iterable<{ code: string }>): string {
  const pattern = new RegExp(`^${sub.code}(\\d{3})$`);
  let highest = 0;
  for (const account of accounts) {
    const match = pattern.exec(account.code);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  if (highest >= 999) throw conflict(`No more GL codes are free in the sub-category ${sub.code} ${sub.name}`);
  return `${sub.code}${String(highest + 1).padStart(3, '0')}`;
}
