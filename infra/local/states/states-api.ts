import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { readBody } from '../http/read-body.ts';
import type { ExecutionRecord, ExecutionStatus, WorkflowExecutor } from './executor.ts';
import { StatesError } from './states-error.ts';

/** Step Functions refuses requests over 1 MB (inputs are at most 256 KB). */
const MAX_REQUEST_BYTES = 1024 * 1024;
const TARGET_PREFIX = 'AWSStepFunctions.';
const STATUSES: readonly ExecutionStatus[] = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'];

/** The JSON 1.0 protocol carries timestamps as epoch seconds. */
const seconds = (date: Date | undefined) => (date === undefined ? undefined : date.getTime() / 1000);

function send(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    // The SDK reads an error's name from this header, else from `__type`.
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
}

function summary(record: ExecutionRecord) {
  return {
    executionArn: record.executionArn,
    stateMachineArn: record.stateMachineArn,
    name: record.name,
    status: record.status,
    startDate: seconds(record.startDate),
    stopDate: seconds(record.stopDate),
  };
}

function description(record: ExecutionRecord) {
  return {
    ...summary(record),
    input: record.input,
    inputDetails: { included: true },
    ...(record.output !== undefined ? { output: record.output, outputDetails: { included: true } } : {}),
    error: record.error,
    cause: record.cause,
  };
}

/** ListExecutions pages by position; the token is opaque to clients. */
function page(records: ExecutionRecord[], request: Record<string, unknown>) {
  const size =
    typeof request.maxResults === 'number' && request.maxResults > 0 ? Math.min(request.maxResults, 1000) : 100;
  const from =
    typeof request.nextToken === 'string' ? Number(Buffer.from(request.nextToken, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(from) || from < 0)
    throw new StatesError('InvalidToken', 'Invalid Token: the nextToken is not one this service gave.');
  const next = from + size;
  return {
    executions: records.slice(from, next).map(summary),
    ...(next < records.length ? { nextToken: Buffer.from(String(next)).toString('base64url') } : {}),
  };
}

async function answer(
  executor: WorkflowExecutor,
  operation: string,
  request: Record<string, unknown>,
): Promise<unknown> {
  switch (operation) {
    case 'StartExecution': {
      const record = await executor.start({
        stateMachineArn: request.stateMachineArn,
        name: request.name,
        input: request.input,
      });
      return { executionArn: record.executionArn, startDate: seconds(record.startDate) };
    }
    case 'DescribeExecution':
      return description(executor.describe(request.executionArn));
    case 'ListExecutions': {
      const status = STATUSES.find((candidate) => candidate === request.statusFilter);
      return page(executor.list(request.stateMachineArn, status), request);
    }
    default:
      throw new StatesError(
        'UnknownOperationException',
        `The local Step Functions answers StartExecution, DescribeExecution and ListExecutions, not ${operation}.`,
      );
  }
}

/**
 * The Step Functions API (JSON 1.0 protocol) for `@aws-sdk/client-sfn` pointed at
 * STEP_FUNCTIONS_ENDPOINT: StartExecution, DescribeExecution and ListExecutions.
 */
export function createStatesApi(executor: WorkflowExecutor, log: (line: string) => void) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !target.startsWith(TARGET_PREFIX)) {
      return send(
        res,
        400,
        { __type: 'UnknownOperationException', message: 'POST a Step Functions call with X-Amz-Target.' },
        'UnknownOperationException',
      );
    }
    try {
      const text = (await readBody(req, MAX_REQUEST_BYTES)).toString('utf8');
      const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null)
        throw new StatesError('SerializationException', 'The request body is not a JSON object.');
      send(res, 200, await answer(executor, target.slice(TARGET_PREFIX.length), parsed as Record<string, unknown>));
    } catch (error) {
      if (error instanceof StatesError)
        return send(res, 400, { __type: error.type, message: error.message }, error.type);
      if (error instanceof SyntaxError)
        return send(res, 400, { __type: 'SerializationException', message: error.message }, 'SerializationException');
      // A workflow that does not synthesize, say: the caller sees why, and so does the log.
      const message = error instanceof Error ? error.message : String(error);
      log(`Step Functions ${target} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
      send(res, 500, { __type: 'InternalFailure', message }, 'InternalFailure');
    }
  };
}
