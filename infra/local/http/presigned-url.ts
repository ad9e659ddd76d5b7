import { timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Checks an S3 presigned URL (SigV4 in the query string) the way S3 does, by signing the same
 * request again with the key that made it and comparing. s3rver ignores V4 signatures, so the
 * local file server asks this before passing anything on.
 */
export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface PresignedRequest {
  method: string;
  /** The path exactly as received, still percent-encoded. */
  path: string;
  /** The query string as received, without `?`. */
  query: string;
  /** The Host header the request came with (it is signed). */
  host: string | undefined;
}

export type Verdict =
  | { ok: true; query: Map<string, string> }
  | {
      ok: false;
      code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'AuthorizationQueryParametersError';
      message: string;
    };

/** S3 allows at most 7 days, and refuses a request dated more than 15 minutes ahead of its clock. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const MAX_CLOCK_SKEW_MS = 15 * 60_000;
const AUTH_PARAMETERS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
] as const;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

const refuse = (code: Extract<Verdict, { ok: false }>['code'], message: string): Verdict => ({
  ok: false,
  code,
  message,
});

/** Query parameters, decoded; undefined when one is malformed or named twice. */
function parseQuery(query: string): Map<string, string> | undefined {
  const parameters = new Map<string, string>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    try {
      const name = decodeURIComponent(equals < 0 ? part : part.slice(0, equals));
      const value = equals < 0 ? '' : decodeURIComponent(part.slice(equals + 1));
      if (parameters.has(name)) return undefined;
      parameters.set(name, value);
    } catch {
      return undefined;
    }
  }
  return parameters;
}

function parseAmzDate(value: string): Date | undefined {
  const match = AMZ_DATE.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Rejects 20261332T...: Date.UTC would roll it over into a real date.
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '') === value ? date : undefined;
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `request` carries a valid, unexpired presigned-URL signature made with `key`. */
export async function verifyPresignedUrl(
  request: PresignedRequest,
  key: SigningKey,
  now = new Date(),
): Promise<Verdict> {
  const query = parseQuery(request.query);
  if (!query) return refuse('AuthorizationQueryParametersError', 'The query string is malformed.');
  if (AUTH_PARAMETERS.every((name) => !query.has(name))) return refuse('AccessDenied', 'Access Denied');
  const missing = AUTH_PARAMETERS.find((name) => !query.get(name));
  if (missing)
    return refuse(
      'AuthorizationQueryParametersError',
      `Query-string authentication version 4 requires ${AUTH_PARAMETERS.join(', ')}; ${missing} is missing.`,
    );
  const parameter = (name: (typeof AUTH_PARAMETERS)[number]) => query.get(name) ?? '';

  if (parameter('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return refuse('AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".');
  const signedAt = parseAmzDate(parameter('X-Amz-Date'));
  if (!signedAt)
    return refuse(
      'AuthorizationQueryParametersError',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\".",
    );
  const expires = parameter('X-Amz-Expires');
  if (!/^\d{1,6}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_EXPIRES_SECONDS) {
    return refuse(
      'AuthorizationQueryParametersError',
      `X-Amz-Expires must be between 1 and ${MAX_EXPIRES_SECONDS} seconds.`,
    );
  }
  const [accessKeyId, day, region, service, terminator, ...extra] = parameter('X-Amz-Credential').split('/');
  if (
    extra.length > 0 ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    day !== parameter('X-Amz-Date').slice(0, 8) ||
    region !== key.region
  ) {
    return refuse(
      'AuthorizationQueryParametersError',
      `X-Amz-Credential must be <access key>/<date>/${key.region}/s3/aws4_request.`,
    );
  }
  if (accessKeyId !== key.accessKeyId)
    return refuse('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  // The functions' presigner signs the host alone; a URL that claims other headers was not made there.
  if (parameter('X-Amz-SignedHeaders') !== 'host' || !request.host)
    return refuse(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  if (signedAt.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) return refuse('AccessDenied', 'Request is not yet valid');
  if (now.getTime() > signedAt.getTime() + Number(expires) * 1000) return refuse('AccessDenied', 'Request has expired');

  // Signed again as the SDK's S3 presigner signs: path as sent (S3 does not encode it twice), an unsigned payload.
  const signer = new SignatureV4({
    service: 's3',
    region: key.region,
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const unsigned = Object.fromEntries([...query].filter(([name]) => name !== 'X-Amz-Signature'));
  const expected = await signer.presign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: request.host,
      path: request.path,
      query: unsigned,
      // As the SDK's S3RequestPresigner sets it; the signer moves it to the query.
      headers: { host: request.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    },
    { signingDate: signedAt, expiresIn: Number(expires) },
  );
  const signature = expected.query?.['X-Amz-Signature'];
  if (typeof signature !== 'string' || !sameSignature(parameter('X-Amz-Signature'), signature)) {
    return refuse(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return { ok: true, query };
}
