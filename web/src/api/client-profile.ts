import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormValues } from './entities';
import { apiData, apiRequest } from './client';

export interface ClientProfile {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
}

const key = ['client-profile'] as const;

/** The platform's own profile; platform-wide, so never scoped to a cooperative. */
export function useClientProfile() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiData<ClientProfile>('/client', { signal, scoped: false }) });
}

export function useSaveClientProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormValues) => apiRequest<ClientProfile>('/client/update', { method: 'POST', body, scoped: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
