import { useInvocationScopes } from '../../../infra/local/http/lambda-context.ts';

/**
 * The local runtime (global-setup.ts) turns on per-invocation state in its process
 * (infra/local/http/lambda-context.ts), and this worker inherits its AWS_LAMBDA_MAX_CONCURRENCY;
 * Powertools then expects the InvokeStore that Lambda's runtime would provide. The modules a test
 * calls directly run outside any invocation, on the store's shared state.
 */
if (process.env.AWS_LAMBDA_MAX_CONCURRENCY) await useInvocationScopes();
