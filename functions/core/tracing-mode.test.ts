import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tracedHere } from './tracing-mode.ts';

const observability = fileURLToPath(new URL('./observability.ts', import.meta.url));

/** Loads observability.ts in a fresh process with `env` and says whether the X-Ray SDK set up its async hook. */
function loadedWith(env: Record<string, string>): { manual: string | null; hooked: boolean } {
  const script = `await import(${JSON.stringify(observability)});
console.log(JSON.stringify({ manual: process.env.AWS_XRAY_MANUAL_MODE ?? null, hooked: Boolean(process.namespaces?.AWSXRay) }));`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['AWS_LAMBDA_FUNCTION_NAME', 'POWERTOOLS_TRACE_ENABLED', 'AWS_XRAY_MANUAL_MODE'].includes(name),
    ),
  );
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...clean, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { manual: string | null; hooked: boolean };
}

describe('the X-Ray SDK mode', () => {
  it('traces only in Lambda without POWERTOOLS_TRACE_ENABLED=false', () => {
    expect(tracedHere({})).toBe(false);
    expect(tracedHere({ AWS_LAMBDA_FUNCTION_NAME: 'f' })).toBe(true);
    expect(tracedHere({ AWS_LAMBDA_FUNCTION_NAME: 'f', POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(true);
    expect(tracedHere({ AWS_LAMBDA_FUNCTION_NAME: 'f', POWERTOOLS_TRACE_ENABLED: 'false' })).toBe(false);
  });

  // The hook follows every promise of the process: the local runtime, which traces nothing, must not pay for it.
  it('adds no async hook to a process that traces nothing, and keeps it where Lambda traces', () => {
    expect(loadedWith({})).toEqual({ manual: 'true', hooked: false });
    expect(loadedWith({ AWS_LAMBDA_FUNCTION_NAME: 'f', POWERTOOLS_TRACE_ENABLED: 'false' })).toEqual({
      manual: 'true',
      hooked: false,
    });
    expect(loadedWith({ AWS_LAMBDA_FUNCTION_NAME: 'f' })).toEqual({ manual: null, hooked: true });
  }, 30_000);
});
