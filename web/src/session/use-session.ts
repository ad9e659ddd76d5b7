import { useSyncExternalStore } from 'react';
import { sessionStore } from './session-store';
import type { Session, SessionState } from './types';

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}

export function useSession(): Session | null {
  return useSessionState().session;
}

/** For screens inside the authenticated shell, which never render without a session. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('useRequiredSession used outside the authenticated shell');
  return session;
}
