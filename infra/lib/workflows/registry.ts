import { Duration } from 'aws-cdk-lib';
import type { IChainable } from 'aws-cdk-lib/aws-stepfunctions';
import { Choice, Condition, Fail, JitterType, Map as MapState, Succeed } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { FileAccess } from '../domain-permissions.ts';

export interface WorkflowTask {
  /** The task handler's file, relative to the repo root, e.g. `functions/workflows/payroll/post-row.ts`. */
  entry: string;
  /** Exported handler name; `handler` unless given. */
  handler?: string;
  /** Access to the files bucket (imports read uploads, reports write results). */
  files?: FileAccess;
}

/**
 * One Step Functions state machine (standard type, JSONPath). The same `define` builds the state
 * machine deployed to AWS and the definition the local runtime runs on aws-local-stepfunctions
 * (see definitions.ts), so it must invoke tasks with `LambdaInvoke` and `payloadResponseOnly: true`:
 * then a Task's Resource is the function ARN itself, which the local runtime maps back to the task.
 */
export interface WorkflowSpec {
  /** kebab-case; the ARN reaches the API functions as WORKFLOW_<NAME>_ARN. */
  name: string;
  tasks: Record<string, WorkflowTask>;
  define(scope: Construct, tasks: Record<string, IFunction>, settings: WorkflowSettings): IChainable;
}

/**
 * What a workflow's shape takes from where it runs: each stage's (infra/lib/stage-config.ts), or the
 * local runtime's (definitions.ts `LOCAL_WORKFLOW_SETTINGS`).
 */
export interface WorkflowSettings {
  /** Chunks of a member import written at once; each row makes one Cognito AdminCreateUser call. */
  memberImportConcurrency: number;
}

/**
 * The import workflows (members, savings, loans; functions/core/import-pipeline.ts), one shape:
 * ValidateRows checks every row (an invalid file writes nothing and gets a report), EachChunk runs
 * WriteRows on the chunks, each row once by its identity, and Finish settles the import's ledger
 * batch as one summarised journal and completes the import. A failed chunk still runs Finish (to
 * settle what was posted), then the execution fails.
 */
export function importWorkflow(
  name: string,
  maxConcurrency: number | ((settings: WorkflowSettings) => number),
): WorkflowSpec {
  return {
    name,
    tasks: {
      'validate-rows': { entry: `functions/workflows/${name}/validate-rows.ts`, files: 'readWrite' },
      'write-rows': { entry: `functions/workflows/${name}/write-rows.ts`, files: 'read' },
      finish: { entry: `functions/workflows/${name}/finish.ts` },
    },
    define: (scope, tasks, settings) =>
      chunkedBatch(scope, tasks, {
        first: 'ValidateRows',
        rows: 'WriteRows',
        firstTask: 'validate-rows',
        rowsTask: 'write-rows',
        proceed: '$.valid',
        maxConcurrency: typeof maxConcurrency === 'number' ? maxConcurrency : maxConcurrency(settings),
      }),
  };
}

/**
 * Member import: the stage's number of chunks at a time, so the rows' Cognito calls (one per new
 * member) stay within the account's UserCreation quota; rows of one cooperative also share its
 * member-number counter and counts item.
 */
export const MEMBER_IMPORT = importWorkflow('member-import', (settings) => settings.memberImportConcurrency);

/**
 * Savings import: a chunk holds whole plans, so chunks share only members' totals and the month's
 * figures; the GL lines go to the batch's accumulator shards.
 */
export const SAVINGS_IMPORT = importWorkflow('savings-import', 4);

/** Loan import: each loan is its own item and claim; the opening balances go to the batch's accumulator shards. */
export const LOAN_IMPORT = importWorkflow('loan-import', 4);

/**
 * The errors Lambda answers when it could not run a task (throttled by the task's reserved
 * concurrency or the account's, or failing itself), as Step Functions names them: retried with
 * exponential backoff and jitter. A task's own error is not retried: the tasks are idempotent, but a
 * row that fails once fails again (the Map's Catch settles what was posted).
 */
export const LAMBDA_RETRY = {
  errors: [
    'Lambda.TooManyRequestsException',
    'Lambda.ServiceException',
    'Lambda.AWSLambdaException',
    'Lambda.SdkClientException',
    'Lambda.ClientExecutionTimeoutException',
  ],
  interval: Duration.seconds(2),
  maxAttempts: 8,
  backoffRate: 2,
  maxDelay: Duration.seconds(60),
  jitterStrategy: JitterType.FULL,
};

/**
 * A service's rate limit reached by a chunk's own calls (Cognito's TooManyRequestsException, e.g.
 * AdminCreateUser beyond the UserCreation quota; DynamoDB's throttling), after the SDK's own retries:
 * the chunk is retried with exponential backoff and jitter. Chunks are idempotent (each row by its
 * identity), so a retry writes nothing twice.
 */
export const THROTTLE_RETRY = {
  errors: [
    'TooManyRequestsException',
    'LimitExceededException',
    'ThrottlingException',
    'ProvisionedThroughputExceededException',
    'RequestLimitExceeded',
  ],
  interval: Duration.seconds(1),
  maxAttempts: 6,
  backoffRate: 2,
  maxDelay: Duration.seconds(30),
  jitterStrategy: JitterType.FULL,
};

/** A Task state invoking `fn` the way the local runtime can run it (see WorkflowSpec), with LAMBDA_RETRY. */
function invokeTask(scope: Construct, id: string, fn: IFunction): LambdaInvoke {
  const task = new LambdaInvoke(scope, id, {
    lambdaFunction: fn,
    payloadResponseOnly: true,
    // LAMBDA_RETRY replaces CDK's default retry, which leaves throttling out.
    retryOnServiceExceptions: false,
  });
  task.addRetry(LAMBDA_RETRY);
  return task;
}

/**
 * A chunked batch with a settlement (payroll upload, payroll reversal): a first task checks every row
 * and cuts the work into chunks; a Map runs the chunks; the last task settles the batch's ledger and
 * records the outcome. When a chunk fails, the Map's Catch still runs the last task (with the
 * failure in `$.failure`), so what was posted is settled, and the execution then fails.
 */
function chunkedBatch(
  scope: Construct,
  tasks: Record<string, IFunction>,
  names: { first: string; rows: string; firstTask: string; rowsTask: string; proceed: string; maxConcurrency: number },
) {
  const first = invokeTask(scope, names.first, tasks[names.firstTask]);
  const rows = invokeTask(scope, names.rows, tasks[names.rowsTask]);
  rows.addRetry(THROTTLE_RETRY);
  const eachChunk = new MapState(scope, 'EachChunk', {
    itemsPath: '$.chunks',
    resultPath: '$.done',
    maxConcurrency: names.maxConcurrency,
  }).itemProcessor(rows);
  const finish = invokeTask(scope, 'Finish', tasks.finish);
  const finishAfterFailure = invokeTask(scope, 'FinishAfterFailure', tasks.finish);
  eachChunk.addCatch(
    finishAfterFailure.next(
      new Fail(scope, 'ChunkFailed', { error: 'ChunkFailed', cause: 'A chunk failed; what it posted was settled' }),
    ),
    { resultPath: '$.failure' },
  );
  const outcome = new Choice(scope, 'CanProceed')
    .when(Condition.booleanEquals(names.proceed, true), eachChunk.next(finish))
    .otherwise(new Succeed(scope, 'Refused'));
  return first.next(outcome);
}

/**
 * Payroll upload: validate every row (an invalid file posts nothing and gets a report), then post
 * the rows in chunks, each row once per period (functions/payroll/posting.ts), then settle the
 * batch as one summarised journal and write the reconciliation. Chunk n adds to GL accumulator
 * shard n % 8, so eight at a time share no hot item.
 */
export const PAYROLL_UPLOAD: WorkflowSpec = {
  name: 'payroll-upload',
  tasks: {
    validate: { entry: 'functions/workflows/payroll-upload/validate.ts', files: 'readWrite' },
    'post-rows': { entry: 'functions/workflows/payroll-upload/post-rows.ts', files: 'read' },
    finish: { entry: 'functions/workflows/payroll-upload/finish.ts', files: 'readWrite' },
  },
  define: (scope, tasks) =>
    chunkedBatch(scope, tasks, {
      first: 'Validate',
      rows: 'PostRows',
      firstTask: 'validate',
      rowsTask: 'post-rows',
      proceed: '$.valid',
      maxConcurrency: 8,
    }),
};

/**
 * A batch its first task prepares: Prepare checks every row and cuts the chunks (nothing changes
 * when it answers `ok: false`), EachChunk runs `rowsTask` on eight chunks at a time, Finish settles.
 */
function preparedBatch(name: string, rowsTask: string, rowsState: string): WorkflowSpec {
  return {
    name,
    tasks: {
      prepare: { entry: `functions/workflows/${name}/prepare.ts`, files: 'readWrite' },
      [rowsTask]: { entry: `functions/workflows/${name}/${rowsTask}.ts`, files: 'read' },
      finish: { entry: `functions/workflows/${name}/finish.ts` },
    },
    define: (scope, tasks) =>
      chunkedBatch(scope, tasks, {
        first: 'Prepare',
        rows: rowsState,
        firstTask: 'prepare',
        rowsTask,
        proceed: '$.ok',
        maxConcurrency: 8,
      }),
  };
}

/**
 * Payroll reversal: check every posted row of the period can be undone (nothing changes otherwise),
 * reverse the rows in chunks, each once, then settle the reversal as one summarised journal and open
 * the period again.
 */
export const PAYROLL_REVERSAL = preparedBatch('payroll-reversal', 'reverse-rows', 'ReverseRows');

/**
 * Dividend payment into savings: find every member's plan (a member without one stops the payment,
 * nothing paid), pay the members in chunks, each once (functions/dividends/payment.ts), then settle
 * the dividend's batch as one summarised journal and mark it Paid.
 */
export const DIVIDEND_PAYMENT = preparedBatch('dividend-payment', 'pay-rows', 'PayRows');

/** Every workflow of the app. */
export const WORKFLOWS: readonly WorkflowSpec[] = [
  MEMBER_IMPORT,
  SAVINGS_IMPORT,
  LOAN_IMPORT,
  PAYROLL_UPLOAD,
  PAYROLL_REVERSAL,
  DIVIDEND_PAYMENT,
];

/** `payroll-upload` -> `WORKFLOW_PAYROLL_UPLOAD_ARN`; defined beside `startWorkflow`, which reads it. */
export { workflowArnVariable } from '../../../functions/core/workflow-arn-variable.ts';
