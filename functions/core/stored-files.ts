import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3ForPresigning } from './clients.ts';
import { config } from './config.ts';
import { contentDisposition } from './file-names.ts';

/**
 * Files people upload and download through S3. An uploaded image is known by its first bytes, never
 * by the Content-Type or name the client sends, and is stored under the extension of what it is;
 * a link to a stored file is shown in the browser only when it is such an image, served as that
 * image type. Anything else (PDFs, spreadsheets, and images stored before this check: an SVG logo)
 * is sent as an attachment, so a file holding HTML or script never runs on the bucket's origin.
 */

export type ImageExtension = 'png' | 'jpg' | 'gif' | 'webp';

/** The images the platform shows, by the extension they are stored under. */
export const IMAGE_TYPES: Readonly<Record<ImageExtension, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface SniffedImage {
  extension: ImageExtension;
  contentType: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image a file really is, from its first bytes (PNG, JPEG, GIF, WebP); undefined for anything else (SVG, HTML...).
 */
export function sniffImage(content: Buffer): SniffedImage | undefined {
  const latin1 = (from: number, to: number) => content.subarray(from, to).toString('latin1');
  let extension: ImageExtension | undefined;
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) extension = 'png';
  else if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) extension = 'jpg';
  else if (latin1(0, 6) === 'GIF87a' || latin1(0, 6) === 'GIF89a') extension = 'gif';
  else if (latin1(0, 4) === 'RIFF' && latin1(8, 12) === 'WEBP') extension = 'webp';
  return extension && { extension, contentType: IMAGE_TYPES[extension] };
}

export const isPdf = (content: Buffer) => content.subarray(0, 5).toString('latin1') === '%PDF-';

const extensionOf = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';

/**
 * A short-lived link to a stored file, downloaded as `fileName` (the key's own name by default): a
 * stored image is shown inline as its image type, anything else is an attachment.
 */
export function fileLink(key: string, options: { fileName?: string; expiresIn?: number } = {}): Promise<string> {
  const extension = extensionOf(key);
  const image = (IMAGE_TYPES as Record<string, string | undefined>)[extension];
  const fileName = options.fileName ?? key.split('/').pop() ?? key;
  return getSignedUrl(
    s3ForPresigning(),
    new GetObjectCommand({
      Bucket: config().filesBucket,
      Key: key,
      ResponseContentType: image ?? (extension === 'pdf' ? 'application/pdf' : undefined),
      ResponseContentDisposition: contentDisposition(fileName, image ? 'inline' : 'attachment'),
    }),
    { expiresIn: options.expiresIn ?? 900 },
  );
}
