import type { CORSRule } from '@aws-sdk/client-s3';

/**
 * Browsers upload and download files straight from the bucket through presigned URLs, from the
 * web app's origin, so the bucket must answer CORS for those methods from any origin.
 */
export const FILES_BUCKET_CORS: CORSRule[] = [
  {
    AllowedOrigins: ['*'],
    AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3000,
  },
];

/** The same rules as S3's XML, for s3rver's start-up bucket configuration. */
export function corsXml(rules: readonly CORSRule[]): string {
  const list = (tag: string, values: readonly string[] | undefined) =>
    (values ?? []).map((value) => `<${tag}>${value}</${tag}>`).join('');
  const body = rules
    .map(
      (rule) =>
        `<CORSRule>${list('AllowedOrigin', rule.AllowedOrigins)}${list('AllowedMethod', rule.AllowedMethods)}` +
        `${list('AllowedHeader', rule.AllowedHeaders)}${list('ExposeHeader', rule.ExposeHeaders)}` +
        (rule.MaxAgeSeconds === undefined ? '' : `<MaxAgeSeconds>${rule.MaxAgeSeconds}</MaxAgeSeconds>`) +
        `</CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${body}</CORSConfiguration>`;
}
