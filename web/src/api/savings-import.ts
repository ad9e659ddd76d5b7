import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavingsImportType } from '@coopledger/shared/import-views';
import { routeData, routeDownload, routeRequest } from './client';

/** The savings import's kinds of file (shared/src/import-views.ts), as the page offers them. */
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
] as const satisfies readonly { value: SavingsImportType; label: string; description: string }[];

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
      return routeRequest('POST /savings/import', { body });
    },
  });
}

export function useSavingsImportStatus(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['savings-import', importId],
    queryFn: async ({ signal }) => {
      const status = await routeData('GET /savings/import/status', {
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
  routeDownload('GET /cooperative/member/savings/download-sample', 'sample-savings-import.xlsx', {
    query: { download_type: type },
  });

export const downloadSavingsImportReport = (importId: string) =>
  routeDownload('GET /savings/import/report', `savings-import-report-${importId}.xlsx`, {
    query: { import_id: importId },
  });
