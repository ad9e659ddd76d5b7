import { clearCognitoKeys } from '../auth/cognito-keys';
import { isRoleContext } from './role-context';
import type { RoleContext, Session, SessionState } from './types';

export const SESSION_KEY = 'coopledger.session';

type Listener = () => void;

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: Listener) => () => void;
  signIn: (session: Session) => void;
  setActiveCooperative: (cooperativeId: string | null) => void;
  /** Switching cooperative or menu context changes both at once (spec section 4). */
  setContext: (context: { role: RoleContext; activeCooperativeId: string | null }) => void;
  /** Amplify refreshed the ID token; keep the stored copy in step. */
  updateToken: (token: string) => void;
  /** Ends the session everywhere it is kept; `notice` is shown on the sign-in card. */
  clear: (notice?: string | null) => void;
  dismissNotice: () => void;
  /** The token to send, read at call time so a sign-out elsewhere takes effect at once. */
  token: () => string | null;
}

interface Storages {
  local: Storage;
  session: Storage;
}

/** A stored session, or null for anything that is not one. */
export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session> | null;
    if (
      !value ||
      typeof value.token !== 'string' ||
      typeof value.user !== 'object' ||
      value.user === null ||
      !isRoleContext(value.role)
    ) {
      return null;
    }
    return {
      token: value.token,
      user: value.user,
      member: value.member ?? null,
      role: value.role,
      activeCooperativeId: value.activeCooperativeId ?? null,
      remember: value.remember === true,
    };
  } catch {
    return null;
  }
}

function safely(action: () => void): void {
  // Storage can refuse writes (quota, private browsing); the in-memory session still works.
  try {
    action();
  } catch {
    /* keep the in-memory session */
  }
}

/**
 * The session lives in localStorage only when "Remember me" was ticked; otherwise in
 * sessionStorage, so that it ends with the browser session as the user asked.
 */
export function createSessionStore(storages: Storages): SessionStore {
  const read = (): Session | null => {
    try {
      return parseSession(storages.local.getItem(SESSION_KEY)) ?? parseSession(storages.session.getItem(SESSION_KEY));
    } catch {
      return null;
    }
  };

  let state: SessionState = { session: read(), notice: null };
  const listeners = new Set<Listener>();

  const set = (next: SessionState): void => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const persist = (session: Session): void => {
    const keep = session.remember ? storages.local : storages.session;
    const drop = session.remember ? storages.session : storages.local;
    safely(() => drop.removeItem(SESSION_KEY));
    safely(() => keep.setItem(SESSION_KEY, JSON.stringify(session)));
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (session) => {
      persist(session);
      set({ session, notice: null });
    },
    setActiveCooperative: (cooperativeId) => {
      if (!state.session) return;
      const session = { ...state.session, activeCooperativeId: cooperativeId };
      persist(session);
      set({ ...state, session });
    },
    setContext: ({ role, activeCooperativeId }) => {
      if (!state.session) return;
      const session = { ...state.session, role, activeCooperativeId };
      persist(session);
      set({ ...state, session });
    },
    updateToken: (token) => {
      if (!state.session || state.session.token === token) return;
      const session = { ...state.session, token };
      persist(session);
      set({ ...state, session });
    },
    clear: (notice = null) => {
      safely(() => storages.local.removeItem(SESSION_KEY));
      safely(() => storages.session.removeItem(SESSION_KEY));
      clearCognitoKeys([storages.local, storages.session]);
      // Requests still in flight when a 406 ended the session fail next (401, no token) and clear
      // again; they must not wipe the reason the sign-in card is about to show.
      set({ session: null, notice: notice ?? (state.session === null ? state.notice : null) });
    },
    dismissNotice: () => {
      if (state.notice !== null) set({ ...state, notice: null });
    },
    token: () => state.session?.token ?? null,
  };
}

export const sessionStore = createSessionStore({ local: window.localStorage, session: window.sessionStorage });

// A remembered session signed out in another tab ends here too.
window.addEventListener('storage', (event) => {
  if (event.key === SESSION_KEY && event.storageArea === window.localStorage && event.newValue === null) {
    if (sessionStore.getState().session?.remember) sessionStore.clear();
  }
});
