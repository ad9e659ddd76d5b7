import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { verifyPresignedUrl, type SigningKey } from './presigned-url.ts';

/**
 * `/s3/<bucket>/<key>` on the app's port: the browser's only way to the files. s3rver accepts any
 * request (it ignores V4 signatures, serves anonymous reads and lists buckets), so it listens on a
 * loopback port nobody is told about, and this passes on a read only when the presigned URL's
 * signature, made with the runtime's own key, checks out.
 */
export interface FileGatewayOptions {
  /** s3rver's own URL (the functions' S3_ENDPOINT). */
  s3Url: string;
  buckets: readonly string[];
  key: SigningKey;
  log: (line: string) => void;
}

/** GetObject's header overrides, which S3 applies to the answer of a signed request. */
const OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-disposition': 'content-disposition',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-cache-control': 'cache-control',
  'response-expires': 'expires',
};
/** What the SDK's presigner puts in a GetObject URL besides the signature and the overrides. */
const PLAIN_PARAMETERS = new Set(['x-id', 'x-amz-checksum-mode']);
/** Conditional and range reads pass on; nothing else the browser sends concerns s3rver. */
const FORWARDED_REQUEST_HEADERS = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'server']);

function sendS3Error(res: ServerResponse, status: number, code: string, message: string): void {
  const requestId = randomUUID();
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</Message><RequestId>${requestId}</RequestId></Error>`;
  res.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': String(Buffer.byteLength(body)),
    'x-amz-request-id': requestId,
  });
  res.end(body);
}

/** `<bucket>/<key>` of an object, still encoded; undefined for the service, a bucket (a listing) or a dot segment. */
function objectPath(subPath: string, buckets: readonly string[]): string | undefined {
  const [bucket, ...key] = subPath.replace(/^\//, '').split('/');
  if (!bucket || !buckets.includes(bucket) || key.length === 0 || key.join('/') === '') return undefined;
  const decoded = key.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '.';
    }
  });
  return decoded.some((segment) => segment === '.' || segment === '..') ? undefined : `${bucket}/${key.join('/')}`;
}

export function createFileGateway(options: FileGatewayOptions) {
  const upstream = new URL(options.s3Url);

  /** `subPath`: the path after `/s3`, without the query. */
  return async (req: IncomingMessage, res: ServerResponse, subPath: string): Promise<void> => {
    const method = req.method ?? 'GET';
    const [path = '', query = ''] = (req.url ?? '').split(/\?(.*)/s);
    if (method !== 'GET' && method !== 'HEAD')
      return sendS3Error(res, 403, 'AccessDenied', 'Files are read here through presigned GET URLs only.');
    const object = objectPath(subPath, options.buckets);
    if (!object) return sendS3Error(res, 403, 'AccessDenied', 'Access Denied');

    const verdict = await verifyPresignedUrl({ method, path, query, host: req.headers.host }, options.key);
    if (!verdict.ok)
      return sendS3Error(
        res,
        verdict.code === 'AuthorizationQueryParametersError' ? 400 : 403,
        verdict.code,
        verdict.message,
      );
    const unexpected = [...verdict.query.keys()].find(
      (name) => !name.startsWith('X-Amz-') && !PLAIN_PARAMETERS.has(name) && !Object.hasOwn(OVERRIDES, name),
    );
    if (unexpected)
      return sendS3Error(
        res,
        403,
        'AccessDenied',
        `Files are read here with GetObject only; ${unexpected} is not one of its parameters.`,
      );

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Anonymous and without the query: s3rver does a plain GetObject; the overrides are applied below.
    const forwarded = httpRequest({
      hostname: upstream.hostname,
      port: upstream.port,
      method,
      path: `/${object}`,
      headers,
    });
    await new Promise<void>((resolve) => {
      forwarded.once('response', (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name) && !name.startsWith('access-control-'))
            out[name] = value;
        }
        if (answer.statusCode !== undefined && answer.statusCode < 300) {
          for (const [parameter, header] of Object.entries(OVERRIDES)) {
            const value = verdict.query.get(parameter);
            if (value !== undefined) out[header] = value;
          }
        }
        try {
          res.writeHead(answer.statusCode ?? 502, out);
        } catch {
          // A signed override that is no valid header value.
          answer.resume();
          sendS3Error(res, 400, 'InvalidArgument', 'A response header override is not a valid header value.');
          return resolve();
        }
        answer.pipe(res);
        answer.once('end', resolve);
        answer.once('error', () => {
          res.destroy();
          resolve();
        });
      });
      forwarded.once('error', (error) => {
        options.log(`File gateway could not reach s3rver: ${error.message}`);
        if (!res.headersSent) sendS3Error(res, 502, 'ServiceUnavailable', 's3rver is not reachable');
        else res.destroy();
        resolve();
      });
      forwarded.end();
    });
  };
}
