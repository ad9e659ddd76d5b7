import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, QueryLanguage, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { WorkflowSettings, WorkflowSpec } from './registry.ts';

export interface WorkflowStateMachineProps {
  spec: WorkflowSpec;
  tasks: Record<string, IFunction>;
  settings: WorkflowSettings;
  /** Absent when only the definition is wanted (definitions.ts). */
  logGroup?: ILogGroup;
}

/**
 * A spec's state machine, built the same way for AWS and for the local definitions. JSONPath is
 * pinned: aws-local-stepfunctions silently ignores JSONata (DESIGN.md section 8).
 */
export function workflowStateMachine(scope: Construct, props: WorkflowStateMachineProps): StateMachine {
  const definition = props.spec.define(new Construct(scope, 'Definition'), props.tasks, props.settings);
  return new StateMachine(scope, 'StateMachine', {
    definitionBody: DefinitionBody.fromChainable(definition),
    stateMachineType: StateMachineType.STANDARD,
    queryLanguage: QueryLanguage.JSON_PATH,
    // Batches are long but bounded; a stuck execution should fail visibly rather than run for a year.
    timeout: Duration.hours(6),
    tracingEnabled: props.logGroup !== undefined,
    logs: props.logGroup ? { destination: props.logGroup, level: LogLevel.ALL, includeExecutionData: true } : undefined,
  });
}
