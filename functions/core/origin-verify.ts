import { timingSafeEqual } from 'node:crypto';
import { config } from './config.ts';
import { forbidden } from './errors.ts';

/**
 * AWS WAF cannot be attached to an API Gateway HTTP API, so the API must not be reachable except
 * through CloudFront, whose web ACL inspects every request. CloudFront adds this header with a
 * secret value (infra/lib/edge/http-api.ts) and the functions behind the routes, configured with the
 * same value, refuse any request without it: a caller who finds the execute-api address cannot
 * bypass the WAF, nor forge the viewer headers CloudFront sets (CloudFront-Viewer-Address).
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The variable holding the expected value; unset where there is no CloudFront (the local runtime). */
export const ORIGIN_VERIFY_VARIABLE = 'ORIGIN_VERIFY_SECRET';

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** 403 unless the request carries CloudFront's origin-verify header, when the function expects one. */
export function assertThroughCloudFront(headers: Record<string, string | undefined>): void {
  const expected = config().originVerifySecret;
  if (expected === undefined) return;
  const sent = headers[ORIGIN_VERIFY_HEADER];
  if (sent === undefined || !sameSecret(sent, expected))
    throw forbidden('This API is reached only through the CoopLedger site');
}
