import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import type { ProductStatus } from '@coopledger/shared/statuses';
import { PRODUCT_STATUS } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import {
  entityDefaults,
  getEntities,
  getEntity,
  read,
  tableKeyAttributes,
  transactItem,
  writeEffects,
} from '#core/entity';
import type { AppError } from '#core/errors';
import { conflict } from '#core/errors';
import type { Key } from '#core/keys';
import { keys } from '#core/keys';
import { countChange, countedTotal, listCount } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage, openEnded, partitionQuery, queryPage } from '#core/list-page';
import { ListRefEntity, listRefDelete, listRefPut } from '#core/list-ref-entity';
import type { FiledTokens } from '#core/search-items';
import { idSearchEntity, idSearchPage, nameWords, searchItemWrites } from '#core/search-items';
import { tokensOf } from '#core/search-tokens';
import { activeCategoryCheck } from './eshop-category-entity.ts';
import { neverStockedCheck } from './stock-entity.ts';

/**
 * The store's products (docs/data-model.md "E-shop"): one item per product in its own partition,
 * listed by name through gsi1 (every product) and gsi2 (the products of one status), and through two
 * list entries per product (its category's products, and its category's products of its status).
 * Each list has its counter, and the platform counts every cooperative's products (a counter of
 * tenant PLATFORM). A product's SKU is held by a claim item (unique in the cooperative, whatever its
 * case) and its name words and SKU by search items. Every write of a product writes all of these in
 * one transaction.
 */
export const EshopProductEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_PRODUCT',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    name: string(),
    sku: string(),
    /** The platform's e-shop category (tenant PLATFORM). */
    category_id: string(),
    status: number().enum(PRODUCT_STATUS.INACTIVE, PRODUCT_STATUS.ACTIVE),
    /** Kobo. */
    buying_price: number(),
    /** Kobo. */
    selling_price: number(),
    max_purchase_quantity: number(),
    low_stock_quantity: number(),
    /** Its pictures (at most MAX_PRODUCT_IMAGES), each an S3 object of an image checked by its bytes. */
    images: list(map({ id: string(), key: string() })).optional(),
    description: anyOf(string(), nul()),
    created_at: string(),
    created_by: string(),
    updated_at: string(),
    updated_by: string(),
    entity: string().const('ESHOP_PRODUCT').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.eshopProduct(cooperative_id, id),
});

export type ProductRecord = FormattedItem<typeof EshopProductEntity>;

/** The claim that keeps a SKU unique in a cooperative (in any case); it names the product holding it. */
export const SkuClaimEntity = new Entity({
  ...entityDefaults,
  name: 'CLAIM',
  schema: item({
    ...tableKeyAttributes(),
    entity: string().const('CLAIM').hidden(),
    product_id: string(),
    sku: string(),
  }),
});

/** The products' search items: one per name word and the SKU (core/search-items.ts). */
export const ProductSearchEntity = idSearchEntity('PSEARCH');

const skuClaimKey = (tenant: string, sku: string) => keys.uniqueClaim(tenant, 'ESHOP_PRODUCT', 'sku', sku);

/** The counters of the product lists: every product, of a status, of a category, of a category and status. */
export const PRODUCTS_LIST = 'eshop-products';
/** The platform's counter of the products of every cooperative's store (tenant PLATFORM). */
export const PLATFORM_PRODUCTS_LIST = 'eshop-products#all-cooperatives';
const statusList = (status: number) => `${PRODUCTS_LIST}#s${status}`;
export const categoryList = (categoryId: string, status?: number) =>
  `${PRODUCTS_LIST}#c${categoryId}${status === undefined ? '' : `#s${status}`}`;
const countedLists = (p: ProductRecord) => [
  PRODUCTS_LIST,
  statusList(p.status),
  categoryList(p.category_id),
  categoryList(p.category_id, p.status),
];

const refKeys = (p: ProductRecord): Key[] => [
  keys.eshopCategoryProductRef(p.cooperative_id, p.category_id, undefined, p.name, p.id),
  keys.eshopCategoryProductRef(p.cooperative_id, p.category_id, p.status, p.name, p.id),
];

/** A product's search tokens: each word of its name (at most five) and its SKU. */
export const productTokens = (p: Pick<ProductRecord, 'name' | 'sku'>): string[] =>
  tokensOf([...nameWords(p.name), p.sku]);

const filed = (p: ProductRecord | undefined): FiledTokens | undefined =>
  p && {
    id: p.id,
    tokens: productTokens(p),
    key: (token) => keys.eshopProductSearch(p.cooperative_id, token, p.id),
  };

/** One product (a consistent read by default), checked; undefined when there is none. */
export const getProduct = (tenant: string, id: string, consistent = true) =>
  getEntity(EshopProductEntity, keys.eshopProduct(tenant, id), consistent);

/**
 * A check, in a stock or order transaction, that a product is still there (and, for an order, still
 * Active and still at the selling price the order was priced at).
 */
export const productCheck = (tenant: string, id: string, forOrder?: { sellingPrice: number }) =>
  transactItem(
    EshopProductEntity.build(ConditionCheck)
      .key({ cooperative_id: tenant, id })
      .condition(
        forOrder
          ? {
              and: [
                { attr: 'status', eq: PRODUCT_STATUS.ACTIVE },
                { attr: 'selling_price', eq: forOrder.sellingPrice },
              ],
            }
          : { attr: 'id', exists: true },
      )
      .params(),
  );

/** The products of these ids (one BatchGet, consistent when asked), by id. */
export async function productsOf(tenant: string, ids: string[], consistent = false) {
  const found =
    ids.length === 0
      ? []
      : await getEntities(
          EshopProductEntity,
          ids.map((id) => keys.eshopProduct(tenant, id)),
          consistent,
        );
  return new Map(found.map((p) => [p.id, p]));
}

/** The writes of a transaction, each with what its failed condition means. */
interface Part {
  item: TransactItem;
  onConditionFailed?: AppError;
}

const changedMeanwhile = () =>
  conflict('This product was changed by someone else at the same time; open it again and repeat your change');

const skuTaken = (sku: string) => conflict(`The SKU ${sku} is already used by another product of this cooperative`);

const inactiveCategory = () =>
  conflict('The product category was deleted or made inactive meanwhile; please select an active category');

const writeParts = (parts: Part[]) => writeEffects(parts, changedMeanwhile());

const keyText = (key: Key) => `${key.pk}\n${key.sk}`;

/**
 * The parts of a change of a product from `previous` (undefined: new) to `next` (undefined:
 * deleted): the product itself under its condition, its SKU claim moved when the SKU changes other
 * than in case, its list entries and counters moved, its search items, and a check that a newly
 * chosen category is Active.
 */
function changeParts(previous: ProductRecord | undefined, next: ProductRecord | undefined): Part[] {
  const parts: Part[] = [];
  const product = (previous ?? next)!;
  const tenant = product.cooperative_id;
  if (next) {
    const put = EshopProductEntity.build(PutTransaction)
      .item({
        ...next,
        ...keys.eshopProductIndex(tenant, next.name, next.id),
        ...keys.eshopProductStatusIndex(tenant, next.status, next.name, next.id),
      })
      .options({
        condition: previous ? { attr: 'updated_at', eq: previous.updated_at } : { attr: 'id', exists: false },
      });
    parts.push({ item: transactItem(put.params()), onConditionFailed: previous ? changedMeanwhile() : undefined });
  } else {
    const remove = EshopProductEntity.build(DeleteTransaction)
      .key({ cooperative_id: tenant, id: product.id })
      .options({ condition: { attr: 'updated_at', eq: product.updated_at } });
    parts.push({ item: transactItem(remove.params()), onConditionFailed: changedMeanwhile() });
  }

  const oldClaim = previous && skuClaimKey(tenant, previous.sku);
  const newClaim = next && skuClaimKey(tenant, next.sku);
  if (oldClaim && (!newClaim || keyText(oldClaim) !== keyText(newClaim))) {
    const release = SkuClaimEntity.build(DeleteTransaction)
      .key(oldClaim)
      .options({
        condition: {
          or: [
            { attr: 'pk', exists: false },
            { attr: 'product_id', eq: product.id },
          ],
        },
      });
    parts.push({ item: transactItem(release.params()), onConditionFailed: changedMeanwhile() });
  }
  if (next && newClaim && (!oldClaim || keyText(oldClaim) !== keyText(newClaim) || previous?.sku !== next.sku)) {
    // A new claim must be free; a claim kept (the SKU's case changed) must still be this product's.
    const kept = oldClaim !== undefined && keyText(oldClaim) === keyText(newClaim);
    const claim = SkuClaimEntity.build(PutTransaction)
      .item({ ...newClaim, entity: 'CLAIM', product_id: next.id, sku: next.sku })
      .options({ condition: kept ? { attr: 'product_id', eq: next.id } : { attr: 'pk', exists: false } });
    parts.push({
      item: transactItem(claim.params()),
      onConditionFailed: kept ? changedMeanwhile() : skuTaken(next.sku),
    });
  }

  const before = previous ? refKeys(previous) : [];
  const after = next ? refKeys(next) : [];
  const beforeText = new Set(before.map(keyText));
  const afterText = new Set(after.map(keyText));
  for (const key of before) if (!afterText.has(keyText(key))) parts.push({ item: listRefDelete(key) });
  for (const key of after) if (!beforeText.has(keyText(key))) parts.push({ item: listRefPut(key, product.id) });

  const listsBefore = previous ? countedLists(previous) : [];
  const listsAfter = next ? countedLists(next) : [];
  for (const list of listsBefore) if (!listsAfter.includes(list)) parts.push({ item: countChange(tenant, list, -1) });
  for (const list of listsAfter) if (!listsBefore.includes(list)) parts.push({ item: countChange(tenant, list, 1) });
  // The platform's count of every cooperative's products (the platform home's Store tile).
  if (!previous !== !next) parts.push({ item: countChange(PLATFORM_TENANT, PLATFORM_PRODUCTS_LIST, next ? 1 : -1) });

  for (const item of searchItemWrites(ProductSearchEntity, filed(previous), filed(next))) parts.push({ item });

  if (next && next.category_id !== previous?.category_id)
    parts.push({ item: activeCategoryCheck(next.category_id), onConditionFailed: inactiveCategory() });
  return parts;
}

/** How many products every cooperative's store holds (the platform's counter; 0 before the first). */
export const platformProductCount = () => listCount(PLATFORM_TENANT, PLATFORM_PRODUCTS_LIST);

/** Adds a product: 409 when its SKU is taken (in any case) or its category is no longer Active. */
export const insertProduct = (product: ProductRecord) => writeParts(changeParts(undefined, product));

/** Replaces a product read as `previous` with `next`: 409 when it changed meanwhile or the new SKU is taken. */
export const replaceProduct = (previous: ProductRecord, next: ProductRecord) => writeParts(changeParts(previous, next));

/**
 * Deletes a product read as `product` with its claim, list entries, counts and search items; 409 when
 * it changed meanwhile, or `stocked` when it has had stock (its movements and orders name it).
 */
export const removeProduct = (product: ProductRecord, stocked: AppError) =>
  writeParts([
    ...changeParts(product, undefined),
    { item: neverStockedCheck(product.cooperative_id, product.id), onConditionFailed: stocked },
  ]);

/** The products of these ids (one BatchGet), in the order given; ids without a product are left out. */
async function productsByIds(tenant: string, ids: string[]): Promise<ProductRecord[]> {
  const byId = await productsOf(tenant, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of the store's products by name (then id), counted: every product (gsi1), those of a
 * status (gsi2), or a category's (of a status or not) through its list entries and one BatchGet.
 */
export async function productPage(
  tenant: string,
  request: PageRequest,
  filter: { status?: ProductStatus; categoryId?: string },
): Promise<ListPage<ProductRecord>> {
  const { status, categoryId } = filter;
  if (categoryId === undefined) {
    return status === undefined
      ? entityPage(EshopProductEntity, keys.eshopProductsPartition(tenant), request, {
          index: 'gsi1',
          total: countedTotal(tenant, PRODUCTS_LIST),
        })
      : entityPage(EshopProductEntity, keys.eshopProductsOfStatusPartition(tenant, status), request, {
          index: 'gsi2',
          total: countedTotal(tenant, statusList(status)),
        });
  }
  const partition = keys.eshopCategoryProductsPartition(tenant, categoryId, status);
  const refs = await queryPage(
    partitionQuery(ListRefEntity, partition),
    partition,
    request,
    undefined,
    countedTotal(tenant, categoryList(categoryId, status)),
  );
  return {
    data: await productsByIds(
      tenant,
      refs.data.map((ref) => read(ListRefEntity, ref).id),
    ),
    meta: refs.meta,
  };
}

/**
 * One page of the products whose name words or SKU begin with every word of `text` (search items,
 * token order), those `keep` refuses (a filter) left out; a search has no counter, so its total is
 * what was seen plus one while there is a next page.
 */
export async function searchProducts(
  tenant: string,
  text: string,
  request: PageRequest,
  keep: (product: ProductRecord) => boolean,
): Promise<ListPage<ProductRecord>> {
  const { hits, matches } = await idSearchPage(
    ProductSearchEntity,
    keys.eshopProductSearchPartition(tenant),
    text,
    request,
  );
  const products = await productsByIds(
    tenant,
    hits.data.map((hit) => hit.id),
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  const data = hits.data.flatMap(({ id, token }) => {
    const product = byId.get(id);
    return product && matches({ tokens: productTokens(product), token }) && keep(product) ? [product] : [];
  });
  return openEnded({ data, meta: hits.meta });
}
