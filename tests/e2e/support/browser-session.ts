import type { Page } from '@playwright/test';

// The key the web app keeps its session under (web/src/session/session-store.ts).
export const SESSION_KEY = 'coopledger.session';
// Amplify keeps the user pool tokens under keys with this prefix.
const COGNITO_PREFIX = 'CognitoIdentityServiceProvider.';

// The tests are type-checked without the DOM library; this is the little of it they touch.
interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  readonly length: number;
  key(index: number): string | null;
}
interface Browser {
  localStorage: BrowserStorage;
  sessionStorage: BrowserStorage;
}

export interface StoredSession {
  local: string | null;
  session: string | null;
}

/** Where the app has kept the session: localStorage (remembered) or sessionStorage. */
export function storedSession(page: Page): Promise<StoredSession> {
  return page.evaluate((key) => {
    const browser = globalThis as unknown as Browser;
    return { local: browser.localStorage.getItem(key), session: browser.sessionStorage.getItem(key) };
  }, SESSION_KEY);
}

/** The Cognito token keys Amplify has kept in each storage. */
export function cognitoKeys(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate((prefix) => {
    const browser = globalThis as unknown as Browser;
    const keysOf = (storage: BrowserStorage) =>
      Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '').filter((key) =>
        key.startsWith(prefix),
      );
    return { local: keysOf(browser.localStorage), session: keysOf(browser.sessionStorage) };
  }, COGNITO_PREFIX);
}

/**
 * Makes Amplify believe the stored access and ID tokens expired an hour ago, so its next use must
 * refresh them with the refresh token. Returns the ID token as it was forged.
 */
export function expireStoredTokens(page: Page): Promise<string> {
  return page.evaluate((prefix) => {
    const browser = globalThis as unknown as Browser & { atob(v: string): string; btoa(v: string): string };
    const storage = browser.localStorage;
    let forgedId = '';
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index) ?? '';
      if (!key.startsWith(prefix) || !(key.endsWith('.accessToken') || key.endsWith('.idToken'))) continue;
      const [head, body, signature] = (storage.getItem(key) ?? '').split('.');
      const claims = JSON.parse(browser.atob((body ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<
        string,
        unknown
      >;
      claims.exp = Math.floor(Date.now() / 1000) - 3600;
      const forged = browser.btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const token = `${head}.${forged}.${signature}`;
      storage.setItem(key, token);
      if (key.endsWith('.idToken')) forgedId = token;
    }
    return forgedId;
  }, COGNITO_PREFIX);
}
