import { Validations } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '@coopledger/shared/routes';
import { resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

const dev = synthCoopLedger('dev');
const prod = synthCoopLedger('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

/** A CloudFormation string as text: `Fn::Join` flattened, `{ Ref: X }` written `<X>`, `{ Fn::GetAtt: [X, A] }` written `<X.A>`. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if ('Ref' in node) return `<${String(node.Ref)}>`;
  if ('Fn::GetAtt' in node) return `<${(node['Fn::GetAtt'] as string[]).join('.')}>`;
  if ('Fn::Join' in node) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(text).join(separator);
  }
  return JSON.stringify(value);
}

interface Statement {
  ManagedRuleGroupStatement?: { VendorName: string; Name: string; RuleActionOverrides?: { Name: string; ActionToUse: Record<string, unknown> }[] };
  RateBasedStatement?: { AggregateKeyType: string; Limit: number; EvaluationWindowSec: number; ScopeDownStatement: ScopeDown };
}
interface ByteMatch {
  FieldToMatch: { UriPath?: object; SingleHeader?: { Name: string } };
  PositionalConstraint: string;
  SearchString: string;
  TextTransformations: { Type: string }[];
}
interface ScopeDown {
  ByteMatchStatement?: ByteMatch;
  OrStatement?: { Statements: { ByteMatchStatement: ByteMatch }[] };
}
interface Rule {
  Name: string;
  Action?: Record<string, unknown>;
  OverrideAction?: Record<string, unknown>;
  Statement: Statement;
}
interface WebAcl {
  Scope: string;
  DefaultAction: Record<string, unknown>;
  Rules: Rule[];
}

const webAclsOf = (template: ReturnType<typeof dev.template>) => resourcesOf<WebAcl>(template, 'AWS::WAFv2::WebACL');
const matches = (scope: ScopeDown): ByteMatch[] => (scope.OrStatement ? scope.OrStatement.Statements.map((s) => s.ByteMatchStatement) : [scope.ByteMatchStatement as ByteMatch]);
const managedGroups = (acl: WebAcl) => acl.Rules.flatMap((rule) => (rule.Statement.ManagedRuleGroupStatement ? [rule.Statement.ManagedRuleGroupStatement] : []));
const rateRule = (acl: WebAcl, name: string) => {
  const rule = acl.Rules.find((candidate) => candidate.Name === name);
  if (!rule?.Statement.RateBasedStatement) throw new Error(`No rate rule ${name}`);
  return { rule, rate: rule.Statement.RateBasedStatement };
};

const MANAGED = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'];

describe('the CloudFront web ACL', () => {
  const [acl] = webAclsOf(dev.template(dev.stacks.firewall));

  it('is a CLOUDFRONT web ACL in us-east-1 that allows what no rule blocks', () => {
    expect(dev.stacks.firewall.region).toBe('us-east-1');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
  });

  it('runs the AWS IP reputation, common and known-bad-inputs rule groups, letting only large upload bodies through', () => {
    const groups = managedGroups(acl.Properties);
    expect(groups.map((group) => `${group.VendorName}/${group.Name}`)).toEqual(MANAGED.map((name) => `AWS/${name}`));
    const common = groups.find((group) => group.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common?.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    for (const group of groups.filter((g) => g.Name !== 'AWSManagedRulesCommonRuleSet')) expect(group.RuleActionOverrides).toBeUndefined();
  });

  it.each([
    ['SignIn', ['/api/v1/auth/login']],
    ['PasswordReset', ['/api/v1/auth/password-reset']],
    ['Registration', ['/api/v1/cooperative/pending_members', '/api/v1/cooperative/pending_members/get-cooperative', '/api/v1/cooperative/pending_members/get-department']],
  ])('blocks an address that floods %s, counted on exactly its paths', (name, paths) => {
    const { rule, rate } = rateRule(acl.Properties, name);
    expect(rule.Action).toEqual({ Block: {} });
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(rate.Limit).toBeGreaterThanOrEqual(10);
    expect(rate.Limit).toBeLessThanOrEqual(100);
    const scope = matches(rate.ScopeDownStatement);
    expect(scope.map((match) => match.SearchString).sort()).toEqual([...paths].sort());
    for (const match of scope) {
      expect(match).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'EXACTLY' });
      // API Gateway routes on the decoded path, so must the rule.
      expect(match.TextTransformations.map((t) => t.Type)).toContain('URL_DECODE');
    }
  });

  it('is attached to the distribution, read across regions from the Firewall stack', () => {
    const firewall = dev.template(dev.stacks.firewall).toJSON() as { Outputs: Record<string, { Value: unknown }> };
    const [distribution] = resourcesOf<{ DistributionConfig: { WebACLId: { 'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string } } } }>(
      dev.template(dev.stacks.edge),
      'AWS::CloudFront::Distribution',
    );
    const reference = distribution.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput'];
    expect(reference).toMatchObject({ StackName: 'CoopLedger-dev-Firewall', Region: 'us-east-1' });
    expect(firewall.Outputs[reference.OutputName].Value).toEqual({ 'Fn::GetAtt': [acl.id, 'Arn'] });
  });

  it('replaces the cdk-nag exemption the distribution had for lacking a WAF (AwsSolutions-CFR2)', () => {
    const acknowledged = dev.stacks.edge.node
      .findAll()
      .flatMap((construct) => construct.node.metadata.filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((entry) => Object.keys(entry.data as Record<string, unknown>));
    expect(acknowledged).not.toContain('AwsSolutions-CFR2');
  });
});

describe('the user pool web ACL', () => {
  const edge = dev.template(dev.stacks.edge);
  const [acl] = webAclsOf(edge);

  it('is a REGIONAL web ACL associated with the Cognito user pool', () => {
    expect(acl.Properties.Scope).toBe('REGIONAL');
    const [association] = resourcesOf<{ ResourceArn: { 'Fn::GetStackOutput': { StackName: string; OutputName: string } }; WebACLArn: unknown }>(edge, 'AWS::WAFv2::WebACLAssociation');
    expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [acl.id, 'Arn'] });
    const reference = association.Properties.ResourceArn['Fn::GetStackOutput'];
    expect(reference.StackName).toBe('CoopLedger-dev-Auth');
    const auth = dev.template(dev.stacks.auth).toJSON() as { Outputs: Record<string, { Value: unknown }> };
    const [pool] = resourcesOf(dev.template(dev.stacks.auth), 'AWS::Cognito::UserPool');
    expect(auth.Outputs[reference.OutputName].Value).toEqual({ 'Fn::GetAtt': [pool.id, 'Arn'] });
  });

  it('runs the same AWS managed rule groups, blocking large bodies too', () => {
    const groups = managedGroups(acl.Properties);
    expect(groups.map((group) => group.Name)).toEqual(MANAGED);
    expect(groups.every((group) => group.RuleActionOverrides === undefined)).toBe(true);
  });

  it.each([
    ['SignIn', ['InitiateAuth']],
    ['PasswordReset', ['ForgotPassword', 'ConfirmForgotPassword']],
  ])('limits %s per address by the Cognito operation called', (name, operations) => {
    const { rule, rate } = rateRule(acl.Properties, name);
    expect(rule.Action).toEqual({ Block: {} });
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const scope = matches(rate.ScopeDownStatement);
    expect(scope.map((match) => match.SearchString).sort()).toEqual(operations.map((op) => `awscognitoidentityproviderservice.${op.toLowerCase()}`).sort());
    for (const match of scope) {
      expect(match).toMatchObject({ FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } }, PositionalConstraint: 'EXACTLY' });
      expect(match.TextTransformations.map((t) => t.Type)).toEqual(['LOWERCASE']);
    }
  });
});

interface HeadersPolicy {
  ResponseHeadersPolicyConfig: {
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { ContentSecurityPolicy: unknown; Override: boolean };
      StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean };
      ContentTypeOptions: { Override: boolean };
      FrameOptions: { FrameOption: string };
      ReferrerPolicy: { ReferrerPolicy: string };
    };
    CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
  };
}

describe('the response headers policy', () => {
  const edge = dev.template(dev.stacks.edge);
  const [policy] = resourcesOf<HeadersPolicy>(edge, 'AWS::CloudFront::ResponseHeadersPolicy');
  const config = policy.Properties.ResponseHeadersPolicyConfig;
  const csp = text(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
  const directive = (name: string): string[] => {
    const found = csp.split('; ').find((part) => part.startsWith(`${name} `));
    return found ? found.split(' ').slice(1) : [];
  };
  const [chatApi] = resourcesOf<{ ProtocolType: string }>(edge, 'AWS::ApiGatewayV2::Api').filter((api) => api.Properties.ProtocolType === 'WEBSOCKET');

  it('is sent with the site and the API', () => {
    const [distribution] = resourcesOf<{ DistributionConfig: { DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown }; CacheBehaviors: { ResponseHeadersPolicyId: unknown }[] } }>(
      edge,
      'AWS::CloudFront::Distribution',
    );
    const { DefaultCacheBehavior, CacheBehaviors } = distribution.Properties.DistributionConfig;
    for (const behavior of [DefaultCacheBehavior, ...CacheBehaviors]) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policy.id });
  });

  it('allows scripts and styles from the site only, with no inline code, plugins, framing or foreign forms', () => {
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('style-src')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('base-uri')).toEqual(["'self'"]);
    expect(directive('form-action')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy.Override).toBe(true);
  });

  it("connects only to the site, the stage's Cognito endpoint and its chat WebSocket API", () => {
    expect(directive('connect-src')).toEqual(["'self'", 'https://cognito-idp.eu-west-1.amazonaws.com', `wss://<${chatApi.id}>.execute-api.eu-west-1.amazonaws.com`]);
  });

  it('is the WebSocket API the chat routes are on', () => {
    const routes = resourcesOf<{ ApiId: { 'Fn::GetStackOutput': { StackName: string; OutputName: string } } }>(dev.template(dev.stacks.chat), 'AWS::ApiGatewayV2::Route');
    const edgeOutputs = (edge.toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs;
    expect(routes.map((route) => route.Properties.ApiId['Fn::GetStackOutput'].StackName)).toEqual(['CoopLedger-dev-Edge', 'CoopLedger-dev-Edge', 'CoopLedger-dev-Edge']);
    for (const route of routes) expect(edgeOutputs[route.Properties.ApiId['Fn::GetStackOutput'].OutputName].Value).toEqual({ Ref: chatApi.id });
  });

  it("shows images from the site and the stage's files bucket, whose name the Data stack gives it", () => {
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'https://coopledger-dev-files-<AWS::AccountId>-eu-west-1.s3.eu-west-1.amazonaws.com']);
    const buckets = resourcesOf<{ BucketName?: unknown }>(dev.template(dev.stacks.data), 'AWS::S3::Bucket').filter((bucket) => bucket.Properties.BucketName !== undefined);
    expect(buckets.map((bucket) => text(bucket.Properties.BucketName))).toEqual(['coopledger-dev-files-<AWS::AccountId>-eu-west-1']);
  });

  it('adds HSTS, nosniff, no framing, the same-origin referrer policy and a permissions policy', () => {
    const headers = config.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true });
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('same-origin');
    expect(config.CustomHeadersConfig.Items.map((item) => item.Header)).toEqual(['Permissions-Policy']);
    expect(config.CustomHeadersConfig.Items[0].Value).toContain('camera=()');
  });
});

describe('the API origin', () => {
  const edge = dev.template(dev.stacks.edge);

  it("forwards the viewer's address (CloudFront-Viewer-Address) and the bearer token, never the viewer's Host", () => {
    const [request] = resourcesOf<{ OriginRequestPolicyConfig: { HeadersConfig: { HeaderBehavior: string; Headers: string[] } } }>(edge, 'AWS::CloudFront::OriginRequestPolicy');
    const headers = request.Properties.OriginRequestPolicyConfig.HeadersConfig;
    expect(headers.HeaderBehavior).toBe('whitelist');
    expect(headers.Headers).toContain('CloudFront-Viewer-Address');
    expect(headers.Headers.map((header) => header.toLowerCase())).not.toContain('host');
    const [cache] = resourcesOf<{ CachePolicyConfig: { ParametersInCacheKeyAndForwardedToOrigin: { HeadersConfig: { Headers: string[] } } } }>(edge, 'AWS::CloudFront::CachePolicy');
    expect(cache.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers).toEqual(['authorization']);
  });

  it('sends the secret header that every domain function requires, from one Secrets Manager secret', () => {
    const [secret] = resourcesOf(edge, 'AWS::SecretsManager::Secret');
    const [distribution] = resourcesOf<{ DistributionConfig: { Origins: { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] } }>(edge, 'AWS::CloudFront::Distribution');
    const headers = distribution.Properties.DistributionConfig.Origins.flatMap((origin) => origin.OriginCustomHeaders ?? []);
    expect(headers.map((header) => [header.HeaderName, text(header.HeaderValue)])).toEqual([['x-origin-verify', `{{resolve:secretsmanager:<${secret.id}>:SecretString:::}}`]]);

    const edgeOutputs = (edge.toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs;
    const functions = resourcesOf<{ Environment?: { Variables: Record<string, unknown> } }>(dev.template(dev.stacks.api), 'AWS::Lambda::Function');
    const required = functions.filter((fn) => fn.Properties.Environment?.Variables.ORIGIN_VERIFY_SECRET !== undefined);
    expect(required).toHaveLength(DOMAINS.length);
    for (const fn of required) {
      const value = fn.Properties.Environment?.Variables.ORIGIN_VERIFY_SECRET as { 'Fn::Join': [string, unknown[]] };
      const [, [prefix, reference, suffix]] = value['Fn::Join'];
      const output = (reference as { 'Fn::GetStackOutput': { StackName: string; OutputName: string } })['Fn::GetStackOutput'];
      expect([prefix, output.StackName, edgeOutputs[output.OutputName].Value, suffix]).toEqual(['{{resolve:secretsmanager:', 'CoopLedger-dev-Edge', { Ref: secret.id }, ':SecretString:::}}']);
    }
  });
});

describe('the HTTP API CORS', () => {
  const corsOf = (build: typeof dev) =>
    resourcesOf<{ ProtocolType: string; CorsConfiguration?: { AllowOrigins: string[] } }>(build.template(build.stacks.edge), 'AWS::ApiGatewayV2::Api').find(
      (api) => api.Properties.ProtocolType === 'HTTP',
    )?.Properties.CorsConfiguration;

  it('answers no other origin in prod (the site calls the API on its own origin)', () => {
    expect(corsOf(prod)).toBeUndefined();
  });

  it('answers only the local development servers in dev, never any origin', () => {
    expect(corsOf(dev)?.AllowOrigins).toEqual(['http://localhost:3000', 'http://localhost:5173']);
  });
});
