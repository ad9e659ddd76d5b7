import { eshopCategorySchema } from '@coopledger/shared/schemas/eshop';
import type { EshopCategoryView } from '@coopledger/shared/setup-views';
import { domainHandler } from '#core/handler';
import type { EntityConfig } from '../setup/crud.ts';
import { crudHandlers, setupStore, uniqueValue } from '../setup/crud.ts';
import type { EshopCategoryRecord } from './eshop-category-entity.ts';
import { eshopCategoryRecords } from './eshop-category-entity.ts';
import { allCooperatives } from '../cooperatives/cooperative-entity.ts';
import { listCountsOf } from '#core/list-counter-entity';
import { categoryList } from './product-entity.ts';
import { orderHandlers } from './orders.ts';
import { settingsHandlers } from './settings.ts';
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
  // A category that any cooperative's products name is kept: each cooperative counts its products
  // of a category with the product's writes (product-entity.ts), read here one BatchGet per 100
  // cooperatives; a product added at the same moment still needs the category there and Active.
  inUse: async (r) => {
    const cooperatives = await allCooperatives();
    const counts = await listCountsOf(
      cooperatives.map((c) => c.id),
      categoryList(r.id),
    );
    const using = [...counts.values()].filter((count) => count > 0).length;
    return using > 0
      ? `This product category has products in ${using} cooperative${using === 1 ? "'s store" : "s' stores"}; make it Inactive instead`
      : undefined;
  },
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
  ...settingsHandlers,
  ...reportHandlers,
  ...productExportHandlers,
});
