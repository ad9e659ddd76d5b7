/**
 * `npm start`: the whole application on this machine, data kept under DATA_DIR (default `.data/`).
 * PORT (default 3000), HOST: the interface the app's port binds (default 127.0.0.1; LISTEN_HOST,
 * its former name, still works).
 */
import { demoAccounts } from './demo-accounts.ts';
import { LocalRuntimeError } from './errors.ts';
import { hideSdkNodeVersionWarning } from './node-warnings.ts';
import { startRuntime, type Runtime } from './runtime.ts';

const log = (line: string) => console.log(`  ${line}`);

function fail(error: unknown): never {
  if (error instanceof LocalRuntimeError) console.error(`\n✖ ${error.message}\n`);
  else {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n✖ CoopLedger could not start: ${message}\n`);
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
  }
  process.exit(1);
}

function port(): number {
  const value = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    fail(new LocalRuntimeError(`PORT must be a port number, not "${process.env.PORT}".`));
  return value;
}

async function main(): Promise<void> {
  hideSdkNodeVersionWarning();
  console.log('Starting CoopLedger (DynamoDB Local, s3rver, cognito-local, API and web app)...');
  // Filled once started; a Ctrl-C during start-up finds it empty and just exits (children die with us).
  const state: { runtime?: Runtime; stopping: boolean } = { stopping: false };
  const shutdown = (signal: string) => {
    if (state.stopping) {
      console.log('Forced exit.');
      process.exit(1);
    }
    state.stopping = true;
    console.log(`\n${signal}: stopping...`);
    (state.runtime?.stop() ?? Promise.resolve()).then(() => process.exit(0)).catch((error: unknown) => fail(error));
  };
  process.on('SIGINT', () => shutdown('Ctrl-C'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const runtime = await startRuntime({
    port: port(),
    seed: 'life',
    log,
    host: process.env.HOST || process.env.LISTEN_HOST || undefined,
  });
  state.runtime = runtime;
  if (state.stopping) return void (await runtime.stop());
  const accounts = await demoAccounts();

  console.log(`\nCoopLedger is running at ${runtime.env.SITE_URL}\n`);
  console.log('Demo accounts (login ID, password, role, cooperative):');
  const width = (key: 'loginId' | 'password' | 'role') => Math.max(...accounts.map((account) => account[key].length));
  for (const account of accounts) {
    console.log(
      `  ${account.loginId.padEnd(width('loginId'))}  ${account.password.padEnd(width('password'))}  ${account.role.padEnd(width('role'))}  ${account.cooperative}`,
    );
  }
  console.log('\nPress Ctrl-C to stop.');
}

main().catch(fail);
