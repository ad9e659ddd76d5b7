import { existsSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@coopledger/shared/routes';
import { WEB_DIST } from '../../infra/lib/paths.ts';
import { resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

const dev = synthCoopLedger('dev');
const prod = synthCoopLedger('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

interface DistributionConfig {
  DefaultRootObject: string;
  CustomErrorResponses?: { ErrorCode: number; ErrorCachingMinTTL?: number }[];
  DefaultCacheBehavior: {
    ViewerProtocolPolicy: string;
    FunctionAssociations: unknown[];
    ResponseHeadersPolicyId?: string;
  };
  CacheBehaviors: {
    PathPattern: string;
    CachePolicyId: unknown;
    OriginRequestPolicyId: unknown;
    AllowedMethods: string[];
  }[];
  Origins: { OriginAccessControlId?: unknown }[];
}

describe('stacks', () => {
  it('are named CoopLedger-<stage>-<concern>', () => {
    expect(dev.stackList.map((stack) => stack.stackName)).toEqual(
      ['Auth', 'Firewall', 'Edge', 'Data', 'Api', 'Chat', 'Site', 'Monitoring'].map(
        (concern) => `CoopLedger-dev-${concern}`,
      ),
    );
    expect(prod.stackList.every((stack) => stack.stackName.startsWith('CoopLedger-prod-'))).toBe(true);
  });

  it('name their region but not the account, so synth needs no AWS account; CloudFront’s firewall is in us-east-1', () => {
    for (const stack of dev.stackList) {
      const region = stack === dev.stacks.firewall ? 'us-east-1' : 'eu-west-1';
      expect(stack.environment, stack.stackName).toBe(`aws://unknown-account/${region}`);
    }
  });

  it('stay well inside CloudFormation’s 500-resource limit, the API routes in a nested stack of their own', () => {
    expect(dev.template(dev.stacks.api).findResources('AWS::ApiGatewayV2::Route')).toEqual({});
    expect(Object.keys(dev.template(dev.stacks.api).findResources('AWS::CloudFormation::Stack'))).toHaveLength(1);
    for (const stack of [...dev.stackList, dev.stacks.api.routes]) {
      const count = Object.keys(dev.template(stack).toJSON().Resources as object).length;
      expect(count, stack.stackName).toBeLessThan(400);
    }
  });
});

describe('the CloudFront distribution', () => {
  const template = dev.template(dev.stacks.edge);
  const [distribution] = resourcesOf<{ DistributionConfig: DistributionConfig }>(
    template,
    'AWS::CloudFront::Distribution',
  );
  const config = distribution.Properties.DistributionConfig;

  it('serves index.html from the private bucket through origin access control, over HTTPS', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(config.Origins.some((origin) => origin.OriginAccessControlId !== undefined)).toBe(true);
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('falls back to index.html for client-side routes without touching API errors', () => {
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    // Error responses only keep errors out of the cache; none replaces an error's body.
    for (const response of config.CustomErrorResponses ?? []) {
      expect(response).toEqual({ ErrorCode: response.ErrorCode, ErrorCachingMinTTL: 0 });
    }
  });

  it(`passes ${API_BASE}/* to the API uncached, with every method`, () => {
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === `${API_BASE}/*`);
    const [cachePolicy] = resourcesOf<{ CachePolicyConfig: { DefaultTTL: number; MinTTL: number; MaxTTL: number } }>(
      template,
      'AWS::CloudFront::CachePolicy',
    );
    expect(api?.CachePolicyId).toEqual({ Ref: cachePolicy.id });
    expect(cachePolicy.Properties.CachePolicyConfig).toMatchObject({ DefaultTTL: 0, MinTTL: 0 });
    expect(cachePolicy.Properties.CachePolicyConfig.MaxTTL).toBeLessThanOrEqual(1);
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
  });
});

describe('the HTTP API', () => {
  it('has an auto-deployed $default stage with access logs, made with the routes (their throttles need them)', () => {
    dev.template(dev.stacks.api.routes).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('the chat WebSocket API', () => {
  it('routes $connect, $disconnect and $default to the chat function', () => {
    const keys = resourcesOf<{ RouteKey: string }>(dev.template(dev.stacks.chat), 'AWS::ApiGatewayV2::Route').map(
      (route) => route.Properties.RouteKey,
    );
    expect(keys.sort()).toEqual(['$connect', '$default', '$disconnect']);
  });

  it('authorizes $connect with the token authorizer reading the `token` query parameter', () => {
    const template = dev.template(dev.stacks.chat);
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$connect', AuthorizationType: 'CUSTOM' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
  });
});

describe('the site deployment', () => {
  it('writes config.json with what the web app needs to sign in and call the API', () => {
    const site = dev.stacks.site;
    const config = site.resolve(site.webConfig) as Record<string, unknown>;
    expect(config).toMatchObject({ apiBase: API_BASE, stage: 'dev', region: 'eu-west-1' });
    expect(JSON.stringify(config.userPoolId)).toContain('UserPool');
    expect(JSON.stringify(config.userPoolClientId)).toContain('UserPoolWebClient');
    expect(JSON.stringify(config.websocketUrl)).toContain('wss://');
    dev.template(site).resourceCountIs('Custom::CDKBucketDeployment', existsSync(WEB_DIST) ? 2 : 1);
  });
});
