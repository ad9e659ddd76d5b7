import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessGrid } from '@coopledger/shared/schemas/roles';
import { apiData, apiRequest } from './client';

export interface RoleAccess {
  role_id: string;
  display_name: string;
  belong_to: string;
  base_role: string;
  /** False while the role still has its base role's default grid. */
  saved: boolean;
  access: AccessGrid;
}

const accessKey = ['roles', 'access'] as const;

/** Every role's Read/Write/Delete grid (the saved one, or its base role's default). */
export function useRoleAccess() {
  return useQuery({ queryKey: accessKey, queryFn: ({ signal }) => apiData<RoleAccess[]>('/roles/access', { signal, scoped: false }) });
}

export function useSaveRoleAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { role_id: string; access: AccessGrid }) => apiRequest<unknown>('/roles/access', { method: 'POST', body, scoped: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
