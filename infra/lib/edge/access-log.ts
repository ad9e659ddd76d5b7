import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';

/**
 * JSON access-log lines built only from variables that HTTP and WebSocket APIs support (the REST
 * presets name variables these APIs reject at deploy time).
 */
export function jsonAccessLog(fields: Record<string, string>): AccessLogFormat {
  return AccessLogFormat.custom(JSON.stringify({ requestId: '$context.requestId', ...fields }));
}

export const HTTP_ACCESS_LOG = jsonAccessLog({
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integration.latency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
});

export const WEBSOCKET_ACCESS_LOG = jsonAccessLog({
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
});
