/**
 * `npm run backfill:payroll-dues -- --table <table name> [--region <region>]`: the one-off backfill
 * of payroll due items for loans and savings plans written before they existed
 * (functions/payroll/due-backfill.ts; README "Deploying to AWS"). It uses the AWS credentials of the
 * shell, or DYNAMODB_ENDPOINT for a local table. Safe to run again, and while the API serves.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { table: { type: 'string' }, region: { type: 'string' } } });
if (!values.table) {
  console.error('✖ Name the table: npm run backfill:payroll-dues -- --table <table name> [--region <region>]');
  process.exit(1);
}
process.env.TABLE_NAME = values.table;
if (values.region) process.env.AWS_REGION = values.region;
// The configuration requires these; the backfill reads and writes only the table.
for (const name of ['FILES_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID']) process.env[name] ??= 'unused';

// Loaded only now: the functions read the environment set above.
const { backfillPayrollDues } = await import('../functions/payroll/due-backfill.ts');
const counts = await backfillPayrollDues((line) => console.log(line));
const loans = counts.reduce((sum, c) => sum + c.loans, 0);
const plans = counts.reduce((sum, c) => sum + c.plans, 0);
console.log(`Payroll due items backfilled: ${counts.length} cooperative(s), ${loans} loan(s), ${plans} plan(s).`);
