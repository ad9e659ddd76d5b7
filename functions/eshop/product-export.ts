import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { PRODUCT_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';
import { invalid } from '#core/errors';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { MAX_PER_PAGE } from '#core/paging';
import { searchWords } from '#core/search-tokens';
import { getCooperative } from '../cooperatives/cooperative-entity.ts';
import { eshopCategoryRecords } from './eshop-category-entity.ts';
import type { ProductRecord } from './product-entity.ts';
import { listedProducts, presentAll } from './products.ts';
import { productsPdf, productsWorkbook, storeFile } from './report-files.ts';

/**
 * The products list as a file (the spec's Excel and PDF buttons; docs/decisions.md 2026-11-27
 * "Store dashboard and reports"): every page of the list the screen shows, with its search and
 * filters (`query`, `status`, `category_id`), read a page of MAX_PER_PAGE at a time by cursor, at
 * most MAX_EXPORT_PRODUCTS of them; a longer list is refused with 422 so a file never holds part of
 * a list without saying so.
 */
export const MAX_EXPORT_PRODUCTS = 2_000;

const FORMATS = ['xlsx', 'pdf'] as const;

/** Every product the list's search and filters find, by cursor; 422 past the most a file holds. */
async function exportedProducts(ctx: RequestContext): Promise<ProductRecord[]> {
  const products: ProductRecord[] = [];
  let cursor: string | undefined;
  do {
    const found = await listedProducts({
      ...ctx,
      query: { ...ctx.query, page: '1', per_page: String(MAX_PER_PAGE), ...(cursor ? { cursor } : {}) },
    });
    products.push(...found.data);
    if (products.length > MAX_EXPORT_PRODUCTS) {
      throw invalid(
        'query',
        `The list holds more than ${MAX_EXPORT_PRODUCTS.toLocaleString('en-US')} products; ` +
          'narrow it with the search or filters to export it',
      );
    }
    cursor = found.meta.next_cursor ?? undefined;
  } while (cursor);
  return products;
}

/** The list's search and filters in words, for the file's title. */
async function filtersText(ctx: RequestContext): Promise<string> {
  const parts: string[] = [];
  const status = ctx.query.status?.trim();
  if (status) parts.push(`status ${statusLabel(PRODUCT_STATUS_LABELS, Number(status), status)}`);
  const categoryId = ctx.query.category_id?.trim();
  if (categoryId) {
    const category = await eshopCategoryRecords.get(PLATFORM_TENANT, categoryId, false);
    parts.push(`category ${category?.name ?? categoryId}`);
  }
  const words = searchWords(ctx.query.query ?? '');
  if (words.length > 0) parts.push(`search "${(ctx.query.query ?? '').trim()}"`);
  return parts.length === 0 ? 'All products' : `Products of ${parts.join(', ')}`;
}

export const productExportHandlers: RouteHandlers = {
  /** The products list (query, status, category_id) as .xlsx or .pdf (format). */
  ['GET /cooperative/e-shop/product/export']: async (ctx) => {
    const { tenant } = signedIn(ctx);
    const format = FORMATS.find((f) => f === ctx.query.format?.trim().toLowerCase());
    if (!format) throw invalid('format', 'Choose the format: xlsx or pdf');
    const [products, cooperative, filters] = await Promise.all([
      exportedProducts(ctx),
      getCooperative(tenant),
      filtersText(ctx),
    ]);
    const file = {
      cooperativeName: cooperative?.name ?? tenant,
      filters,
      products: await presentAll(ctx, products),
      printedAt: new Date().toISOString(),
    };
    const stamp = file.printedAt.replace(/\D/g, '').slice(0, 14);
    return format === 'xlsx'
      ? storeFile(`eshop-products-${stamp}.xlsx`, productsWorkbook(file))
      : storeFile(`eshop-products-${stamp}.pdf`, productsPdf(file));
  },
};
