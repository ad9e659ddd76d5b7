import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_BASE, ROUTES } from '@coopledger/shared/routes';
import type { RouteDef } from '@coopledger/shared/routes';

/** AWS WAF's evaluation window for every rate rule here: requests are counted per IP over 5 minutes. */
export const RATE_WINDOW_SECONDS = 300;

export interface RateRule {
  name: string;
  /** Requests per IP address per window before further matching requests are blocked. */
  limit: number;
  /** Only requests this statement matches are counted and limited. */
  scopeDown: CfnWebACL.StatementProperty;
}

export interface WebAclProps {
  scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Also the prefix of the CloudWatch metric names. */
  name: string;
  description: string;
  rateRules: readonly RateRule[];
  /**
   * The common rule set blocks bodies over 8 KB; the API takes file uploads (imports, payroll,
   * logos) far larger, so that one rule only counts where uploads pass.
   */
  allowLargeBodies: boolean;
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName };
}

/** The AWS managed rule groups every web ACL here starts with, in evaluation order. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

function managedRule(
  name: (typeof MANAGED_RULE_GROUPS)[number],
  priority: number,
  props: WebAclProps,
): CfnWebACL.RuleProperty {
  const countOnly = name === 'AWSManagedRulesCommonRuleSet' && props.allowLargeBodies ? ['SizeRestrictions_BODY'] : [];
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ruleActionOverrides:
          countOnly.length > 0 ? countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) : undefined,
      },
    },
    visibilityConfig: visibility(`${props.name}-${name}`),
  };
}

function rateRule(rule: RateRule, priority: number, props: WebAclProps): CfnWebACL.RuleProperty {
  return {
    name: rule.name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit: rule.limit,
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        scopeDownStatement: rule.scopeDown,
      },
    },
    visibilityConfig: visibility(`${props.name}-${rule.name}`),
  };
}

/** A web ACL that allows by default and blocks what the managed groups and the rate rules catch. */
export function createWebAcl(scope: Construct, id: string, props: WebAclProps): CfnWebACL {
  const managed = MANAGED_RULE_GROUPS.map((name, index) => managedRule(name, index, props));
  const rates = props.rateRules.map((rule, index) => rateRule(rule, MANAGED_RULE_GROUPS.length + index, props));
  return new CfnWebACL(scope, id, {
    name: props.name,
    description: props.description,
    scope: props.scope,
    defaultAction: { allow: {} },
    rules: [...managed, ...rates],
    visibilityConfig: visibility(props.name),
  });
}

function anyOf(statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty {
  return statements.length === 1 ? statements[0] : { orStatement: { statements } };
}

/**
 * How a request's path is read before the rate rules match it: URL-decoded (API Gateway routes on
 * the decoded path, so `%6Cogin` is `login`), normalized (`//`, `/./` and `/x/../` removed) and
 * lower-cased, so no spelling of a route escapes its limit.
 */
export const PATH_TRANSFORMATIONS: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'NORMALIZE_PATH' },
  { priority: 2, type: 'LOWERCASE' },
];

/** A path as a regular expression of AWS WAF's (PCRE) syntax, its metacharacters escaped. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches requests to these API routes (full paths under the API base), however they are spelled
 * (PATH_TRANSFORMATIONS) and with any trailing slashes. One regex per path: AWS WAF's regexes
 * take no capturing groups.
 */
export function apiPathIs(paths: readonly string[]): CfnWebACL.StatementProperty {
  return anyOf(
    paths.map((path) => ({
      regexMatchStatement: {
        fieldToMatch: { uriPath: {} },
        regexString: `^${literal(path.toLowerCase())}/*$`,
        textTransformations: PATH_TRANSFORMATIONS,
      },
    })),
  );
}

/** Matches Cognito user pool API calls by their operation (`X-Amz-Target: AWSCognitoIdentityProviderService.<op>`). */
export function cognitoOperationIs(operations: readonly string[]): CfnWebACL.StatementProperty {
  return anyOf(
    operations.map((operation) => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'EXACTLY',
        searchString: `awscognitoidentityproviderservice.${operation.toLowerCase()}`,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    })),
  );
}

/** Full paths of the route table's routes that `select` picks; fails the synth if it picks none. */
export function apiPathsOf(what: string, select: (route: RouteDef) => boolean): string[] {
  const paths = (ROUTES as readonly RouteDef[]).filter(select).map((route) => `${API_BASE}${route.path}`);
  if (paths.length === 0)
    throw new Error(`No route in shared/src/routes.ts is ${what}; the rate rule for it would match nothing.`);
  return [...new Set(paths)];
}

/** The public routes a person signs in, resets a password or registers through, from the route table. */
export const SIGN_IN_PATHS = apiPathsOf(
  'the sign-in',
  (route) => route.roles === 'public' && route.path === '/auth/login',
);
export const PASSWORD_RESET_PATHS = apiPathsOf(
  'the password reset',
  (route) => route.roles === 'public' && route.path === '/auth/password-reset',
);
export const REGISTRATION_PATHS = apiPathsOf(
  'public registration',
  (route) => route.roles === 'public' && route.path.startsWith('/cooperative/pending_members'),
);

/**
 * Per IP per 5 minutes. Generous enough for a cooperative's office or a registration drive behind
 * one address, far below what guessing passwords or codes or flooding registrations takes.
 */
export const SITE_RATE_RULES: readonly RateRule[] = [
  { name: 'SignIn', limit: 100, scopeDown: apiPathIs(SIGN_IN_PATHS) },
  { name: 'PasswordReset', limit: 50, scopeDown: apiPathIs(PASSWORD_RESET_PATHS) },
  { name: 'Registration', limit: 100, scopeDown: apiPathIs(REGISTRATION_PATHS) },
];

/**
 * The browser signs in against Cognito directly (InitiateAuth; Amplify 6 refreshes with
 * GetTokensFromRefreshToken, which is not counted), so those calls come from each viewer's own
 * address. The API's sign-in is AdminInitiateAuth and its password reset ForgotPassword and
 * ConfirmForgotPassword, made from the functions, whose addresses every viewer's requests share:
 * they are limited per viewer at CloudFront (SITE_RATE_RULES) and never counted here, or two
 * addresses flooding through CloudFront could get the functions blocked for everyone.
 */
export const USER_POOL_RATE_RULES: readonly RateRule[] = [
  { name: 'SignIn', limit: 100, scopeDown: cognitoOperationIs(['InitiateAuth']) },
];
