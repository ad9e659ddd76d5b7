import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPresignedUrl, type SigningKey } from './presigned-url.ts';

const key: SigningKey = { accessKeyId: 'S3RVER', secretAccessKey: 'a-secret-of-this-runtime', region: 'eu-west-1' };
const client = new S3Client({
  region: key.region,
  endpoint: 'http://127.0.0.1:3000/s3',
  forcePathStyle: true,
  credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
});
const signedAt = new Date('2026-11-25T10:00:00Z');
const bucket = 'coopledger-local-files';

afterAll(() => client.destroy());

function presign(command: GetObjectCommand, options: { secret?: string; expiresIn?: number } = {}): Promise<string> {
  const signer = options.secret
    ? new S3Client({
        region: key.region,
        endpoint: 'http://127.0.0.1:3000/s3',
        forcePathStyle: true,
        credentials: { accessKeyId: key.accessKeyId, secretAccessKey: options.secret },
      })
    : client;
  return getSignedUrl(signer, command, { expiresIn: options.expiresIn ?? 900, signingDate: signedAt });
}

/** The request a browser makes when it opens `url`. */
function opened(url: string, method = 'GET') {
  const parsed = new URL(url);
  return { method, path: parsed.pathname, query: parsed.search.slice(1), host: parsed.host };
}

const at = (minutesAfterSigning: number) => new Date(signedAt.getTime() + minutesAfterSigning * 60_000);
const get = (Key: string, extra: Partial<ConstructorParameters<typeof GetObjectCommand>[0]> = {}) =>
  new GetObjectCommand({ Bucket: bucket, Key, ...extra });

describe('presigned URL verification', () => {
  it('accepts a URL the SDK presigned with the key, names and header overrides included', async () => {
    const url = await presign(
      get('t/COOP1/members/DEMO 0001/form ọ+1.pdf', {
        ResponseContentDisposition: 'inline; filename="form.pdf"',
        ResponseContentType: 'application/pdf',
      }),
    );

    const verdict = await verifyPresignedUrl(opened(url), key, at(1));

    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(verdict.query.get('response-content-disposition')).toBe('inline; filename="form.pdf"');
  });

  it('refuses a URL whose key was edited to read another object', async () => {
    const url = await presign(get('t/COOP1/members/DEMO0001/avatar.png'));

    const verdict = await verifyPresignedUrl(opened(url.replace('t/COOP1/', 't/COOP2/')), key, at(1));

    expect(verdict).toEqual({ ok: false, code: 'SignatureDoesNotMatch', message: expect.any(String) as unknown });
  });

  it('refuses an edited header override and an edited signature', async () => {
    const url = await presign(get('t/COOP1/a.pdf', { ResponseContentDisposition: 'attachment' }));
    const signature = new URL(url).searchParams.get('X-Amz-Signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;

    const inline = await verifyPresignedUrl(
      opened(url.replace('response-content-disposition=attachment', 'response-content-disposition=inline')),
      key,
      at(1),
    );
    const tampered = await verifyPresignedUrl(opened(url.replace(signature, flipped)), key, at(1));

    expect(inline).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(tampered).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a URL signed with another secret, even one with the same access key', async () => {
    const url = await presign(get('t/COOP1/a.pdf'), { secret: 'S3RVER' });

    expect(await verifyPresignedUrl(opened(url), key, at(1))).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a GET URL used for another method', async () => {
    const url = await presign(get('t/COOP1/a.pdf'));

    expect(await verifyPresignedUrl(opened(url, 'PUT'), key, at(1))).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a URL after it expires and before it is dated', async () => {
    const url = await presign(get('t/COOP1/a.pdf'), { expiresIn: 300 });

    expect((await verifyPresignedUrl(opened(url), key, at(4.9))).ok).toBe(true);
    expect(await verifyPresignedUrl(opened(url), key, at(5.1))).toEqual({
      ok: false,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
    expect(await verifyPresignedUrl(opened(url), key, at(-16))).toEqual({
      ok: false,
      code: 'AccessDenied',
      message: 'Request is not yet valid',
    });
  });

  it('refuses an unsigned request, and one missing part of the signature', async () => {
    const url = new URL(await presign(get('t/COOP1/a.pdf')));
    url.searchParams.delete('X-Amz-Date');

    expect(
      await verifyPresignedUrl(
        { method: 'GET', path: `/s3/${bucket}/t/COOP1/a.pdf`, query: '', host: '127.0.0.1:3000' },
        key,
        at(1),
      ),
    ).toEqual({
      ok: false,
      code: 'AccessDenied',
      message: 'Access Denied',
    });
    expect(await verifyPresignedUrl(opened(url.toString()), key, at(1))).toMatchObject({
      ok: false,
      code: 'AuthorizationQueryParametersError',
    });
  });

  it('refuses another access key, another region, and a doubled or malformed parameter', async () => {
    const url = await presign(get('t/COOP1/a.pdf'));
    const { search } = new URL(url);

    expect(
      await verifyPresignedUrl(opened(url.replace('Credential=S3RVER', 'Credential=OTHER')), key, at(1)),
    ).toMatchObject({ ok: false, code: 'InvalidAccessKeyId' });
    expect(await verifyPresignedUrl(opened(url.replace('eu-west-1', 'us-east-1')), key, at(1))).toMatchObject({
      ok: false,
      code: 'AuthorizationQueryParametersError',
    });
    expect(await verifyPresignedUrl(opened(`${url}&x-id=GetObject`), key, at(1))).toMatchObject({
      ok: false,
      code: 'AuthorizationQueryParametersError',
    });
    expect(
      await verifyPresignedUrl({ ...opened(url), query: `${search.slice(1)}&bad=%E0%A4%A` }, key, at(1)),
    ).toMatchObject({ ok: false, code: 'AuthorizationQueryParametersError' });
  });

  it('refuses a URL opened under another host than the one it was signed for', async () => {
    const url = await presign(get('t/COOP1/a.pdf'));

    expect(await verifyPresignedUrl({ ...opened(url), host: 'localhost:3000' }, key, at(1))).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
  });
});
