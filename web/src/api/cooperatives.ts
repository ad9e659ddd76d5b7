import type { NairaFigure } from '@coopledger/shared/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@coopledger/shared/envelope';
import { apiData, apiRequest } from './client';
import type { ActiveStatus } from '@coopledger/shared/statuses';

export interface CooperativeFigures {
  activeMembers: number;
  inactiveMembers: number;
  pendingMembers?: number;
  totalSavings: NairaFigure;
  totalLoans: NairaFigure;
  loansPaid: NairaFigure;
  members_count: number;
}

/**
 * A cooperative as the API sends it. Members and executives get only id, code, name, logo and
 * colours; the other fields are in the staff's view.
 */
export interface Cooperative {
  id: string;
  code: string;
  name: string;
  /** A short-lived URL of the logo image. */
  logo: string | null;
  /** JSON text `{"primary_color","secondary_color"}`; read it with `colorsOf`. */
  colors: unknown;
  status?: ActiveStatus;
  email?: string;
  phone?: string;
  address?: string;
  location?: string | null;
  website?: string | null;
  created_at?: string;
  /** The first date its books take postings (history imports aside), YYYY-MM-DD. */
  opening_date?: string;
  /** The largest single amount, naira. */
  max_amount?: number;
  meta?: CooperativeFigures;
}

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
export function useCooperativeList({ page, query, perPage }: CooperativeListParams) {
  return useQuery({
    queryKey: cooperativeKeys.list({ page, query, perPage }),
    queryFn: ({ signal }) =>
      apiData<Page<Cooperative>>('/cooperative/all', { query: { page, query, per_page: perPage }, signal, scoped: false }),
    // Keep the current rows on screen while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useCooperative(id: string | null) {
  return useQuery({
    queryKey: cooperativeKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiData<Cooperative>('/cooperative', { query: { cooperative_id: id }, signal }),
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
      return apiRequest<Cooperative>(id ? '/cooperative/update' : '/cooperative', { method: 'POST', body, scoped: false });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cooperativeKeys.all }),
  });
}

export function useDeleteCooperative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('/cooperative', { method: 'DELETE', query: { cooperative_id: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cooperativeKeys.all }),
  });
}

export function useSendRegistrationEmail() {
  return useMutation({
    mutationFn: (cooperativeId: string) =>
      apiRequest<{ link: string }>('/utilities/send-registration-email', { query: { cooperative_id: cooperativeId } }),
  });
}
