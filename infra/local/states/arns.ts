import { LOCAL } from '../local-names.ts';

/**
 * Well-formed but fake ARNs for the local state machines and their executions, in the same shapes
 * as AWS's, so code that builds or parses them behaves as it does in the cloud.
 */
const PREFIX = `arn:aws:states:${LOCAL.region}:${LOCAL.accountId}`;
const MACHINE_PREFIX = 'coopledger-local-';

export function localStateMachineArn(workflow: string): string {
  return `${PREFIX}:stateMachine:${MACHINE_PREFIX}${workflow}`;
}

export function localExecutionArn(workflow: string, executionName: string): string {
  return `${PREFIX}:execution:${MACHINE_PREFIX}${workflow}:${executionName}`;
}

/** The workflow a local state machine ARN names, or undefined for any other ARN. */
export function workflowOfStateMachineArn(arn: string): string | undefined {
  const prefix = `${PREFIX}:stateMachine:${MACHINE_PREFIX}`;
  return arn.startsWith(prefix) ? arn.slice(prefix.length) : undefined;
}
