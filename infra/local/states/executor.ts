import './promise-polyfill.ts';
import type { StateMachine } from 'aws-local-stepfunctions';
import { randomUUID } from 'node:crypto';
import type { WorkflowSpec } from '../../lib/workflows/registry.ts';
import { localExecutionArn, localStateMachineArn, workflowOfStateMachineArn } from './arns.ts';
import { StatesError } from './states-error.ts';
import { createTaskLoader, localTaskHandlers, type LocalTaskHandlers } from './task-handlers.ts';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  workflow: string;
  /** The input as the caller sent it (JSON text), compared when a name is reused. */
  input: string;
  status: ExecutionStatus;
  startDate: Date;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
}

export interface StartRequest {
  stateMachineArn: unknown;
  name?: unknown;
  input?: unknown;
}

export interface WorkflowExecutor {
  start(request: StartRequest): Promise<ExecutionRecord>;
  describe(executionArn: unknown): ExecutionRecord;
  /** Newest first, like the service. */
  list(stateMachineArn: unknown, status?: ExecutionStatus): ExecutionRecord[];
  /** Aborts what is still running; nothing is kept after this (the records are in memory only). */
  stop(): void;
}

export interface ExecutorOptions {
  specs: readonly WorkflowSpec[];
  log: (line: string) => void;
}

interface LocalMachine {
  machine: StateMachine;
  handlers: LocalTaskHandlers;
}

type RunInput = Parameters<StateMachine['run']>[0];

/** Step Functions' rule for execution names: 1 to 80 characters, none of these. */
// eslint-disable-next-line no-control-regex -- control characters are among those the service refuses.
const INVALID_NAME = /[\s<>{}[\]?*"#%\\^|~`$&,;:/\u0000-\u001f\u007f-\u009f]/u;
/** A task's cause is Lambda's error JSON; its message is what a reader wants. */
function causeMessage(cause: string): string {
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // A Fail state's cause is plain text.
  }
  return cause;
}

/** What aws-local-stepfunctions reports as the cause of a Fail state that gives none. */
const DEFAULT_FAIL_CAUSE = 'Execution failed because of a Fail state';

function checkName(name: unknown): string {
  if (name === undefined || name === null) return randomUUID();
  if (typeof name !== 'string' || name.length === 0 || name.length > 80 || INVALID_NAME.test(name)) {
    throw new StatesError('InvalidName', `Invalid Name: '${JSON.stringify(name)}'`);
  }
  return name;
}

function checkInput(input: unknown): string {
  if (input === undefined || input === null) return '{}';
  if (typeof input === 'string') {
    try {
      JSON.parse(input);
      return input;
    } catch {
      // Reported below, like any other input that is not JSON text.
    }
  }
  throw new StatesError('InvalidExecutionInput', 'Invalid State Machine Execution Input: the input must be JSON text.');
}

/** How an execution ended, from what `run().result` settled with. */
async function outcome(
  result: Promise<unknown>,
): Promise<Pick<ExecutionRecord, 'status' | 'output' | 'error' | 'cause'>> {
  const library = await import('aws-local-stepfunctions');
  try {
    return { status: 'SUCCEEDED', output: JSON.stringify((await result) ?? null) };
  } catch (error) {
    if (error instanceof library.ExecutionAbortedError) return { status: 'ABORTED' };
    if (error instanceof library.ExecutionTimeoutError) return { status: 'TIMED_OUT', error: 'States.Timeout' };
    // ExecutionError wraps what the failing state threw: its name is the ASL error, its message the cause.
    const failure = error instanceof library.ExecutionError && error.cause instanceof Error ? error.cause : error;
    if (!(failure instanceof Error)) return { status: 'FAILED', error: 'States.Runtime', cause: String(failure) };
    return {
      status: 'FAILED',
      error: failure.name,
      ...(failure.message === DEFAULT_FAIL_CAUSE ? {} : { cause: failure.message }),
    };
  }
}

/**
 * Runs workflow executions in this process on aws-local-stepfunctions, over the definitions CDK
 * synthesizes (buildWorkflowDefinitions) and the tasks' own handler modules. Definitions are built
 * on the first StartExecution, once: a runtime without workflows never loads aws-cdk-lib.
 */
export function createWorkflowExecutor(options: ExecutorOptions): WorkflowExecutor {
  const specs = new Map(options.specs.map((spec) => [spec.name, spec]));
  const executions = new Map<string, ExecutionRecord>();
  const aborts = new Map<string, () => void>();
  const loadTask = createTaskLoader();
  let machines: Promise<Map<string, LocalMachine>> | undefined;

  async function buildMachines(): Promise<Map<string, LocalMachine>> {
    const started = Date.now();
    const [{ buildWorkflowDefinitions }, { StateMachine }] = await Promise.all([
      import('../../lib/workflows/definitions.ts'),
      import('aws-local-stepfunctions'),
    ]);
    const built = new Map<string, LocalMachine>();
    for (const [name, definition] of Object.entries(buildWorkflowDefinitions([...specs.values()]))) {
      const spec = specs.get(name);
      if (!spec) continue;
      built.set(name, {
        // The library validates the definition itself, so plain JSON is handed over as it is.
        machine: new StateMachine(definition as unknown as ConstructorParameters<typeof StateMachine>[0]),
        handlers: localTaskHandlers(spec, definition, loadTask, options.log),
      });
    }
    options.log(`Step Functions: ${built.size} workflow definition(s) synthesized in ${Date.now() - started} ms`);
    return built;
  }

  function workflowOf(stateMachineArn: unknown): string {
    if (typeof stateMachineArn !== 'string')
      throw new StatesError('InvalidArn', 'Invalid Arn: the state machine ARN is missing.');
    const workflow = workflowOfStateMachineArn(stateMachineArn);
    if (workflow === undefined || !specs.has(workflow))
      throw new StatesError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
    return workflow;
  }

  function run(record: ExecutionRecord, local: LocalMachine): void {
    const execution = local.machine.run(JSON.parse(record.input) as RunInput, {
      overrides: { taskResourceLocalHandlers: local.handlers },
      // The context object AWS gives ($$.Execution.Id and so on), for definitions that refer to it.
      context: {
        Execution: { Id: record.executionArn, Name: record.name, StartTime: record.startDate.toISOString() },
        StateMachine: { Id: record.stateMachineArn, Name: record.stateMachineArn.split(':').at(-1) },
      },
    });
    aborts.set(record.executionArn, execution.abort);
    // Nobody reads the event log, which would otherwise keep every state's input until the end.
    void (async () => {
      for await (const _event of execution.eventLogs);
    })().catch(() => undefined);
    void outcome(execution.result).then((result) => {
      aborts.delete(record.executionArn);
      Object.assign(record, result, { stopDate: new Date() });
      const took = record.stopDate ? record.stopDate.getTime() - record.startDate.getTime() : 0;
      // A failure names its error and cause, so a developer sees which task threw what.
      const failure = record.error ? ` (${record.error}${record.cause ? `: ${causeMessage(record.cause)}` : ''})` : '';
      options.log(`Workflow ${record.workflow}: execution ${record.name} ${record.status}${failure} in ${took} ms`);
    });
  }

  return {
    async start(request) {
      const workflow = workflowOf(request.stateMachineArn);
      const name = checkName(request.name);
      const input = checkInput(request.input);
      machines ??= buildMachines();
      const local = (await machines).get(workflow);
      if (!local)
        throw new StatesError(
          'StateMachineDoesNotExist',
          `State Machine Does Not Exist: '${String(request.stateMachineArn)}'`,
        );

      const executionArn = localExecutionArn(workflow, name);
      const existing = executions.get(executionArn);
      if (existing) {
        // As for standard workflows in AWS: the same start again is accepted only while it runs.
        if (existing.status === 'RUNNING' && existing.input === input) return existing;
        throw new StatesError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
      }
      const record: ExecutionRecord = {
        executionArn,
        stateMachineArn: localStateMachineArn(workflow),
        name,
        workflow,
        input,
        status: 'RUNNING',
        startDate: new Date(),
      };
      executions.set(executionArn, record);
      run(record, local);
      return record;
    },

    describe(executionArn) {
      if (typeof executionArn !== 'string')
        throw new StatesError('InvalidArn', 'Invalid Arn: the execution ARN is missing.');
      const record = executions.get(executionArn);
      if (!record) throw new StatesError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
      return record;
    },

    list(stateMachineArn, status) {
      const workflow = workflowOf(stateMachineArn);
      return [...executions.values()]
        .filter((record) => record.workflow === workflow && (status === undefined || record.status === status))
        .sort((a, b) => b.startDate.getTime() - a.startDate.getTime());
    },

    stop() {
      for (const abort of aborts.values()) abort();
    },
  };
}
