import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@coopledger/shared/envelope';
import type {
  LoanStatus,
  LoanView,
  ScheduleRowView,
  SuretyRequestView,
  SuretyView,
} from '@coopledger/shared/loan-views';
import { routeData, routeRequest } from './client';
import { invalidateMembers } from './members';

/**
 * The loan calls (functions/loans/handler.ts): applications with two sureties and their schedule
 * preview, the staff list and decisions, a member's loans and surety requests, and the member
 * directory the surety search reads. Amounts arrive and leave in naira with at most 2 decimals.
 */

export type { LoanStatus, NamedRef, PaidStatus, SuretyStatus } from '@coopledger/shared/loan-views';
export type Loan = LoanView;
export type Surety = SuretyView;
export type ScheduleRow = ScheduleRowView;

/** A surety request with the loan it guarantees (a deleted loan's requests are gone with it). */
export type SuretyRequest = SuretyRequestView & { loan: NonNullable<SuretyRequestView['loan']> };

export const hasLoan = (request: SuretyRequestView): request is SuretyRequest => request.loan !== null;

/** The requests whose loan is still there (the wire allows a request without its loan). */
export function withLoans(page: Page<SuretyRequestView>): Page<SuretyRequest> {
  return { ...page, data: page.data.filter(hasLoan) };
}

export interface PreviewBody {
  loan_amount: number;
  interest_rate: number;
  tenure: number;
  tenure_type: string;
  calculation_method_id: number;
  payment_start_date: string;
  /** The product applied for: the answer then says what it keeps back when paid out. */
  loan_product_id?: string;
}

/** The spec's loan application payload (cooperative_id is added by the client). */
export interface ApplyBody extends PreviewBody {
  loan_product_id: string;
  date: string;
  charge_id: string;
  charge_amount: number;
  surety1: string;
  surety2: string;
  penal_charge: number;
  upfront: number;
  source: string;
  repayment_type: string;
  coop_id: string;
}

export interface LoanListParams {
  start_date: string;
  end_date: string;
  page: number;
  query?: string;
  status?: LoanStatus;
}

export type PaidMark = 'completed' | 'running' | 'incomplete';

export const loanKeys = {
  all: ['loans'] as const,
  list: (params: LoanListParams) => ['loans', 'list', params] as const,
  member: (memberId: string, page: number) => ['loans', 'member', memberId, page] as const,
  schedule: (loanId: string) => ['loans', 'schedule', loanId] as const,
  sureties: (loanId: string) => ['loans', 'sureties', loanId] as const,
  requests: (memberId: string, page: number) => ['loans', 'surety-requests', memberId, page] as const,
  preview: (body: PreviewBody) => ['loan-preview', body] as const,
  directory: (query: string) => ['member-directory', query] as const,
};

/** Every loan read and both dashboards (tiles, recent applications, surety counts, loan overview). */
function invalidateLoans(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loanKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

/**
 * An approval disburses through the ledger and may put a lien on the member's savings, so the
 * plans, histories and the member list's balances are read again with the loans.
 */
function invalidateAfterDisbursement(queryClient: QueryClient) {
  return Promise.all([
    invalidateLoans(queryClient),
    queryClient.invalidateQueries({ queryKey: ['savings'] }),
    queryClient.invalidateQueries({ queryKey: ['savings-accounts'] }),
    invalidateMembers(queryClient),
  ]);
}

/** The schedule a loan would have; nothing is asked until every input is there. */
export function useSchedulePreview(body: PreviewBody | null) {
  return useQuery({
    queryKey: loanKeys.preview(body ?? ({} as PreviewBody)),
    queryFn: ({ signal }) => routeData('POST /cooperative/loans/schedule-preview', { body, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useApplyLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => routeRequest('POST /cooperative/member/loans/apply', { body }),
    onSuccess: () => invalidateLoans(queryClient),
  });
}

/** The cooperative's loans by application date (staff). */
export function useLoanList(params: LoanListParams) {
  return useQuery({
    queryKey: loanKeys.list(params),
    queryFn: ({ signal }) => routeData('GET /cooperative/loans/list', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One member's loans, newest first. */
export function useMemberLoans(memberId: string, page: number) {
  return useQuery({
    queryKey: loanKeys.member(memberId, page),
    queryFn: ({ signal }) => routeData('GET /cooperative/member/loans', { query: { coop_id: memberId, page }, signal }),
    placeholderData: keepPreviousData,
    enabled: memberId !== '',
  });
}

export function useLoanSchedule(loanId: string | null) {
  return useQuery({
    queryKey: loanKeys.schedule(loanId ?? ''),
    queryFn: ({ signal }) => routeData('GET /cooperative/loans/loan-schedule', { query: { loan_id: loanId }, signal }),
    enabled: loanId !== null,
  });
}

export function useLoanSureties(loanId: string | null) {
  return useQuery({
    queryKey: loanKeys.sureties(loanId ?? ''),
    queryFn: ({ signal }) => routeData('GET /cooperative/loans/view-surety', { query: { loan_id: loanId }, signal }),
    enabled: loanId !== null,
  });
}

export function useApproveLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loanId, bankId }: { loanId: string; bankId: string }) =>
      routeRequest('POST /cooperative/member/loans/approve', { body: { loan_id: loanId, bank_id: bankId } }),
    onSuccess: () => invalidateAfterDisbursement(queryClient),
  });
}

export function useDenyLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (loanId: string) => routeRequest('GET /cooperative/member/loans/deny', { query: { loan_id: loanId } }),
    onSuccess: () => invalidateLoans(queryClient),
  });
}

const MARK_ROUTES = {
  completed: 'GET /cooperative/loans/mark-as-completed',
  running: 'GET /cooperative/loans/mark-as-running',
  incomplete: 'GET /cooperative/loans/mark-as-incomplete',
} as const satisfies Record<PaidMark, string>;

/** Running, Completed or Incomplete on an approved loan; completing one can release a lien. */
export function useMarkLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loanId, mark }: { loanId: string; mark: PaidMark }) =>
      routeRequest(MARK_ROUTES[mark], { query: { loan_id: loanId } }),
    onSuccess: () => invalidateAfterDisbursement(queryClient),
  });
}

export function useDeleteLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (loanId: string) =>
      routeRequest('DELETE /cooperative/member/loans/delete', { query: { loan_id: loanId } }),
    onSuccess: () => invalidateLoans(queryClient),
  });
}

export function useReplaceSurety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { loan_id: string; surety_id: string; member_id: string }) =>
      routeRequest('POST /cooperative/member/loans/replace-surety', { body }),
    onSuccess: () => invalidateLoans(queryClient),
  });
}

/** The requests to one member to stand surety. */
export function useSuretyRequests(memberId: string, page: number) {
  return useQuery({
    queryKey: loanKeys.requests(memberId, page),
    queryFn: async ({ signal }) =>
      withLoans(
        await routeData('GET /cooperative/member/surety/requests', { query: { coop_id: memberId, page }, signal }),
      ),
    placeholderData: keepPreviousData,
    enabled: memberId !== '',
  });
}

/** The surety's own answer to a request; only they may give it. */
export function useAnswerSurety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ suretyId, approve }: { suretyId: string; approve: boolean }) =>
      routeRequest(approve ? 'POST /cooperative/member/surety/approve' : 'POST /cooperative/member/surety/deny', {
        body: { surety_id: suretyId },
      }),
    onSuccess: () => invalidateLoans(queryClient),
  });
}

/** Active members by name or number, for the surety search. */
export function useMemberDirectory(query: string, enabled = true) {
  return useQuery({
    queryKey: loanKeys.directory(query),
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/member/directory', { query: { query: query || undefined, page: 1 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
