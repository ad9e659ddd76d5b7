import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EshopTransactionKind } from '@coopledger/shared/eshop-report-views';
import type { DayRange } from '../format/date-presets';
import { useSession } from '../session/use-session';
import type { Query } from './client';
import type { Role } from '@coopledger/shared/roles';
import { routeAdmits, routeData, routeDownload } from './client';

/**
 * The store's dashboard and reports (issue 22; docs/decisions.md 2026-11-27 "Store dashboard and
 * reports"): sales from the summaries kept with each delivery and return, stock and orders by
 * status, the transactions and sales reports with their .xlsx, and the products list as a file.
 * A period leaves as `from` and `to`; the screens keep it as a DayRange (the date pickers' shape).
 */
export type {
  EshopDashboardView as StoreDashboard,
  EshopProductSalesView,
  EshopSalesDayView,
  EshopSalesFiguresView,
  EshopSalesMonthView,
  EshopSalesReportView as SalesReport,
  EshopTransactionKind,
  EshopTransactionView as StoreTransaction,
} from '@coopledger/shared/eshop-report-views';

/** The active cooperative, part of every key so that switching cooperative never shows another's figures. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

/** A DayRange as the store's routes take it. */
export const periodQuery = (range: DayRange) => ({ from: range.start_date, to: range.end_date });

/** The dashboard of a period. Delivering, returning or receiving stock refreshes it (its key starts 'dashboard'). */
export function useStoreDashboard(range: DayRange) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['dashboard', 'eshop', cooperative, range],
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/dashboard', { query: periodQuery(range), signal }),
    placeholderData: keepPreviousData,
    enabled: cooperative !== null,
  });
}

export interface TransactionParams {
  range: DayRange;
  /** Every kind when left out. */
  kind?: EshopTransactionKind;
  /** Read in order, each page by the cursor of the one before (the client keeps them: page-cursors.ts). */
  page: number;
}

/** A page of the period's transactions, newest first; the list is not counted (its total is what was seen). */
export function useStoreTransactions({ range, kind, page }: TransactionParams) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['reports', 'eshop-transactions', cooperative, range, kind, page],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/e-shop/report/transactions', {
        query: { ...periodQuery(range), kind, page },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: cooperative !== null,
  });
}

export type SalesGroup = 'day' | 'month';

export function useSalesReport(range: DayRange, group: SalesGroup) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['reports', 'eshop-sales', cooperative, range, group],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/e-shop/report/sales', { query: { ...periodQuery(range), group }, signal }),
    placeholderData: keepPreviousData,
    enabled: cooperative !== null,
  });
}

const stamp = (now: number) => new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);

/** 'eshop-transactions-{timestamp}.xlsx' and 'eshop-sales-{timestamp}.xlsx', the names the API gives them. */
export const storeReportFileName = (report: 'transactions' | 'sales', now: number = Date.now()) =>
  `eshop-${report}-${stamp(now)}.xlsx`;

export function downloadStoreTransactions(range: DayRange, kind?: EshopTransactionKind): Promise<void> {
  return routeDownload('GET /cooperative/e-shop/report/transactions', storeReportFileName('transactions'), {
    query: { ...periodQuery(range), kind, download: true },
  });
}

export function downloadSalesReport(range: DayRange, group: SalesGroup): Promise<void> {
  return routeDownload('GET /cooperative/e-shop/report/sales', storeReportFileName('sales'), {
    query: { ...periodQuery(range), group, download: true },
  });
}

export type ProductsFormat = 'xlsx' | 'pdf';

/** Whether a signed-in role may download the products list (the store's staff; the server still decides). */
export const mayExportProducts = (role: Role | undefined): boolean =>
  routeAdmits('GET /cooperative/e-shop/product/export', role);

/** The products list with its search and filters (every page) as .xlsx or PDF. */
export function exportProducts(format: ProductsFormat, filters: Query, now: number = Date.now()): Promise<void> {
  return routeDownload('GET /cooperative/e-shop/product/export', `eshop-products-${stamp(now)}.${format}`, {
    query: { ...filters, format },
  });
}
