import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormValues } from './entities';
import { routeData, routeRequest } from './client';

const key = ['client-profile'] as const;

/** The platform's own profile; platform-wide, so never scoped to a cooperative. */
export function useClientProfile() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => routeData('GET /client', { signal, scoped: false }) });
}

export function useSaveClientProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormValues) => routeRequest('POST /client/update', { body, scoped: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
