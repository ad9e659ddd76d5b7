import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ServerResponse } from 'node:http';

/**
 * Payload format 2.0 also accepts a bare string or object: API Gateway then answers 200 with it as
 * a JSON body. A result with a statusCode is taken as the structured form.
 */
export function structuredResult(result: APIGatewayProxyResultV2<unknown>): APIGatewayProxyStructuredResultV2 {
  if (typeof result === 'object' && result !== null && 'statusCode' in result)
    return result as APIGatewayProxyStructuredResultV2;
  const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body };
}

export function writeResult(
  res: ServerResponse,
  result: APIGatewayProxyStructuredResultV2,
  extraHeaders: Record<string, string>,
): void {
  const body =
    result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
  if (body.length > 0) headers['content-type'] ??= 'application/json';
  headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}
