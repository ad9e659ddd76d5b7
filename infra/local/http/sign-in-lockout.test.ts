import { describe, expect, it } from 'vitest';
import { COGNITO_LOCKOUT, createLockout } from './sign-in-lockout.ts';

/** A lockout with Cognito's policy on a clock the test moves. */
function lockoutAt(start = 0) {
  const clock = { now: start };
  const lockout = createLockout(COGNITO_LOCKOUT, () => clock.now);
  const fail = (loginId: string, times: number) => {
    for (let i = 0; i < times; i += 1) lockout.failed(loginId);
  };
  return { clock, lockout, fail };
}

describe('sign-in lockout (Cognito policy)', () => {
  it('does not lock before the fifth failure', () => {
    const { lockout, fail } = lockoutAt();
    fail('DEMO0001', 4);

    expect(lockout.isLocked('DEMO0001')).toBe(false);
  });

  it('locks for one second at the fifth failure, then lets the next attempt through', () => {
    const { clock, lockout, fail } = lockoutAt();
    fail('DEMO0001', 5);

    expect(lockout.isLocked('DEMO0001')).toBe(true);
    clock.now = 999;
    expect(lockout.isLocked('DEMO0001')).toBe(true);
    clock.now = 1000;
    expect(lockout.isLocked('DEMO0001')).toBe(false);
  });

  it('doubles the lockout with each failure after the fifth: 2^(n-5) seconds', () => {
    const { clock, lockout, fail } = lockoutAt();
    fail('DEMO0001', 5);
    clock.now = 1000;
    fail('DEMO0001', 1); // n = 6: 2 s from 1000 ms
    clock.now = 2999;
    expect(lockout.isLocked('DEMO0001')).toBe(true);
    clock.now = 3000;
    expect(lockout.isLocked('DEMO0001')).toBe(false);
    fail('DEMO0001', 1); // n = 7: 4 s from 3000 ms
    clock.now = 6999;
    expect(lockout.isLocked('DEMO0001')).toBe(true);
    clock.now = 7000;
    expect(lockout.isLocked('DEMO0001')).toBe(false);
  });

  it('locks for at most 15 minutes however many failures there were', () => {
    const { clock, lockout, fail } = lockoutAt();
    fail('DEMO0001', 40); // 2^35 s uncapped

    clock.now = 15 * 60_000 - 1;
    expect(lockout.isLocked('DEMO0001')).toBe(true);
    clock.now = 15 * 60_000;
    expect(lockout.isLocked('DEMO0001')).toBe(false);
  });

  it('forgets the failures after a success', () => {
    const { clock, lockout, fail } = lockoutAt();
    fail('DEMO0001', 5);
    clock.now = 1000;
    lockout.succeeded('DEMO0001');
    fail('DEMO0001', 4);

    expect(lockout.isLocked('DEMO0001')).toBe(false);
  });

  it('forgets the failures after 15 minutes without an attempt, but not while attempts go on', () => {
    const { clock, lockout, fail } = lockoutAt();
    fail('DEMO0001', 4);
    clock.now = 14 * 60_000;
    expect(lockout.isLocked('DEMO0001')).toBe(false); // an attempt: the quiet time starts again
    clock.now = 28 * 60_000;
    fail('DEMO0001', 1);
    expect(lockout.isLocked('DEMO0001')).toBe(true);

    clock.now = 28 * 60_000 + 15 * 60_000;
    fail('DEMO0001', 1);
    expect(lockout.isLocked('DEMO0001')).toBe(false);
  });

  it('counts a login ID whatever its case, and each login ID on its own', () => {
    const { lockout, fail } = lockoutAt();
    fail('demo0001', 3);
    fail(' DEMO0001 ', 2);

    expect(lockout.isLocked('Demo0001')).toBe(true);
    expect(lockout.isLocked('DEMO0002')).toBe(false);
  });
});
