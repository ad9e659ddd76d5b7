import { describeWorkflow, startWorkflow, type WorkflowExecution } from '../../../functions/core/workflows.ts';
import type { WorkflowSpec } from '../../lib/workflows/registry.ts';
import { LocalRuntimeError } from '../errors.ts';
import { lambdaContext } from '../http/lambda-context.ts';
import { LOCAL } from '../local-names.ts';
import { createTaskLoader } from '../states/task-handlers.ts';

const POLL_MS = 200;

function findSpec(specs: readonly WorkflowSpec[], name: string): WorkflowSpec {
  const spec = specs.find((candidate) => candidate.name === name);
  if (spec) return spec;
  const known = specs.map((candidate) => candidate.name).join(', ') || 'none yet';
  throw new LocalRuntimeError(`No workflow named "${name}" in infra/lib/workflows/registry.ts (registered: ${known}).`);
}

async function runTask(spec: WorkflowSpec, taskName: string, input: unknown): Promise<void> {
  const handler = await createTaskLoader()(spec.tasks[taskName]);
  const result = await handler(
    input,
    lambdaContext(`${spec.name}-${taskName}`, LOCAL.region, LOCAL.accountId, (line) => console.error(line)),
  );
  console.log(JSON.stringify(result ?? null, null, 2));
}

/** Starts an execution through Step Functions (the runtime's executor) and waits for its end. */
async function runExecution(spec: WorkflowSpec, input: unknown): Promise<void> {
  const { executionArn } = await startWorkflow(spec.name, input);
  console.error(`started ${executionArn}`);
  let execution: WorkflowExecution;
  while ((execution = await describeWorkflow(executionArn)).status === 'RUNNING')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  console.log(JSON.stringify(execution, null, 2));
}

export interface WorkflowTarget {
  spec: WorkflowSpec;
  taskName?: string;
}

/** `<name>` or `<name>/<task>`, checked before anything starts. */
export function workflowTarget(target: string, specs: readonly WorkflowSpec[]): WorkflowTarget {
  const [name, taskName] = target.split('/');
  const spec = findSpec(specs, name);
  if (taskName && !spec.tasks[taskName]) {
    throw new LocalRuntimeError(
      `Workflow ${spec.name} has no task "${taskName}" (tasks: ${Object.keys(spec.tasks).join(', ')}).`,
    );
  }
  return { spec, taskName: taskName || undefined };
}

/**
 * `workflow:<name>`: one execution of the workflow with the event as its input.
 * `workflow:<name>/<task>`: one task handler with the event as its input, as a Task state passes it.
 */
export async function invokeWorkflow({ spec, taskName }: WorkflowTarget, input: unknown): Promise<void> {
  if (taskName) await runTask(spec, taskName, input);
  else await runExecution(spec, input);
}
