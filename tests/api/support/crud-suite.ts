import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from './api.ts';
import { call, superToken } from './api.ts';
import { createTestCooperative } from './fixtures.ts';

/**
 * The behaviour every setup entity shares (create, list with paging and search, read one, update,
 * delete, duplicates, in-use deletes, the exact validation messages, and tenant isolation),
 * written once and run per entity. Each suite works in its own test cooperatives as super-admin
 * acting in them, so files run in parallel without meeting each other's records.
 */
export interface SuiteContext {
  /** The cooperative acted in (undefined for platform entities). */
  coop?: string;
  token: string;
  /** A short random tag for unique names. */
  tag: string;
}

export interface Row {
  id: string;
  [field: string]: unknown;
}

export interface CrudSpec {
  name: string;
  base: string;
  deletePath?: string;
  idParam: string;
  tenant: 'cooperative' | 'platform';
  /** Records the suite needs first (a product's category...), run once per cooperative. */
  prepare?: (ctx: SuiteContext) => Promise<Record<string, string>>;
  /** A valid create body; `n` makes each one distinct. */
  valid: (n: number, refs: Record<string, string>, ctx: SuiteContext) => Record<string, unknown>;
  /** What the created row shows for a body (a subset). */
  shows?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** A change for the update test, and what the row shows after it. */
  change: (body: Record<string, unknown>) => { body: Record<string, unknown>; shows: Record<string, unknown> };
  /** A second body that clashes with the first, and the 409 message. */
  duplicate?: (first: Record<string, unknown>) => { body: Record<string, unknown>; message: string };
  /** Puts the record in use; the delete must then be refused with this message. */
  inUse?: (row: Row, refs: Record<string, string>, ctx: SuiteContext) => Promise<string | RegExp>;
  /** Bodies with one bad field and the spec's message for it. */
  invalid: [Record<string, unknown>, string, string][];
  /** The list's search text for a row. */
  searchOf?: (body: Record<string, unknown>) => string;
}

export const tagOf = () => randomBytes(3).toString('hex').toUpperCase();

export function withCoop(ctx: SuiteContext, query: Record<string, string | number | undefined> = {}) {
  return ctx.coop ? { ...query, cooperative_id: ctx.coop } : query;
}

export async function create(
  spec: Pick<CrudSpec, 'base'>,
  ctx: SuiteContext,
  body: Record<string, unknown>,
): Promise<ApiResponse<Row>> {
  return call<Row>('POST', spec.base, {
    token: ctx.token,
    body: ctx.coop ? { ...body, cooperative_id: ctx.coop } : body,
  });
}

export async function created(
  spec: Pick<CrudSpec, 'base'>,
  ctx: SuiteContext,
  body: Record<string, unknown>,
): Promise<Row> {
  const response = await create(spec, ctx, body);
  if (response.status !== 201)
    throw new Error(
      `Could not create at ${spec.base}: ${response.status} ${response.body.message} ${JSON.stringify(response.body.errors)}`,
    );
  return response.body.data;
}

export function list(
  spec: Pick<CrudSpec, 'base'>,
  ctx: SuiteContext,
  query: Record<string, string | number | undefined> = {},
) {
  return call<{ data: Row[]; meta: { total: number; per_page: number; current_page: number; last_page: number } }>(
    'GET',
    spec.base,
    {
      token: ctx.token,
      query: withCoop(ctx, query),
    },
  );
}

export async function newContext(tenant: 'cooperative' | 'platform'): Promise<SuiteContext> {
  const token = await superToken();
  const coop = tenant === 'cooperative' ? (await createTestCooperative('S')).id : undefined;
  return { coop, token, tag: tagOf() };
}

export function crudSuite(spec: CrudSpec): void {
  describe(`${spec.name}: the standard setup behaviour`, () => {
    let ctx: SuiteContext;
    let refs: Record<string, string> = {};

    beforeAll(async () => {
      ctx = await newContext(spec.tenant);
      refs = (await spec.prepare?.(ctx)) ?? {};
    });

    it('creates a record and shows it', async () => {
      const body = spec.valid(1, refs, ctx);
      const response = await create(spec, ctx, body);
      expect(response.status, response.body.message).toBe(201);
      expect(response.body.message).toMatch(/created successfully$/);
      expect(response.body.data).toMatchObject(spec.shows?.(body) ?? {});
      const single = await call<Row>('GET', `${spec.base}/single`, {
        token: ctx.token,
        query: withCoop(ctx, { [spec.idParam]: response.body.data.id }),
      });
      expect(single.status).toBe(200);
      expect(single.body.data.id).toBe(response.body.data.id);
    });

    it('lists with paging meta and a working search', async () => {
      for (const n of [2, 3, 4]) await created(spec, ctx, spec.valid(n, refs, ctx));
      const page1 = await list(spec, ctx, { page: 1, per_page: 2 });
      expect(page1.status).toBe(200);
      expect(page1.body.data.data).toHaveLength(2);
      expect(page1.body.data.meta).toMatchObject({ per_page: 2, current_page: 1, first_page: 1 });
      expect(page1.body.data.meta.total).toBeGreaterThanOrEqual(3);
      const page2 = await list(spec, ctx, { page: 2, per_page: 2 });
      expect(page2.body.data.data.map((r) => r.id)).not.toContain(page1.body.data.data[0].id);
      if (spec.searchOf) {
        const text = spec.searchOf(spec.valid(3, refs, ctx));
        const found = await list(spec, ctx, { query: text });
        expect(found.body.data.data.length).toBeGreaterThanOrEqual(1);
        for (const row of found.body.data.data) expect(JSON.stringify(row).toLowerCase()).toContain(text.toLowerCase());
      }
    });

    it('updates a record', async () => {
      const body = spec.valid(5, refs, ctx);
      const row = await created(spec, ctx, body);
      const change = spec.change(body);
      const response = await call<Row>('POST', `${spec.base}/update`, {
        token: ctx.token,
        body: { ...body, ...change.body, id: row.id, ...(ctx.coop ? { cooperative_id: ctx.coop } : {}) },
      });
      expect(response.status, response.body.message).toBe(200);
      expect(response.body.message).toMatch(/updated successfully$/);
      expect(response.body.data).toMatchObject(change.shows);
      const single = await call<Row>('GET', `${spec.base}/single`, {
        token: ctx.token,
        query: withCoop(ctx, { id: row.id }),
      });
      expect(single.body.data).toMatchObject(change.shows);
    });

    it('deletes a record, after which it is gone', async () => {
      const row = await created(spec, ctx, spec.valid(6, refs, ctx));
      const response = await call('DELETE', spec.deletePath ?? spec.base, {
        token: ctx.token,
        query: withCoop(ctx, { [spec.idParam]: row.id }),
      });
      expect(response.status, response.body.message).toBe(200);
      expect(response.body.message).toMatch(/deleted successfully$/);
      const single = await call('GET', `${spec.base}/single`, {
        token: ctx.token,
        query: withCoop(ctx, { id: row.id }),
      });
      expect(single.status).toBe(404);
      const again = await call('DELETE', spec.deletePath ?? spec.base, {
        token: ctx.token,
        query: withCoop(ctx, { [spec.idParam]: row.id }),
      });
      expect(again.status).toBe(404);
    });

    if (spec.duplicate) {
      it('refuses a duplicate (409) and writes nothing', async () => {
        const first = spec.valid(7, refs, ctx);
        await created(spec, ctx, first);
        const before = (await list(spec, ctx, { per_page: 100 })).body.data.meta.total;
        const clash = spec.duplicate!(first);
        const response = await create(spec, ctx, clash.body);
        expect(response.status).toBe(409);
        expect(response.body.message).toBe(clash.message);
        expect((await list(spec, ctx, { per_page: 100 })).body.data.meta.total).toBe(before);
      });
    }

    if (spec.inUse) {
      it('refuses to delete a record in use (409) and keeps it', async () => {
        const row = await created(spec, ctx, spec.valid(8, refs, ctx));
        const message = await spec.inUse!(row, refs, ctx);
        const response = await call('DELETE', spec.deletePath ?? spec.base, {
          token: ctx.token,
          query: withCoop(ctx, { [spec.idParam]: row.id }),
        });
        expect(response.status).toBe(409);
        if (typeof message === 'string') expect(response.body.message).toBe(message);
        else expect(response.body.message).toMatch(message);
        const single = await call('GET', `${spec.base}/single`, {
          token: ctx.token,
          query: withCoop(ctx, { id: row.id }),
        });
        expect(single.status).toBe(200);
      });
    }

    it('answers each bad field with the spec message (422, field named)', async () => {
      for (const [body, field, message] of spec.invalid) {
        const response = await create(spec, ctx, body);
        expect(response.status, `${field}: ${response.body.message}`).toBe(422);
        expect(response.body.errors?.[field], field).toBe(message);
      }
    });

    if (spec.tenant === 'cooperative') {
      it("keeps another cooperative's records invisible", async () => {
        const row = await created(spec, ctx, spec.valid(9, refs, ctx));
        const other: SuiteContext = { ...ctx, coop: (await createTestCooperative('O')).id };
        const listed = await list(spec, other, { per_page: 100 });
        expect(listed.body.data.data.map((r) => r.id)).not.toContain(row.id);
        const single = await call('GET', `${spec.base}/single`, {
          token: ctx.token,
          query: withCoop(other, { id: row.id }),
        });
        expect(single.status).toBe(404);
        const removed = await call('DELETE', spec.deletePath ?? spec.base, {
          token: ctx.token,
          query: withCoop(other, { [spec.idParam]: row.id }),
        });
        expect(removed.status).toBe(404);
      });
    }
  });
}
