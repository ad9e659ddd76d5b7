import { Validations } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE, DOMAINS, ROUTES } from '@coopledger/shared/routes';
import { resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

const dev = synthCoopLedger('dev');
const prod = synthCoopLedger('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

/**
 * A CloudFormation string as text: `Fn::Join` flattened, `{ Ref: X }` written `<X>`, `{ Fn::GetAtt: [X, A] }` written
 * `<X.A>`.
 */
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
  ManagedRuleGroupStatement?: {
    VendorName: string;
    Name: string;
    RuleActionOverrides?: { Name: string; ActionToUse: Record<string, unknown> }[];
  };
  RateBasedStatement?: {
    AggregateKeyType: string;
    Limit: number;
    EvaluationWindowSec: number;
    ScopeDownStatement: ScopeDown;
  };
}
interface ByteMatch {
  FieldToMatch: { UriPath?: object; SingleHeader?: { Name: string } };
  PositionalConstraint: string;
  SearchString: string;
  TextTransformations: { Type: string }[];
}
interface RegexMatch {
  FieldToMatch: { UriPath?: object };
  RegexString: string;
  TextTransformations: { Priority: number; Type: string }[];
}
interface Match {
  ByteMatchStatement?: ByteMatch;
  RegexMatchStatement?: RegexMatch;
}
interface ScopeDown extends Match {
  OrStatement?: { Statements: Match[] };
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
const statementsOf = (scope: ScopeDown): Match[] => (scope.OrStatement ? scope.OrStatement.Statements : [scope]);
const matches = (scope: ScopeDown): ByteMatch[] =>
  statementsOf(scope).map((statement) => statement.ByteMatchStatement as ByteMatch);

/**
 * What AWS WAF does to a path before matching (only the transformations these rules use): URL_DECODE
 * decodes %xx; NORMALIZE_PATH drops repeated slashes and `.` segments and resolves `..`; LOWERCASE.
 */
const TRANSFORM: Record<string, (text: string) => string> = {
  URL_DECODE: (text) => text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  NORMALIZE_PATH: (text) => {
    const segments: string[] = [];
    for (const segment of text.split('/')) {
      if (segment === '..') segments.pop();
      else if (segment !== '' && segment !== '.') segments.push(segment);
    }
    return `/${segments.join('/')}${text.endsWith('/') && segments.length > 0 ? '/' : ''}`;
  },
  LOWERCASE: (text) => text.toLowerCase(),
};

/** Whether a path rule's scope-down statement matches a request path, as AWS WAF would evaluate it. */
function pathMatches(scope: ScopeDown, path: string): boolean {
  return statementsOf(scope).some(({ RegexMatchStatement: regex }) => {
    if (!regex) throw new Error('Not a regex match');
    const transformed = [...regex.TextTransformations]
      .sort((a, b) => a.Priority - b.Priority)
      .reduce((text, { Type }) => TRANSFORM[Type](text), path);
    return new RegExp(regex.RegexString).test(transformed);
  });
}
const managedGroups = (acl: WebAcl) =>
  acl.Rules.flatMap((rule) =>
    rule.Statement.ManagedRuleGroupStatement ? [rule.Statement.ManagedRuleGroupStatement] : [],
  );
const rateRule = (acl: WebAcl, name: string) => {
  const rule = acl.Rules.find((candidate) => candidate.Name === name);
  if (!rule?.Statement.RateBasedStatement) throw new Error(`No rate rule ${name}`);
  return { rule, rate: rule.Statement.RateBasedStatement };
};

const MANAGED = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
];

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
    for (const group of groups.filter((g) => g.Name !== 'AWSManagedRulesCommonRuleSet'))
      expect(group.RuleActionOverrides).toBeUndefined();
  });

  it.each([
    ['SignIn', ['/api/v1/auth/login']],
    ['PasswordReset', ['/api/v1/auth/password-reset']],
    [
      'Registration',
      [
        '/api/v1/cooperative/pending_members',
        '/api/v1/cooperative/pending_members/get-cooperative',
        '/api/v1/cooperative/pending_members/get-department',
      ],
    ],
  ])('blocks an address that floods %s, counted on its paths and no other route', (name, paths) => {
    const { rule, rate } = rateRule(acl.Properties, name);
    expect(rule.Action).toEqual({ Block: {} });
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(rate.Limit).toBeGreaterThanOrEqual(10);
    expect(rate.Limit).toBeLessThanOrEqual(100);
    for (const statement of statementsOf(rate.ScopeDownStatement))
      expect(statement.RegexMatchStatement?.FieldToMatch).toEqual({ UriPath: {} });
    for (const path of paths) expect(pathMatches(rate.ScopeDownStatement, path), path).toBe(true);
    const others = [...new Set(ROUTES.map((route) => `${API_BASE}${route.path}`))].filter(
      (path) => !paths.includes(path),
    );
    for (const path of [...others, `${paths[0]}x`, `${paths[0]}/x`, '/api/v1/auth'])
      expect(pathMatches(rate.ScopeDownStatement, path), path).toBe(false);
  });

  it.each(['/api/v1/auth/login', '/api/v1/cooperative/pending_members/get-cooperative'])(
    'counts %s however it is spelled: trailing slashes, case, encoding, extra segments',
    (path) => {
      const rule = acl.Properties.Rules.find(
        (candidate) =>
          candidate.Statement.RateBasedStatement &&
          pathMatches(candidate.Statement.RateBasedStatement.ScopeDownStatement, path),
      );
      const scope = rule?.Statement.RateBasedStatement?.ScopeDownStatement as ScopeDown;
      const encoded = path.replace(/o/g, '%6F');
      const spellings = [
        `${path}/`,
        `${path}//`,
        path.toUpperCase(),
        `${path.toUpperCase()}/`,
        encoded,
        encoded.replace(/%6F/g, '%6f'),
        path.replace('/api/v1/', '//api/./v1//'),
        path.replace('/v1/', '/v1/x/../'),
      ];

      expect(rule).toBeDefined();
      for (const spelling of spellings) expect(pathMatches(scope, spelling), spelling).toBe(true);
      for (const statement of statementsOf(scope)) {
        expect(statement.RegexMatchStatement?.TextTransformations.map((t) => t.Type)).toEqual([
          'URL_DECODE',
          'NORMALIZE_PATH',
          'LOWERCASE',
        ]);
        // AWS WAF's regexes take no capturing groups (nor lookarounds).
        expect(statement.RegexMatchStatement?.RegexString).not.toMatch(/\((?!\?:)/);
      }
    },
  );

  it('is attached to the distribution, read across regions from the Firewall stack', () => {
    const firewall = dev.template(dev.stacks.firewall).toJSON() as { Outputs: Record<string, { Value: unknown }> };
    const [distribution] = resourcesOf<{
      DistributionConfig: {
        WebACLId: { 'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string } };
      };
    }>(dev.template(dev.stacks.edge), 'AWS::CloudFront::Distribution');
    const reference = distribution.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput'];
    expect(reference).toMatchObject({ StackName: 'CoopLedger-dev-Firewall', Region: 'us-east-1' });
    expect(firewall.Outputs[reference.OutputName].Value).toEqual({ 'Fn::GetAtt': [acl.id, 'Arn'] });
  });

  it('replaces the cdk-nag exemption the distribution had for lacking a WAF (AwsSolutions-CFR2)', () => {
    const acknowledged = dev.stacks.edge.node
      .findAll()
      .flatMap((construct) =>
        construct.node.metadata.filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY),
      )
      .flatMap((entry) => Object.keys(entry.data as Record<string, unknown>));
    expect(acknowledged).not.toContain('AwsSolutions-CFR2');
  });
});

describe('the user pool web ACL', () => {
  const edge = dev.template(dev.stacks.edge);
  const [acl] = webAclsOf(edge);

  it('is a REGIONAL web ACL associated with the Cognito user pool', () => {
    expect(acl.Properties.Scope).toBe('REGIONAL');
    const [association] = resourcesOf<{
      ResourceArn: { 'Fn::GetStackOutput': { StackName: string; OutputName: string } };
      WebACLArn: unknown;
    }>(edge, 'AWS::WAFv2::WebACLAssociation');
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

  it("limits the browser's sign-ins (InitiateAuth) per address", () => {
    const { rule, rate } = rateRule(acl.Properties, 'SignIn');
    expect(rule.Action).toEqual({ Block: {} });
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(rate.Limit).toBeLessThanOrEqual(100);
    const scope = matches(rate.ScopeDownStatement);
    expect(scope.map((match) => match.SearchString)).toEqual(['awscognitoidentityproviderservice.initiateauth']);
    expect(scope[0]).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
      PositionalConstraint: 'EXACTLY',
    });
    expect(scope[0].TextTransformations.map((t) => t.Type)).toEqual(['LOWERCASE']);
  });

  it("never counts the calls the API's functions make from their shared addresses (sign-in, password reset)", () => {
    const rates = acl.Properties.Rules.flatMap((rule) =>
      rule.Statement.RateBasedStatement ? [rule.Statement.RateBasedStatement] : [],
    );
    const counted = rates.flatMap((rate) => matches(rate.ScopeDownStatement).map((match) => match.SearchString));

    for (const operation of ['AdminInitiateAuth', 'ForgotPassword', 'ConfirmForgotPassword']) {
      expect(counted).not.toContain(`awscognitoidentityproviderservice.${operation.toLowerCase()}`);
    }
  });
});

describe("the API's sign-in to the user pool", () => {
  it('is allowed by the app client (ADMIN_USER_PASSWORD_AUTH) and granted to the functions that sign in', () => {
    const [client] = resourcesOf<{ ExplicitAuthFlows: string[] }>(
      dev.template(dev.stacks.auth),
      'AWS::Cognito::UserPoolClient',
    );
    expect(client.Properties.ExplicitAuthFlows).toContain('ALLOW_ADMIN_USER_PASSWORD_AUTH');
    const policies = resourcesOf<{ PolicyDocument: { Statement: { Action: string | string[] }[] } }>(
      dev.template(dev.stacks.api),
      'AWS::IAM::Policy',
    );
    const actions = policies.flatMap((policy) =>
      policy.Properties.PolicyDocument.Statement.flatMap((statement) => [statement.Action].flat()),
    );
    expect(actions).toContain('cognito-idp:AdminInitiateAuth');
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
  const [chatApi] = resourcesOf<{ ProtocolType: string }>(edge, 'AWS::ApiGatewayV2::Api').filter(
    (api) => api.Properties.ProtocolType === 'WEBSOCKET',
  );

  it('is sent with the site and the API', () => {
    const [distribution] = resourcesOf<{
      DistributionConfig: {
        DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
        CacheBehaviors: { ResponseHeadersPolicyId: unknown }[];
      };
    }>(edge, 'AWS::CloudFront::Distribution');
    const { DefaultCacheBehavior, CacheBehaviors } = distribution.Properties.DistributionConfig;
    for (const behavior of [DefaultCacheBehavior, ...CacheBehaviors])
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policy.id });
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
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://cognito-idp.eu-west-1.amazonaws.com',
      `wss://<${chatApi.id}>.execute-api.eu-west-1.amazonaws.com`,
    ]);
  });

  it('is the WebSocket API the chat routes are on', () => {
    const routes = resourcesOf<{ ApiId: { 'Fn::GetStackOutput': { StackName: string; OutputName: string } } }>(
      dev.template(dev.stacks.chat),
      'AWS::ApiGatewayV2::Route',
    );
    const edgeOutputs = (edge.toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs;
    expect(routes.map((route) => route.Properties.ApiId['Fn::GetStackOutput'].StackName)).toEqual([
      'CoopLedger-dev-Edge',
      'CoopLedger-dev-Edge',
      'CoopLedger-dev-Edge',
    ]);
    for (const route of routes)
      expect(edgeOutputs[route.Properties.ApiId['Fn::GetStackOutput'].OutputName].Value).toEqual({ Ref: chatApi.id });
  });

  it("shows images from the site and the stage's files bucket, whose name the Data stack gives it", () => {
    expect(directive('img-src')).toEqual([
      "'self'",
      'data:',
      'https://coopledger-dev-files-<AWS::AccountId>-eu-west-1.s3.eu-west-1.amazonaws.com',
    ]);
    const buckets = resourcesOf<{ BucketName?: unknown }>(dev.template(dev.stacks.data), 'AWS::S3::Bucket').filter(
      (bucket) => bucket.Properties.BucketName !== undefined,
    );
    expect(buckets.map((bucket) => text(bucket.Properties.BucketName))).toEqual([
      'coopledger-dev-files-<AWS::AccountId>-eu-west-1',
    ]);
  });

  it('adds HSTS, nosniff, no framing, the same-origin referrer policy and a permissions policy', () => {
    const headers = config.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
    });
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
    const [request] = resourcesOf<{
      OriginRequestPolicyConfig: { HeadersConfig: { HeaderBehavior: string; Headers: string[] } };
    }>(edge, 'AWS::CloudFront::OriginRequestPolicy');
    const headers = request.Properties.OriginRequestPolicyConfig.HeadersConfig;
    expect(headers.HeaderBehavior).toBe('whitelist');
    expect(headers.Headers).toContain('CloudFront-Viewer-Address');
    expect(headers.Headers.map((header) => header.toLowerCase())).not.toContain('host');
    const [cache] = resourcesOf<{
      CachePolicyConfig: { ParametersInCacheKeyAndForwardedToOrigin: { HeadersConfig: { Headers: string[] } } };
    }>(edge, 'AWS::CloudFront::CachePolicy');
    expect(cache.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers).toEqual([
      'authorization',
    ]);
  });

  it('sends the secret header that every domain function requires, from one Secrets Manager secret', () => {
    const [secret] = resourcesOf(edge, 'AWS::SecretsManager::Secret');
    const [distribution] = resourcesOf<{
      DistributionConfig: { Origins: { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] };
    }>(edge, 'AWS::CloudFront::Distribution');
    const headers = distribution.Properties.DistributionConfig.Origins.flatMap(
      (origin) => origin.OriginCustomHeaders ?? [],
    );
    expect(headers.map((header) => [header.HeaderName, text(header.HeaderValue)])).toEqual([
      ['x-origin-verify', `{{resolve:secretsmanager:<${secret.id}>:SecretString:::}}`],
    ]);

    const edgeOutputs = (edge.toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs;
    const functions = resourcesOf<{ Environment?: { Variables: Record<string, unknown> } }>(
      dev.template(dev.stacks.api),
      'AWS::Lambda::Function',
    );
    const required = functions.filter((fn) => fn.Properties.Environment?.Variables.ORIGIN_VERIFY_SECRET !== undefined);
    expect(required).toHaveLength(DOMAINS.length);
    for (const fn of required) {
      const value = fn.Properties.Environment?.Variables.ORIGIN_VERIFY_SECRET as { 'Fn::Join': [string, unknown[]] };
      const [, [prefix, reference, suffix]] = value['Fn::Join'];
      const output = (reference as { 'Fn::GetStackOutput': { StackName: string; OutputName: string } })[
        'Fn::GetStackOutput'
      ];
      expect([prefix, output.StackName, edgeOutputs[output.OutputName].Value, suffix]).toEqual([
        '{{resolve:secretsmanager:',
        'CoopLedger-dev-Edge',
        { Ref: secret.id },
        ':SecretString:::}}',
      ]);
    }
  });
});

describe('the HTTP API CORS', () => {
  const corsOf = (build: typeof dev) =>
    resourcesOf<{ ProtocolType: string; CorsConfiguration?: { AllowOrigins: string[] } }>(
      build.template(build.stacks.edge),
      'AWS::ApiGatewayV2::Api',
    ).find((api) => api.Properties.ProtocolType === 'HTTP')?.Properties.CorsConfiguration;

  it('answers no other origin in prod (the site calls the API on its own origin)', () => {
    expect(corsOf(prod)).toBeUndefined();
  });

  it('answers only the local development servers in dev, never any origin', () => {
    expect(corsOf(dev)?.AllowOrigins).toEqual(['http://localhost:3000', 'http://localhost:5173']);
  });

  it('gives every domain function the key that signs list cursors, from a Secrets Manager secret of the API stack', () => {
    const api = dev.template(dev.stacks.api);
    const secrets = resourcesOf<{ GenerateSecretString: { PasswordLength: number } }>(
      api,
      'AWS::SecretsManager::Secret',
    );
    const cursorKey = secrets.find((secret) => secret.id.startsWith('CursorKey'));
    expect(cursorKey?.Properties.GenerateSecretString.PasswordLength).toBe(48);
    const functions = resourcesOf<{ Environment?: { Variables: Record<string, unknown> } }>(
      api,
      'AWS::Lambda::Function',
    );
    const signing = functions.filter((fn) => fn.Properties.Environment?.Variables.CURSOR_KEY !== undefined);
    expect(signing).toHaveLength(DOMAINS.length);
    for (const fn of signing)
      expect(text(fn.Properties.Environment?.Variables.CURSOR_KEY)).toBe(
        `{{resolve:secretsmanager:<${cursorKey?.id}>:SecretString:::}}`,
      );
  });
});
