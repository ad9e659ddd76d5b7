import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessGrid } from '@coopledger/shared/schemas/roles';
import { routeData, routeRequest } from './client';

const accessKey = ['roles', 'access'] as const;

/** Every role's Read/Write/Delete grid (the saved one, or its base role's default). */
export function useRoleAccess() {
  return useQuery({
    queryKey: accessKey,
    queryFn: ({ signal }) => routeData('GET /roles/access', { signal, scoped: false }),
  });
}

export function useSaveRoleAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { role_id: string; access: AccessGrid }) =>
      routeRequest('POST /roles/access', { body, scoped: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
