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
