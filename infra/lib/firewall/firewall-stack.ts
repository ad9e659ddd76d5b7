import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.ts';
import { createWebAcl, SITE_RATE_RULES } from '../edge/web-acl.ts';

/** CloudFront reads its web ACLs from us-east-1 only, whatever region the rest of the stage is in. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

export interface FirewallStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * The AWS WAF web ACL in front of CloudFront, so in front of the site and the whole API: AWS's IP
 * reputation list, common rule set and known bad inputs, and per-IP rate limits on sign-in,
 * password reset and registration. The Edge stack attaches it to the distribution through a
 * cross-region reference.
 */
export class FirewallStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: CLOUDFRONT_WAF_REGION }, crossRegionReferences: true });
    this.webAcl = createWebAcl(this, 'SiteWebAcl', {
      scope: 'CLOUDFRONT',
      name: `coopledger-${props.stage.name}-site`,
      description: `CoopLedger ${props.stage.name}: the site and the API behind CloudFront`,
      rateRules: SITE_RATE_RULES,
      allowLargeBodies: true,
    });
  }
}
