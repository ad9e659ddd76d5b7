import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startRuntime } from '../../infra/local/runtime.ts';
import { letSeededCreatorsApprove } from '../shared/creator-approval.ts';
import { AUDIT_COVERAGE_FILE } from '../shared/audit-coverage.ts';

/**
 * One local runtime (DynamoDB Local in memory, s3rver, cognito-local) with the demo data, shared
 * by every API test file. Files keep out of each other's way by creating their own records.
 */
export default async function setup(project: TestProject) {
  // Written afresh by this run's write calls (support/audit-check.ts), read by the api-audit project.
  rmSync(AUDIT_COVERAGE_FILE, { force: true });
  const runtime = await startRuntime({
    port: 0,
    inMemory: true,
    seed: true,
    // Cognito's first lockout is 1 s, which a slow run could outlast between a test's last wrong
    // password and its right one; the lockout's timing is unit-tested (infra/local/http).
    signInLockout: { firstLockoutMs: 10 * 60_000 },
    // API_RUNTIME_LOG=1 prints the runtime's own lines (the emulators, the proxies) with the tests'.
    log: process.env.API_RUNTIME_LOG ? (line: string) => console.log(`[runtime] ${line}`) : undefined,
  });
  await letSeededCreatorsApprove(runtime.url);
  project.provide('apiUrl', runtime.url);
  project.provide('runtimeEnv', runtime.env);
  return async () => {
    await runtime.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    runtimeEnv: Record<string, string>;
  }
}
