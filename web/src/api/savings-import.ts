import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiDownload, apiRequest } from './client';
import type { ImportStatus } from '@coopledger/shared/statuses';

/** The savings import's kinds of file (functions/savings/import-rows.ts). */
export const SAVINGS_IMPORT_TYPES = [
  {
    value: 'NORMAL_BALANCES',
    label: 'Normal Balances',
    description: 'One opening balance per member and savings product',
  },
  {
    value: 'NORMAL_HISTORY',
    label: 'Normal History',
    description: 'Dated deposits and withdrawals per member and product',
  },
  { value: 'TARGET_HISTORY', label: 'Target History', description: 'Payments on Targeted plans' },
] as const;
export type SavingsImportType = (typeof SAVINGS_IMPORT_TYPES)[number]['value'];

export interface SavingsImportError {
  row: number;
  column: string;
  message: string;
}

export interface SavingsImportStatus {
  import_id: string;
  type: SavingsImportType;
  file_name: string;
  status: ImportStatus;
  done: boolean;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  posted: number;
  already: number;
  plans_opened: number;
  /** Naira. */
  amount: number;
  error_count: number;
  errors: SavingsImportError[];
  report_available: boolean;
}

export interface SavingsImportInput {
  file: File | undefined;
  bankId: string | null;
  type: SavingsImportType | null;
}

export function useStartSavingsImport() {
  return useMutation({
    mutationFn: (input: SavingsImportInput) => {
      const body = new FormData();
      if (input.type) body.append('type', input.type);
      if (input.bankId) body.append('bank_id', input.bankId);
      if (input.file) body.append('file', input.file);
      return apiRequest<{ import_id: string; rows_total: number; status: string }>('/savings/import', {
        method: 'POST',
        body,
      });
    },
  });
}

export function useSavingsImportStatus(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['savings-import', importId],
    queryFn: async ({ signal }) => {
      const status = await apiData<SavingsImportStatus>('/savings/import/status', {
        query: { import_id: importId },
        signal,
      });
      if (status.done && status.posted > 0) {
        await Promise.all(
          ['savings', 'members', 'orders', 'dashboard'].map((key) =>
            queryClient.invalidateQueries({ queryKey: [key] }),
          ),
        );
      }
      return status;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : 1500),
  });
}

export const downloadSavingsSample = (type: SavingsImportType) =>
  apiDownload('/cooperative/member/savings/download-sample', 'sample-savings-import.xlsx', {
    query: { download_type: type },
  });

export const downloadSavingsImportReport = (importId: string) =>
  apiDownload('/savings/import/report', `savings-import-report-${importId}.xlsx`, { query: { import_id: importId } });
