import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFunction } from '../../infra/lib/lambda/node-function.ts';
import { stageConfig } from '../../infra/lib/stage-config.ts';
import { allStates, buildWorkflowDefinitions } from '../../infra/lib/workflows/definitions.ts';
import { taskOfResource } from '../../infra/lib/workflows/local-arns.ts';
import { WORKFLOWS, workflowArnVariable } from '../../infra/lib/workflows/registry.ts';
import { Workflows } from '../../infra/lib/workflows/workflows.ts';
import { entryPath } from '../../infra/lib/paths.ts';
import { resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';
import { INTEGRATION_WORKFLOW, TEST_WORKFLOW } from './support/test-workflow.ts';

describe('buildWorkflowDefinitions', () => {
  const definitions = buildWorkflowDefinitions([TEST_WORKFLOW]);
  const definition = definitions['test-batch'];
  const states = new Map(allStates(definition));

  it('builds one ASL definition per spec, keyed by name', () => {
    expect(Object.keys(definitions)).toEqual(['test-batch']);
    expect(definition.StartAt).toBe('EachRow');
  });

  it('has the Map, its task, the following task and the Choice', () => {
    expect(states.get('EachRow')).toMatchObject({ Type: 'Map', ItemsPath: '$.rows', Next: 'Summarise' });
    expect(states.get('PostRow')).toMatchObject({ Type: 'Task' });
    expect(states.get('Summarise')).toMatchObject({ Type: 'Task', Next: 'AnyRowFailed' });
    expect(states.get('AnyRowFailed')).toMatchObject({ Type: 'Choice', Default: 'BatchPosted' });
    expect(states.get('BatchFailed')).toMatchObject({ Type: 'Fail' });
  });

  it("names each task's Resource so that it maps back to the task", () => {
    const resources = [...states]
      .filter(([, state]) => state.Type === 'Task')
      .map(([name, state]) => [name, taskOfResource(String(state.Resource))]);
    expect(Object.fromEntries(resources)).toEqual({ PostRow: 'post-row', Summarise: 'summarise' });
  });

  it('stays on JSONPath, which aws-local-stepfunctions runs', () => {
    expect(definition.QueryLanguage ?? 'JSONPath').toBe('JSONPath');
    expect(JSON.stringify(definition)).not.toContain('{%');
  });

  it('refuses a task the local runtime could not map back', () => {
    expect(() => buildWorkflowDefinitions([INTEGRATION_WORKFLOW])).toThrow(/payloadResponseOnly/);
  });

  it('covers the registry by default', () => {
    expect(Object.keys(buildWorkflowDefinitions())).toEqual(WORKFLOWS.map((spec) => spec.name));
  });

  it('settles a payroll or dividend batch even when a chunk fails: the Map catches into the finishing task, then fails', () => {
    const payroll = buildWorkflowDefinitions(WORKFLOWS.filter((spec) => /^(payroll|dividend)-/.test(spec.name)));
    for (const [name, first] of [
      ['payroll-upload', 'Validate'],
      ['payroll-reversal', 'Prepare'],
      ['dividend-payment', 'Prepare'],
    ] as const) {
      const states = new Map(allStates(payroll[name]));
      expect(payroll[name].StartAt).toBe(first);
      expect(states.get('EachChunk')).toMatchObject({
        Type: 'Map',
        ItemsPath: '$.chunks',
        MaxConcurrency: 8,
        Next: 'Finish',
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'FinishAfterFailure' }],
      });
      expect(states.get('FinishAfterFailure')).toMatchObject({ Type: 'Task', Next: 'ChunkFailed' });
      expect(states.get('ChunkFailed')).toMatchObject({ Type: 'Fail' });
      expect(taskOfResource(String(states.get('FinishAfterFailure')?.Resource))).toBe('finish');
    }
  });
});

describe('the Workflows construct', () => {
  const synth = synthCoopLedger('dev', [TEST_WORKFLOW]);
  afterAll(() => synth.cleanup());
  const api = synth.template(synth.stacks.api);

  it('deploys a standard state machine with full logging and X-Ray', () => {
    api.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: {
        Level: 'ALL',
        IncludeExecutionData: true,
        Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: {} } }],
      },
    });
  });

  it('creates a function per task, with the same runtime as the API', () => {
    const tasks = resourcesOf<{ Runtime: string; Description: string }>(api, 'AWS::Lambda::Function').filter((fn) =>
      fn.Properties.Description.startsWith('workflow test-batch,'),
    );
    expect(tasks.map((fn) => fn.Properties.Description).sort()).toEqual([
      'workflow test-batch, task post-row',
      'workflow test-batch, task summarise',
    ]);
    expect(tasks.every((fn) => fn.Properties.Runtime === 'nodejs22.x')).toBe(true);
  });

  it('lets a function start a workflow and tells it the ARN', () => {
    // Prepare
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Test');
    const stage = stageConfig('dev');
    const resources = {
      stage,
      table: new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
      filesBucket: new Bucket(stack, 'Files'),
      userPool: new UserPool(stack, 'Pool'),
      siteUrl: 'https://example.org',
    };
    const workflows = new Workflows(stack, 'Workflows', {
      resources: { ...resources, userPoolClient: resources.userPool.addClient('Client') },
      specs: [TEST_WORKFLOW],
    });
    const starter = nodeFunction(stack, 'Starter', {
      entry: entryPath('tests/infra/fixtures/task-handler.ts'),
      description: 'a starter',
      environment: {},
      stage,
    });
    // Act
    workflows.allowStart(starter, 'test-batch');
    // Assess
    const template = Template.fromStack(stack);
    const starterFn = resourcesOf<{ Description: string; Environment: { Variables: Record<string, unknown> } }>(
      template,
      'AWS::Lambda::Function',
    ).find((fn) => fn.Properties.Description === 'a starter');
    expect(starterFn?.Properties.Environment.Variables).toHaveProperty(workflowArnVariable('test-batch'));
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).toContain('states:StartExecution');
    // describeWorkflow reads the executions it started.
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).toContain('states:DescribeExecution');
    expect(() => workflows.allowStart(starter, 'missing')).toThrow(/No workflow named "missing"/);
  });

  it('names the ARN variable from the workflow name', () => {
    expect(workflowArnVariable('payroll-upload')).toBe('WORKFLOW_PAYROLL_UPLOAD_ARN');
  });
});
