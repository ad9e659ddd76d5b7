import { eshopCategorySchema } from '@coopledger/shared/schemas/eshop';
import type { EshopCategoryView } from '@coopledger/shared/setup-views';
import { domainHandler } from '#core/handler';
import type { EntityConfig } from '../setup/crud.ts';
import { crudHandlers, setupStore, uniqueValue } from '../setup/crud.ts';
import type { EshopCategoryRecord } from './eshop-category-entity.ts';
import { eshopCategoryRecords } from './eshop-category-entity.ts';
import { orderHandlers } from './orders.ts';
import { productExportHandlers } from './product-export.ts';
import { productHandlers } from './products.ts';
import { reportHandlers } from './reports.ts';
import { stockHandlers } from './stock.ts';

/**
 * E-shop product categories (the platform's e-store: the super-admin changes them, every signed-in
 * role reads them). The spec's paths: GET lists, or reads one when category_id is given; POST
 * creates; POST /update updates; DELETE deletes. The store's products are in products.ts.
 */
const eshopCategories: EntityConfig<typeof eshopCategorySchema, EshopCategoryRecord> = {
  label: 'Product category',
  plural: 'Product categories',
  idParam: 'category_id',
  schema: eshopCategorySchema,
  store: setupStore(eshopCategoryRecords),
  build: async (input) => ({ name: input.name, status: input.status, description: input.description }),
  present: async (r): Promise<EshopCategoryView> => ({
    id: r.id,
    name: r.name,
    status: r.status,
    description: r.description,
    created_at: r.created_at,
  }),
  unique: (fields, ctx) => [uniqueValue(ctx, 'name', 'name', fields.name)],
  searchText: (r) => `${r.name} ${r.description}`,
  // Products name a category; deleting one that products use is not refused yet (docs/decisions.md
  // 2026-11-27 "The store's catalogue"): a product whose category is gone shows no category name.
};

const BASE = '/e-shop/admin/product-category';
const crud = crudHandlers(eshopCategories, { base: BASE });

export const handler = domainHandler('eshop', {
  [`GET ${BASE}`]: (req) => (req.query.category_id ? crud[`GET ${BASE}/single`](req) : crud[`GET ${BASE}`](req)),
  [`POST ${BASE}`]: crud[`POST ${BASE}`],
  [`POST ${BASE}/update`]: crud[`POST ${BASE}/update`],
  [`DELETE ${BASE}`]: crud[`DELETE ${BASE}`],
  ...productHandlers,
  ...stockHandlers,
  ...orderHandlers,
  ...reportHandlers,
  ...productExportHandlers,
});
