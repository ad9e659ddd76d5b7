import { useMutation, useQuery } from '@tanstack/react-query';
import type { ActivityView, MeView } from '@coopledger/shared/user-views';
import { signInAgain } from '../auth/sign-in-again';
import { routeData, routeRequest } from './client';

export type Me = MeView;

/**
 * Who the token belongs to; called with the fresh token during sign-in, before a session exists.
 * The POST also records the sign-in in the person's activity.
 */
export function fetchMe(token: string): Promise<Me> {
  return routeData('POST /auth/signed-in', { token });
}

export type ActivityItem = ActivityView;

export function useActivity(enabled: boolean) {
  return useQuery({
    queryKey: ['activity'],
    queryFn: ({ signal }) => routeData('GET /user/activity', { signal, scoped: false }),
    enabled,
  });
}

export function useOwnUser(loginId: string) {
  return useQuery({
    queryKey: ['user', loginId],
    queryFn: ({ signal }) =>
      routeData('GET /user/coopledger/single', { query: { user_id: loginId }, signal, scoped: false }),
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
      const envelope = await routeRequest('POST /auth/change-password', { body, scoped: false });
      await signInAgain(body.password);
      return envelope;
    },
  });
}

export function requestResetCode(coop_id: string) {
  return routeRequest('PATCH /auth/password-reset', { body: { coop_id } });
}

export interface ConfirmResetRequest {
  coop_id: string;
  code: string;
  password: string;
  password_confirmation: string;
}

export function confirmReset(body: ConfirmResetRequest) {
  return routeRequest('PATCH /auth/password-reset', { body });
}
