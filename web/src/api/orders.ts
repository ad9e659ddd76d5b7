import type { NairaFigure } from '@coopledger/shared/money';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@coopledger/shared/envelope';
import { apiData, apiRequest } from './client';
import { useEntityOptions } from './entities';
import type { MemberRow } from './members';
import { invalidateMembers } from './members';
import type { BankAccount } from './setup-endpoints';
import { ENDPOINTS } from './setup-endpoints';
import { isActive } from '@coopledger/shared/statuses';
import type { OrderStatus } from '@coopledger/shared/statuses';

/**
 * Deposit and withdrawal orders (spec 000 sections 3 and 7, "Transaction orders"): the staff lists,
 * placing an order, and approving or denying a pending one. Amounts arrive and leave in naira; the
 * API keeps kobo.
 */
export type OrderType = 'DEPOSIT' | 'WITHDRAWAL';

export type { OrderStatus };

export interface TransactionOrder {
  id: string;
  coop_id: string;
  member: { firstname: string; lastname: string };
  member_name: string;
  savings_id: string;
  savings: { id: string; product: { name: string; product: { name: string } } };
  product_name: string;
  amount: number;
  /** The order's date, YYYY-MM-DD. */
  date: string;
  created_at: string;
  payment_mode_id: number;
  payment_mode: { id: number; name: string };
  comment: string | null;
  description: string | null;
  transaction_type: OrderType;
  status: OrderStatus;
  reference_no: string | null;
  bank_id: string | null;
}

/** A cooperative's savings plan as the staff listing and the member's accounts show it. */
export interface SavingsAccount {
  id: string;
  coop_id: string;
  user: { firstname: string; lastname: string } | null;
  member_name: string;
  product: { id: string; name: string; credit_interest: number };
  product_name: string;
  start_date: string;
  end_date: string;
  amount: number;
  balance: NairaFigure;
  lien: number;
  available: NairaFigure;
  credit_interest: number;
  frequency: string;
  status: number;
  is_target: boolean;
}

export interface OrderListParams {
  start_date: string;
  end_date: string;
  page: number;
  query?: string;
}

const PATHS = { DEPOSIT: '/cooperative/transaction-order/deposits', WITHDRAWAL: '/cooperative/transaction-order/withdrawals' } as const;

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
    queryFn: ({ signal }) => apiData<Page<TransactionOrder>>(PATHS[type], { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The cooperative's savings plans by start date (the Savings Accounts page). */
export function useSavingsAccounts(params: OrderListParams) {
  return useQuery({
    queryKey: ['savings-accounts', params],
    queryFn: ({ signal }) => apiData<Page<SavingsAccount>>('/cooperative/transaction-order/savings', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One member's savings plans, for the account choice of a deposit. */
export function useMemberPlans(coopId: string | null) {
  return useQuery({
    queryKey: ['savings', 'plans', coopId],
    queryFn: ({ signal }) => apiData<Page<SavingsAccount>>('/savings', { query: { coop_id: coopId, per_page: 100 }, signal }),
    enabled: coopId !== null,
  });
}

/** Members matching a name or member number, for the searchable member choice. */
export function useMemberSearch(query: string) {
  return useQuery({
    queryKey: ['members', 'search', query],
    queryFn: ({ signal }) => apiData<Page<MemberRow>>('/cooperative/member', { query: { query: query || undefined, per_page: 20 }, signal }),
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
    mutationFn: (body: OrderInput) => apiRequest<TransactionOrder>('/cooperative/transaction-order', { method: 'POST', body }),
    onSuccess: () => invalidateAfterOrder(queryClient),
  });
}

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, bankId }: { orderId: string; bankId: string }) =>
      apiRequest<TransactionOrder>('/cooperative/transaction-order/approve', { method: 'POST', body: { transaction_id: orderId, bank_id: bankId } }),
    onSuccess: () => invalidateAfterOrder(queryClient),
  });
}

export function useDenyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiRequest<TransactionOrder>('/cooperative/transaction-order/deny', { method: 'POST', body: { transaction_id: orderId } }),
    onSuccess: () => invalidateAfterOrder(queryClient),
  });
}
