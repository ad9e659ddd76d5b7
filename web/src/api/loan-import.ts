import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routeData, routeDownload, routeRequest } from './client';

export function useStartLoanImport() {
  return useMutation({
    mutationFn: (file: File | undefined) => {
      const body = new FormData();
      if (file) body.append('file', file);
      return routeRequest('POST /cooperative/loans/import', { body });
    },
  });
}

export function useLoanImportStatus(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['loan-import', importId],
    queryFn: async ({ signal }) => {
      const status = await routeData('GET /cooperative/loans/import/status', {
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

export const downloadLoanSample = () =>
  routeDownload('GET /cooperative/loans/download-sample', 'sample-loan-import.xlsx');

export const downloadLoanImportReport = (importId: string) =>
  routeDownload('GET /cooperative/loans/import/report', `loan-import-report-${importId}.xlsx`, {
    query: { import_id: importId },
  });
