import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@coopledger/shared/envelope';
import { apiData } from './client';

export interface CooperativeFigures {
  activeMembers: number;
  inactiveMembers: number;
  totalSavings: number;
  totalLoans: number;
  loansPaid: number;
  members_count: number;
}

export interface Cooperative {
  id: string;
  code: string;
  name: string;
  /** 1 active, 0 inactive. */
  status: 1 | 0;
  logo: string | null;
  colors: unknown;
  email: string;
  phone: string;
  address: string;
  website: string | null;
  created_at: string;
  meta: CooperativeFigures;
}

export const cooperativeKeys = {
  all: ['cooperatives'] as const,
  list: (page: number) => [...cooperativeKeys.all, 'list', page] as const,
  one: (id: string) => [...cooperativeKeys.all, 'one', id] as const,
};

/** Every cooperative for a super-admin (only their own for anyone else), one server page at a time. */
export function useCooperativeList(page: number) {
  return useQuery({
    queryKey: cooperativeKeys.list(page),
    queryFn: ({ signal }) => apiData<Page<Cooperative>>('/cooperative/all', { query: { page }, signal }),
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
