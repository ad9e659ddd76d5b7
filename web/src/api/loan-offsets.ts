import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isCalendarDate } from '@coopledger/shared/dates';
import type { LoanOffsetView, OffsetDetailView } from '@coopledger/shared/loan-views';
import { routeData, routeRequest } from './client';
import { invalidateMembers } from './members';

/**
 * The loan offset calls (functions/loans/offset-routes.ts): the mode and type lookups, a member's
 * loans that can be offset, a loan's figures on a date, the offset itself and the offset history.
 * Amounts arrive and leave in naira with at most 2 decimals.
 */

/** A loan's figures on the offset date. */
export type OffsetDetail = OffsetDetailView;
/** A loan offset record (spec 000 section 3). */
export type LoanOffset = LoanOffsetView;

/** The spec's submit payload (cooperative_id is added by the client); values as the form holds them. */
export interface OffsetBody {
  loan_id: string;
  offset_mode: number;
  offset_type: number;
  loan_amount: string;
  loan_balance: string;
  offset_amount?: string;
  bank_id?: string;
  date: string;
  restructure_tenure?: string;
  payment_start_date?: string;
  coop_id: string;
  /** Names this submission, so that a retry posts once. */
  offset_id: string;
}

export const offsetKeys = {
  all: ['loan-offsets'] as const,
  loans: (memberId: string) => ['loan-offsets', 'loans', memberId] as const,
  detail: (loanId: string, date: string) => ['loan-offsets', 'detail', loanId, date] as const,
  history: (memberId: string, page: number) => ['loan-offsets', 'history', memberId, page] as const,
};

/** The offset modes (1 Bank, 2 Savings) or types (1 Partial, 2 Full, 3 Partial and Restructure). */
export function useOffsetLookup(kind: 'mode' | 'type') {
  return useQuery({
    queryKey: ['loan-offsets', 'lookup', kind],
    queryFn: ({ signal }) =>
      routeData(kind === 'mode' ? 'GET /cooperative/loan-offset/mode' : 'GET /cooperative/loan-offset/type', {
        signal,
      }),
    staleTime: Infinity,
  });
}

export function useOffsettableLoans(memberId: string) {
  return useQuery({
    queryKey: offsetKeys.loans(memberId),
    queryFn: ({ signal }) => routeData('GET /cooperative/loan-offset/member', { query: { coop_id: memberId }, signal }),
    enabled: memberId !== '',
  });
}

/** A loan's balance and payoff on the date; nothing is asked until both are known. */
export function useOffsetDetail(loanId: string, date: string) {
  return useQuery({
    queryKey: offsetKeys.detail(loanId, date),
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/loan-offset/loan-detail', { query: { loan_id: loanId, date }, signal }),
    enabled: loanId !== '' && isCalendarDate(date),
    retry: false,
  });
}

/** One member's offsets, newest first ('' for the whole cooperative: staff only). */
export function useOffsetHistory(memberId: string, page: number) {
  return useQuery({
    queryKey: offsetKeys.history(memberId, page),
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/loan-offset/history', { query: { coop_id: memberId || undefined, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Posts an offset. It changes the loan, possibly a savings plan and the member's history, so
 * those are read again along with the offsets.
 */
export function usePostOffset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OffsetBody) => routeRequest('POST /cooperative/loan-offset', { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offsetKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['loans'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['savings'] }),
        queryClient.invalidateQueries({ queryKey: ['savings-accounts'] }),
        invalidateMembers(queryClient),
      ]),
  });
}
