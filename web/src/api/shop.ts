import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EshopOrderView, EshopProductView } from '@coopledger/shared/eshop-views';
import type { EshopOrderInput } from '@coopledger/shared/schemas/eshop';
import type { EshopCategoryView } from '@coopledger/shared/setup-views';
import type { Role } from '@coopledger/shared/roles';
import { useSession } from '../session/use-session';
import { routeAdmits, routeData, routeRequest } from './client';

/**
 * The members' shop (functions/eshop): the cooperative's catalogue as members see it (Active
 * products, no buying price), the platform's categories to filter it by, and the member's own
 * orders: placing one, reading them, and cancelling one while it is Pending. Prices and totals
 * arrive in naira; an order sends only products and quantities, and the server prices it.
 */
export type ShopProduct = EshopProductView;
export type ShopOrder = EshopOrderView;
export type ShopCategory = EshopCategoryView;

/** The body of an order as the API takes it (shared/src/schemas/eshop.ts eshopOrderSchema). */
export interface ShopOrderBody {
  items: { product_id: string; quantity: number }[];
  payment_method: EshopOrderInput['payment_method'];
  savings_id?: string;
  payroll_months?: number;
  delivery_address?: string;
  note?: string;
}

export interface ShopProductParams {
  page: number;
  query?: string;
  category_id?: string;
}

export const shopKeys = {
  products: (params: ShopProductParams) => ['shop', 'products', params] as const,
  categories: ['shop', 'categories'] as const,
  orders: ['shop', 'orders'] as const,
  settings: (cooperative: string | null) => ['shop', cooperative, 'settings'] as const,
};

const SAVE_SETTINGS = 'POST /cooperative/e-shop/settings';

/** Whether a role may change the store's settings (the cooperative's admins; others read them). */
export const mayChangeStoreSettings = (role: Role | undefined): boolean => routeAdmits(SAVE_SETTINGS, role);

/** The active cooperative: in the key, so that a super-admin switching cooperative never sees another's. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

/** The store's settings: the most months of payroll deduction it offers (0: none). */
export function useStoreSettings() {
  return useQuery({
    queryKey: shopKeys.settings(useCooperative()),
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/settings', { signal }),
    staleTime: 60_000,
  });
}

/** An admin changes the store's settings. */
export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  const cooperative = useCooperative();
  return useMutation({
    mutationFn: (body: { payroll_max_months: number }) => routeRequest(SAVE_SETTINGS, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.settings(cooperative) }),
  });
}

/** The platform has few categories; one page of the API's largest holds them all. */
const ALL_CATEGORIES = 100;

export function useShopProducts(params: ShopProductParams) {
  return useQuery({
    queryKey: shopKeys.products(params),
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/product', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The platform's e-shop categories (no cooperative scopes them), by name. */
export function useShopCategories() {
  return useQuery({
    queryKey: shopKeys.categories,
    queryFn: async ({ signal }) => {
      const answer = await routeData('GET /e-shop/admin/product-category', {
        query: { page: 1, per_page: ALL_CATEGORIES },
        scoped: false,
        signal,
      });
      // The route reads one category when asked for one; a list is asked for here.
      const categories = 'data' in answer ? answer.data : [answer];
      return [...categories].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 5 * 60_000,
  });
}

export function useMyShopOrders(page: number) {
  return useQuery({
    queryKey: [...shopKeys.orders, page],
    queryFn: ({ signal }) => routeData('GET /member/e-shop/order', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * What an order changes besides the orders: the plan it holds money on (its available balance, on
 * the savings screens and the dashboard's figures).
 */
function invalidateAfterShopOrder(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shopKeys.orders }),
    queryClient.invalidateQueries({ queryKey: ['savings'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'member'] }),
  ]);
}

/** Places the member's order: it reserves the stock and, paid from savings, holds the total on the plan. */
export function usePlaceShopOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopOrderBody) => routeRequest('POST /member/e-shop/order', { body }),
    // A refusal may come from a balance or stock that changed meanwhile: the plans are read again either way.
    onSettled: () => invalidateAfterShopOrder(queryClient),
  });
}

/** Cancels one of the member's own orders while it is Pending: its stock and savings hold are given back. */
export function useCancelShopOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => routeRequest('POST /member/e-shop/order/cancel', { body: { order_id: orderId } }),
    onSettled: () => invalidateAfterShopOrder(queryClient),
  });
}
