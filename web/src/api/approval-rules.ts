import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@coopledger/shared/roles';
import { useSession } from '../session/use-session';
import { routeAdmits, routeData, routeRequest } from './client';

/** The cooperative's four-eyes rules (docs/decisions.md "Four-eyes approvals"). */
export type { ApprovalRulesView } from '@coopledger/shared/approval-rules';

const SAVE_RULES = 'PUT /cooperative/approval-rules';

/** What the form sends: the flag, and the threshold in naira as typed (blank: none). */
export interface ApprovalRulesBody {
  creator_cannot_approve: boolean;
  second_approval_above: string;
}

const rulesKey = (cooperative: string | null) => ['approval-rules', cooperative] as const;

export const maySaveApprovalRules = (role: Role | undefined): boolean => routeAdmits(SAVE_RULES, role);

export function useApprovalRules() {
  const cooperative = useSession()?.activeCooperativeId ?? null;
  return useQuery({
    queryKey: rulesKey(cooperative),
    queryFn: ({ signal }) => routeData('GET /cooperative/approval-rules', { signal }),
  });
}

export function useSaveApprovalRules() {
  const queryClient = useQueryClient();
  const cooperative = useSession()?.activeCooperativeId ?? null;
  return useMutation({
    mutationFn: (body: ApprovalRulesBody) => routeRequest(SAVE_RULES, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey(cooperative) }),
  });
}
