import type { IChainable } from 'aws-cdk-lib/aws-stepfunctions';
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
  define(scope: Construct, tasks: Record<string, IFunction>): IChainable;
}

/** Every workflow of the app. Empty until the first batch (imports, payroll) lands. */
export const WORKFLOWS: readonly WorkflowSpec[] = [];

/** `payroll-upload` -> `WORKFLOW_PAYROLL_UPLOAD_ARN`; defined beside `startWorkflow`, which reads it. */
export { workflowArnVariable } from '../../../functions/core/workflow-arn-variable.ts';
