import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Domain, RouteDef } from '@coopledger/shared/routes';
import { routeKey, routesOf } from '@coopledger/shared/routes';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { activityAmount, activityWords } from '@coopledger/shared/activity-words';
import { auditSubject } from '@coopledger/shared/audit';
import { withActivity } from './activity.ts';
import { withAudit } from './audit.ts';
import { table as tableName, writeOne } from './db.ts';
import type { RulesSource } from './cooperative-rules.ts';
import { cooperativeRules, rulesOf, withRules } from './cooperative-rules.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import type { RouteResult } from './http.ts';
import { render, renderError, renderInternalError } from './http.ts';
import type { Identity } from './identity.ts';
import { identityFromClaims } from './identity.ts';
import { logger } from './logger.ts';
import { countError, logContext, observability } from './observability.ts';
import type { UploadedFile } from './multipart.ts';
import { assertThroughCloudFront } from './origin-verify.ts';
import type { ApiEvent } from './request.ts';
import { parseInput } from './request.ts';
import { assertActive, resolveTenant } from './tenant.ts';
import { viewerAddress } from './viewer.ts';
import { assertAccess } from '../roles/access-grid.ts';
import { routeAccessKind } from '@coopledger/shared/access-defaults';

export interface RequestContext {
  event: ApiEvent;
  route: RouteDef;
  query: Record<string, string>;
  body: Record<string, unknown>;
  files: Record<string, UploadedFile>;
  identity: Identity | null;
  /** The cooperative acted in ('cooperative' routes), the caller's own tenant ('self'), PLATFORM, or null (public). */
  tenant: string | null;
  requestId: string;
  /**
   * The viewer's address: CloudFront's CloudFront-Viewer-Address, else the connection's source
   * (functions/core/viewer.ts).
   */
  sourceIp: string;
}

/** For routes that need a signed-in caller and a tenant (every non-public route). */
export function signedIn(ctx: RequestContext): { identity: Identity; tenant: string } {
  if (!ctx.identity || !ctx.tenant) throw unauthorized();
  return { identity: ctx.identity, tenant: ctx.tenant };
}

export type RouteHandler = (ctx: RequestContext) => Promise<RouteResult>;
export type RouteHandlers = Record<string, RouteHandler>;

/** `"POST /auth/login"`: how a domain names its routes (method and path as in the route table). */
export const routeName = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

async function dispatch(
  domain: Domain,
  table: Map<string, { route: RouteDef; handle: RouteHandler }>,
  event: ApiEvent,
) {
  logContext({ request_id: event.requestContext.requestId, route: event.routeKey });
  assertThroughCloudFront(event.headers);
  const entry = table.get(event.routeKey);
  if (!entry) throw new AppError('NOT_FOUND', 'Route not found');
  const { route, handle } = entry;

  const claims = event.requestContext.authorizer?.jwt?.claims;
  const identity = route.roles === 'public' ? null : identityFromClaims(claims);
  logContext({ user: identity?.loginId, role: identity?.role, cooperative: identity?.tenant });
  let ownCooperative: RulesSource | undefined;
  if (route.roles !== 'public') {
    // API Gateway's authorizer already refused a missing or bad token; this guards a misconfiguration.
    if (!identity) throw unauthorized();
    if (!route.roles.includes(identity.role)) throw forbidden();
    ownCooperative = await assertActive(identity);
    // The Role Access grid narrows what the route table admits (super-admin is never restricted).
    if (route.resource) await assertAccess(identity, route.resource, routeAccessKind(route));
  }
  const input = await parseInput(event, route.ids);
  const tenant = await resolveTenant(route, identity, input.query, input.body);
  logContext({ cooperative: tenant });
  logger.debug('request');
  // Whatever may change something runs under the cooperative's amount limit and opening date, which
  // the shared field parsers apply to every amount and posting date (functions/core/cooperative-rules.ts).
  // The caller's own cooperative was read with their user record; super-admin's is read here.
  const changes = route.method !== 'GET' && tenant && tenant !== PLATFORM_TENANT;
  const rules = changes
    ? ownCooperative && tenant === identity?.tenant
      ? rulesOf(ownCooperative)
      : await cooperativeRules(tenant)
    : undefined;
  const work = () =>
    withRules(
      rules,
      () =>
        handle({
          event,
          route,
          ...input,
          identity,
          tenant,
          requestId: event.requestContext.requestId,
          sourceIp: viewerAddress(event),
        }),
      rules ? (tenant ?? undefined) : undefined,
    );
  // Reads are not activity; changes are, for the person's Activity list and the audit trail.
  if (!identity || route.method === 'GET') return work();
  const subject = auditSubject(route);
  const given = (name: string) => {
    const value = input.body[name] ?? input.query[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const audited = () =>
    withAudit(
      {
        tenant: tenant ?? identity.tenant,
        user: identity.loginId,
        role: identity.role,
        userTenant: identity.tenant,
        requestId: event.requestContext.requestId,
        ip: viewerAddress(event),
        userAgent: event.headers['user-agent'] ?? '',
        route: routeName(route),
        ...subject,
        ids: (route.ids ?? []).map((name): [string, string] => [name, given(name)]),
        recordAlways: subject.action === 'password',
      },
      work,
      (item) => writeOne({ Put: { TableName: tableName(), Item: item } }).then(() => undefined),
    );
  const amount = activityAmount(input.body);
  return withActivity(
    identity.tenant,
    identity.loginId,
    {
      action: activityWords(route.method, route.path, amount),
      method: route.method,
      path: route.path,
      ...(amount ? { amount } : {}),
      cooperative_id: tenant && tenant !== 'PLATFORM' ? tenant : null,
    },
    audited,
  );
}

/**
 * A domain's Lambda handler: a thin router over the domain's routes in the shared table. Every route
 * of the domain must have a handler and every handler a route, checked when the module loads.
 */
export function domainHandler(domain: Domain, handlers: RouteHandlers) {
  const routes = routesOf(domain);
  const table = new Map<string, { route: RouteDef; handle: RouteHandler }>();
  for (const route of routes) {
    const handle = handlers[routeName(route)];
    if (!handle) throw new Error(`Domain ${domain} has no handler for ${routeName(route)}`);
    table.set(routeKey(route), { route, handle });
  }
  const extra = Object.keys(handlers).filter((name) => !routes.some((r) => routeName(r) === name));
  if (extra.length > 0)
    throw new Error(`Domain ${domain} handles routes missing from the route table: ${extra.join(', ')}`);

  const base = async (event: ApiEvent, _context: Context): Promise<APIGatewayProxyStructuredResultV2> =>
    render(await dispatch(domain, table, event));

  // Observability first: its onError runs last, after the error below is logged and counted.
  return middy<ApiEvent, APIGatewayProxyStructuredResultV2>(base)
    .use(observability(domain))
    .use({
      onError: (request: middy.Request<ApiEvent, APIGatewayProxyStructuredResultV2>) => {
        const { error } = request;
        if (error instanceof AppError) {
          countError(error.code, domain);
          if (error.statusCode >= 500) logger.error('request failed', { error });
          request.response = renderError(error);
          return;
        }
        countError('INTERNAL', domain);
        logger.error('unexpected error', { error });
        request.response = renderInternalError();
      },
    });
}
