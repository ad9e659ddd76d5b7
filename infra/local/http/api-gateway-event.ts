import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { randomBytes } from 'node:crypto';

/** What API Gateway knows about itself and puts into every event. */
export interface GatewayIdentity {
  accountId: string;
  apiId: string;
}

/** The parts of an HTTP request the event is built from, as received (nothing decoded). */
export interface RequestFacts {
  method: string;
  /** Path and query string as sent, e.g. `/api/v1/banks?page=2`. */
  target: string;
  /** Node's flat name/value list, which keeps duplicates apart. */
  rawHeaders: readonly string[];
  body: Buffer;
  sourceIp: string;
  /** The client's port, for CloudFront-Viewer-Address. */
  remotePort?: number;
  httpVersion: string;
  localPort: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time` format: `12/Mar/2020:19:03:58 +0000`. */
export function gatewayTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

/** Request ids in API Gateway's style, e.g. `JKJaXmPLvHcESHA=`. */
export function gatewayId(): string {
  return randomBytes(10).toString('base64');
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Duplicates are joined with commas, as payload format 2.0 does; undefined when there are none. */
export function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  for (const part of rawQueryString.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = decode(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : decode(part.slice(equals + 1));
    parameters[name] = name in parameters ? `${parameters[name]},${value}` : value;
  }
  return Object.keys(parameters).length > 0 ? parameters : undefined;
}

/** Lower-cased names, duplicates joined with commas; cookies come out separately, as in AWS. */
export function splitHeaders(rawHeaders: readonly string[]): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index].toLowerCase();
    const value = rawHeaders[index + 1];
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter((cookie) => cookie !== ''),
      );
    } else {
      headers[name] = name in headers ? `${headers[name]},${value}` : value;
    }
  }
  return { headers, cookies };
}

/**
 * HTTP APIs pass text bodies as strings and everything else (multipart, octet-stream, forms, no
 * content type) base64-encoded with isBase64Encoded true.
 */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript'
  );
}

/** Payload format 2.0, field for field as an HTTP API with a JWT authorizer sends it. */
export function buildHttpApiEvent(
  request: RequestFacts,
  routeKey: string,
  claims: Record<string, string> | undefined,
  gateway: GatewayIdentity,
  now = new Date(),
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const queryStart = request.target.indexOf('?');
  const rawPath = queryStart < 0 ? request.target : request.target.slice(0, queryStart);
  const rawQueryString = queryStart < 0 ? '' : request.target.slice(queryStart + 1);
  const { headers, cookies } = splitHeaders(request.rawHeaders);

  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${request.sourceIp}`
    : request.sourceIp;
  headers['x-forwarded-port'] = String(request.localPort);
  headers['x-forwarded-proto'] = 'http';
  // The server plays CloudFront too, which names the viewer in this header and overwrites one the
  // client sent; a client-sent value must not choose whose rate limit a request counts against.
  headers['cloudfront-viewer-address'] = `${request.sourceIp}:${request.remotePort ?? 0}`;
  headers['x-amzn-trace-id'] ??=
    `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;

  const host = headers.host ?? 'localhost';
  const requestContext = {
    accountId: gateway.accountId,
    apiId: gateway.apiId,
    ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    domainName: host,
    domainPrefix: host.split('.')[0].split(':')[0],
    http: {
      method: request.method,
      path: rawPath,
      protocol: `HTTP/${request.httpVersion}`,
      sourceIp: request.sourceIp,
      userAgent: headers['user-agent'] ?? '',
    },
    requestId: gatewayId(),
    routeKey,
    stage: '$default',
    time: gatewayTime(now),
    timeEpoch: now.getTime(),
  };

  const hasBody = request.body.length > 0;
  const isBase64Encoded = hasBody && !isTextContentType(headers['content-type']);
  const event = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(rawQueryString ? { queryStringParameters: queryParameters(rawQueryString) } : {}),
    requestContext,
    ...(hasBody ? { body: request.body.toString(isBase64Encoded ? 'base64' : 'utf8') } : {}),
    isBase64Encoded,
  };
  // Public routes carry no authorizer, exactly as in AWS, although the handler type declares one.
  return event as APIGatewayProxyEventV2WithJWTAuthorizer;
}
