import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

/** API Gateway gives up on an integration after 30 s; handlers may budget against that. */
const TIMEOUT_MS = 30_000;

/** A Lambda context as the Node runtime passes it, for `coopledger-local-<name>`. */
export function lambdaContext(name: string, region: string, accountId: string, log: (line: string) => void): Context {
  const functionName = `coopledger-local-${name}`;
  const deadline = Date.now() + TIMEOUT_MS;
  const today = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${accountId}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${today}/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    // The callback-style completions are deprecated; async handlers never call them.
    done: () => log(`${functionName} called context.done(), which async handlers should not use`),
    fail: () => log(`${functionName} called context.fail(), which async handlers should not use`),
    succeed: () => log(`${functionName} called context.succeed(), which async handlers should not use`),
  };
}

let store: Promise<InvokeStoreBase> | undefined;

/**
 * Turns on per-invocation state in this process, as Lambda does when one environment runs several
 * invocations at once (Lambda Managed Instances): the `InvokeStore`, and AWS_LAMBDA_MAX_CONCURRENCY,
 * which tells Powertools (functions/core/observability.ts) to keep its log keys and metrics in it.
 * The local runtime serves many requests at once in one process (runtime.ts calls this at start);
 * without it, a request's user or cooperative could appear on another request's log lines. Only this
 * process: the variable is not passed on to test workers or CLIs, which run no invocation scopes.
 */
export async function useInvocationScopes(): Promise<void> {
  store ??= InvokeStore.getInstanceAsync(true);
  await store;
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
}

/** Runs one invocation in its own invocation scope (see `useInvocationScopes`). */
export async function invocationScope<T>(context: Context, invoke: () => Promise<T>): Promise<T> {
  await useInvocationScopes();
  return (await store!).run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, invoke);
}
