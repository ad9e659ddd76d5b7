import type { Envelope } from '@coopledger/shared/envelope';
import type {
  ApprovedMemberView,
  MemberActivityView,
  MemberDetailView,
  MemberRowView,
  PendingMemberView,
} from '@coopledger/shared/member-views';
import type { LookupView } from '@coopledger/shared/setup-views';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityEndpoint } from './entities';
import { signInAgain } from '../auth/sign-in-again';
import { isOwnAccount } from '../session/own-account';
import { sessionStore } from '../session/session-store';
import { routeData, routeRequest } from './client';

export const MEMBERS_ENDPOINT: EntityEndpoint = { key: 'members', base: '/cooperative/member', idParam: 'id' };
export const INACTIVE_MEMBERS_ENDPOINT: EntityEndpoint = {
  key: 'members-inactive',
  base: '/cooperative/member',
  listPath: '/cooperative/member/get-deactivated-members',
  idParam: 'id',
};
export const PENDING_MEMBERS_ENDPOINT: EntityEndpoint = {
  key: 'pending-members',
  base: '/cooperative/pending_members',
  idParam: 'member_id',
};

/** One row of the member lists. */
export type MemberRow = MemberRowView;
export type PendingMemberRow = PendingMemberView;

/** Both member lists and the counts. */
export const invalidateMembers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['members'] }),
    queryClient.invalidateQueries({ queryKey: ['members-inactive'] }),
  ]);

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return routeRequest('POST /cooperative/member/import', { body });
    },
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useImportStatus(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['member-import', importId],
    queryFn: async ({ signal }) => {
      const status = await routeData('GET /cooperative/member/import/status', {
        query: { import_id: importId },
        signal,
      });
      if (status.done) await invalidateMembers(queryClient);
      return status;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : 1500),
  });
}

export type Named = LookupView;

export function useMemberCounts() {
  return useQuery({
    queryKey: ['members', 'statistics'],
    queryFn: ({ signal }) => routeData('GET /cooperative/member/statistics', { signal }),
  });
}

export function useStates(countryId: string) {
  return useQuery({
    queryKey: ['lookup', 'states', countryId],
    queryFn: ({ signal }) =>
      routeData('GET /utilities/state', { query: { country_id: countryId }, signal, scoped: false }),
    enabled: countryId !== '',
    staleTime: Infinity,
  });
}

/** Activate (status 1) or deactivate (status 2) a member by member number. */
export function useMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coopId, activate }: { coopId: string; activate: boolean }) =>
      routeRequest(activate ? 'GET /cooperative/member/activate' : 'GET /cooperative/member/deactivate', {
        query: { coop_id: coopId },
      }),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => routeRequest('POST /cooperative/member', { body }),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

/** Approve or deny a pending registration. */
export function usePendingDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    // Approving answers with the member made, denying with nothing.
    mutationFn: ({ id, approve }: { id: string; approve: boolean }): Promise<Envelope<ApprovedMemberView | null>> =>
      approve
        ? routeRequest('POST /cooperative/pending_members/approve', { body: { member_id: id } })
        : routeRequest('GET /cooperative/pending_members/deny', { query: { member_id: id } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['pending-members'] }), invalidateMembers(queryClient)]),
  });
}

export function usePublicCooperative(code: string) {
  return useQuery({
    queryKey: ['public-cooperative', code],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/pending_members/get-cooperative', {
        query: { cooperative_code: code },
        signal,
        scoped: false,
      }),
    enabled: code !== '',
    retry: false,
  });
}

export function usePublicDepartments(code: string) {
  return useQuery({
    queryKey: ['public-departments', code],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/pending_members/get-department', {
        query: { cooperative_code: code },
        signal,
        scoped: false,
      }),
    enabled: code !== '',
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      routeRequest('POST /cooperative/pending_members', { body: { ...body, type: 'pending' }, scoped: false }),
  });
}

/** One activity entry of a member (what they did recently). */
export type MemberActivity = MemberActivityView;
/** GET /cooperative/member/single: the record with its profile parts, presigned documents and activity. */
export type MemberDetail = MemberDetailView;

export type MemberDetailType = 'STAFF-INFO' | 'WORK-INFO' | 'BANK-INFO' | 'NOK-INFO' | 'CONTACT-INFO';
export type MemberDocumentSlot = 'avatar' | 'signature' | 'reg_form';

const memberDetailKey = (memberId: string) => ['members', 'detail', memberId.toUpperCase()];

/** One member by member number; members and executives may only ask for their own. */
export function useMemberDetail(memberId: string) {
  return useQuery({
    queryKey: memberDetailKey(memberId),
    queryFn: ({ signal }) => routeData('GET /cooperative/member/single', { query: { id: memberId }, signal }),
    enabled: memberId !== '',
  });
}

/** Saves one part of the profile by detail type; the answer is the updated member. */
export function useEditMemberDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      coopId,
      detailType,
      values,
    }: {
      coopId: string;
      detailType: MemberDetailType;
      values: Record<string, string>;
    }) =>
      routeRequest('POST /cooperative/member/details/edit', {
        body: { ...values, detail_type: detailType, coop_id: coopId },
      }),
    onSuccess: (envelope, { coopId }) => {
      queryClient.setQueryData(memberDetailKey(coopId), envelope.data);
      return invalidateMembers(queryClient);
    },
  });
}

/** Uploads profile documents (one file per slot); the answer is the documents' fresh links. */
export function useUploadMemberDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coopId, files }: { coopId: string; files: Partial<Record<MemberDocumentSlot, File>> }) => {
      const body = new FormData();
      body.append('coop_id', coopId);
      for (const [slot, file] of Object.entries(files)) body.append(slot, file);
      return routeRequest('POST /cooperative/member/details/update-document', { body });
    },
    onSuccess: (envelope, { coopId }) => {
      queryClient.setQueryData<MemberDetail>(memberDetailKey(coopId), (old) =>
        old ? { ...old, documents: envelope.data } : old,
      );
      return queryClient.invalidateQueries({ queryKey: memberDetailKey(coopId) });
    },
  });
}

/**
 * Sets a member's password (staff for a member, or a member for themselves). A member's own change
 * ends their earlier sessions, so their session goes on with a new sign-in.
 */
export function useChangeMemberPassword() {
  return useMutation({
    mutationFn: async (body: { coop_id: string; password: string; password_confirmation: string }) => {
      const envelope = await routeRequest('POST /cooperative/member/details/change-password', { body });
      if (isOwnAccount(sessionStore.getState().session?.user, body.coop_id)) await signInAgain(body.password);
      return envelope;
    },
  });
}
