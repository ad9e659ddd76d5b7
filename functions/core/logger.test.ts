import { afterEach, describe, expect, it, vi } from 'vitest';

/** The logger as a fresh process loads it, with LOG_LEVEL as given. */
async function loggerWith(level: string | undefined) {
  vi.resetModules();
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', undefined);
  vi.stubEnv('LOG_LEVEL', level);
  return (await import('./logger.ts')).logger;
}

afterEach(() => vi.unstubAllEnvs());

describe('the log level', () => {
  it("honours LOG_LEVEL written in lower case ('warn'), as the bench and developers write it", async () => {
    expect((await loggerWith('warn')).getLevelName()).toBe('WARN');
    expect((await loggerWith('debug')).getLevelName()).toBe('DEBUG');
  });

  it('is info when LOG_LEVEL is unset or not a level', async () => {
    expect((await loggerWith(undefined)).getLevelName()).toBe('INFO');
    expect((await loggerWith('loud')).getLevelName()).toBe('INFO');
  });
});
