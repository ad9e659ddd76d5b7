import { inject } from 'vitest';
import { resetClients } from '../../../functions/core/clients.ts';
import { resetConfig } from '../../../functions/core/config.ts';

/** Points this test worker's AWS clients at the runtime's emulators, for tests that call modules directly. */
export function useRuntimeEnv(): void {
  Object.assign(process.env, inject('runtimeEnv'));
  resetConfig();
  resetClients();
}
