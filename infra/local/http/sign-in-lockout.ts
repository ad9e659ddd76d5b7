/**
 * Cognito's lockout for repeated failures, which cognito-local lacks: the failure that reaches
 * `lockAfterFailures` for one login ID locks it for `firstLockoutMs`, and each failure after that
 * for twice as long as the one before, up to `maxLockoutMs`. Attempts while locked are refused
 * without being tried or counted; a success, or no attempt for `forgetAfterMs`, forgets the
 * failures. Kept in memory.
 */
export interface LockoutPolicy {
  lockAfterFailures: number;
  firstLockoutMs: number;
  maxLockoutMs: number;
  forgetAfterMs: number;
}

/** What Cognito documents: 5 failures, then 1 s doubling to about 15 minutes; 15 quiet minutes reset. */
export const COGNITO_LOCKOUT: LockoutPolicy = {
  lockAfterFailures: 5,
  firstLockoutMs: 1000,
  maxLockoutMs: 15 * 60_000,
  forgetAfterMs: 15 * 60_000,
};

interface Entry {
  failures: number;
  lockedUntil: number;
  lastAttempt: number;
}

/** Above this many login IDs, the ones nobody tried for `forgetAfterMs` are dropped. */
const PRUNE_ABOVE = 10_000;

export interface Lockout {
  /** True while the login ID is locked out; the attempt counts as activity either way. */
  isLocked(loginId: string): boolean;
  failed(loginId: string): void;
  succeeded(loginId: string): void;
  /**
   * Runs `attempt` once the login ID's earlier attempts have finished, so that guesses sent in
   * parallel are checked and counted one by one instead of all passing before the first fails.
   */
  oneAtATime<T>(loginId: string, attempt: () => Promise<T>): Promise<T>;
}

export function createLockout(policy: LockoutPolicy = COGNITO_LOCKOUT, now: () => number = Date.now): Lockout {
  const entries = new Map<string, Entry>();
  /** The end of each login ID's queue of attempts, while there is one. */
  const queues = new Map<string, Promise<unknown>>();
  // Login IDs are case-insensitive, so `demo0001` and `DEMO0001` share one counter.
  const keyOf = (loginId: string) => loginId.trim().toUpperCase();

  function current(key: string, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && at - entry.lastAttempt >= policy.forgetAfterMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function prune(at: number): void {
    if (entries.size <= PRUNE_ABOVE) return;
    for (const [key, entry] of entries) if (at - entry.lastAttempt >= policy.forgetAfterMs) entries.delete(key);
  }

  return {
    isLocked(loginId) {
      const at = now();
      const entry = current(keyOf(loginId), at);
      if (!entry) return false;
      entry.lastAttempt = at;
      return at < entry.lockedUntil;
    },
    failed(loginId) {
      const at = now();
      const key = keyOf(loginId);
      const entry = current(key, at) ?? { failures: 0, lockedUntil: 0, lastAttempt: at };
      entry.failures += 1;
      entry.lastAttempt = at;
      const over = entry.failures - policy.lockAfterFailures;
      if (over >= 0) entry.lockedUntil = at + Math.min(policy.firstLockoutMs * 2 ** over, policy.maxLockoutMs);
      entries.set(key, entry);
      prune(at);
    },
    succeeded(loginId) {
      entries.delete(keyOf(loginId));
    },
    oneAtATime(loginId, attempt) {
      const key = keyOf(loginId);
      const result = (queues.get(key) ?? Promise.resolve()).then(attempt);
      const done = result.catch(() => undefined);
      queues.set(key, done);
      void done.then(() => {
        if (queues.get(key) === done) queues.delete(key);
      });
      return result;
    },
  };
}
