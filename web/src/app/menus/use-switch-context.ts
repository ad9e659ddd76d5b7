import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Cooperative } from '../../api/cooperatives';
import { cooperativeKeys } from '../../api/cooperatives';
import { homeContext } from '../../session/role-context';
import type { RoleContext } from '../../session/types';
import { sessionStore } from '../../session/session-store';
import { notificationsStore } from '../notifications/notifications-store';
import type { ContextSwitch } from './menu-types';

/**
 * Choosing a cooperative (switcher, View Members) scopes the app to it and acts as its admin;
 * `null` is Back to Admin (spec section 4, "Switching cooperative"). A page that asks for a
 * cooperative (the reports) names the menu context to stay in and itself as `to`.
 */
export function useSwitchCooperative() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (cooperative: Cooperative | null, to = '/dashboard', context?: RoleContext) => {
      // The colours and logo show at once, from the row that was chosen.
      if (cooperative) queryClient.setQueryData(cooperativeKeys.one(cooperative.id), cooperative);
      sessionStore.setContext({
        role: context ?? (cooperative ? 'cooperative-admin' : 'super-admin'),
        activeCooperativeId: cooperative?.id ?? null,
      });
      // Cached answers belonged to the previous cooperative.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'cooperatives' });
      notificationsStore.notify('success', `You are now viewing data for ${cooperative?.name ?? 'Admin'}.`);
      void navigate(to);
    },
    [navigate, queryClient],
  );
}

/** A menu item that changes the menu context (report, e-shop, Go Back). */
export function switchMenuContext(target: ContextSwitch): void {
  const session = sessionStore.getState().session;
  if (!session) return;
  const role = target === 'home' ? homeContext(session) : target;
  sessionStore.setContext({ role, activeCooperativeId: session.activeCooperativeId });
}
