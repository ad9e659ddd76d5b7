import { CfnResource } from 'aws-cdk-lib';
import type { NagRuleResult } from 'cdk-nag';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { acknowledge } from './acknowledge.ts';

/** The granular rules whose findings embed resource references. */
const GRANULAR_RULES = {
  'AwsSolutions-IAM4': rules.iam.IAMNoManagedPolicies,
  'AwsSolutions-IAM5': rules.iam.IAMNoWildcardPermissions,
} satisfies Record<string, (node: CfnResource) => NagRuleResult>;

export type GranularRule = keyof typeof GRANULAR_RULES;

export interface FindingAllowance {
  rule: GranularRule;
  /** Matched against the finding text, e.g. `Resource::<FilesBucket1234.Arn>/*`. */
  finding: RegExp;
  reason: string;
}

/**
 * Acknowledges the granular findings under `scope` that match an allowance.
 *
 * cdk-nag 3 matches acknowledgments by their exact text (`AwsSolutions-IAM5[Resource::<X.Arn>/*]`),
 * and that text embeds logical IDs and cross-stack export names that exist only after CDK has
 * prepared the app. So this runs as a construct validation, which CDK calls after references are
 * resolved and before the validation plugins (cdk-nag) run: it evaluates the very same cdk-nag rule
 * on each resource and acknowledges only the findings an allowance names. Anything unexpected
 * stays reported.
 */
export function allowFindings(scope: IConstruct, allowances: readonly FindingAllowance[]): void {
  scope.node.addValidation({
    validate: () => {
      for (const node of scope.node.findAll()) {
        if (CfnResource.isCfnResource(node)) {
          acknowledgeMatches(node, allowances);
        }
      }
      return [];
    },
  });
}

function acknowledgeMatches(node: CfnResource, allowances: readonly FindingAllowance[]): void {
  for (const allowance of allowances) {
    const result = GRANULAR_RULES[allowance.rule](node);
    if (!Array.isArray(result)) {
      continue;
    }
    for (const finding of result) {
      if (allowance.finding.test(finding)) {
        acknowledge(node, `${allowance.rule}[${finding}]`, allowance.reason);
      }
    }
  }
}
