/**
 * Global setup and teardown run in the same runner process but are loaded as separate modules, so
 * the running runtime's stop function is kept on globalThis between them.
 */
const STOP = Symbol.for('coopledger.e2e.stopRuntime');

type Holder = { [STOP]?: () => Promise<void> };

export function keepStop(stop: () => Promise<void>): void {
  (globalThis as Holder)[STOP] = stop;
}

export function takeStop(): (() => Promise<void>) | undefined {
  const holder = globalThis as Holder;
  const stop = holder[STOP];
  delete holder[STOP];
  return stop;
}
