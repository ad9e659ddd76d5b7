import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../functions/core/logger.ts';
import { logContext, observed } from '../../../functions/core/observability.ts';
import { invocationScope, lambdaContext, useInvocationScopes } from './lambda-context.ts';

/**
 * Two invocations of one function overlapping in the local runtime's process: each one's log lines
 * carry its own keys, as they would in two Lambda environments.
 */
const probe = observed('probe', async (event: { user: string; before: Promise<void>; done: () => void }) => {
  logContext({ user: event.user });
  // The other invocation appends its own user while this one waits.
  await event.before;
  logger.info('probe line');
  event.done();
});

function capturedLines(): { lines: () => Record<string, unknown>[]; restore: () => void } {
  const chunks: string[] = [];
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  });
  return {
    // POWERTOOLS_DEV indents a line over several; a line starts at a '{' in the first column.
    lines: () =>
      chunks
        .join('')
        .split(/\n(?=\{)/)
        .filter((text) => text.trim().startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>),
    restore: () => out.mockRestore(),
  };
}

beforeAll(async () => {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
  // What the local runtime does at start.
  await useInvocationScopes();
});
afterAll(() => {
  delete process.env.AWS_LAMBDA_MAX_CONCURRENCY;
  vi.unstubAllEnvs();
});
beforeEach(() => logger.setLogLevel('INFO'));

describe('invocations running at once in the local runtime', () => {
  it("keep each request's user on its own log lines", async () => {
    const capture = capturedLines();
    try {
      let releaseFirst!: () => void;
      const firstMayLog = new Promise<void>((resolve) => (releaseFirst = resolve));
      const first = lambdaContext('probe', 'eu-west-1', '000000000000', () => {});
      const second = lambdaContext('probe', 'eu-west-1', '000000000000', () => {});
      await Promise.all([
        invocationScope(first, () => probe({ user: 'ALICE', before: firstMayLog, done: () => {} }, first)),
        // Starts after the first appended its user, logs, then lets the first log.
        invocationScope(second, () => probe({ user: 'BOB', before: Promise.resolve(), done: releaseFirst }, second)),
      ]);
    } finally {
      capture.restore();
    }
    const lines = capture
      .lines()
      .filter((line) => line.message === 'probe line')
      .map((line) => [line.user, line.function_request_id]);
    expect(lines).toHaveLength(2);
    expect(lines.map(([user]) => user).sort()).toEqual(['ALICE', 'BOB']);
    // Each line's user belongs to the invocation that wrote it.
    expect(new Set(lines.map(([, id]) => id)).size).toBe(2);
  });
});
