import { describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_KEY } from './session-store';
import { adoptSessionFromOtherTabs, shareSessionAcrossTabs } from './session-tabs';
import type { Session } from './types';

/** A tab's own storage: its items are its own properties, as a browser's Storage lists them. */
class TabStorage implements Storage {
  [key: string]: unknown;
  get length() {
    return Object.keys(this).length;
  }
  clear() {
    for (const key of Object.keys(this)) delete this[key];
  }
  getItem(key: string) {
    return Object.hasOwn(this, key) ? String(this[key]) : null;
  }
  key(index: number) {
    return Object.keys(this)[index] ?? null;
  }
  removeItem(key: string) {
    delete this[key];
  }
  setItem(key: string, value: string) {
    this[key] = value;
  }
}

/** BroadcastChannels of one origin: a message reaches every other channel, never its sender. */
function channels(count: number): BroadcastChannel[] {
  const targets = Array.from({ length: count }, () => new EventTarget());
  return targets.map(
    (self) =>
      Object.assign(self, {
        postMessage: (data: unknown) =>
          targets.filter((t) => t !== self).forEach((t) => t.dispatchEvent(new MessageEvent('message', { data }))),
      }) as unknown as BroadcastChannel,
  );
}

const AMPLIFY_KEY = 'CognitoIdentityServiceProvider.client.DEMO0001.refreshToken';

function signedInTab(remember: boolean) {
  const session = new TabStorage();
  const local = new TabStorage();
  const store = createSessionStore({ local, session });
  const signed: Session = {
    token: 'id-token-1',
    user: {
      id: 'u1',
      coop_id: 'DEMO0001',
      firstname: 'Adaeze',
      lastname: 'Okafor',
      email: 'ada@example.com',
      role_name: 'cooperative-member',
      status: 1,
      cooperative_id: 'c1',
      created_at: '2024-01-01T00:00:00.000Z',
    },
    member: null,
    role: 'cooperative-member',
    activeCooperativeId: 'c1',
    remember,
  };
  store.signIn(signed);
  (remember ? local : session).setItem(AMPLIFY_KEY, 'refresh-1');
  return { store, session, signed };
}

const emptyTab = () => {
  const session = new TabStorage();
  return { session, store: createSessionStore({ local: new TabStorage(), session }) };
};

describe('one session across tabs', () => {
  it('gives a new tab the session of a tab signed in without Remember me, with its tokens', async () => {
    const [a, b] = channels(2);
    const first = signedInTab(false);
    shareSessionAcrossTabs(first.store, first.session, a);
    const second = emptyTab();
    expect(await adoptSessionFromOtherTabs(second.store, second.session, b, 50)).toBe(true);
    expect(second.store.getState().session).toEqual(first.signed);
    expect(second.session.getItem(AMPLIFY_KEY)).toBe('refresh-1');
    expect(JSON.parse(second.session.getItem(SESSION_KEY) ?? '{}')).toEqual(first.signed);
  });

  it('finds no session when no other tab has one to give', async () => {
    const [a, b] = channels(2);
    const lone = emptyTab();
    shareSessionAcrossTabs(lone.store, lone.session, a);
    const second = emptyTab();
    expect(await adoptSessionFromOtherTabs(second.store, second.session, b, 20)).toBe(false);
    expect(second.store.getState().session).toBeNull();
  });

  it('leaves a remembered session to localStorage, which every tab reads already', async () => {
    const [a, b] = channels(2);
    const remembered = signedInTab(true);
    shareSessionAcrossTabs(remembered.store, remembered.session, a);
    const second = emptyTab();
    expect(await adoptSessionFromOtherTabs(second.store, second.session, b, 20)).toBe(false);
  });

  it('signs every tab out when one signs out', async () => {
    const [a, b, c] = channels(3);
    const first = signedInTab(false);
    shareSessionAcrossTabs(first.store, first.session, a);
    const second = emptyTab();
    shareSessionAcrossTabs(second.store, second.session, b);
    await adoptSessionFromOtherTabs(second.store, second.session, b, 50);
    const third = emptyTab();
    shareSessionAcrossTabs(third.store, third.session, c);
    await adoptSessionFromOtherTabs(third.store, third.session, c, 50);
    expect(third.store.getState().session?.token).toBe('id-token-1');

    second.store.clear();
    expect(first.store.getState().session).toBeNull();
    expect(third.store.getState().session).toBeNull();
    expect(first.session.getItem(SESSION_KEY)).toBeNull();
  });
});
