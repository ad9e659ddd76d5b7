import type { Role } from '@coopledger/shared/roles';
import type { EshopCategoryView } from '@coopledger/shared/setup-views';
import { routeAdmits } from './client';
import type { EntityEndpoint } from './entities';

/**
 * The store (issue 22, first slice; functions/eshop): the platform's e-shop categories, which only the
 * super-admin changes and every signed-in role reads, and a cooperative's products in them, which its
 * admins (and the super-admin acting in it) change and everyone of the cooperative reads. Both are
 * listed, saved and deleted through the setup scaffold (entities.ts), so a save or delete refreshes
 * every list of the entity.
 */
export type { EshopProductView as EshopProduct } from '@coopledger/shared/eshop-views';
export type EshopCategory = EshopCategoryView;

export const ESHOP_ENDPOINTS = {
  /** The platform's list: no cooperative scopes it, so the active one is not sent. */
  categories: {
    key: 'eshop-categories',
    base: '/e-shop/admin/product-category',
    idParam: 'category_id',
    scoped: false,
  },
  products: { key: 'eshop-products', base: '/cooperative/e-shop/product', idParam: 'product_id' },
} as const satisfies Record<string, EntityEndpoint>;

/** Whether a signed-in role may add, change and delete the e-shop categories (the super-admin). */
export const mayChangeEshopCategories = (role: Role | undefined): boolean =>
  routeAdmits('POST /e-shop/admin/product-category', role);

/**
 * Whether a signed-in role may add, change and delete a cooperative's products (its admin, and the
 * super-admin acting in it); the cooperative's Role Access grid may still refuse, with the server's message.
 */
export const mayChangeEshopProducts = (role: Role | undefined): boolean =>
  routeAdmits('POST /cooperative/e-shop/product', role);
