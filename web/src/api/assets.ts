import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routeData, routeRequest } from './client';
import { ENDPOINTS } from './setup-endpoints';

export function useAssetSchedule(assetId: string | null) {
  return useQuery({
    queryKey: [ENDPOINTS.assets.key, 'one', assetId],
    queryFn: ({ signal }) => routeData('GET /cooperative/asset/single', { query: { id: assetId }, signal }),
    enabled: assetId !== null,
  });
}

/** Approving posts the cost (Dr fixed asset GL, Cr the bank's GL); denying only closes it. */
export function useDecideAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, assetId, bankId }: { decision: 'approve' | 'deny'; assetId: string; bankId?: string }) =>
      routeRequest(decision === 'approve' ? 'POST /cooperative/asset/approve' : 'POST /cooperative/asset/deny', {
        body: { asset_id: assetId, bank_id: bankId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ENDPOINTS.assets.key] }),
  });
}
