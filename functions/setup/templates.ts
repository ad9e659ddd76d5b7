import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MAX_TEMPLATE_BYTES } from '@coopledger/shared/schemas/client';
import { s3 } from '#core/clients';
import { config } from '#core/config';
import { invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { objectKeys } from '#core/keys';
import { logger } from '#core/logger';
import type { UploadedFile } from '#core/multipart';
import { createSetup, deleteSetup } from '#core/setup-store';
import { fileLink, sniffImage } from '#core/stored-files';
import { setupRecords } from './setup-entity.ts';

/** Birthday-card templates: images in S3 under the cooperative's prefix, one setup record each (TemplateEntity). */

export async function listTemplates(cooperativeId: string) {
  const records = await setupRecords.template.list(cooperativeId);
  // Ids are time-ordered, so the labels follow upload order.
  return Promise.all(
    records.map(async (r, index) => ({
      id: r.id,
      name: `Template ${String(index + 1).padStart(2, '0')}`,
      image_url: await fileLink(r.object_key),
      created_at: r.created_at,
    })),
  );
}

export async function addTemplate(cooperativeId: string, file: UploadedFile | undefined): Promise<void> {
  if (!file || file.content.length === 0) throw invalid('image_url', 'Please select file');
  if (file.content.length > MAX_TEMPLATE_BYTES) throw invalid('image_url', 'The template must be at most 2 MB');
  // The bytes say what the file is, not the type the client named.
  const image = sniffImage(file.content);
  if (!image) throw invalid('image_url', 'The template must be an image (JPEG, PNG, GIF or WebP)');
  const key = objectKeys.birthdayTemplate(cooperativeId, newId(), image.extension);
  await s3().send(
    new PutObjectCommand({
      Bucket: config().filesBucket,
      Key: key,
      Body: file.content,
      ContentType: image.contentType,
    }),
  );
  await createSetup(cooperativeId, 'TEMPLATE', {
    object_key: key,
    content_type: image.contentType,
    size: file.content.length,
  });
}

export async function removeTemplate(cooperativeId: string, id: string): Promise<void> {
  const record = await setupRecords.template.get(cooperativeId, id);
  if (!record) throw notFound('Template');
  await deleteSetup(cooperativeId, 'TEMPLATE', id);
  // The record is gone first: an image left behind is invisible, a record without its image is not.
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config().filesBucket, Key: record.object_key }))
    .catch((error: unknown) => logger.warn('could not delete a template image', { key: record.object_key, error }));
}
