import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../session/types';
import { signInAgain } from '../auth/sign-in-again';
import { apiData, apiRequest } from './client';

export interface Me {
  user: SessionUser;
  /** The member record of a member or executive; null for staff. */
  member: Record<string, unknown> | null;
}

/**
 * Who the token belongs to; called with the fresh token during sign-in, before a session exists.
 * The POST also records the sign-in in the person's activity.
 */
export function fetchMe(token: string): Promise<Me> {
  return apiData<Me>('/auth/signed-in', { token, method: 'POST' });
}

export interface ActivityItem {
  at: string;
  action: string;
  method: string;
  path: string;
  cooperative_id: string | null;
}

export function useActivity(enabled: boolean) {
  return useQuery({
    queryKey: ['activity'],
    queryFn: ({ signal }) => apiData<ActivityItem[]>('/user/activity', { signal, scoped: false }),
    enabled,
  });
}

export function useOwnUser(loginId: string) {
  return useQuery({
    queryKey: ['user', loginId],
    queryFn: ({ signal }) => apiData<SessionUser>('/user/coopledger/single', { query: { user_id: loginId }, signal, scoped: false }),
  });
}

export interface ChangePasswordRequest {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Changes the signed-in person's own password; the session goes on with a new sign-in (the old one ends). */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordRequest) => {
      const envelope = await apiRequest<null>('/auth/change-password', { method: 'POST', body, scoped: false });
      await signInAgain(body.password);
      return envelope;
    },
  });
}

export function requestResetCode(coop_id: string) {
  return apiRequest<null>('/auth/password-reset', { method: 'PATCH', body: { coop_id } });
}

export interface ConfirmResetRequest {
  coop_id: string;
  code: string;
  password: string;
  password_confirmation: string;
}

export function confirmReset(body: ConfirmResetRequest) {
  return apiRequest<null>('/auth/password-reset', { method: 'PATCH', body });
}
