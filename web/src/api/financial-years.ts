import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/use-session';
import { routeData, routeRequest } from './client';

/**
 * The cooperative's financial years and their year-end close (docs/decisions.md 2026-11-27
 * "Year-end close"). Closing or reopening a year posts journals, so every report is read again.
 */
export type { FinancialYearView, FinancialYearsView } from '@coopledger/shared/accounting-views';

const useCooperative = () => useSession()?.activeCooperativeId ?? null;

export function useFinancialYears() {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['financial-years', cooperative],
    queryFn: ({ signal }) => routeData('GET /cooperative/financial-years', { signal }),
  });
}

function useAfterYearChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['financial-years', 'reports', 'platform-reports', 'dashboard', 'journal-entries'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

export function useCloseYear() {
  const refresh = useAfterYearChange();
  return useMutation({
    mutationFn: (yearEnd: string) =>
      routeRequest('POST /cooperative/financial-years/close', { body: { year_end: yearEnd } }),
    onSettled: refresh,
  });
}

export function useReopenYear() {
  const refresh = useAfterYearChange();
  return useMutation({
    mutationFn: (body: { year_end: string; reason: string }) =>
      routeRequest('POST /cooperative/financial-years/reopen', { body }),
    onSettled: refresh,
  });
}
