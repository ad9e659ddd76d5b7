import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityEndpoint } from './entities';
import { apiData, apiRequest } from './client';

export const MEMBERS_ENDPOINT: EntityEndpoint = { key: 'members', base: '/cooperative/member', idParam: 'id' };
export const INACTIVE_MEMBERS_ENDPOINT: EntityEndpoint = {
  key: 'members-inactive',
  base: '/cooperative/member',
  listPath: '/cooperative/member/get-deactivated-members',
  idParam: 'id',
};
export const PENDING_MEMBERS_ENDPOINT: EntityEndpoint = { key: 'pending-members', base: '/cooperative/pending_members', idParam: 'member_id' };

/** One row of the member lists. */
export interface MemberRow {
  id: string;
  coop_id: string;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  department: string;
  ledger_balance: number;
  available_balance: number;
  monthly_savings: number;
  /** 0 warning, 1 approved, 2 inactive. */
  status: number;
}

export interface MemberCounts {
  total: number;
  pending: number;
  male: number;
  female: number;
}

export interface PendingMemberRow {
  id: string;
  firstname: string;
  middlename: string | null;
  lastname: string;
  email: string;
  phone: string;
  contact_phone: string;
  current_address: string;
  designation: string;
  status: number;
  created_at: string;
  details: Record<string, unknown>;
}

export interface ImportStatus {
  import_id: string;
  file_name: string;
  status: string;
  done: boolean;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  created: number;
  updated: number;
  errors?: { row: number; column: string; message: string }[];
  /** Whether a row/column/message report can be downloaded. */
  report_available?: boolean;
}

/** Both member lists and the counts. */
export const invalidateMembers = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: ['members'] }), queryClient.invalidateQueries({ queryKey: ['members-inactive'] })]);

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<{ import_id: string; rows_total: number; status: string }>('/cooperative/member/import', { method: 'POST', body });
    },
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useImportStatus(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['member-import', importId],
    queryFn: async ({ signal }) => {
      const status = await apiData<ImportStatus>('/cooperative/member/import/status', { query: { import_id: importId }, signal });
      if (status.done) await invalidateMembers(queryClient);
      return status;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : 1500),
  });
}

export interface Named {
  id: string | number;
  name: string;
}

export function useMemberCounts() {
  return useQuery({
    queryKey: ['members', 'statistics'],
    queryFn: ({ signal }) => apiData<MemberCounts>('/cooperative/member/statistics', { signal }),
  });
}

export function useStates(countryId: string) {
  return useQuery({
    queryKey: ['lookup', 'states', countryId],
    queryFn: ({ signal }) => apiData<Named[]>('/utilities/state', { query: { country_id: countryId }, signal, scoped: false }),
    enabled: countryId !== '',
    staleTime: Infinity,
  });
}

/** Activate (status 1) or deactivate (status 2) a member by member number. */
export function useMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coopId, activate }: { coopId: string; activate: boolean }) =>
      apiRequest<unknown>(`/cooperative/member/${activate ? 'activate' : 'deactivate'}`, { query: { coop_id: coopId } }),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiRequest<unknown>('/cooperative/member', { method: 'POST', body }),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

/** Approve or deny a pending registration. */
export function usePendingDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      approve
        ? apiRequest<unknown>('/cooperative/pending_members/approve', { method: 'POST', body: { member_id: id } })
        : apiRequest<unknown>('/cooperative/pending_members/deny', { query: { member_id: id } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['pending-members'] }), invalidateMembers(queryClient)]),
  });
}

export interface PublicCooperative {
  id: string;
  name: string;
  code: string;
  status: number;
}

export function usePublicCooperative(code: string) {
  return useQuery({
    queryKey: ['public-cooperative', code],
    queryFn: ({ signal }) => apiData<PublicCooperative>('/cooperative/pending_members/get-cooperative', { query: { cooperative_code: code }, signal, scoped: false }),
    enabled: code !== '',
    retry: false,
  });
}

export function usePublicDepartments(code: string) {
  return useQuery({
    queryKey: ['public-departments', code],
    queryFn: ({ signal }) => apiData<Named[]>('/cooperative/pending_members/get-department', { query: { cooperative_code: code }, signal, scoped: false }),
    enabled: code !== '',
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiRequest<unknown>('/cooperative/pending_members', { method: 'POST', body: { ...body, type: 'pending' }, scoped: false }),
  });
}
