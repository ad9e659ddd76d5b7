import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CooperativeView } from '@coopledger/shared/cooperative-views';
import { routeData, routeRequest } from './client';

/**
 * A cooperative as the API sends it. Members and executives get only id, code, name, logo and
 * colours; the other fields are in the staff's view.
 */
export type Cooperative = CooperativeView;

export interface CooperativeListParams {
  page: number;
  query?: string;
  perPage?: number;
}

export const cooperativeKeys = {
  all: ['cooperatives'] as const,
  list: (params: CooperativeListParams) => [...cooperativeKeys.all, 'list', params] as const,
  one: (id: string) => [...cooperativeKeys.all, 'one', id] as const,
};

/** Every cooperative for a super-admin (only their own for anyone else), one server page at a time. */
export function useCooperativeList({ page, query, perPage }: CooperativeListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: cooperativeKeys.list({ page, query, perPage }),
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/all', { query: { page, query, per_page: perPage }, signal, scoped: false }),
    // Keep the current rows on screen while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useCooperative(id: string | null) {
  return useQuery({
    queryKey: cooperativeKeys.one(id ?? ''),
    queryFn: ({ signal }) => routeData('GET /cooperative', { query: { cooperative_id: id }, signal }),
    enabled: id !== null,
  });
}

/** The multipart body of create and update: text fields, colours as JSON text, the logo file if chosen. */
export type CooperativeFormData = FormData;

export function useSaveCooperative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CooperativeFormData }) => {
      if (id) body.set('id', id);
      return routeRequest(id ? 'POST /cooperative/update' : 'POST /cooperative', { body, scoped: false });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cooperativeKeys.all }),
  });
}

export function useDeleteCooperative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => routeRequest('DELETE /cooperative', { query: { cooperative_id: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cooperativeKeys.all }),
  });
}

export function useSendRegistrationEmail() {
  return useMutation({
    mutationFn: (cooperativeId: string) =>
      routeRequest('GET /utilities/send-registration-email', { query: { cooperative_id: cooperativeId } }),
  });
}
