import { create } from 'content-disposition';
import { replaceUnsafeCharacters } from '@coopledger/shared/text';

/**
 * The `content-disposition` of every file the platform sends (API file responses and presigned S3
 * links), DESIGN.md section 3: the name in full as RFC 5987 `filename*` (UTF-8), and an ASCII
 * `filename` for clients that do not read it, so any name a member or cooperative can have
 * downloads (a header value outside ASCII is refused by Node and by API Gateway).
 */

/** The name in ASCII: accents dropped (Fúnmiláyọ → Funmilayo), other letters and symbols as '_'. */
export function asciiFileName(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]+/g, '_')
    // Characters file systems refuse, and '%' (some browsers decode %XX in a plain filename).
    .replace(/[\\/:*?"<>|%]/g, '_')
    .trim();
  return ascii === '' ? 'download' : ascii;
}

export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  // Control characters and what UTF-8 cannot encode (a lone surrogate) have no place in a name.
  const name =
    replaceUnsafeCharacters(fileName)
      .replace(/[\p{Cc}\uFFFD]+/gu, ' ')
      .replace(/ {2,}/g, ' ')
      .trim() || 'download';
  return create(name, { type, fallback: asciiFileName(name) });
}
