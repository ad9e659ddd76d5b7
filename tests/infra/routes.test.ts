import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '@coopledger/shared/routes';
import type { RouteDef } from '@coopledger/shared/routes';
import { resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

interface RouteProps {
  RouteKey: string;
  AuthorizationType?: string;
  AuthorizerId?: unknown;
  Target: unknown;
}

const synth = synthCoopLedger('dev');
afterAll(() => synth.cleanup());

const routes = resourcesOf<RouteProps>(synth.template(synth.stacks.api.routes), 'AWS::ApiGatewayV2::Route');
const routeByKey = new Map(routes.map((route) => [route.Properties.RouteKey, route.Properties]));
const [authorizer] = resourcesOf<{
  AuthorizerType: string;
  JwtConfiguration: { Issuer: unknown; Audience: unknown[] };
}>(synth.template(synth.stacks.edge), 'AWS::ApiGatewayV2::Authorizer');
const table = ROUTES as readonly RouteDef[];
const publicRoutes = table.filter((route) => route.roles === 'public').map((route) => [routeKey(route)]);
const protectedRoutes = table.filter((route) => route.roles !== 'public').map((route) => [routeKey(route)]);

describe('HTTP API routes generated from the route table', () => {
  it('creates exactly one API Gateway route per route table entry', () => {
    // Assess
    expect(routes).toHaveLength(table.length);
    expect([...routeByKey.keys()].sort()).toEqual(table.map(routeKey).sort());
  });

  it('has one Cognito JWT authorizer whose audience is the web client', () => {
    // Assess
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.');
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Audience)).toContain('UserPoolWebClient');
  });

  it.each(protectedRoutes)('%s requires the JWT authorizer', (key) => {
    // Act
    const route = routeByKey.get(key);
    // Assess
    expect(route?.AuthorizationType).toBe('JWT');
    expect(JSON.stringify(route?.AuthorizerId)).toContain(authorizer.id);
  });

  it.each(publicRoutes)('%s is public, with no authorizer', (key) => {
    // Act
    const route = routeByKey.get(key);
    // Assess
    expect(route?.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(route?.AuthorizerId).toBeUndefined();
  });

  it("sends each route to its domain's integration", () => {
    // Prepare
    const integrationOf = (key: string): string => JSON.stringify(routeByKey.get(key)?.Target);
    // Assess
    for (const route of table) {
      const sameDomain = table.filter((other) => other.domain === route.domain).map(routeKey);
      const otherDomain = table.filter((other) => other.domain !== route.domain).map(routeKey);
      expect(new Set(sameDomain.map(integrationOf)).size).toBe(1);
      expect(otherDomain.map(integrationOf)).not.toContain(integrationOf(routeKey(route)));
    }
  });
});
