import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiDownload, apiRequest } from './client';
import type { ImportStatus } from '@coopledger/shared/statuses';

export interface LoanImportError {
  row: number;
  column: string;
  message: string;
}

/** GET /cooperative/loans/import/status (functions/loans/import.ts `loanImportStatus`). */
export interface LoanImportStatus {
  import_id: string;
  file_name: string;
  status: ImportStatus;
  done: boolean;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  /** Loans created by this import. */
  created: number;
  /** Of those, loans repaid in full (Completed). */
  completed: number;
  /** Loans an earlier import already created. */
  already: number;
  /** Naira: principal outstanding posted as opening balances. */
  amount: number;
  error_count: number;
  errors: LoanImportError[];
  report_available: boolean;
}

export function useStartLoanImport() {
  return useMutation({
    mutationFn: (file: File | undefined) => {
      const body = new FormData();
      if (file) body.append('file', file);
      return apiRequest<{ import_id: string; rows_total: number; status: string }>('/cooperative/loans/import', {
        method: 'POST',
        body,
      });
    },
  });
}

export function useLoanImportStatus(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['loan-import', importId],
    queryFn: async ({ signal }) => {
      const status = await apiData<LoanImportStatus>('/cooperative/loans/import/status', {
        query: { import_id: importId },
        signal,
      });
      if (status.done && status.created > 0) {
        await Promise.all(
          ['loans', 'members', 'dashboard'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
        );
      }
      return status;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : 1500),
  });
}

export const downloadLoanSample = () => apiDownload('/cooperative/loans/download-sample', 'sample-loan-import.xlsx');

export const downloadLoanImportReport = (importId: string) =>
  apiDownload('/cooperative/loans/import/report', `loan-import-report-${importId}.xlsx`, {
    query: { import_id: importId },
  });
