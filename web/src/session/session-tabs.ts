import { COGNITO_KEY_PREFIX } from '../auth/cognito-keys';
import type { SessionStore } from './session-store';
import { SESSION_KEY, parseSession } from './session-store';

/**
 * One session across the user's tabs. A session without "Remember me" lives in sessionStorage, which
 * a tab opened from a link (the Store in a new tab, a link opened with Ctrl) does not inherit, so
 * that tab would land on the sign-in page. A tab without a session asks the others over a
 * BroadcastChannel (same origin only); one that has a session answers with it, its sign-in and
 * Amplify's tokens, and the new tab keeps its own copy in its own sessionStorage, still ending with
 * the browser. A sign-out in one tab signs every tab out. A remembered session is in localStorage,
 * which every tab reads already.
 */
export const SESSION_CHANNEL = 'coopledger.session';

type Message = { type: 'ask' } | { type: 'share'; entries: [string, string][] } | { type: 'signed-out' };

/** What this tab's sessionStorage holds of the session: ours and Amplify's tokens. */
function sessionEntries(storage: Storage): [string, string][] {
  return Object.keys(storage)
    .filter((key) => key === SESSION_KEY || key.startsWith(COGNITO_KEY_PREFIX))
    .map((key) => [key, storage.getItem(key) ?? '']);
}

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && ['ask', 'share', 'signed-out'].includes((data as Message).type);

/** Answers other tabs' questions with this tab's session, and signs the tabs out together. */
export function shareSessionAcrossTabs(store: SessionStore, storage: Storage, channel: BroadcastChannel): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!isMessage(event.data)) return;
    const session = store.getState().session;
    if (event.data.type === 'ask' && session && !session.remember)
      channel.postMessage({ type: 'share', entries: sessionEntries(storage) } satisfies Message);
    if (event.data.type === 'signed-out' && session) store.clear();
  };
  channel.addEventListener('message', onMessage);
  let signedIn = store.getState().session !== null;
  const unsubscribe = store.subscribe(() => {
    const now = store.getState().session !== null;
    if (signedIn && !now) channel.postMessage({ type: 'signed-out' } satisfies Message);
    signedIn = now;
  });
  return () => {
    channel.removeEventListener('message', onMessage);
    unsubscribe();
  };
}

/**
 * For a tab that starts without a session: asks the other tabs for theirs and, if one answers within
 * `waitMs`, keeps it (in this tab's sessionStorage) and signs this tab in with it. True when it did.
 */
export function adoptSessionFromOtherTabs(
  store: SessionStore,
  storage: Storage,
  channel: BroadcastChannel,
  waitMs: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (adopted: boolean) => {
      channel.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
      resolve(adopted);
    };
    const onMessage = (event: MessageEvent) => {
      if (!isMessage(event.data) || event.data.type !== 'share' || store.getState().session) return;
      const entries = new Map(event.data.entries);
      const session = parseSession(entries.get(SESSION_KEY) ?? null);
      if (!session) return;
      try {
        for (const [key, value] of entries) storage.setItem(key, value);
      } catch {
        /* storage refused: the session still holds in memory */
      }
      store.signIn(session);
      done(true);
    };
    const timer = window.setTimeout(() => done(false), waitMs);
    channel.addEventListener('message', onMessage);
    channel.postMessage({ type: 'ask' } satisfies Message);
  });
}

/**
 * How long a tab opened on a signed-in page waits for another tab's session before showing sign-in
 * (an answer comes in well under this; a busy browser's background tab may take a few hundred ms).
 */
const ASK_WAIT_MS = 1000;
/** Pages for signed-out visitors: they show at once, and move on if another tab's session arrives. */
const GUEST_PATHS = new Set(['/', '/login', '/forgotpassword', '/register', '/notfound', '/internalserver']);

/** Joins this tab to the user's other tabs; resolves once the first page can be chosen. */
export async function joinOtherTabs(store: SessionStore, pathname: string): Promise<void> {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  shareSessionAcrossTabs(store, window.sessionStorage, channel);
  if (store.getState().session) return;
  const adopting = adoptSessionFromOtherTabs(store, window.sessionStorage, channel, ASK_WAIT_MS);
  if (!GUEST_PATHS.has(pathname)) await adopting;
}
