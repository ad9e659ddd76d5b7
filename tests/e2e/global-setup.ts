import { letSeededCreatorsApprove } from '../shared/creator-approval';
import { keepStop } from './support/runtime-handle';

/**
 * One runtime for the whole run: API, data in memory, seeded demo cooperatives and users, and the
 * built web app (`npm run build:web` first). Its URL reaches the workers through E2E_BASE_URL.
 * With E2E_BASE_URL already set, the tests run against that app instead and start nothing.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return;
  // Loaded only when needed, so pointing the tests at a running app needs none of the emulators.
  const { startRuntime } = await import('../../infra/local/runtime');
  const runtime = await startRuntime({
    port: 0,
    inMemory: true,
    seed: true,
    // Another build of the web app (E2E_WEB_DIST, e.g. from `vite build --outDir`), else web/dist.
    webDistDir: process.env.E2E_WEB_DIST || undefined,
    log: process.env.E2E_RUNTIME_LOG ? (line: string) => console.log(`[runtime] ${line}`) : undefined,
  });
  keepStop(async () => {
    await runtime.stop();
  });
  await letSeededCreatorsApprove(runtime.url);
  process.env.E2E_BASE_URL = runtime.url;
  // Where the runtime writes its mail, Cognito's reset codes included (support/outbox.ts).
  if (runtime.env.OUTBOX_DIR) process.env.E2E_OUTBOX_DIR = runtime.env.OUTBOX_DIR;
}
