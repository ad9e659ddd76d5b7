import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { FEATURE_FLAGS } from '../feature-flags.ts';
import { allStates, type AslDefinition } from './asl.ts';
import { LOCAL_ACCOUNT, LOCAL_REGION, localTaskArn, taskOfResource } from './local-arns.ts';
import { WORKFLOWS } from './registry.ts';
import type { WorkflowSettings, WorkflowSpec } from './registry.ts';
import { workflowStateMachine } from './state-machine.ts';

export type { AslDefinition } from './asl.ts';
export { allStates } from './asl.ts';

/**
 * The ASL of every workflow, synthesized in-process from the same `define` CDK deploys, for the local
 * runtime (aws-local-stepfunctions). Each Task's Resource is `localTaskArn(<task name>)`.
 */
export function buildWorkflowDefinitions(
  specs: readonly WorkflowSpec[] = WORKFLOWS,
  settings: WorkflowSettings = LOCAL_WORKFLOW_SETTINGS,
): Record<string, AslDefinition> {
  return Object.fromEntries(specs.map((spec) => [spec.name, buildDefinition(spec, settings)]));
}

/**
 * The local runtime's settings: cognito-local has no request quota, so a member import writes more
 * chunks at once than a stage does (infra/lib/stage-config.ts).
 */
export const LOCAL_WORKFLOW_SETTINGS: WorkflowSettings = { memberImportConcurrency: 8 };

function buildDefinition(spec: WorkflowSpec, settings: WorkflowSettings): AslDefinition {
  const app = new App({ context: FEATURE_FLAGS });
  // A concrete account and region keep ARNs literal, so the definition resolves to plain JSON.
  const stack = new Stack(app, 'WorkflowDefinition', { env: { account: LOCAL_ACCOUNT, region: LOCAL_REGION } });
  const tasks: Record<string, IFunction> = {};
  for (const task of Object.keys(spec.tasks)) {
    tasks[task] = LambdaFunction.fromFunctionAttributes(stack, `Task-${task}`, {
      functionArn: localTaskArn(task),
      sameEnvironment: true,
    });
  }
  const machine = workflowStateMachine(stack, { spec, tasks, settings });
  const cfn = machine.node.defaultChild as CfnStateMachine;
  const text = flatten(stack.resolve(cfn.definitionString), spec.name);
  const definition = JSON.parse(text) as AslDefinition;
  checkTaskResources(definition, spec);
  return definition;
}

/** The pseudo parameters a definition may mention, as they are in the local runtime. */
const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
};

/**
 * Joins an `Fn::Join` of strings and pseudo parameters; any other intrinsic means the definition depends on deployment.
 */
function flatten(value: unknown, workflow: string): string {
  if (typeof value === 'string') {
    return value;
  }
  if (isPseudoRef(value)) {
    return PSEUDO_PARAMETERS[value.Ref];
  }
  if (isJoin(value)) {
    const [separator, parts] = value['Fn::Join'];
    return parts.map((part) => flatten(part, workflow)).join(separator);
  }
  throw new Error(
    `Workflow ${workflow}: the definition refers to a deployed resource (${JSON.stringify(value)}); only task functions may vary.`,
  );
}

function isPseudoRef(value: unknown): value is { Ref: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'Ref' in value &&
    typeof value.Ref === 'string' &&
    value.Ref in PSEUDO_PARAMETERS
  );
}

function isJoin(value: unknown): value is { 'Fn::Join': [string, unknown[]] } {
  return typeof value === 'object' && value !== null && 'Fn::Join' in value;
}

/** Every Task must call one of the spec's tasks by ARN, or the local runtime could not run it. */
function checkTaskResources(definition: AslDefinition, spec: WorkflowSpec): void {
  for (const [stateName, state] of allStates(definition)) {
    if (state.Type !== 'Task') {
      continue;
    }
    const task = typeof state.Resource === 'string' ? taskOfResource(state.Resource) : undefined;
    if (task === undefined || !(task in spec.tasks)) {
      throw new Error(
        `Workflow ${spec.name}: Task state "${stateName}" calls ${String(state.Resource)}, not one of its tasks; use LambdaInvoke with payloadResponseOnly: true.`,
      );
    }
  }
}
