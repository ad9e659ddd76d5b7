import type { Page } from '@playwright/test';

// The key the web app keeps its session under (web/src/session/session-store.ts).
export const SESSION_KEY = 'coopledger.session';

// The tests are type-checked without the DOM library; this is the little of it they touch.
interface BrowserStorage {
  localStorage: { getItem(key: string): string | null };
  sessionStorage: { getItem(key: string): string | null };
}

export interface StoredSession {
  local: string | null;
  session: string | null;
}

/** Where the app has kept the session: localStorage (remembered) or sessionStorage. */
export function storedSession(page: Page): Promise<StoredSession> {
  return page.evaluate((key) => {
    const browser = globalThis as unknown as BrowserStorage;
    return { local: browser.localStorage.getItem(key), session: browser.sessionStorage.getItem(key) };
  }, SESSION_KEY);
}
