import { eshopCategorySchema } from '@coopledger/shared/schemas/eshop';
import type { EshopCategoryView } from '@coopledger/shared/setup-views';
import { domainHandler } from '#core/handler';
import type { EntityConfig } from '../setup/crud.ts';
import { crudHandlers, setupStore, uniqueValue } from '../setup/crud.ts';
import type { EshopCategoryRecord } from './eshop-category-entity.ts';
import { eshopCategoryRecords } from './eshop-category-entity.ts';

/**
 * E-shop product categories (the platform's e-store, super-admin). The spec's paths: GET lists, or
 * reads one when category_id is given; POST creates; POST /update updates; DELETE deletes.
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
  // The e-shop's products are mock-ups with no data yet, so nothing refers to a category.
};

const BASE = '/e-shop/admin/product-category';
const crud = crudHandlers(eshopCategories, { base: BASE });

export const handler = domainHandler('eshop', {
  [`GET ${BASE}`]: (req) => (req.query.category_id ? crud[`GET ${BASE}/single`](req) : crud[`GET ${BASE}`](req)),
  [`POST ${BASE}`]: crud[`POST ${BASE}`],
  [`POST ${BASE}/update`]: crud[`POST ${BASE}/update`],
  [`DELETE ${BASE}`]: crud[`DELETE ${BASE}`],
});
