import { HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage, IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct, IDependable } from 'constructs';
import { ROUTES, routeKey } from '@coopledger/shared/routes';
import type { RouteDef, RouteId } from '@coopledger/shared/routes';
import { HTTP_ACCESS_LOG } from '../edge/access-log.ts';
import type { StageConfig } from '../stage-config.ts';

/**
 * The routes anyone may call without signing in that cost or send something (a Cognito sign-in, a
 * reset code by mail, a pending registration): throttled to the stage's `sensitiveRouteThrottle`,
 * below the stage's default, so a flood of them cannot take the API's whole rate. The WAF's rate
 * rules still limit each address (infra/lib/edge/web-acl.ts).
 */
export const SENSITIVE_ROUTES = [
  'POST /auth/login',
  'PATCH /auth/password-reset',
  'POST /cooperative/pending_members',
] as const satisfies readonly RouteId[];

/** `POST /api/v1/auth/login`: the key API Gateway knows the route by. */
function sensitiveRouteKeys(): string[] {
  return SENSITIVE_ROUTES.map((id) => {
    const route = (ROUTES as readonly RouteDef[]).find((r) => `${r.method} ${r.path}` === id);
    if (!route) throw new Error(`Sensitive route ${id} is not in the route table (shared/src/routes.ts).`);
    return routeKey(route);
  });
}

/**
 * The HTTP API's `$default` stage: auto-deployed, with access logs, the stage's default throttle on
 * every route and the tighter one on SENSITIVE_ROUTES. API Gateway refuses route settings naming a
 * route that does not exist yet, so the stage is made after the routes (`routes`), beside them.
 */
export function addDefaultStage(
  scope: Construct,
  api: IHttpApi,
  stage: StageConfig,
  routes: readonly IDependable[],
): HttpStage {
  const accessLogs = new LogGroup(scope, 'AccessLogs', {
    retention: stage.logRetention,
    removalPolicy: stage.removalPolicy,
  });
  const httpStage = new HttpStage(scope, 'DefaultStage', {
    httpApi: api,
    stageName: '$default',
    // Routes change with the route table; auto deploy publishes them whenever they do.
    autoDeploy: true,
    throttle: stage.apiThrottle,
    accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: HTTP_ACCESS_LOG },
  });
  const { rateLimit, burstLimit } = stage.sensitiveRouteThrottle;
  // RouteSettings is untyped in CloudFormation's schema, so CDK passes it as written: CloudFormation's names.
  (httpStage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
    sensitiveRouteKeys().map((key) => [key, { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }]),
  );
  for (const route of routes) httpStage.node.addDependency(route);
  return httpStage;
}
