import { beforeAll, describe, expect, it } from 'vitest';
import type { EshopProductView } from '@coopledger/shared/eshop-views';
import type { LedgerAccountView } from '@coopledger/shared/setup-views';
import { PRODUCT_STATUS } from '@coopledger/shared/statuses';
import { deleteKeys } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { ensureStoreAccounts } from '../../functions/eshop/store-accounts.ts';
import type { ApiResponse } from './support/api.ts';
import { call, superToken, tokenFor } from './support/api.ts';
import { tagOf } from './support/crud-suite.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment } from './support/members.ts';
import type { PagedAnswer } from './support/paging.ts';
import { expectPageTwoByCursor, walkPages } from './support/paging.ts';
import type { SavingsWorld } from './support/savings.ts';
import { newMember } from './support/savings.ts';

/**
 * The store's catalogue (issue 22, first slice): a cooperative's products in the platform's e-shop
 * categories; SKU unique in the cooperative in any case; members see Active products only.
 */
const BASE = '/cooperative/e-shop/product';
const CATEGORIES = '/e-shop/admin/product-category';

let admin = '';
let coop = '';
let tag = '';
let groceries = '';
let phones = '';
let retired = '';
let member = '';

type Paged = PagedAnswer<EshopProductView> & { meta: { total: number; next_cursor?: string | null } };

async function category(name: string, status: number): Promise<string> {
  const r = await call<{ id: string }>('POST', CATEGORIES, {
    token: admin,
    body: { name, status, description: `${name} of the test store` },
  });
  if (r.status !== 201) throw new Error(`Could not create a category: ${r.status} ${r.body.message}`);
  return r.body.data.id;
}

/** A valid product body: naira on the wire. */
const body = (overrides: Record<string, unknown> = {}) => ({
  cooperative_id: coop,
  name: 'Rice 50kg',
  sku: `RICE-${tagOf()}`,
  category_id: groceries,
  status: 1,
  buying_price: 45000.5,
  selling_price: '52000',
  max_purchase_quantity: 2,
  low_stock_quantity: 5,
  description: 'Long grain parboiled rice',
  ...overrides,
});

const create = (b: Record<string, unknown>, token = admin) => call<EshopProductView>('POST', BASE, { token, body: b });

async function made(b: Record<string, unknown>): Promise<EshopProductView> {
  const r = await create(b);
  expect(r.status, r.body.message).toBe(201);
  return r.body.data;
}

const list = (query: Record<string, string | undefined>, token = admin, cooperative: string | undefined = coop) =>
  call<Paged>('GET', BASE, { token, query: { cooperative_id: cooperative, per_page: '100', ...query } });

const names = (r: ApiResponse<Paged>) => r.body.data.data.map((p) => p.name);

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  tag = tagOf();
  coop = (await createTestCooperative('ES')).id;
  [groceries, phones, retired] = await Promise.all([
    category(`Groceries ${tag}`, 1),
    category(`Phones ${tag}`, 1),
    category(`Retired ${tag}`, 0),
  ]);
  const department = await createDepartment(coop);
  const world = { ctx: { coop, token: admin, tag }, department } as SavingsWorld;
  member = (await newMember(world)).token;
}, 120_000);

describe('products', () => {
  it('creates, reads, lists, updates and deletes a product (naira on the wire)', async () => {
    const sku = `Rice-${tag}`;
    const r = await create(body({ sku }));
    expect(r.status, r.body.message).toBe(201);
    expect(r.body.message).toBe('Rice 50kg added to the store');
    expect(r.body.data).toMatchObject({
      name: 'Rice 50kg',
      sku,
      category_id: groceries,
      category: { id: groceries, name: `Groceries ${tag}` },
      status: 1,
      buying_price: 45000.5,
      selling_price: 52000,
      max_purchase_quantity: 2,
      low_stock_quantity: 5,
      description: 'Long grain parboiled rice',
      created_by: 'SUPERADMIN',
      updated_by: 'SUPERADMIN',
    });
    const id = r.body.data.id;

    const one = await call<EshopProductView>('GET', `${BASE}/single`, {
      token: admin,
      query: { cooperative_id: coop, product_id: id },
    });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(r.body.data);

    const updated = await call<EshopProductView>('POST', `${BASE}/update`, {
      token: admin,
      body: body({
        product_id: id,
        name: 'Rice 25kg',
        sku,
        category_id: phones,
        status: 0,
        buying_price: '0.01',
        selling_price: 0,
        max_purchase_quantity: '1',
        low_stock_quantity: 0,
        description: '',
      }),
    });
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.data).toMatchObject({
      id,
      name: 'Rice 25kg',
      category: { id: phones, name: `Phones ${tag}` },
      status: 0,
      buying_price: 0.01,
      selling_price: 0,
      max_purchase_quantity: 1,
      low_stock_quantity: 0,
      description: null,
    });
    expect(updated.body.data.created_at).toBe(r.body.data.created_at);

    const removed = await call('DELETE', BASE, { token: admin, query: { cooperative_id: coop, product_id: id } });
    expect(removed.status, removed.body.message).toBe(200);
    const gone = await call('GET', `${BASE}/single`, { token: admin, query: { cooperative_id: coop, product_id: id } });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Product not found');
    // Its SKU is free again.
    expect((await create(body({ sku }))).status).toBe(201);
  });

  it('answers 404 for an unknown product on read, update and delete', async () => {
    const query = { cooperative_id: coop, product_id: 'NOPRODUCT' };
    expect((await call('GET', `${BASE}/single`, { token: admin, query })).status).toBe(404);
    expect((await call('POST', `${BASE}/update`, { token: admin, query, body: body() })).status).toBe(404);
    expect((await call('DELETE', BASE, { token: admin, query })).status).toBe(404);
  });

  it('keeps a SKU unique in the cooperative whatever its case', async () => {
    const sku = `Sku-${tag}-A`;
    await made(body({ sku }));
    const again = await create(body({ sku: sku.toLowerCase(), name: 'Other' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `The SKU ${sku.toLowerCase()} is already used by another product of this cooperative`,
    );
    const before = (await list({ query: `sku-${tag.toLowerCase()}-a` })).body.data.data;
    expect(before.map((p) => p.sku)).toEqual([sku]);
  });

  it('lets exactly one of two creates of the same SKU at once win', async () => {
    const sku = `Race-${tag}`;
    const answers = await Promise.all([
      create(body({ sku, name: 'Racer One' })),
      create(body({ sku: sku.toUpperCase(), name: 'Racer Two' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const found = await list({ query: sku });
    expect(found.body.data.data).toHaveLength(1);
  });

  it('moves the claim when a SKU changes: the old one is free, the new one taken', async () => {
    const first = await made(body({ sku: `Old-${tag}` }));
    await made(body({ sku: `Taken-${tag}` }));
    const clash = await call('POST', `${BASE}/update`, {
      token: admin,
      body: body({ product_id: first.id, sku: `taken-${tag}` }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`The SKU taken-${tag} is already used by another product of this cooperative`);

    const moved = await call<EshopProductView>('POST', `${BASE}/update`, {
      token: admin,
      query: { product_id: first.id },
      body: body({ sku: `New-${tag}` }),
    });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.sku).toBe(`New-${tag}`);
    expect((await create(body({ sku: `OLD-${tag}` }))).status).toBe(201);
    expect((await create(body({ sku: `new-${tag}` }))).status).toBe(409);
    // Only the case changes: the product keeps its claim.
    const recased = await call<EshopProductView>('POST', `${BASE}/update`, {
      token: admin,
      body: body({ product_id: first.id, sku: `NEW-${tag}` }),
    });
    expect(recased.status, recased.body.message).toBe(200);
    expect(recased.body.data.sku).toBe(`NEW-${tag}`);
    expect((await create(body({ sku: `New-${tag}` }))).status).toBe(409);
  });

  it('refuses bad input with the field and its message, writing nothing', async () => {
    const other = await createTestCooperative('EV');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Please enter the product name'],
      [{ name: 'x'.repeat(121) }, 'name', 'Must be at most 120 characters'],
      [{ sku: ' ' }, 'sku', 'Please enter the SKU'],
      [{ sku: 'AB 12' }, 'sku', 'The SKU may only contain letters, digits, dots, dashes and underscores'],
      [{ sku: 'A'.repeat(41) }, 'sku', 'Must be at most 40 characters'],
      [{ category_id: '' }, 'category_id', 'Please select a product category'],
      [{ status: 2 }, 'status', 'Please select the product status'],
      [{ status: undefined }, 'status', 'Please select the product status'],
      [{ buying_price: '' }, 'buying_price', 'Please enter the buying price'],
      [{ buying_price: 0 }, 'buying_price', 'The buying price must be more than 0'],
      [{ buying_price: '12.345' }, 'buying_price', 'Enter an amount in naira with at most 2 decimals'],
      [{ buying_price: -5 }, 'buying_price', 'Enter an amount in naira with at most 2 decimals'],
      [{ selling_price: undefined }, 'selling_price', 'Please enter the selling price'],
      [{ selling_price: 'abc' }, 'selling_price', 'Enter an amount in naira with at most 2 decimals'],
      [{ selling_price: -1 }, 'selling_price', 'Enter an amount in naira with at most 2 decimals'],
      [{ max_purchase_quantity: '' }, 'max_purchase_quantity', 'Please enter the maximum purchase quantity'],
      [
        { max_purchase_quantity: 0 },
        'max_purchase_quantity',
        'The maximum purchase quantity must be a whole number from 1 to 1,000,000',
      ],
      [
        { max_purchase_quantity: 1.5 },
        'max_purchase_quantity',
        'The maximum purchase quantity must be a whole number from 1 to 1,000,000',
      ],
      [
        { low_stock_quantity: -1 },
        'low_stock_quantity',
        'The low stock warning quantity must be a whole number from 0 to 1,000,000',
      ],
      [
        { low_stock_quantity: '1000001' },
        'low_stock_quantity',
        'The low stock warning quantity must be a whole number from 0 to 1,000,000',
      ],
      [{ low_stock_quantity: null }, 'low_stock_quantity', 'Please enter the low stock warning quantity'],
      [{ description: 'd'.repeat(1001) }, 'description', 'The description must be at most 1,000 characters'],
      [{ description: 42 }, 'description', 'The description must be text'],
      [{ category_id: 'NOCATEGORY' }, 'category_id', 'The selected product category does not exist'],
      [
        { category_id: retired },
        'category_id',
        `The product category Retired ${tag} is inactive; please select an active one`,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const r = await create(body({ cooperative_id: other.id, ...overrides }));
      expect(r.status, `${field}: ${r.body.message}`).toBe(422);
      expect(r.body.errors?.[field], field).toBe(message);
    }
    const after = await list({}, admin, other.id);
    expect(after.body.data.meta.total).toBe(0);
    expect(after.body.data.data).toEqual([]);
  });

  it('refuses a move to an inactive category, but keeps a product in its own category made inactive', async () => {
    const seasonal = await category(`Seasonal ${tag}`, 1);
    const product = await made(body({ category_id: seasonal }));
    const moved = await call('POST', `${BASE}/update`, {
      token: admin,
      body: body({ product_id: product.id, sku: product.sku, category_id: retired }),
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors?.category_id).toBe(
      `The product category Retired ${tag} is inactive; please select an active one`,
    );
    const off = await call('POST', `${CATEGORIES}/update`, {
      token: admin,
      body: { category_id: seasonal, name: `Seasonal ${tag}`, status: 0, description: 'Out of season' },
    });
    expect(off.status, off.body.message).toBe(200);
    const kept = await call<EshopProductView>('POST', `${BASE}/update`, {
      token: admin,
      body: body({ product_id: product.id, sku: product.sku, category_id: seasonal, selling_price: 60000 }),
    });
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.data.selling_price).toBe(60000);
  });
});

describe("a product's pictures", () => {
  // The smallest valid PNG and a JPEG's first bytes: images by their bytes, whatever they are called.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
  const upload = (productId: string, bytes: Buffer | undefined, name = 'picture.png', token = admin) => {
    const form = new FormData();
    form.append('cooperative_id', coop);
    form.append('product_id', productId);
    if (bytes) form.append('image', new Blob([bytes], { type: 'image/png' }), name);
    return call<EshopProductView>('POST', `${BASE}/image`, { token, form });
  };

  it('keeps up to four images checked by their bytes, shows them as links, and takes one off', async () => {
    const product = await made(body({ name: 'Table fan', sku: `FAN-${tagOf()}` }));
    expect(product.images).toEqual([]);

    const first = await upload(product.id, PNG);
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.data.images).toHaveLength(1);
    const served = await fetch(first.body.data.images[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // Not an image, whatever its name and type; too large; none: refused, the product unchanged.
    const script = await upload(product.id, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png');
    expect(script.status).toBe(422);
    expect(script.body.errors).toEqual({ image: 'The picture must be an image file (JPEG, PNG, GIF or WebP)' });
    const large = await upload(product.id, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(large.status).toBe(422);
    expect(large.body.errors).toEqual({ image: 'A picture must be at most 2 MB' });
    expect((await upload(product.id, undefined)).body.errors).toEqual({ image: 'Please choose a picture to upload' });

    for (let n = 2; n <= 4; n++) expect((await upload(product.id, JPEG, 'photo.jpg')).status).toBe(201);
    const fifth = await upload(product.id, PNG);
    expect(fifth.status).toBe(409);
    expect(fifth.body.message).toBe('Table fan has 4 pictures already; remove one first');
    const single = await call<EshopProductView>('GET', `${BASE}/single`, {
      token: admin,
      query: { cooperative_id: coop, product_id: product.id },
    });
    expect(single.body.data.images).toHaveLength(4);
    // The first stays first; the JPEGs are served as JPEGs.
    expect(single.body.data.images[0].id).toBe(first.body.data.images[0].id);
    expect((await fetch(single.body.data.images[3].url)).headers.get('content-type')).toBe('image/jpeg');

    // Members see them; they cannot add any.
    const shown = await call<EshopProductView>('GET', `${BASE}/single`, {
      token: member,
      query: { cooperative_id: coop, product_id: product.id },
    });
    expect(shown.body.data.images).toHaveLength(4);
    expect((await upload(product.id, PNG, 'p.png', member)).status).toBe(403);

    const removed = await call<EshopProductView>('DELETE', `${BASE}/image`, {
      token: admin,
      query: { cooperative_id: coop, product_id: product.id, image_id: first.body.data.images[0].id },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.data.images.map((i) => i.id)).toEqual(single.body.data.images.slice(1).map((i) => i.id));
    const again = await call('DELETE', `${BASE}/image`, {
      token: admin,
      query: { cooperative_id: coop, product_id: product.id, image_id: first.body.data.images[0].id },
    });
    expect(again.status).toBe(404);
  });
});

describe('a category in use', () => {
  it("cannot be deleted while a cooperative's product names it, and can once the product is gone", async () => {
    const kitchen = await category(`Kitchen ${tag}`, 1);
    const product = await made(body({ name: 'Blender', sku: `BLEND-${tagOf()}`, category_id: kitchen }));
    const refused = await call('DELETE', CATEGORIES, { token: admin, query: { category_id: kitchen } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This product category has products in 1 cooperative's store; make it Inactive instead",
    );
    expect((await call('GET', CATEGORIES, { token: admin, query: { category_id: kitchen } })).status).toBe(200);

    const removed = await call('DELETE', BASE, {
      token: admin,
      query: { cooperative_id: coop, product_id: product.id },
    });
    expect(removed.status, removed.body.message).toBe(200);
    const deleted = await call('DELETE', CATEGORIES, { token: admin, query: { category_id: kitchen } });
    expect(deleted.status, deleted.body.message).toBe(200);
    expect((await call('GET', CATEGORIES, { token: admin, query: { category_id: kitchen } })).status).toBe(404);
  });
});

describe('the product list', () => {
  let store = '';
  /** [name, sku, category, status] of the store's products. */
  const PRODUCTS: [string, string, 'g' | 'p', number][] = [
    ['Palm Oil 5L', 'OIL-005', 'g', 1],
    ['beans 10kg', 'BEAN-010', 'g', 1],
    ['Garri Yellow', 'GAR-001', 'g', 0],
    ['Tecno Spark', 'PHN-TS10', 'p', 1],
    ['Infinix Hot', 'PHN-IH12', 'p', 0],
    ['Oil Lamp', 'LMP-001', 'p', 1],
  ];

  beforeAll(async () => {
    store = (await createTestCooperative('EL')).id;
    for (const [name, sku, cat, status] of PRODUCTS)
      await made(body({ cooperative_id: store, name, sku, category_id: cat === 'g' ? groceries : phones, status }));
  }, 120_000);

  const inStore = (query: Record<string, string | undefined>, token = admin) => list(query, token, store);

  it('lists every product by name, any case, with the count', async () => {
    const r = await inStore({});
    expect(r.status, r.body.message).toBe(200);
    expect(names(r)).toEqual(['beans 10kg', 'Garri Yellow', 'Infinix Hot', 'Oil Lamp', 'Palm Oil 5L', 'Tecno Spark']);
    expect(r.body.data.meta.total).toBe(6);
  });

  it('filters by status, by category, and by both, each counted', async () => {
    const active = await inStore({ status: '1' });
    expect(names(active)).toEqual(['beans 10kg', 'Oil Lamp', 'Palm Oil 5L', 'Tecno Spark']);
    expect(active.body.data.meta.total).toBe(4);
    const inactive = await inStore({ status: '0' });
    expect(names(inactive)).toEqual(['Garri Yellow', 'Infinix Hot']);
    expect(inactive.body.data.meta.total).toBe(2);
    const food = await inStore({ category_id: groceries });
    expect(names(food)).toEqual(['beans 10kg', 'Garri Yellow', 'Palm Oil 5L']);
    expect(food.body.data.meta.total).toBe(3);
    const activePhones = await inStore({ category_id: phones, status: '1' });
    expect(names(activePhones)).toEqual(['Oil Lamp', 'Tecno Spark']);
    expect(activePhones.body.data.meta.total).toBe(2);
    const bad = await inStore({ status: '7' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.status).toBe('Select a valid status: 1 for Active or 0 for Inactive');
  });

  it('searches by a name word or a SKU prefix, with the filters', async () => {
    expect(names(await inStore({ query: 'oil' })).sort()).toEqual(['Oil Lamp', 'Palm Oil 5L']);
    expect(names(await inStore({ query: 'phn' })).sort()).toEqual(['Infinix Hot', 'Tecno Spark']);
    expect(names(await inStore({ query: 'phn-t' }))).toEqual(['Tecno Spark']);
    expect(names(await inStore({ query: 'PALM oi' }))).toEqual(['Palm Oil 5L']);
    expect(names(await inStore({ query: 'phn', status: '0' }))).toEqual(['Infinix Hot']);
    expect(names(await inStore({ query: 'oil', category_id: phones }))).toEqual(['Oil Lamp']);
    expect(names(await inStore({ query: 'nothing-like-it' }))).toEqual([]);
  });

  it('pages by cursor through every product once, in order; page=2 gives the same rows', async () => {
    const read = (query: Record<string, string>) =>
      call<Paged>('GET', BASE, { token: admin, query: { cooperative_id: store, ...query } });
    const walked = await walkPages(read, { perPage: 2 });
    expect(walked.map((p) => p.name)).toEqual([
      'beans 10kg',
      'Garri Yellow',
      'Infinix Hot',
      'Oil Lamp',
      'Palm Oil 5L',
      'Tecno Spark',
    ]);
    const food = await walkPages(read, { perPage: 1, query: { category_id: groceries } });
    expect(food.map((p) => p.name)).toEqual(['beans 10kg', 'Garri Yellow', 'Palm Oil 5L']);
    await expectPageTwoByCursor(read);
  });
});

describe('who sees and changes the catalogue', () => {
  let active: EshopProductView;
  let inactive: EshopProductView;

  beforeAll(async () => {
    active = await made(body({ name: `Shown ${tag}`, sku: `SHOW-${tag}` }));
    inactive = await made(body({ name: `Hidden ${tag}`, sku: `HIDE-${tag}`, status: 0 }));
  });

  it('shows members Active products only, without the buying price', async () => {
    const all = await list({ query: tag, per_page: '100' }, member, undefined);
    expect(all.status, all.body.message).toBe(200);
    expect(names(all)).toEqual([`Shown ${tag}`]);
    const plain = await list({}, member, undefined);
    expect(plain.body.data.data.every((p) => p.status === PRODUCT_STATUS.ACTIVE)).toBe(true);
    expect(plain.body.data.data.every((p) => p.buying_price === null)).toBe(true);
    // Asking for Inactive ones still gives Active ones only.
    const asked = await list({ status: '0' }, member, undefined);
    expect(asked.body.data.data.every((p) => p.status === PRODUCT_STATUS.ACTIVE)).toBe(true);

    const one = await call<EshopProductView>('GET', `${BASE}/single`, {
      token: member,
      query: { product_id: active.id },
    });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ name: `Shown ${tag}`, buying_price: null, selling_price: 52000 });
    const hidden = await call('GET', `${BASE}/single`, { token: member, query: { product_id: inactive.id } });
    expect(hidden.status).toBe(404);
  });

  it('refuses members changing the catalogue (403)', async () => {
    expect((await create(body({ cooperative_id: undefined }), member)).status).toBe(403);
    const update = await call('POST', `${BASE}/update`, {
      token: member,
      body: body({ cooperative_id: undefined, product_id: active.id }),
    });
    expect(update.status).toBe(403);
    expect((await call('DELETE', BASE, { token: member, query: { product_id: active.id } })).status).toBe(403);
  });

  it("does not show another cooperative's product (404), nor let its admin name this cooperative (403)", async () => {
    const otherAdmin = await tokenFor('DEMO-ADMIN');
    const read = await call('GET', `${BASE}/single`, { token: otherAdmin, query: { product_id: active.id } });
    expect(read.status).toBe(404);
    const update = await call('POST', `${BASE}/update`, {
      token: otherAdmin,
      body: body({ cooperative_id: undefined, product_id: active.id }),
    });
    expect(update.status).toBe(404);
    const named = await call('GET', BASE, { token: otherAdmin, query: { cooperative_id: coop } });
    expect(named.status).toBe(403);
  });
});

describe("the store's GL accounts", () => {
  /** The five accounts as the standard chart has them: [code, name, sub-category, purpose, type]. */
  const STORE_ACCOUNTS = [
    ['103003', 'E-shop Receivable', '103', 'eshop_receivable', 'D'],
    ['105001', 'Inventory', '105', 'inventory', 'D'],
    ['505001', 'Sales', '505', 'sales', 'C'],
    ['602001', 'Cost of Goods Sold', '602', 'cost_of_sales', 'D'],
    ['702005', 'Inventory Loss', '702', 'inventory_loss', 'D'],
  ];

  const accounts = async (cooperative: string) => {
    const r = await call<{ data: LedgerAccountView[] }>('GET', '/cooperative/coa', {
      token: admin,
      query: { cooperative_id: cooperative, per_page: '100' },
    });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data.data;
  };
  const storeRows = (all: LedgerAccountView[]) =>
    all
      .filter((a) => a.purpose !== null && STORE_ACCOUNTS.some((s) => s[3] === a.purpose))
      .map((a) => [a.code, a.name, a.subcategory_id, a.purpose, a.type]);

  /** A cooperative made before the store's accounts: they and their new sub-categories taken away. */
  async function withoutStoreAccounts(): Promise<string> {
    const id = (await createTestCooperative('EA')).id;
    await deleteKeys([
      ...STORE_ACCOUNTS.map(([code]) => keys.glAccount(id, code)),
      ...['105', '505', '602'].map((code) => keys.coaSubCategory(id, code)),
    ]);
    expect(storeRows(await accounts(id))).toEqual([]);
    return id;
  }

  it('are in the standard chart of a new cooperative', async () => {
    const id = (await createTestCooperative('EN')).id;
    expect(storeRows(await accounts(id))).toEqual(STORE_ACCOUNTS);
  });

  it('are added once to a cooperative that lacks them, however many runs at once', async () => {
    const id = await withoutStoreAccounts();
    const runs = await Promise.all([ensureStoreAccounts(id), ensureStoreAccounts(id), ensureStoreAccounts(id)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await ensureStoreAccounts(id)).toBe(0);
    const all = await accounts(id);
    expect(storeRows(all)).toEqual(STORE_ACCOUNTS);
    expect(all.filter((a) => a.purpose === 'sales')).toHaveLength(1);
  });

  it('are added by the first product of a cooperative that lacks them', async () => {
    const id = await withoutStoreAccounts();
    await made(body({ cooperative_id: id }));
    expect(storeRows(await accounts(id))).toEqual(STORE_ACCOUNTS);
  });

  it("take the next free code when the cooperative's own account holds the standard one", async () => {
    const id = await withoutStoreAccounts();
    const own = await call('POST', '/cooperative/coa', {
      token: admin,
      body: { cooperative_id: id, code: '103003', name: 'Staff Advances', type: 'D', subcategory_id: '103', status: 1 },
    });
    expect(own.status, own.body.message).toBe(201);
    expect(await ensureStoreAccounts(id)).toBe(5);
    const rows = storeRows(await accounts(id));
    expect(rows[0]).toEqual(['103004', 'E-shop Receivable', '103', 'eshop_receivable', 'D']);
    expect(rows.slice(1)).toEqual(STORE_ACCOUNTS.slice(1));
  });
});
