import type { z } from 'zod';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import type { Item } from '#core/db';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import type { Identity } from '#core/identity';
import type { ListPage, PageRequest } from '#core/list-page';
import { pageRequest } from '#core/list-page';
import type { RecordCondition, SetupEffect, SetupRecord, UniqueValue, WriteOptions } from '#core/setup-store';
import { createSetup, deleteSetup, updateSetup } from '#core/setup-store';
import { validate } from '#core/validation';
import { Related } from './related.ts';
import type { SetupReads } from './setup-entity.ts';

/**
 * One CRUD machinery for every setup entity (departments, charges, products, setups, chart
 * items, asset types, ...). An entity declares its schema, how input becomes a stored record (and
 * which references it checks), how a record is shown, what must stay unique and what makes it "in
 * use"; the routes (list, single, create, update, delete) are the same for all and for both the
 * cooperative and the platform variant: the tenant is the cooperative acted in, or PLATFORM.
 */
export interface EntityContext {
  tenant: string;
  /** The platform variant: templates under tenant PLATFORM, never posted to. */
  platform: boolean;
  identity: Identity;
  related: Related;
  query: Record<string, string>;
}

/** What the machinery needs of any record: its id (a setup record's, a chart item's code). */
export type StoredRecord = Item & { id: string };

/**
 * Where an entity's records are kept (setup partitions by default; the chart has its own). Every
 * record it hands on was checked against the entity's schema: read, or just written.
 */
export interface EntityStore<R extends StoredRecord> {
  list(tenant: string): Promise<R[]>;
  /** One page of the list in the store's order (name or id for setup kinds, code for the chart); `keep` filters it. */
  page(tenant: string, request: PageRequest, keep?: (record: R) => boolean): Promise<ListPage<R>>;
  get(tenant: string, id: string): Promise<R | undefined>;
  create(tenant: string, fields: Item, options: WriteOptions): Promise<R>;
  update(
    tenant: string,
    existing: R,
    fields: Item,
    options: WriteOptions & { previous: Record<string, string | undefined> },
  ): Promise<R>;
  remove(
    tenant: string,
    existing: R,
    options: {
      release: { field: string; value: string | undefined }[];
      effects?: SetupEffect[];
      condition?: RecordCondition;
    },
  ): Promise<void>;
}

/**
 * The store of a setup kind, from its entity's checked reads (`setupReads` of setup-entity.ts): a
 * list or a record is read through the entity, and what a create or an update wrote is checked by it
 * too; the writes (with their unique-value claims) are core/setup-store.ts's.
 */
export function setupStore<R extends SetupRecord>(reads: SetupReads<R>): EntityStore<R> {
  const { kind } = reads;
  return {
    list: (tenant) => reads.list(tenant),
    page: (tenant, request, keep) => reads.page(tenant, request, keep),
    get: (tenant, id) => reads.get(tenant, id),
    create: async (tenant, fields, options) => reads.written(await createSetup(tenant, kind, fields, options)),
    update: async (tenant, existing, fields, options) =>
      reads.written(await updateSetup<SetupRecord>(tenant, kind, existing, fields, options)),
    remove: (tenant, existing, options) => deleteSetup(tenant, kind, existing.id, options),
  };
}

export interface EntityConfig<S extends z.ZodType, R extends StoredRecord> {
  /** 'Department': used in messages ('Department created successfully', 'Department not found'). */
  label: string;
  plural: string;
  /** The entity's own id parameter (`dept_id`, `charge_id`...); `id` is always accepted too. */
  idParam: string;
  schema: S;
  store: EntityStore<R>;
  /** Stored fields from valid input; checks references (throwing 422 on the field). */
  build(input: z.infer<S>, ctx: EntityContext, existing?: R): Promise<Item>;
  present(record: R, ctx: EntityContext): Promise<unknown>;
  /** How the single route shows a record, when it shows more than a list row. */
  presentOne?(record: R, ctx: EntityContext): Promise<unknown>;
  /** Values no two records of the tenant may share, read from a record's stored fields. */
  unique?(fields: Item, ctx: EntityContext): UniqueValue[];
  /** Text the list's `query` searches. */
  searchText?(record: R): string;
  /** The list's filters by query parameter (category_id...): whether a record matches a given (non-empty) value. */
  filters?: Record<string, (record: R, value: string) => boolean>;
  /** Why a record cannot be deleted now, or undefined. */
  inUse?(record: R, ctx: EntityContext): Promise<string | undefined>;
  /** Extra conditions or checks of an update or delete (e.g. only while pending). */
  beforeUpdate?(existing: R, ctx: EntityContext): Promise<void> | void;
  updateCondition?(existing: R): RecordCondition | undefined;
  deleteCondition?(existing: R): RecordCondition | undefined;
  deleteEffects?(existing: R, ctx: EntityContext): SetupEffect[];
}

export const scopeWords = (ctx: Pick<EntityContext, 'platform'>) =>
  ctx.platform ? 'on the platform' : 'in this cooperative';

/** 'The name Finance is already used in this cooperative'. */
export const uniqueValue = (
  ctx: Pick<EntityContext, 'platform'>,
  field: string,
  label: string,
  value: unknown,
): UniqueValue => ({
  field,
  value: String(value),
  message: `The ${label} ${String(value)} is already used ${scopeWords(ctx)}`,
});

export function entityContext(ctx: RequestContext): EntityContext {
  const { identity, tenant } = signedIn(ctx);
  return { tenant, platform: tenant === PLATFORM_TENANT, identity, related: new Related(tenant), query: ctx.query };
}

/**
 * The id a request names: the entity's own parameter or `id`, from the query or the body. In a
 * body `id` wins, because some forms also carry a field of the same name as the id parameter
 * (a bank account's `bank_id` is the bank; its delete names the account by `bank_id`).
 */
export function idFrom(ctx: RequestContext, idParam: string, label: string): string {
  const raw = ctx.query[idParam] ?? ctx.query.id ?? ctx.body.id ?? ctx.body[idParam];
  if (
    raw === undefined ||
    raw === null ||
    String(raw).trim() === '' ||
    (typeof raw !== 'string' && typeof raw !== 'number')
  ) {
    throw invalid(idParam, `Please select the ${label.toLowerCase()}`);
  }
  return String(raw).trim();
}

const norm = (value: string) => value.trim().toLowerCase();

/**
 * Unique values are also checked against the stored records, which covers records written
 * without claims (the demo seed); the claim items make the check atomic against races.
 */
function assertUniqueAgainst<S extends z.ZodType, R extends StoredRecord>(
  config: EntityConfig<S, R>,
  ctx: EntityContext,
  values: UniqueValue[],
  others: R[],
  selfId?: string,
) {
  if (!config.unique || values.length === 0) return;
  for (const other of others) {
    if (other.id === selfId) continue;
    const theirs = config.unique(other, ctx);
    for (const mine of values) {
      if (theirs.some((t) => t.field === mine.field && norm(t.value) === norm(mine.value)))
        throw conflict(mine.message);
    }
  }
}

/**
 * Which records the list's filters and search (`query`) of a request keep, or undefined when the
 * request gives none (the whole list).
 */
export function listFilter<S extends z.ZodType, R extends StoredRecord>(
  config: EntityConfig<S, R>,
  query: Record<string, string | undefined>,
): ((record: R) => boolean) | undefined {
  const checks = Object.entries(config.filters ?? {}).flatMap(([name, matches]) => {
    const value = query[name]?.trim();
    return value ? [(r: R) => matches(r, value)] : [];
  });
  // Forms encode a space as '+' (application/x-www-form-urlencoded); names rarely hold a '+'.
  const search = query.query?.replaceAll('+', ' ').trim().toLowerCase();
  if (search && config.searchText) checks.push((r) => (config.searchText?.(r) ?? '').toLowerCase().includes(search));
  return checks.length > 0 ? (r) => checks.every((check) => check(r)) : undefined;
}

/** Every record of the list that its filters and search keep, in the store's order. */
export async function listRecords<S extends z.ZodType, R extends StoredRecord>(
  config: EntityConfig<S, R>,
  ctx: EntityContext,
) {
  const keep = listFilter(config, ctx.query);
  const records = await config.store.list(ctx.tenant);
  return keep ? records.filter(keep) : records;
}

export async function findRecord<S extends z.ZodType, R extends StoredRecord>(
  config: EntityConfig<S, R>,
  ctx: EntityContext,
  id: string,
): Promise<R> {
  const record = await config.store.get(ctx.tenant, id);
  if (!record) throw notFound(config.label);
  return record;
}

/** The five standard routes of an entity, by the route names of the route table. */
export function crudHandlers<S extends z.ZodType, R extends StoredRecord>(
  config: EntityConfig<S, R>,
  paths: { base: string; deletePath?: string },
): RouteHandlers {
  return {
    [`GET ${paths.base}`]: async (req) => {
      const ctx = entityContext(req);
      const found = await config.store.page(ctx.tenant, pageRequest(req), listFilter(config, ctx.query));
      const data = await Promise.all(found.data.map((r) => config.present(r, ctx)));
      return ok(`${config.plural} retrieved`, { data, meta: found.meta });
    },

    [`GET ${paths.base}/single`]: async (req) => {
      const ctx = entityContext(req);
      const record = await findRecord(config, ctx, idFrom(req, config.idParam, config.label));
      return ok(`${config.label} retrieved`, await (config.presentOne ?? config.present)(record, ctx));
    },

    [`POST ${paths.base}`]: async (req) => {
      const ctx = entityContext(req);
      const input = validate(config.schema, req.body);
      const fields = await config.build(input, ctx);
      const unique = config.unique?.(fields, ctx) ?? [];
      if (unique.length > 0) assertUniqueAgainst(config, ctx, unique, await config.store.list(ctx.tenant));
      const record = await config.store.create(ctx.tenant, fields, { unique });
      return ok(`${config.label} created successfully`, await config.present(record, ctx), 201);
    },

    [`POST ${paths.base}/update`]: async (req) => {
      const ctx = entityContext(req);
      const id = idFrom(req, config.idParam, config.label);
      const existing = await findRecord(config, ctx, id);
      await config.beforeUpdate?.(existing, ctx);
      const input = validate(config.schema, req.body);
      const fields = await config.build(input, ctx, existing);
      const unique = config.unique?.(fields, ctx) ?? [];
      if (unique.length > 0) assertUniqueAgainst(config, ctx, unique, await config.store.list(ctx.tenant), id);
      const previous = Object.fromEntries((config.unique?.(existing, ctx) ?? []).map((u) => [u.field, u.value]));
      const record = await config.store.update(ctx.tenant, existing, fields, {
        unique,
        previous,
        condition: config.updateCondition?.(existing),
      });
      return ok(`${config.label} updated successfully`, await config.present(record, ctx));
    },

    [`DELETE ${paths.deletePath ?? paths.base}`]: async (req) => {
      const ctx = entityContext(req);
      const id = idFrom(req, config.idParam, config.label);
      const existing = await findRecord(config, ctx, id);
      const reason = await config.inUse?.(existing, ctx);
      if (reason) throw new AppError('CONFLICT', reason);
      const release = (config.unique?.(existing, ctx) ?? []).map((u) => ({ field: u.field, value: u.value }));
      await config.store.remove(ctx.tenant, existing, {
        release,
        condition: config.deleteCondition?.(existing),
        effects: config.deleteEffects?.(existing, ctx),
      });
      return ok(`${config.label} deleted successfully`);
    },
  };
}
