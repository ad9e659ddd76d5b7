/**
 * `npm run backfill`: runs the one-off backfills of functions/maintenance/backfill.ts.
 *  - against a deployed stage: `TABLE_NAME=<the stage's table> AWS_REGION=<region> npm run backfill`
 *    with AWS credentials allowed to read and write the table (only the table is used);
 *  - locally: `npm run backfill` with no TABLE_NAME runs against the emulators' data under DATA_DIR
 *    (do not run it while `npm start` uses the same DATA_DIR).
 * Idempotent: running it twice writes the same items again.
 */
import { errorText } from './errors.ts';
import { hideSdkNodeVersionWarning } from './node-warnings.ts';

hideSdkNodeVersionWarning();
try {
  let stop = async () => {};
  if (process.env.TABLE_NAME) {
    // Only the table is used: the other names config() asks for are not reached.
    for (const name of ['FILES_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID'])
      process.env[name] ??= 'unused-by-backfill';
  } else {
    const { startRuntime } = await import('./runtime.ts');
    const runtime = await startRuntime({ port: 0, seed: false, log: (line) => console.log(`  ${line}`) });
    stop = () => runtime.stop();
  }
  const { backfill } = await import('../../functions/maintenance/backfill.ts');
  const ids = process.argv.slice(2).filter((arg) => arg !== '--');
  const made = await backfill(ids.length > 0 ? ids : undefined);
  for (const [step, writes] of Object.entries(made)) console.log(`${step}: ${writes} writes`);
  await stop();
} catch (error) {
  console.error(`✖ ${errorText(error)}`);
  process.exitCode = 1;
}
