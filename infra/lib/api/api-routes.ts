import { NestedStack } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { API_BASE, ROUTES } from '@coopledger/shared/routes';
import type { Domain, RouteDef } from '@coopledger/shared/routes';
import type { HttpApiGateway } from '../edge/http-api.ts';
import type { StageConfig } from '../stage-config.ts';
import { addDefaultStage } from './api-stage.ts';
import { acknowledge } from '../nag/acknowledge.ts';
import { pascalCase } from '../names.ts';

/** `POST /auth/login` -> `POST_auth_login` (construct IDs cannot hold a slash). */
export function routeConstructId(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method}${route.path.replaceAll('/', '_')}`;
}

/**
 * One API Gateway route per entry of the shared route table, to its domain's function. Every route
 * that admits roles gets the Cognito JWT authorizer; a 'public' route has none.
 *
 * The `$default` stage follows the routes (api-stage.ts: its per-route throttles need them).
 *
 * The routes and integrations live in a nested stack of their own: the route table has hundreds of
 * entries, and beside the functions, roles, log groups and workflows they would take the API stack
 * towards CloudFormation's 500 resources per stack. The nested stack counts as one resource there.
 */
export function addApiRoutes(
  scope: Construct,
  gateway: HttpApiGateway,
  functions: Record<Domain, IFunction>,
  stage: StageConfig,
): NestedStack {
  const routes = new NestedStack(scope, 'Routes', {
    description: 'CoopLedger HTTP API routes and integrations, from the route table (shared/src/routes.ts)',
  });
  const integrations = new Map<Domain, HttpLambdaIntegration>();
  const integrationOf = (domain: Domain): HttpLambdaIntegration => {
    let integration = integrations.get(domain);
    if (integration === undefined) {
      // One permission per function for the whole API instead of one per route: the route table
      // grows to hundreds of entries and a stack holds at most 500 resources.
      integration = new HttpLambdaIntegration(`${pascalCase(domain)}Integration`, functions[domain], {
        scopePermissionToRoute: false,
      });
      integrations.set(domain, integration);
    }
    return integration;
  };

  const apiRoutes: HttpRoute[] = [];
  for (const route of ROUTES as readonly RouteDef[]) {
    const isPublic = route.roles === 'public';
    const apiRoute = new HttpRoute(routes, routeConstructId(route), {
      httpApi: gateway.api,
      routeKey: HttpRouteKey.with(`${API_BASE}${route.path}`, HttpMethod[route.method]),
      integration: integrationOf(route.domain),
      authorizer: isPublic ? undefined : gateway.authorizer,
    });
    if (isPublic) {
      acknowledge(
        apiRoute,
        'AwsSolutions-APIG4',
        `Public by design in the route table (shared/src/routes.ts): ${route.summary}.`,
      );
    }
    apiRoutes.push(apiRoute);
  }
  addDefaultStage(routes, gateway.api, stage, apiRoutes);
  return routes;
}
