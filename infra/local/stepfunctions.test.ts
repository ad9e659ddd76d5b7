import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  InvalidName,
  ListExecutionsCommand,
  SFNClient,
  StartExecutionCommand,
  StateMachineDoesNotExist,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClients } from '../../functions/core/clients.ts';
import { workflowArnVariable } from '../../functions/core/workflow-arn-variable.ts';
import { describeWorkflow, startWorkflow, type WorkflowExecution } from '../../functions/core/workflows.ts';
import { LOCAL } from './local-names.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import type { Row } from './test-fixtures/batch-tasks.ts';
import { BATCH_WORKFLOW } from './test-fixtures/batch-workflow.ts';

let runtime: Runtime;
let client: SFNClient;
/** What the runtime logged. */
const logged: string[] = [];
const machineArn = `arn:aws:states:${LOCAL.region}:${LOCAL.accountId}:stateMachine:coopledger-local-local-batch`;

async function finished(executionArn: string): Promise<WorkflowExecution> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const execution = await describeWorkflow(executionArn);
    if (execution.status !== 'RUNNING' || Date.now() > deadline) return execution;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function run(rows: Row[]): Promise<WorkflowExecution> {
  const { executionArn } = await startWorkflow('local-batch', { rows });
  return finished(executionArn);
}

beforeAll(async () => {
  runtime = await startRuntime({
    port: 0,
    inMemory: true,
    workflows: [BATCH_WORKFLOW],
    log: (line) => logged.push(line),
  });
  // The functions' clients read the environment the runtime has just set.
  resetClients();
  client = new SFNClient({ region: LOCAL.region, endpoint: runtime.env.STEP_FUNCTIONS_ENDPOINT });
}, 60_000);

afterAll(async () => {
  client?.destroy();
  resetClients();
  await runtime?.stop();
}, 30_000);

describe('Step Functions in the local runtime', () => {
  it('tells handlers the endpoint and each state machine ARN', () => {
    expect(runtime.env.STEP_FUNCTIONS_ENDPOINT).toBe(`${runtime.internalUrl}/_local/states`);
    expect(runtime.env[workflowArnVariable('local-batch')]).toBe(machineArn);
    expect(process.env.WORKFLOW_LOCAL_BATCH_ARN).toBe(machineArn);
  });

  it('runs the synthesized definition over the task handlers: Map, task, Choice', async () => {
    const execution = await run([
      { id: 'a', amount: 5 },
      { id: 'b', amount: 7.5 },
      { id: 'c', amount: 10 },
    ]);

    expect(execution).toEqual({ status: 'SUCCEEDED', output: { total: 22.5, posted: 3, skipped: [], failed: false } });
  }, 30_000);

  it('ends in the Fail state, with its error and cause, when the Choice says so', async () => {
    const execution = await run([
      { id: 'a', amount: 5 },
      { id: 'b', amount: 0 },
    ]);

    expect(execution).toEqual({ status: 'FAILED', error: 'RowsSkipped', cause: 'Some rows were not posted' });
  }, 30_000);

  it('fails with the error a task throws, reported as Lambda reports it and logged with its message', async () => {
    const execution = await run([
      { id: 'a', amount: 5 },
      { id: 'b', amount: 1, reject: true },
    ]);

    expect(execution).toMatchObject({ status: 'FAILED', error: 'RowRejectedError' });
    expect(JSON.parse(execution.cause ?? '{}')).toMatchObject({
      errorType: 'RowRejectedError',
      errorMessage: 'Row b was rejected',
    });
    expect(execution.output).toBeUndefined();
    // The runtime's log names the task's own message, not Lambda's whole error report.
    await expect
      .poll(() => logged.filter((line) => line.includes('(RowRejectedError: Row b was rejected)')))
      .toHaveLength(1);
  }, 30_000);

  it('starts one execution per name, however often it is asked', async () => {
    const input = { rows: [{ id: 'a', amount: 1, delayMs: 300 }] };
    const first = await startWorkflow('local-batch', input, 'import-42');
    // Still running: the service itself answers with the same execution.
    const again = await startWorkflow('local-batch', input, 'import-42');
    await finished(first.executionArn);
    // Finished: the service refuses the name, and startWorkflow finds the same execution.
    const direct = await client
      .send(new StartExecutionCommand({ stateMachineArn: machineArn, name: 'import-42', input: JSON.stringify(input) }))
      .catch((error: unknown) => error);
    const later = await startWorkflow('local-batch', input, 'import-42');
    const listed = await client.send(new ListExecutionsCommand({ stateMachineArn: machineArn }));

    expect(first.executionArn).toBe(
      `arn:aws:states:${LOCAL.region}:${LOCAL.accountId}:execution:coopledger-local-local-batch:import-42`,
    );
    expect(again).toEqual(first);
    expect(later).toEqual(first);
    expect(direct).toBeInstanceOf(ExecutionAlreadyExists);
    expect(listed.executions?.filter((execution) => execution.name === 'import-42')).toHaveLength(1);
    await expect(startWorkflow('local-batch', { rows: [] }, 'import-42')).rejects.toBeInstanceOf(
      ExecutionAlreadyExists,
    );
  }, 30_000);

  it('answers DescribeExecution as the service does', async () => {
    const { executionArn } = await startWorkflow('local-batch', { rows: [{ id: 'a', amount: 2 }] }, 'described');
    await finished(executionArn);
    const described = await client.send(new DescribeExecutionCommand({ executionArn }));

    expect(described).toMatchObject({
      executionArn,
      stateMachineArn: machineArn,
      name: 'described',
      status: 'SUCCEEDED',
      input: '{"rows":[{"id":"a","amount":2}]}',
    });
    expect(described.startDate).toBeInstanceOf(Date);
    expect(described.stopDate?.getTime()).toBeGreaterThanOrEqual(described.startDate?.getTime() ?? Infinity);
  }, 30_000);

  it('refuses what the service refuses', async () => {
    const unknownMachine = new StartExecutionCommand({
      stateMachineArn: machineArn.replace('local-batch', 'nothing'),
      input: '{}',
    });
    const badName = new StartExecutionCommand({ stateMachineArn: machineArn, name: 'has space', input: '{}' });
    const missing = new DescribeExecutionCommand({
      executionArn: `${machineArn.replace(':stateMachine:', ':execution:')}:never`,
    });

    await expect(client.send(unknownMachine)).rejects.toBeInstanceOf(StateMachineDoesNotExist);
    await expect(client.send(badName)).rejects.toBeInstanceOf(InvalidName);
    await expect(client.send(missing)).rejects.toBeInstanceOf(ExecutionDoesNotExist);
    await expect(startWorkflow('not-registered', {})).rejects.toThrow(/WORKFLOW_NOT_REGISTERED_ARN is not set/);
  });
});
