import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endSessions, replacePassword } from './user-service.ts';

/** What the service did, in order, with the pool, the user record and the chat connections mocked. */
const steps: string[] = [];
const failing = new Set<string>();

function step(name: string) {
  return async (...args: unknown[]) => {
    steps.push(`${name}(${args.join(', ')})`);
    if (failing.has(name)) throw new Error(`${name} failed`);
  };
}

vi.mock('./identity-provider.ts', () => ({
  setPassword: step('setPassword'),
  revokeRefreshTokens: step('revokeRefreshTokens'),
  createIdentity: step('createIdentity'),
  deleteIdentity: step('deleteIdentity'),
}));
vi.mock('./user-store.ts', () => ({
  setTokensValidAfter: step('setTokensValidAfter'),
  insertUser: step('insertUser'),
  removeUser: step('removeUser'),
}));
vi.mock('../chat/connection-store.ts', () => ({ closeConnections: step('closeConnections') }));
vi.mock('#core/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } }));

const NOW = Date.UTC(2026, 10, 25, 9, 30, 15, 750);
const SECOND = Math.floor(NOW / 1000);

beforeEach(() => {
  steps.length = 0;
  failing.clear();
});

describe('replacing a password', () => {
  it('refuses the earlier tokens before the pool takes the new password, then signs out everywhere', async () => {
    await replacePassword('COOP1', 'DEMO0001', 'fresh-pass1', NOW);

    expect(steps).toEqual([
      `setTokensValidAfter(COOP1, DEMO0001, ${SECOND})`,
      'setPassword(DEMO0001, fresh-pass1)',
      'revokeRefreshTokens(DEMO0001)',
      'closeConnections(COOP1, DEMO0001)',
    ]);
  });

  it('leaves no earlier token valid when the pool then refuses the password, and tells the caller', async () => {
    failing.add('setPassword');

    await expect(replacePassword('COOP1', 'DEMO0001', 'fresh-pass1', NOW)).rejects.toThrow('setPassword failed');

    expect(steps).toEqual([`setTokensValidAfter(COOP1, DEMO0001, ${SECOND})`, 'setPassword(DEMO0001, fresh-pass1)']);
  });

  it('does not set the password when the earlier tokens could not be refused', async () => {
    failing.add('setTokensValidAfter');

    await expect(replacePassword('COOP1', 'DEMO0001', 'fresh-pass1', NOW)).rejects.toThrow(
      'setTokensValidAfter failed',
    );

    expect(steps).toEqual([`setTokensValidAfter(COOP1, DEMO0001, ${SECOND})`]);
  });

  it('still closes the chat connections when revoking the refresh tokens fails, and reports success', async () => {
    failing.add('revokeRefreshTokens');

    await replacePassword('COOP1', 'DEMO0001', 'fresh-pass1', NOW);

    expect(steps.at(-1)).toBe('closeConnections(COOP1, DEMO0001)');
  });
});

describe('ending the sessions after a reset with the emailed code', () => {
  it('refuses the earlier tokens, revokes the refresh tokens and closes the chat connections', async () => {
    await endSessions('COOP1', 'DEMO0001', NOW);

    expect(steps).toEqual([
      `setTokensValidAfter(COOP1, DEMO0001, ${SECOND})`,
      'revokeRefreshTokens(DEMO0001)',
      'closeConnections(COOP1, DEMO0001)',
    ]);
  });
});
