/**
 * `npm run interest -- --month YYYY-MM [--cooperative CODE]`: credits a month's savings interest to
 * the local data under DATA_DIR (default `.data/`), with the code the monthly EventBridge schedule
 * runs in the cloud (functions/schedules/interest-run.ts). Running it again for the same month posts
 * nothing twice. Do not run it while `npm start` uses the same DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { isCalendarMonth } from '@coopledger/shared/dates';
import { toNaira } from '@coopledger/shared/money';
import { LocalRuntimeError, errorText } from './errors.ts';
import { hideSdkNodeVersionWarning } from './node-warnings.ts';
import { startRuntime } from './runtime.ts';

hideSdkNodeVersionWarning();
try {
  const { values } = parseArgs({ options: { month: { type: 'string' }, cooperative: { type: 'string' } } });
  const month = values.month ?? '';
  if (!isCalendarMonth(month))
    throw new LocalRuntimeError('Give the month to credit: npm run interest -- --month YYYY-MM [--cooperative CODE]');
  const runtime = await startRuntime({ port: 0, seed: false, log: (line) => console.log(`  ${line}`) });
  try {
    // Loaded only now: the functions read the environment the runtime has just set.
    const { runInterest } = await import('../../functions/schedules/interest-run.ts');
    const runs = await runInterest(month, values.cooperative).catch((error: unknown) => {
      // An unknown code is the caller's to fix; anything else keeps its stack.
      if (error instanceof Error && error.message.startsWith('No cooperative has the code'))
        throw new LocalRuntimeError(error.message);
      throw error;
    });
    for (const run of runs) {
      if (run.error) console.log(`${run.code}: nothing credited: ${run.error}`);
      else
        console.log(
          `${run.code}: ${run.credited} account(s) credited (₦${toNaira(run.amount ?? 0).toFixed(2)}), ${run.already} already credited for ${month}, ${run.skipped} skipped`,
        );
    }
    if (runs.length === 0) console.log('No active cooperative.');
  } finally {
    await runtime.stop();
  }
} catch (error) {
  console.error(`✖ ${errorText(error)}`);
  process.exitCode = 1;
}
