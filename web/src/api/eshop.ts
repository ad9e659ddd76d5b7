import type { Role } from '@coopledger/shared/roles';
import type { EshopCategoryView } from '@coopledger/shared/setup-views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routeAdmits, routeData, routeRequest } from './client';
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

const productKey = (id: string) => [ESHOP_ENDPOINTS.products.key, 'single', id] as const;

/** One product of the active cooperative, with its pictures' links. */
export function useEshopProduct(id: string) {
  return useQuery({
    queryKey: productKey(id),
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/product/single', { query: { product_id: id }, signal }),
    // The pictures' links last 15 minutes: read again well before.
    staleTime: 5 * 60_000,
  });
}

/** Adds a picture to a product (the server checks it is an image by its bytes); every product list is read again. */
export function useAddProductImage(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('product_id', productId);
      body.append('image', file);
      return routeRequest('POST /cooperative/e-shop/product/image', { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ESHOP_ENDPOINTS.products.key] }),
  });
}

/** Takes a picture off a product. */
export function useRemoveProductImage(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      routeRequest('DELETE /cooperative/e-shop/product/image', { query: { product_id: productId, image_id: imageId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ESHOP_ENDPOINTS.products.key] }),
  });
}

/** The page of one product (its pictures). */
export const eshopProductPath = (id: string) => `/e-shop/products/${encodeURIComponent(id)}`;
