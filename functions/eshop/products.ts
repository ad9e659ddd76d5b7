import type { EshopProductView } from '@coopledger/shared/eshop-views';
import { nairaFigure } from '@coopledger/shared/money';
import { PLATFORM_TENANT, isMemberRole } from '@coopledger/shared/roles';
import type { EshopProductInput } from '@coopledger/shared/schemas/eshop';
import {
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_TYPE_MESSAGE,
  eshopProductSchema,
} from '@coopledger/shared/schemas/eshop';
import type { ProductStatus } from '@coopledger/shared/statuses';
import { PRODUCT_STATUS, SETUP_STATUS } from '@coopledger/shared/statuses';
import { nowIso } from '#core/db';
import { conflict, invalid, notFound } from '#core/errors';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import { newId } from '#core/ids';
import { putObject, removeObject } from '#core/import-files';
import { objectKeys } from '#core/keys';
import { fileLink, sniffImage } from '#core/stored-files';
import type { ListPage } from '#core/list-page';
import { pageRequest } from '#core/list-page';
import { searchWords } from '#core/search-tokens';
import { validate } from '#core/validation';
import type { EshopCategoryRecord } from './eshop-category-entity.ts';
import { eshopCategoryRecords } from './eshop-category-entity.ts';
import type { ProductRecord } from './product-entity.ts';
import {
  getProduct,
  insertProduct,
  productPage,
  removeProduct,
  replaceProduct,
  searchProducts,
} from './product-entity.ts';
import { stocksOf } from './stock-entity.ts';
import { ensureStoreAccounts } from './store-accounts.ts';

/**
 * The store's catalogue (issue 22, first slice; docs/decisions.md 2026-11-27 "The store's
 * catalogue"): a cooperative's products, each in one of the platform's e-shop categories. Its admins
 * (and super-admin acting in it) add, change and delete them; everyone of the cooperative reads them,
 * members and executives only the Active ones and without the buying price.
 */

const BASE = '/cooperative/e-shop/product';

/** Members and executives: the shop's side, which sees Active products only. */
const shopper = (ctx: RequestContext) => isMemberRole(signedIn(ctx).identity.role);

/** The product id named in the query or body (`product_id`, or `id`). */
function productIdOf(ctx: RequestContext): string {
  const value = ctx.query.product_id ?? ctx.body.product_id ?? ctx.query.id ?? ctx.body.id;
  const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!id) throw invalid('product_id', 'Please select a product');
  return id;
}

/** The product the caller may see: 404 when there is none, or when a shopper asks for an Inactive one. */
async function visibleProduct(ctx: RequestContext, id: string): Promise<ProductRecord> {
  const { tenant } = signedIn(ctx);
  const product = await getProduct(tenant, id);
  if (!product || (shopper(ctx) && product.status !== PRODUCT_STATUS.ACTIVE)) throw notFound('Product');
  return product;
}

/** The e-shop category a product is put in: it must exist and be Active (422 on category_id otherwise). */
async function activeCategory(categoryId: string): Promise<EshopCategoryRecord> {
  const category = await eshopCategoryRecords.get(PLATFORM_TENANT, categoryId);
  if (!category) throw invalid('category_id', 'The selected product category does not exist');
  if (category.status !== SETUP_STATUS.ACTIVE)
    throw invalid('category_id', `The product category ${category.name} is inactive; please select an active one`);
  return category;
}

/** The names of the categories of these products (one read each of the few distinct ones). */
async function categoryNames(products: ProductRecord[]): Promise<Map<string, string>> {
  const ids = [...new Set(products.map((p) => p.category_id))];
  const found = await Promise.all(ids.map((id) => eshopCategoryRecords.get(PLATFORM_TENANT, id, false)));
  return new Map(found.flatMap((c) => (c ? [[c.id, c.name] as const] : [])));
}

async function present(
  product: ProductRecord,
  names: Map<string, string>,
  inStock: number,
  forShopper: boolean,
): Promise<EshopProductView> {
  const categoryName = names.get(product.category_id);
  // Presigned here, no call made: links signed by the function's role, each good for 15 minutes.
  const images = await Promise.all(
    (product.images ?? []).map(async (image) => ({ id: image.id, url: await fileLink(image.key) })),
  );
  return {
    id: product.id,
    product_id: product.id,
    cooperative_id: product.cooperative_id,
    name: product.name,
    sku: product.sku,
    category_id: product.category_id,
    category: categoryName === undefined ? null : { id: product.category_id, name: categoryName },
    status: product.status,
    buying_price: forShopper ? null : nairaFigure(product.buying_price),
    selling_price: nairaFigure(product.selling_price),
    max_purchase_quantity: product.max_purchase_quantity,
    low_stock_quantity: product.low_stock_quantity,
    in_stock: inStock,
    images,
    description: product.description,
    created_at: product.created_at,
    created_by: product.created_by,
    updated_at: product.updated_at,
    updated_by: product.updated_by,
  };
}

/** Products as the caller may see them, with their category's name and what is in stock. */
export async function presentAll(ctx: RequestContext, products: ProductRecord[]): Promise<EshopProductView[]> {
  const [names, stocks] = await Promise.all([
    categoryNames(products),
    stocksOf(
      signedIn(ctx).tenant,
      products.map((p) => p.id),
    ),
  ]);
  return Promise.all(products.map((p) => present(p, names, stocks.get(p.id)?.available ?? 0, shopper(ctx))));
}

/** The status filter: blank for all (staff), 1 or 0; members and executives always get Active products. */
function statusFilter(ctx: RequestContext): ProductStatus | undefined {
  if (shopper(ctx)) return PRODUCT_STATUS.ACTIVE;
  const text = ctx.query.status?.trim();
  if (!text) return undefined;
  if (text === String(PRODUCT_STATUS.ACTIVE)) return PRODUCT_STATUS.ACTIVE;
  if (text === String(PRODUCT_STATUS.INACTIVE)) return PRODUCT_STATUS.INACTIVE;
  throw invalid('status', 'Select a valid status: 1 for Active or 0 for Inactive');
}

/**
 * One page of the products a list asks for (the products and stock lists): by name, of a status
 * and category, or found by `query` (name words or SKU prefix) with those filters.
 */
export async function listedProducts(ctx: RequestContext): Promise<ListPage<ProductRecord>> {
  const { tenant } = signedIn(ctx);
  const status = statusFilter(ctx);
  const categoryId = ctx.query.category_id?.trim() || undefined;
  const text = ctx.query.query ?? '';
  const request = pageRequest(ctx);
  return searchWords(text).length > 0
    ? searchProducts(
        tenant,
        text,
        request,
        (p) =>
          (status === undefined || p.status === status) && (categoryId === undefined || p.category_id === categoryId),
      )
    : productPage(tenant, request, { status, categoryId });
}

/** A product's fields as the form gives them (create and update alike). */
const productFields = (input: EshopProductInput) => ({
  name: input.name,
  sku: input.sku,
  category_id: input.category_id,
  status: input.status,
  buying_price: input.buying_price,
  selling_price: input.selling_price,
  max_purchase_quantity: input.max_purchase_quantity,
  low_stock_quantity: input.low_stock_quantity,
  description: input.description ?? null,
});

export const productHandlers: RouteHandlers = {
  [`GET ${BASE}`]: async (ctx) => {
    const found = await listedProducts(ctx);
    return ok('Products retrieved', { data: await presentAll(ctx, found.data), meta: found.meta });
  },

  [`GET ${BASE}/single`]: async (ctx) => {
    const product = await visibleProduct(ctx, productIdOf(ctx));
    return ok('Product retrieved', (await presentAll(ctx, [product]))[0]);
  },

  [`POST ${BASE}`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(eshopProductSchema, ctx.body);
    await activeCategory(input.category_id);
    // The store's GL accounts, for a cooperative made before the standard chart had them.
    await ensureStoreAccounts(tenant);
    const now = nowIso();
    const product: ProductRecord = {
      cooperative_id: tenant,
      id: newId(),
      ...productFields(input),
      created_at: now,
      created_by: identity.loginId,
      updated_at: now,
      updated_by: identity.loginId,
    };
    await insertProduct(product);
    return ok(`${product.name} added to the store`, (await presentAll(ctx, [product]))[0], 201);
  },

  [`POST ${BASE}/update`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const id = productIdOf(ctx);
    const previous = await getProduct(tenant, id);
    if (!previous) throw notFound('Product');
    const input = validate(eshopProductSchema, ctx.body);
    // A product may stay in a category made inactive since; a move needs an Active one.
    if (input.category_id !== previous.category_id) await activeCategory(input.category_id);
    const next: ProductRecord = {
      ...previous,
      ...productFields(input),
      updated_at: nowIso(),
      updated_by: identity.loginId,
    };
    await replaceProduct(previous, next);
    return ok(`${next.name} updated`, (await presentAll(ctx, [next]))[0]);
  },

  [`DELETE ${BASE}`]: async (ctx) => {
    const { tenant } = signedIn(ctx);
    const product = await getProduct(tenant, productIdOf(ctx));
    if (!product) throw notFound('Product');
    // A product that has had stock is named by its movements and orders: it can only be made Inactive.
    await removeProduct(
      product,
      conflict(`${product.name} has had stock, so its movements and orders name it; make it Inactive instead`),
    );
    for (const image of product.images ?? []) await removeObject(image.key, "a deleted product's picture");
    return ok(`${product.name} deleted`);
  },

  /**
   * A picture added to a product: an image by its first bytes (whatever the client called it), at
   * most MAX_PRODUCT_IMAGE_BYTES, while the product has fewer than MAX_PRODUCT_IMAGES. Stored first,
   * then named on the product under the version read (a change at the same moment is a 409 and the
   * stored object is removed again).
   */
  [`POST ${BASE}/image`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const id = productIdOf(ctx);
    const file = ctx.files.image;
    if (!file) throw invalid('image', 'Please choose a picture to upload');
    if (file.content.length > MAX_PRODUCT_IMAGE_BYTES) throw invalid('image', 'A picture must be at most 2 MB');
    const image = sniffImage(file.content);
    if (!image) throw invalid('image', PRODUCT_IMAGE_TYPE_MESSAGE);
    const previous = await getProduct(tenant, id);
    if (!previous) throw notFound('Product');
    const images = previous.images ?? [];
    if (images.length >= MAX_PRODUCT_IMAGES)
      throw conflict(`${previous.name} has ${MAX_PRODUCT_IMAGES} pictures already; remove one first`);
    const imageId = newId();
    const key = objectKeys.eshopProductImage(tenant, id, imageId, image.extension);
    await putObject(key, file.content, image.contentType);
    const next: ProductRecord = {
      ...previous,
      images: [...images, { id: imageId, key }],
      updated_at: nowIso(),
      updated_by: identity.loginId,
    };
    try {
      await replaceProduct(previous, next);
    } catch (error) {
      await removeObject(key, 'the picture of a product change that failed');
      throw error;
    }
    return ok(`Picture added to ${next.name}`, (await presentAll(ctx, [next]))[0], 201);
  },

  /** A picture taken off a product (and its stored object deleted once the product no longer names it). */
  [`DELETE ${BASE}/image`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const previous = await getProduct(tenant, productIdOf(ctx));
    if (!previous) throw notFound('Product');
    const imageId = String(ctx.query.image_id ?? '').trim();
    const image = (previous.images ?? []).find((i) => i.id === imageId);
    if (!image) throw notFound('Picture');
    const next: ProductRecord = {
      ...previous,
      images: (previous.images ?? []).filter((i) => i.id !== imageId),
      updated_at: nowIso(),
      updated_by: identity.loginId,
    };
    await replaceProduct(previous, next);
    await removeObject(image.key, "a product's picture taken off");
    return ok(`Picture removed from ${next.name}`, (await presentAll(ctx, [next]))[0]);
  },
};
