import busboy from 'busboy';
import { AppError, badRequest } from './errors.ts';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * Parses a multipart/form-data body as API Gateway hands it over (base64) with busboy. The body is
 * bounded by API Gateway's 10 MB payload limit, so it is parsed whole and no field is truncated; a
 * form with more than `maxParts` fields and files is refused. An empty file input (no file name, no
 * content) is ignored; a later part with a name already seen replaces the earlier one.
 */
export async function parseMultipart(body: Buffer, contentType: string, maxParts = Infinity): Promise<MultipartBody> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as UTF-8 bytes; filename* (RFC 5987) names its own charset.
      defParamCharset: 'utf8',
      preservePath: true,
      // busboy reports reaching the limit: one part more than allowed is the refusal.
      limits: { fieldSize: body.length, parts: maxParts + 1 },
    });
  } catch {
    throw badRequest('The form data has no boundary');
  }

  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile>();
  let tooManyParts = false;
  let broken = false;
  // Each file's content, read to its end; a file busboy ends with an error (the body is cut or
  // malformed) marks the form broken rather than rejecting, so no rejection is left unheard.
  const reading: Promise<void>[] = [];
  parser.on('field', (name, value) => {
    if (name !== undefined) fields.set(name, value);
  });
  parser.on('file', (name, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    reading.push(
      new Promise((resolve) => {
        stream.on('error', () => {
          broken = true;
          resolve();
        });
        stream.on('end', () => {
          const content = Buffer.concat(chunks);
          const fileName = info.filename ?? '';
          if (name !== undefined && (fileName !== '' || content.length > 0)) {
            files.set(name, { fieldName: name, fileName, contentType: info.mimeType, content });
          }
          resolve();
        });
      }),
    );
  });
  parser.on('partsLimit', () => {
    tooManyParts = true;
  });

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('error', reject);
      parser.on('close', resolve);
      parser.end(body);
    });
    await Promise.all(reading);
  } catch {
    broken = true;
  }
  if (broken) throw badRequest('The form data is malformed');
  if (tooManyParts) throw new AppError('VALIDATION', `A form may carry at most ${maxParts} fields and files`);
  return { fields: Object.fromEntries(fields), files: Object.fromEntries(files) };
}
