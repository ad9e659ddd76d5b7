import { badRequest } from './errors.ts';

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
 * Parses a multipart/form-data body as API Gateway hands it over (base64). Small on purpose: the
 * bodies are bounded by API Gateway's 10 MB payload limit, so buffering the whole body is fine.
 */
export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('The form data has no boundary');

  const delimiter = Buffer.from(`--${boundary}`);
  const result: MultipartBody = { fields: {}, files: {} };
  let start = body.indexOf(delimiter);
  if (start < 0) throw badRequest('The form data is malformed');

  while (start >= 0) {
    const partStart = start + delimiter.length;
    // The closing delimiter is followed by "--".
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) throw badRequest('The form data is malformed');
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF.
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) throw badRequest('The form data is malformed');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      if (fileName !== undefined) {
        if (fileName !== '' || content.length > 0) {
          const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
          result.files[name] = { fieldName: name, fileName, contentType: type, content: Buffer.from(content) };
        }
      } else {
        result.fields[name] = content.toString('utf8');
      }
    }
    start = next;
  }
  return result;
}
