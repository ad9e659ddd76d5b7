import type { NairaFigure } from '@coopledger/shared/money';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@coopledger/shared/envelope';
import type { Frequency, TransactionType } from '@coopledger/shared/schemas/savings';
import { apiData, apiDownload, apiRequest } from './client';
import { invalidateAfterOrder } from './orders';
import type { ChangeRequestStatus, ScheduleItemStatus } from '@coopledger/shared/statuses';

/**
 * The member-facing savings calls (functions/savings/handler.ts): plans and their target schedule,
 * change requests, deposit and withdrawal orders, and a member's transaction history. Amounts
 * arrive and leave in naira with at most 2 decimals; the screens never add them as floats.
 */

export interface SavingsPlan {
  id: string;
  coop_id: string;
  member_name: string;
  savings_product_id: string;
  product: { id: string; name: string; credit_interest: number };
  product_name: string;
  start_date: string;
  end_date: string;
  /** The contribution per period, naira. */
  amount: number;
  /** Running totals: numbers, or decimal text past ₦70 trillion. */
  balance: NairaFigure;
  lien: number;
  available: NairaFigure;
  credit_interest: number;
  frequency: Frequency;
  status: number;
  is_target: boolean;
}

export interface ScheduleItem {
  id: string;
  serial: number;
  amount: number;
  payment_date: string;
  status: ScheduleItemStatus;
}

export interface ChangeRequest {
  id: string;
  coop_id: string;
  /** Only in the staff list. */
  member?: { firstname: string; lastname: string };
  savings_id: string;
  product_name: string;
  old_amount: number;
  new_amount: number;
  comment: string;
  status: ChangeRequestStatus;
  created_at: string;
}

export interface MemberTransaction {
  id: string;
  reference_no: string;
  type: { name: string };
  type_name: string;
  description: string;
  amount: number;
  transaction_date: string;
  savings_id: string;
  product_name: string;
  created_at: string;
}

export interface PlanBody {
  coop_id: string;
  savings_product_id: string;
  start_date: string;
  end_date: string;
  amount: number;
  credit_interest: number;
  frequency: Frequency;
}

export interface ChangeAmountBody {
  coop_id: string;
  savings_id: string;
  amount: number;
  comment: string;
}

export interface OrderBody {
  coop_id: string;
  savings_id: string;
  amount: number;
  date?: string;
  payment_mode_id: number;
  transaction_type: TransactionType;
  comment?: string;
}

export interface HistoryParams {
  memberId: string;
  start_date: string;
  end_date: string;
  query?: string;
  page: number;
}

/** Which list of change requests: a member's own, or the cooperative's (staff). */
export type RequestScope = 'member' | 'cooperative';

export const savingsKeys = {
  all: ['savings'] as const,
  plans: (memberId: string) => ['savings', 'plans', memberId] as const,
  schedule: (planId: string) => ['savings', 'schedule', planId] as const,
  requests: () => ['savings', 'requests'] as const,
  history: (memberId: string) => ['savings', 'history', memberId] as const,
};

/** A member's plans fit on one page for every real member; the API caps a page at 100. */
const ALL_PLANS = 100;

/**
 * A plan's contribution also shows in the member list's totals and the member dashboard, which
 * other screens cache; they are refreshed with the plans when a contribution changes.
 */
function invalidateContributions(queryClient: QueryClient, memberId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: savingsKeys.plans(memberId) }),
    queryClient.invalidateQueries({ queryKey: ['members'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'member'] }),
  ]);
}

export function useMemberPlans(memberId: string) {
  return useQuery({
    queryKey: [...savingsKeys.plans(memberId), 'list'],
    queryFn: ({ signal }) => apiData<Page<SavingsPlan>>('/savings', { query: { coop_id: memberId, page: 1, per_page: ALL_PLANS }, signal }),
    enabled: memberId !== '',
  });
}

/** A target plan's schedule, 100 payments a page (a daily plan over a year has 365). */
export function useTargetSchedule(planId: string | null, page = 1) {
  return useQuery({
    queryKey: [...savingsKeys.schedule(planId ?? ''), page],
    queryFn: ({ signal }) => apiData<Page<ScheduleItem>>('/target-savings-schedule', { query: { target_savings_id: planId ?? '', page, per_page: 100 }, signal }),
    enabled: planId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAddPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanBody) => apiRequest<SavingsPlan>('/cooperative/member/savings/add-plan', { method: 'POST', body }),
    onSuccess: (_envelope, body) => invalidateContributions(queryClient, body.coop_id),
  });
}

export function useChangeAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeAmountBody) => apiRequest<ChangeRequest>('/cooperative/member/savings/change-amount', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savingsKeys.requests() }),
  });
}

export function useChangeRequests(scope: RequestScope, page: number) {
  return useQuery({
    queryKey: [...savingsKeys.requests(), scope, page],
    queryFn: ({ signal }) =>
      apiData<Page<ChangeRequest>>(scope === 'member' ? '/cooperative/savings/request/member' : '/cooperative/savings/request', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Approve or deny a pending change request; an approval changes the plan's contribution. */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, approve }: { request: ChangeRequest; approve: boolean }) =>
      apiRequest<ChangeRequest>(`/cooperative/savings/request/${approve ? 'approve' : 'deny'}`, { method: 'POST', body: { request_id: request.id } }),
    onSuccess: (_envelope, { request, approve }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savingsKeys.requests() }),
        approve ? invalidateContributions(queryClient, request.coop_id) : undefined,
      ]),
  });
}

/**
 * A deposit or withdrawal order. It waits for approval, so no balance moves yet; the plans are
 * refreshed anyway because the server may have refused on a balance that changed meanwhile.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderBody) => apiRequest<{ id: string; status: number }>('/cooperative/transaction-order', { method: 'POST', body }),
    // A new pending order shows in the staff lists, the dashboard's tiles and recent lists, and the plan.
    onSettled: () => invalidateAfterOrder(queryClient),
  });
}

const historyQuery = ({ memberId, start_date, end_date, query }: HistoryParams) => ({ coop_id: memberId, start_date, end_date, query });

export function useTransactionHistory(params: HistoryParams) {
  return useQuery({
    queryKey: [...savingsKeys.history(params.memberId), params],
    queryFn: ({ signal }) =>
      apiData<Page<MemberTransaction>>('/cooperative/member/details/transaction-history', { query: { ...historyQuery(params), page: params.page }, signal }),
    placeholderData: keepPreviousData,
    enabled: params.memberId !== '',
  });
}

/** 'transaction-history-DEMO0001-20260105-093005.xlsx': the member and the local time of the download. */
export function historyFileName(memberId: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `transaction-history-${memberId}-${day}-${time}.xlsx`;
}

/** The filtered history as .xlsx (the whole period and search, not just the page shown). */
export function downloadTransactionHistory(params: Omit<HistoryParams, 'page'>): Promise<void> {
  return apiDownload('/cooperative/member/details/transaction-history', historyFileName(params.memberId), {
    query: { ...historyQuery({ ...params, page: 1 }), download: 'true' },
  });
}
