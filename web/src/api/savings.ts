import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeRequestView,
  MemberTransactionView,
  SavingsPlanView,
  ScheduleItemView,
} from '@coopledger/shared/savings-views';
import type { Frequency, TransactionType } from '@coopledger/shared/schemas/savings';
import { routeData, routeDownload, routeRequest } from './client';
import { invalidateAfterOrder } from './orders';

/**
 * The member-facing savings calls (functions/savings/handler.ts): plans and their target schedule,
 * change requests, deposit and withdrawal orders, and a member's transaction history. The one
 * client of a member's plans (`useMemberPlans`); the staff's order lists are in orders.ts. Amounts
 * arrive and leave in naira with at most 2 decimals; the screens never add them as floats.
 */

export type SavingsPlan = SavingsPlanView;
export type ScheduleItem = ScheduleItemView;
export type ChangeRequest = ChangeRequestView;
export type MemberTransaction = MemberTransactionView;

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

/** One member's savings plans (their own page, an order's account choice, the quick deposit). */
export function useMemberPlans(memberId: string) {
  return useQuery({
    queryKey: [...savingsKeys.plans(memberId), 'list'],
    queryFn: ({ signal }) =>
      routeData('GET /savings', { query: { coop_id: memberId, page: 1, per_page: ALL_PLANS }, signal }),
    enabled: memberId !== '',
  });
}

/** A target plan's schedule, 100 payments a page (a daily plan over a year has 365). */
export function useTargetSchedule(planId: string | null, page = 1) {
  return useQuery({
    queryKey: [...savingsKeys.schedule(planId ?? ''), page],
    queryFn: ({ signal }) =>
      routeData('GET /target-savings-schedule', {
        query: { target_savings_id: planId ?? '', page, per_page: 100 },
        signal,
      }),
    enabled: planId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAddPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanBody) => routeRequest('POST /cooperative/member/savings/add-plan', { body }),
    onSuccess: (_envelope, body) => invalidateContributions(queryClient, body.coop_id),
  });
}

export function useChangeAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeAmountBody) => routeRequest('POST /cooperative/member/savings/change-amount', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savingsKeys.requests() }),
  });
}

export function useChangeRequests(scope: RequestScope, page: number) {
  return useQuery({
    queryKey: [...savingsKeys.requests(), scope, page],
    queryFn: ({ signal }) =>
      routeData(scope === 'member' ? 'GET /cooperative/savings/request/member' : 'GET /cooperative/savings/request', {
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Approve or deny a pending change request; an approval changes the plan's contribution. */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, approve }: { request: ChangeRequest; approve: boolean }) =>
      routeRequest(approve ? 'POST /cooperative/savings/request/approve' : 'POST /cooperative/savings/request/deny', {
        body: { request_id: request.id },
      }),
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
    mutationFn: (body: OrderBody) => routeRequest('POST /cooperative/transaction-order', { body }),
    // A new pending order shows in the staff lists, the dashboard's tiles and recent lists, and the plan.
    onSettled: () => invalidateAfterOrder(queryClient),
  });
}

const historyQuery = ({ memberId, start_date, end_date, query }: HistoryParams) => ({
  coop_id: memberId,
  start_date,
  end_date,
  query,
});

export function useTransactionHistory(params: HistoryParams) {
  return useQuery({
    queryKey: [...savingsKeys.history(params.memberId), params],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/member/details/transaction-history', {
        query: { ...historyQuery(params), page: params.page },
        signal,
      }),
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
  return routeDownload('GET /cooperative/member/details/transaction-history', historyFileName(params.memberId), {
    query: { ...historyQuery({ ...params, page: 1 }), download: 'true' },
  });
}
