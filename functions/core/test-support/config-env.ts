import { afterEach, beforeEach, vi } from 'vitest';
import { resetConfig } from '../config.ts';

/** The environment a domain function needs to read its configuration, with made-up values. */
export const CONFIG_ENV = {
  TABLE_NAME: 't',
  FILES_BUCKET: 'f',
  USER_POOL_ID: 'eu-west-1_abc',
  USER_POOL_CLIENT_ID: 'c',
};

/**
 * For every test of the file: sets the configuration's environment (with `extra`) and reads the
 * configuration again; afterwards restores the environment, including what a test stubbed itself.
 */
export function useConfigEnv(extra: Record<string, string> = {}): void {
  beforeEach(() => {
    for (const [name, value] of Object.entries({ ...CONFIG_ENV, ...extra })) vi.stubEnv(name, value);
    resetConfig();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfig();
  });
}
