import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GlAccountView } from '@coopledger/shared/accounting-views';
import { useSession } from '../session/use-session';
import { routeData, routeRequest } from './client';
import { ApiError } from './api-error';
import { isActive } from '@coopledger/shared/statuses';
import type { INVESTMENT_STATUS } from '@coopledger/shared/statuses';

/**
 * Manual journal entries and the investment tracker (spec 001 sections 2, 3 and 7). Amounts leave
 * and arrive in naira; the API keeps kobo. Both post through the ledger, so a change here also
 * changes every report and the chart's balances.
 */
export type { InvestmentView, JournalEntryView, JournalLineView } from '@coopledger/shared/accounting-views';

/** Everything a posting can change: the lists here and any report built on the ledger. */
function invalidateAfterPosting(queryClient: QueryClient, key: 'journal-entries' | 'investments') {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [key] }),
    queryClient.invalidateQueries({ queryKey: ['reports'] }),
    queryClient.invalidateQueries({ queryKey: ['platform-reports'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

/** The active cooperative, part of every key so that switching cooperative never shows another's records. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

// ---- GL accounts ----

/** A GL account as the chart lists it, with the purpose the standard chart tagged it with. */
export type GlAccount = GlAccountView;

const GL_PAGE_SIZE = 100;

/** Every GL account of the cooperative: the chart is read page by page until its last page. */
async function allGlAccounts(signal: AbortSignal): Promise<GlAccount[]> {
  const first = await routeData('GET /cooperative/coa', { query: { page: 1, per_page: GL_PAGE_SIZE }, signal });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, index) =>
      routeData('GET /cooperative/coa', { query: { page: index + 2, per_page: GL_PAGE_SIZE }, signal }),
    ),
  );
  return [first, ...rest].flatMap((page) => page.data);
}

/**
 * Every GL account of the cooperative by code: the posting forms offer the active ones, the ledger
 * statement all of them (an inactive account still has history). One query under the ledger
 * accounts' key, so that editing the chart refreshes these choices too.
 */
export function useGlAccounts({ enabled = true, activeOnly = true }: { enabled?: boolean; activeOnly?: boolean } = {}) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['ledger-accounts', 'all-pages', cooperative],
    queryFn: async ({ signal }) => (await allGlAccounts(signal)).sort((a, b) => a.code.localeCompare(b.code)),
    select: (accounts) => (activeOnly ? accounts.filter((account) => isActive(account.status)) : accounts),
    enabled,
    staleTime: 60_000,
  });
}

// ---- journal entries ----

export interface JournalListParams {
  start_date: string;
  end_date: string;
  page: number;
}

export function useJournalEntries(params: JournalListParams) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['journal-entries', cooperative, 'list', params],
    queryFn: ({ signal }) => routeData('GET /cooperative/journal-entry', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One entry with its lines, for the edit form; nothing until a transaction code is given. */
export function useJournalEntry(transactionCode: string | null) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['journal-entries', cooperative, 'single', transactionCode],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/journal-entry/single', { query: { transaction_code: transactionCode }, signal }),
    enabled: transactionCode !== null,
    // The edit form must start from the entry as it is now, not as it was cached.
    staleTime: 0,
  });
}

export interface JournalLineBody {
  gl_code: string;
  description?: string;
  /** Naira, at most 2 decimals; 0 on the other side. */
  debit: number;
  credit: number;
}

export interface JournalEntryBody {
  date: string;
  description: string;
  lines: JournalLineBody[];
  /** On an edit, the version the form loaded: an entry changed since is not overwritten. */
  version?: number;
}

/** Posts a new entry, or, with a transaction code, replaces the lines of an existing one. */
export function useSaveJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionCode, body }: { transactionCode: string | null; body: JournalEntryBody }) =>
      transactionCode
        ? routeRequest('POST /cooperative/journal-entry/update', {
            body: { ...body, transaction_code: transactionCode },
          })
        : routeRequest('POST /cooperative/journal-entry', { body }),
    onSuccess: () => invalidateAfterPosting(queryClient, 'journal-entries'),
    // Someone else changed the entry meanwhile (409): the list and the entry are read again.
    onError: (error) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: ['journal-entries'] })
        : undefined,
  });
}

export function useDeleteJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionCode: string) =>
      routeRequest('DELETE /cooperative/journal-entry', { query: { id: transactionCode } }),
    onSuccess: () => invalidateAfterPosting(queryClient, 'journal-entries'),
  });
}

/** Entries above the cooperative's two-approval threshold, awaiting approval (oldest first). */
export function useAwaitingJournalEntries() {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['journal-entries', cooperative, 'awaiting'],
    queryFn: ({ signal }) => routeData('GET /cooperative/journal-entry/awaiting', { query: { per_page: 100 }, signal }),
  });
}

/** Approves (the first of two approvals, or the one that posts) or denies an entry awaiting approval. */
export function useDecideJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionCode, deny }: { transactionCode: string; deny?: { reason: string } }) =>
      deny
        ? routeRequest('POST /cooperative/journal-entry/deny', {
            body: { transaction_code: transactionCode, reason: deny.reason },
          })
        : routeRequest('POST /cooperative/journal-entry/approve', { body: { transaction_code: transactionCode } }),
    onSettled: () => invalidateAfterPosting(queryClient, 'journal-entries'),
  });
}

// ---- investments ----

export function useInvestments(page: number) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['investments', cooperative, 'list', page],
    queryFn: ({ signal }) => routeData('GET /cooperative/investment-tracker', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface InvestmentBody {
  invested_with: string;
  investment_amount: number;
  /** The income expected at the due date. */
  investment_income: number;
  start_date: string;
  due_date: string;
  gl_code: string;
  investment_interest_gl: string;
  bank_id: string;
  comment?: string;
  /** A new investment is always Open. */
  status: typeof INVESTMENT_STATUS.OPEN;
}

export function useCreateInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvestmentBody) => routeRequest('POST /cooperative/investment-tracker', { body }),
    onSuccess: () => invalidateAfterPosting(queryClient, 'investments'),
  });
}

export function useCloseInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { investment_id: string; investment_income: number }) =>
      routeRequest('POST /cooperative/investment-tracker/close', { body }),
    onSuccess: () => invalidateAfterPosting(queryClient, 'investments'),
  });
}
