import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Envelope, ErrorBody } from '@coopledger/shared/envelope';
import type { AppError } from './errors.ts';
import { contentDisposition } from './file-names.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** What a route returns: a JSON envelope, or a file. */
export type RouteResult =
  | { kind?: 'json'; statusCode?: number; message: string; data: unknown }
  | { kind: 'file'; fileName: string; contentType: string; content: Buffer };

export const ok = (message: string, data: unknown = null, statusCode = 200): RouteResult => ({
  message,
  data,
  statusCode,
});

/** Whether a list or report route is asked for its .xlsx instead of JSON (`download=true` or `1`). */
export const wantsDownload = (query: Record<string, string | undefined>): boolean =>
  query.download === 'true' || query.download === '1';

export function render(result: RouteResult): APIGatewayProxyStructuredResultV2 {
  if (result.kind === 'file') {
    return {
      statusCode: 200,
      headers: {
        'content-type': result.contentType,
        'content-disposition': contentDisposition(result.fileName),
        'cache-control': 'no-store',
      },
      body: result.content.toString('base64'),
      isBase64Encoded: true,
    };
  }
  const body: Envelope<unknown> = { status: true, message: result.message, data: result.data };
  return { statusCode: result.statusCode ?? 200, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

export function renderError(error: AppError): APIGatewayProxyStructuredResultV2 {
  const body: ErrorBody = { status: false, message: error.message, code: error.code, data: null };
  if (error.fields) body.errors = error.fields;
  return { statusCode: error.statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

export function renderInternalError(): APIGatewayProxyStructuredResultV2 {
  const body: ErrorBody = {
    status: false,
    message: 'Something went wrong. Unable to process request',
    code: 'INTERNAL',
    data: null,
  };
  return { statusCode: 500, headers: JSON_HEADERS, body: JSON.stringify(body) };
}
