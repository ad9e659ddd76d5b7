import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockMovementKind } from '@coopledger/shared/eshop-views';
import type { ProductStatus } from '@coopledger/shared/statuses';
import { useSession } from '../session/use-session';
import { routeData, routeRequest } from './client';

/**
 * The store's stock (issue 22; docs/decisions.md 2026-11-27 "Store stock and orders"): each
 * product's quantity on hand, reserved and available with its value at average cost, the movements
 * of stock, and the three ways staff change it: a receipt paid from a bank account, a count adjusted
 * with a reason, and damaged stock written off. Each change is a posting, so it also changes the
 * ledger's reports. Quantities are whole numbers; naira leave as typed and arrive as naira figures.
 */
export type { StockMovementKind, StockMovementView, StockView } from '@coopledger/shared/eshop-views';

/** The active cooperative, part of every key so that switching cooperative never shows another's stock. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

/** Everything a change of stock can move: the stock, its movements and damages, and the ledger's reports. */
export function invalidateStock(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['eshop-stock'] }),
    queryClient.invalidateQueries({ queryKey: ['reports'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

export interface StockListParams {
  page: number;
  /** Words of the product's name or the start of its SKU. */
  query?: string;
  /** Active (1) or Inactive (0) products; every product when left out. */
  status?: ProductStatus;
}

/** The products with their stock, by name, a page at a time. */
export function useStockList(params: StockListParams) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['eshop-stock', cooperative, 'list', params],
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/stock', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The products a stock form offers: the first page of those matching what is typed, once the choice is opened. */
export function useStockChoices(query: string, enabled: boolean) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['eshop-stock', cooperative, 'choices', query],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/e-shop/stock', { query: { query: query || undefined, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface MovementListParams {
  page: number;
  /** One kind of movement; every kind when left out. */
  kind?: StockMovementKind;
}

/** The movements of stock, newest first. */
export function useStockMovements(params: MovementListParams) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['eshop-stock', cooperative, 'movements', params],
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/stock/movements', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The damaged stock written off, newest first. */
export function useDamages(page: number) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['eshop-stock', cooperative, 'damages', page],
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/damages', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A receipt as typed: quantity and unit cost (naira) as text, the date YYYY-MM-DD. */
export interface StockReceiptBody {
  product_id: string;
  quantity: string;
  unit_cost: string;
  supplier: string;
  date: string;
  bank_id: string;
  reference?: string;
}

/** A count adjusted (a signed quantity) or damaged stock written off (how many): with its reason and date. */
export interface StockChangeBody {
  product_id: string;
  quantity: string;
  reason: string;
  date: string;
}

/** Stock received from a supplier, paid from a bank account (Dr Inventory, Cr the bank's GL). */
export function useReceiveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockReceiptBody) => routeRequest('POST /cooperative/e-shop/stock/receipt', { body }),
    onSuccess: () => invalidateStock(queryClient),
  });
}

/** A stock count corrected, at the stock's average cost against the Inventory loss GL. */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockChangeBody) => routeRequest('POST /cooperative/e-shop/stock/adjustment', { body }),
    onSuccess: () => invalidateStock(queryClient),
  });
}

/** Damaged stock written off (Dr Inventory loss, Cr Inventory at the stock's average cost). */
export function useWriteOffDamage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockChangeBody) => routeRequest('POST /cooperative/e-shop/damages', { body }),
    onSuccess: () => invalidateStock(queryClient),
  });
}
