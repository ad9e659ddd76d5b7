import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import type { StageConfig } from '../../infra/lib/stage-config.ts';
import { STAGES, stageConfig } from '../../infra/lib/stage-config.ts';
import type { AslDefinition } from '../../infra/lib/workflows/definitions.ts';
import { allStates, buildWorkflowDefinitions } from '../../infra/lib/workflows/definitions.ts';
import { MEMBER_IMPORT } from '../../infra/lib/workflows/registry.ts';
import { Workflows } from '../../infra/lib/workflows/workflows.ts';
import { resourcesOf } from './support/resources.ts';

/**
 * Issue 20 item 5: the member import's chunks run a stage's number at a time, within Cognito's
 * UserCreation quota, and a chunk throttled by Cognito is retried with backoff.
 */

/** The member import's state machine as `stage` deploys it, its definition read back as ASL. */
function deployedDefinition(stage: StageConfig): AslDefinition {
  const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Test');
  const userPool = new UserPool(stack, 'Pool');
  new Workflows(stack, 'Workflows', {
    resources: {
      stage,
      table: new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
      filesBucket: new Bucket(stack, 'Files'),
      userPool,
      userPoolClient: userPool.addClient('Client'),
      siteUrl: 'https://example.org',
    },
    specs: [MEMBER_IMPORT],
  });
  const [machine] = resourcesOf<{ DefinitionString: unknown }>(
    Template.fromStack(stack),
    'AWS::StepFunctions::StateMachine',
  );
  // The task ARNs are tokens (Fn::GetAtt) inside an Fn::Join; the rest of the text is the ASL.
  const join = machine.Properties.DefinitionString as { 'Fn::Join': [string, unknown[]] };
  const text = join['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : '"arn"')).join('');
  return JSON.parse(text.replace(/""arn""/g, '"arn"')) as AslDefinition;
}

const stateOf = (definition: AslDefinition, name: string) => new Map(allStates(definition)).get(name);

describe('member import concurrency', () => {
  it('writes as many chunks at once as the stage says', () => {
    expect(stateOf(deployedDefinition(stageConfig('dev')), 'EachChunk')).toMatchObject({ MaxConcurrency: 4 });
    expect(stateOf(deployedDefinition(stageConfig('prod')), 'EachChunk')).toMatchObject({ MaxConcurrency: 4 });
    const tuned = { ...stageConfig('prod'), memberImportConcurrency: 3 };
    expect(stateOf(deployedDefinition(tuned), 'EachChunk')).toMatchObject({ MaxConcurrency: 3 });
  });

  it("keeps every stage's Cognito calls within the UserCreation quota and its task functions' concurrency", () => {
    // A chunk writes its rows one after another, one AdminCreateUser each, at about 10 rows a second
    // in AWS; Cognito's default UserCreation quota is 50 requests a second per account and region.
    for (const name of STAGES) {
      const stage = stageConfig(name);
      expect(stage.memberImportConcurrency * 10).toBeLessThanOrEqual(50);
      expect(stage.memberImportConcurrency).toBeLessThanOrEqual(stage.workflowTaskConcurrency);
    }
  });

  it('retries a chunk throttled by Cognito with exponential backoff and jitter', () => {
    const writeRows = stateOf(deployedDefinition(stageConfig('prod')), 'WriteRows') as {
      Retry?: { ErrorEquals: string[]; BackoffRate?: number; MaxAttempts?: number; JitterStrategy?: string }[];
    };
    const throttled = writeRows.Retry?.find((retry) => retry.ErrorEquals.includes('TooManyRequestsException'));
    expect(throttled).toMatchObject({ BackoffRate: 2, JitterStrategy: 'FULL' });
    expect(throttled?.MaxAttempts).toBeGreaterThanOrEqual(3);
  });

  it('runs more chunks at once locally, where cognito-local has no quota', () => {
    const local = buildWorkflowDefinitions([MEMBER_IMPORT])['member-import'];
    expect(stateOf(local, 'EachChunk')).toMatchObject({ MaxConcurrency: 8 });
    expect(JSON.stringify(stateOf(local, 'WriteRows'))).toContain('TooManyRequestsException');
  });
});
