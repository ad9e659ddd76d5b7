import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routeData, routeRequest } from './client';
import { invalidateMembers } from './members';

/**
 * Member exit (functions/members/exit-routes.ts): a member's settlement on today's date, their exit
 * request and its decision, and the release of a guarantee they give. Amounts arrive in naira.
 */
export const exitKeys = {
  all: ['member-exit'] as const,
  settlement: (memberId: string) => ['member-exit', 'settlement', memberId] as const,
};

/** The settlement of `memberId` ('' for the signed-in member's own). */
export function useExitSettlement(memberId: string) {
  return useQuery({
    queryKey: exitKeys.settlement(memberId),
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/member/exit/settlement', { query: { coop_id: memberId || undefined }, signal }),
    retry: false,
  });
}

/** After an exit changes: the settlement, the member, their savings and loans are read again. */
function useExitMutation<B>(send: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exitKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['loans'] }),
        queryClient.invalidateQueries({ queryKey: ['savings'] }),
        queryClient.invalidateQueries({ queryKey: ['savings-accounts'] }),
        invalidateMembers(queryClient),
      ]),
  });
}

export const useRequestExit = () =>
  useExitMutation((body: { coop_id?: string; reason?: string }) =>
    routeRequest('POST /cooperative/member/exit/request', { body }),
  );

export const useApproveExit = () =>
  useExitMutation((body: { exit_id: string; bank_id: string }) =>
    routeRequest('POST /cooperative/member/exit/approve', { body }),
  );

export const useDenyExit = () =>
  useExitMutation((body: { exit_id: string; reason?: string }) =>
    routeRequest('POST /cooperative/member/exit/deny', { body }),
  );

export const useCancelExit = () =>
  useExitMutation((body: { exit_id: string }) => routeRequest('POST /cooperative/member/exit/cancel', { body }));

export const useReleaseGuarantee = () =>
  useExitMutation((body: { surety_id: string; reason: string }) =>
    routeRequest('POST /cooperative/member/surety/release', { body }),
  );

/** A guarantee on a running loan handed over: the new surety is asked, and takes over once they approve. */
export const useHandOverGuarantee = () =>
  useExitMutation((body: { loan_id: string; surety_id: string; member_id: string }) =>
    routeRequest('POST /cooperative/member/loans/replace-surety', { body }),
  );
