import type { DemoAccount } from './seed.ts';

export type { DemoAccount };

/**
 * The demo sign-ins seed.ts writes. Imported lazily: seed.ts pulls in handler code, which must not
 * load before the runtime has set the environment.
 */
export async function demoAccounts(): Promise<readonly DemoAccount[]> {
  const { DEMO_ACCOUNTS } = await import('./seed.ts');
  return DEMO_ACCOUNTS;
}
