import type { RunOptions } from 'aws-local-stepfunctions';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allStates, type AslDefinition } from '../../lib/workflows/asl.ts';
import { taskOfResource } from '../../lib/workflows/local-arns.ts';
import type { WorkflowSpec, WorkflowTask } from '../../lib/workflows/registry.ts';
import { invocationScope, lambdaContext } from '../http/lambda-context.ts';
import { LOCAL } from '../local-names.ts';
import { REPO_ROOT } from '../paths.ts';

export type LocalTaskHandlers = NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>;
type TaskInput = Parameters<LocalTaskHandlers[string]>[0];
type TaskResult = Awaited<ReturnType<LocalTaskHandlers[string]>>;
type TaskFunction = (input: unknown, context: ReturnType<typeof lambdaContext>) => unknown;

/**
 * A Lambda failure as Step Functions reports it for a Lambda task: the error is the thrown error's
 * name (what `Retry`/`Catch` match on) and the cause the runtime's JSON report.
 */
function lambdaFailure(thrown: unknown): Error {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  const failure = new Error(
    JSON.stringify({ errorType: error.name, errorMessage: error.message, trace: (error.stack ?? '').split('\n') }),
  );
  failure.name = error.name;
  return failure;
}

/**
 * Loads task modules on first use and keeps them, like warm Lambdas. One per runtime, so a task that
 * is shared by several workflows, or runs once per Map item, is imported once.
 */
export function createTaskLoader() {
  const modules = new Map<string, Promise<Record<string, unknown>>>();

  return async function load(task: WorkflowTask): Promise<TaskFunction> {
    const file = join(REPO_ROOT, task.entry);
    let module = modules.get(file);
    if (!module) {
      module = import(pathToFileURL(file).href) as Promise<Record<string, unknown>>;
      // A module that failed to load is tried again on the next call, once it has been fixed.
      module.catch(() => modules.delete(file));
      modules.set(file, module);
    }
    const exportName = task.handler ?? 'handler';
    const handler = (await module)[exportName];
    if (typeof handler !== 'function') throw new Error(`${task.entry} does not export a function named ${exportName}.`);
    return handler as TaskFunction;
  };
}

export type TaskLoader = ReturnType<typeof createTaskLoader>;

/**
 * aws-local-stepfunctions overrides Task states by state name; each Task of a local definition calls
 * `localTaskArn(<task>)`, so every Task state is mapped to its task's handler through its Resource.
 */
export function localTaskHandlers(
  spec: WorkflowSpec,
  definition: AslDefinition,
  load: TaskLoader,
  log: (line: string) => void,
): LocalTaskHandlers {
  const handlers: LocalTaskHandlers = {};
  for (const [stateName, state] of allStates(definition)) {
    if (state.Type !== 'Task') continue;
    const taskName = typeof state.Resource === 'string' ? taskOfResource(state.Resource) : undefined;
    const task = taskName === undefined ? undefined : spec.tasks[taskName];
    // buildWorkflowDefinitions already refuses such definitions; this keeps the types honest.
    if (taskName === undefined || task === undefined)
      throw new Error(`Workflow ${spec.name}: Task state "${stateName}" names no task of the spec.`);
    handlers[stateName] = async (input: TaskInput): Promise<TaskResult> => {
      const handler = await load(task);
      const context = lambdaContext(`${spec.name}-${taskName}`, LOCAL.region, LOCAL.accountId, log);
      let result: unknown;
      try {
        result = await invocationScope(context, async () => handler(input, context));
      } catch (error) {
        throw lambdaFailure(error);
      }
      // What Lambda returns travels as JSON: dates become strings, undefined becomes null.
      return JSON.parse(JSON.stringify(result ?? null)) as TaskResult;
    };
  }
  return handlers;
}
