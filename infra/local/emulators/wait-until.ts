import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` until it resolves true. `abort` is checked between attempts so a child process that
 * died during start-up fails fast with its own reason instead of waiting out the timeout.
 */
export async function waitUntil(options: {
  what: string;
  timeoutMs: number;
  probe: () => Promise<boolean>;
  abort?: () => Error | undefined;
  intervalMs?: number;
}): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const aborted = options.abort?.();
    if (aborted) throw aborted;
    if (await options.probe().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${options.what} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`);
    await sleep(options.intervalMs ?? 150);
  }
}
