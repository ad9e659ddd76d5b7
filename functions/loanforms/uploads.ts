import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#core/clients';
import { config } from '#core/config';
import { transactWrite } from '#core/db';
import { AppError, invalid } from '#core/errors';
import { newId } from '#core/ids';
import { countChange } from '#core/list-counter-entity';
import { objectKeys } from '#core/keys';
import { removeObject } from '#core/import-files';
import type { UploadedFile } from '#core/multipart';
import { fileLink, isPdf } from '#core/stored-files';
import type { LoanFormRecord } from './loan-form-entity.ts';
import { FORMS_LIST, formPut } from './loan-form-entity.ts';

/** The largest loan form accepted; a scanned form of a few pages fits well within it. */
export const MAX_LOAN_FORM_BYTES = 5 * 1024 * 1024;
/** How long a download link works. */
export const LINK_SECONDS = 300;

export const NO_FILE = 'Please select a file to import';
export const NOT_A_PDF = 'Upload the loan form as one PDF file';
export const TOO_LARGE = 'The loan form must be at most 5 MB';

/**
 * The one PDF of an upload. The type is read from the file's first bytes ('%PDF-'), so a renamed
 * image is refused whatever its name says; the name must say PDF too.
 */
export function checkLoanForm(files: Record<string, UploadedFile>): UploadedFile {
  const given = Object.values(files);
  if (given.length === 0) throw invalid('file', NO_FILE);
  const [file] = given;
  if (given.length > 1 || !file) throw invalid('file', NOT_A_PDF);
  const named = file.fileName.toLowerCase().endsWith('.pdf');
  if (!named || !isPdf(file.content)) throw invalid('file', NOT_A_PDF);
  if (file.content.length > MAX_LOAN_FORM_BYTES) throw new AppError('VALIDATION', TOO_LARGE, { file: TOO_LARGE });
  return file;
}

/** The file's own name without any folder a browser may send with it. */
export const baseName = (fileName: string) =>
  (fileName.split(/[\\/]/).pop() ?? fileName).trim().slice(-200) || 'loan-form.pdf';

/** Stores the PDF, then its record; the object is removed again if the record cannot be written. */
export async function storeLoanForm(
  tenant: string,
  member: { id: string; name: string },
  file: UploadedFile,
  uploadedBy: string,
): Promise<LoanFormRecord> {
  const id = newId();
  const objectKey = objectKeys.loanForm(tenant, member.id, id);
  const form: LoanFormRecord = {
    id,
    cooperative_id: tenant,
    member_id: member.id,
    member_name: member.name,
    file_name: baseName(file.fileName),
    object_key: objectKey,
    size: file.content.length,
    uploaded_by: uploadedBy,
    created_at: new Date().toISOString(),
  };
  const bucket = config().filesBucket;
  await s3().send(
    new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: file.content, ContentType: 'application/pdf' }),
  );
  try {
    await transactWrite([formPut(form), countChange(tenant, FORMS_LIST, 1)]);
  } catch (error) {
    await removeObject(objectKey, 'the object of an unrecorded loan form');
    throw error;
  }
  return form;
}

/**
 * A short-lived link that downloads the PDF (an attachment: it is a file someone uploaded) under the name it was
 * uploaded with.
 */
export const formLink = (form: LoanFormRecord): Promise<string> =>
  fileLink(form.object_key, { fileName: form.file_name, expiresIn: LINK_SECONDS });
