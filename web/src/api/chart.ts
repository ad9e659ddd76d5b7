import { useQuery } from '@tanstack/react-query';
import { apiData } from './client';
import { useEndpointBase } from './entities';
import { ENDPOINTS } from './setup-endpoints';

/**
 * The next free GL code of a sub-category. Kept under the ledger accounts' key so that saving an
 * account, which uses the code up, fetches the next one.
 */
export function useGeneratedGlCode(subCategoryId: string | null) {
  const base = useEndpointBase(ENDPOINTS.ledgerAccounts);
  return useQuery({
    queryKey: [ENDPOINTS.ledgerAccounts.key, base, 'generate-code', subCategoryId],
    queryFn: ({ signal }) => apiData<{ code: string }>(`${base}/generate-code`, { query: { subcategory_id: subCategoryId }, signal }),
    enabled: subCategoryId !== null,
    retry: false,
  });
}
