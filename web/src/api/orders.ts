import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderType, SavingsPlanView, TransactionOrderView } from '@coopledger/shared/savings-views';
import { routeData, routeRequest } from './client';
import { useEntityOptions } from './entities';
import { invalidateMembers } from './members';
import type { BankAccount } from './setup-endpoints';
import { ENDPOINTS } from './setup-endpoints';
import { isActive } from '@coopledger/shared/statuses';

/**
 * Deposit and withdrawal orders (spec 000 sections 3 and 7, "Transaction orders"): the staff lists,
 * placing an order, and approving or denying a pending one. Amounts arrive and leave in naira; the
 * API keeps kobo.
 */
export type { OrderStatus, OrderType } from '@coopledger/shared/savings-views';
export type TransactionOrder = TransactionOrderView;
/** A cooperative's savings plan as the staff's Savings Accounts list shows it. */
export type SavingsAccount = SavingsPlanView;

export interface OrderListParams {
  /** Left out: no date filter (the savings accounts list, "All dates"). */
  start_date?: string;
  end_date?: string;
  page: number;
  query?: string;
}

const LISTS = {
  DEPOSIT: 'GET /cooperative/transaction-order/deposits',
  WITHDRAWAL: 'GET /cooperative/transaction-order/withdrawals',
} as const;

/** Every cached read an approval, a denial or a new order can change. */
export function invalidateAfterOrder(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['transaction-orders'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    // Plans, schedules and histories (every key under 'savings', web/src/api/savings.ts), the
    // cooperative's savings listing, and the member list's Leg./Avl. Balance.
    queryClient.invalidateQueries({ queryKey: ['savings'] }),
    queryClient.invalidateQueries({ queryKey: ['savings-accounts'] }),
    invalidateMembers(queryClient),
  ]);
}

export function useOrderList(type: OrderType, params: OrderListParams) {
  return useQuery({
    queryKey: ['transaction-orders', type, params],
    queryFn: ({ signal }) => routeData(LISTS[type], { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The cooperative's savings plans by start date (the Savings Accounts page). */
export function useSavingsAccounts(params: OrderListParams) {
  return useQuery({
    queryKey: ['savings-accounts', params],
    queryFn: ({ signal }) => routeData('GET /cooperative/transaction-order/savings', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Members matching a name or member number, for the searchable member choice. */
export function useMemberSearch(query: string) {
  return useQuery({
    queryKey: ['members', 'search', query],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/member', { query: { query: query || undefined, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The cooperative's active bank accounts: where an approved order's money goes or comes from. */
export function useActiveBankAccounts(enabled = true) {
  const list = useEntityOptions<BankAccount>(ENDPOINTS.bankAccounts, undefined, enabled);
  return { ...list, accounts: list.records.filter((account) => isActive(account.status)) };
}

export interface OrderInput {
  coop_id: string;
  savings_id: string;
  /** Naira as typed, at most 2 decimals; the API converts to kobo. */
  amount: string;
  date?: string;
  payment_mode_id: number;
  comment?: string;
  description?: string;
  transaction_type: OrderType;
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderInput) => routeRequest('POST /cooperative/transaction-order', { body }),
    onSuccess: () => invalidateAfterOrder(queryClient),
  });
}

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, bankId }: { orderId: string; bankId: string }) =>
      routeRequest('POST /cooperative/transaction-order/approve', {
        body: { transaction_id: orderId, bank_id: bankId },
      }),
    onSuccess: () => invalidateAfterOrder(queryClient),
  });
}

export function useDenyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      routeRequest('POST /cooperative/transaction-order/deny', { body: { transaction_id: orderId } }),
    onSuccess: () => invalidateAfterOrder(queryClient),
  });
}
