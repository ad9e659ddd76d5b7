/**
 * `npm run seed`: writes the demo data into the emulators' data under DATA_DIR (default `.data/`)
 * without serving anything. `npm start` seeds on every start anyway; this is for re-seeding after
 * clearing data by hand. Do not run it while `npm start` uses the same DATA_DIR.
 */
import { errorText } from './errors.ts';
import { hideSdkNodeVersionWarning } from './node-warnings.ts';
import { startRuntime } from './runtime.ts';

hideSdkNodeVersionWarning();
try {
  const runtime = await startRuntime({ port: 0, seed: 'life', log: (line) => console.log(`  ${line}`) });
  await runtime.stop();
  console.log('Demo data written.');
} catch (error) {
  console.error(`✖ ${errorText(error)}`);
  process.exitCode = 1;
}
