import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** An AwsSolutions rule, optionally narrowed to one finding: `AwsSolutions-IAM5[Resource::*]`. */
export type NagRuleId = `AwsSolutions-${string}`;

/**
 * Acknowledges a cdk-nag finding on a construct and everything beneath it. cdk-nag 3 reads CDK's
 * native acknowledgments; this wrapper only insists on a reason a reviewer can read.
 */
export function acknowledge(scope: IConstruct, id: NagRuleId, reason: string): void {
  if (reason.trim().length < 10) {
    throw new Error(`Acknowledging ${id} on ${scope.node.path} needs a reason in plain words.`);
  }
  Validations.of(scope).acknowledge({ id, reason });
}
