import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_KEY } from './session-store';
import type { Session } from './types';

function aSession(remember: boolean): Session {
  return {
    token: 'jwt-token',
    user: {
      id: 'u1',
      coop_id: 'superadmin',
      firstname: 'Ada',
      lastname: 'Obi',
      email: 'ada@example.com',
      role_name: 'super-admin',
      status: 1,
      cooperative_id: null,
      created_at: '2024-01-01T00:00:00.000Z',
    },
    member: null,
    role: 'super-admin',
    activeCooperativeId: null,
    remember,
  };
}

const storages = () => ({ local: window.localStorage, session: window.sessionStorage });

describe('session store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('keeps a remembered session in localStorage', () => {
    // Act
    createSessionStore(storages()).signIn(aSession(true));

    // Assess
    expect(window.localStorage.getItem(SESSION_KEY)).toContain('jwt-token');
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('keeps a session without Remember me in sessionStorage only', () => {
    createSessionStore(storages()).signIn(aSession(false));

    expect(window.sessionStorage.getItem(SESSION_KEY)).toContain('jwt-token');
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('moves the session when the same browser signs in again with the other choice', () => {
    const store = createSessionStore(storages());
    store.signIn(aSession(true));

    store.signIn(aSession(false));

    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_KEY)).not.toBeNull();
  });

  it('restores a stored session when the app starts again', () => {
    createSessionStore(storages()).signIn(aSession(true));

    const restarted = createSessionStore(storages());

    expect(restarted.getState().session?.user.firstname).toBe('Ada');
    expect(restarted.token()).toBe('jwt-token');
  });

  it('ignores a stored value that is not a session', () => {
    window.localStorage.setItem(SESSION_KEY, '{"token":42}');

    expect(createSessionStore(storages()).getState().session).toBeNull();
  });

  it('clears both storages and tells subscribers on sign-out', () => {
    const store = createSessionStore(storages());
    store.signIn(aSession(true));
    let notified = 0;
    store.subscribe(() => notified++);

    store.clear('Your account has been deactivated');

    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(store.getState()).toEqual({ session: null, notice: 'Your account has been deactivated' });
    expect(notified).toBe(1);
  });

  it('keeps the reason of a 406 when requests still in flight clear the session again', () => {
    const store = createSessionStore(storages());
    store.signIn(aSession(false));

    store.clear('Your cooperative has been deactivated.');
    store.clear();

    expect(store.getState().notice).toBe('Your cooperative has been deactivated.');
  });

  it('gives an ordinary sign-out no notice', () => {
    const store = createSessionStore(storages());
    store.signIn(aSession(false));

    store.clear();

    expect(store.getState().notice).toBeNull();
  });

  it('forgets the Cognito tokens with the session', () => {
    const store = createSessionStore(storages());
    store.signIn(aSession(true));
    window.localStorage.setItem('CognitoIdentityServiceProvider.client.USER.idToken', 'id');

    store.clear();

    expect(window.localStorage.length).toBe(0);
  });

  it('switches cooperative and role context together', () => {
    const store = createSessionStore(storages());
    store.signIn(aSession(true));

    store.setContext({ role: 'cooperative-admin', activeCooperativeId: 'coop-7' });

    expect(createSessionStore(storages()).getState().session).toMatchObject({
      role: 'cooperative-admin',
      activeCooperativeId: 'coop-7',
    });
  });

  it('persists the active cooperative with the session', () => {
    const store = createSessionStore(storages());
    store.signIn(aSession(false));

    store.setActiveCooperative('coop-1');

    expect(createSessionStore(storages()).getState().session?.activeCooperativeId).toBe('coop-1');
  });
});
