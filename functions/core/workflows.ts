import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { sfn } from './clients.ts';
import { workflowArnVariable } from './workflow-arn-variable.ts';

/**
 * Starting and following the Step Functions workflows of infra/lib/workflows/registry.ts. In AWS
 * the client talks to Step Functions; locally to the runtime's executor, which runs the very same
 * definitions (DESIGN.md section 1). The callers cannot tell the difference.
 */

export type WorkflowStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export interface WorkflowExecution {
  status: WorkflowStatus;
  /** The execution's output, parsed; only once it has SUCCEEDED. */
  output?: unknown;
  /** The failing state's error name and cause, for FAILED (and TIMED_OUT) executions. */
  error?: string;
  cause?: string;
}

/** The ARN is per deployment, so CDK hands it over (`Workflows.allowStart`); read on each call. */
function stateMachineArn(name: string): string {
  const variable = workflowArnVariable(name);
  const arn = process.env[variable];
  if (!arn) {
    throw new Error(
      `${variable} is not set: list "${name}" in startsWorkflows for this domain (infra/lib/domain-permissions.ts).`,
    );
  }
  return arn;
}

/** A standard execution's ARN is its machine's, with `execution` for `stateMachine` and the name appended. */
function executionArnOf(machineArn: string, executionName: string): string {
  return `${machineArn.replace(':stateMachine:', ':execution:')}:${executionName}`;
}

/** Inputs are compared as JSON so that whitespace in what the service kept does not matter. */
function sameJson(kept: string | undefined, sent: string): boolean {
  try {
    return kept !== undefined && JSON.stringify(JSON.parse(kept)) === sent;
  } catch {
    return false;
  }
}

/**
 * Starts the named workflow. With an `executionName` the start is idempotent: Step Functions only
 * accepts a name once (and answers the same start again only while that execution is running), so
 * when the name is taken by an execution with the same input, that execution is returned; with a
 * different input, ExecutionAlreadyExists is thrown. Without a name every call starts a new one.
 */
export async function startWorkflow(
  name: string,
  input: unknown,
  executionName?: string,
): Promise<{ executionArn: string }> {
  const machineArn = stateMachineArn(name);
  const body = JSON.stringify(input ?? {});
  try {
    const started = await sfn().send(
      new StartExecutionCommand({ stateMachineArn: machineArn, name: executionName, input: body }),
    );
    return { executionArn: started.executionArn ?? executionArnOf(machineArn, executionName ?? '') };
  } catch (error) {
    if (!(error instanceof ExecutionAlreadyExists) || executionName === undefined) throw error;
    const executionArn = executionArnOf(machineArn, executionName);
    const existing = await sfn().send(new DescribeExecutionCommand({ executionArn }));
    if (!sameJson(existing.input, body)) throw error;
    return { executionArn };
  }
}

/** Where an execution is; the redrive state counts as running, since it will run again. */
export async function describeWorkflow(executionArn: string): Promise<WorkflowExecution> {
  const execution = await sfn().send(new DescribeExecutionCommand({ executionArn }));
  const status: WorkflowStatus =
    execution.status === 'PENDING_REDRIVE' || execution.status === undefined ? 'RUNNING' : execution.status;
  return {
    status,
    ...(execution.output !== undefined ? { output: JSON.parse(execution.output) as unknown } : {}),
    ...(execution.error !== undefined ? { error: execution.error } : {}),
    ...(execution.cause !== undefined ? { cause: execution.cause } : {}),
  };
}

/**
 * A named execution of a workflow, found by the ARN its name gives (executionArnOf), or undefined
 * when there is none: so a caller that lost an execution's ARN can tell whether it started.
 */
export async function findWorkflow(
  name: string,
  executionName: string,
): Promise<(WorkflowExecution & { executionArn: string }) | undefined> {
  const executionArn = executionArnOf(stateMachineArn(name), executionName);
  try {
    return { ...(await describeWorkflow(executionArn)), executionArn };
  } catch (error) {
    if (error instanceof ExecutionDoesNotExist) return undefined;
    throw error;
  }
}
