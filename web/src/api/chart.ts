import { useQuery } from '@tanstack/react-query';
import { routeData } from './client';
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
    queryFn: ({ signal }) =>
      routeData(
        base === ENDPOINTS.ledgerAccounts.base ? 'GET /cooperative/coa/generate-code' : 'GET /coa/generate-code',
        { query: { subcategory_id: subCategoryId }, signal },
      ),
    enabled: subCategoryId !== null,
    retry: false,
  });
}
