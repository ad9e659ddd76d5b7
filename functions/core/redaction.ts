/**
 * What never reaches a log line (docs/decisions.md, 2026-11-26): passwords, tokens and other
 * secrets, document and file content, and full bank account numbers. Applied by the logger to every
 * key and value of every line (functions/core/logger.ts), whatever a call site passes.
 */

/** Keys whose values are secrets: the value is replaced whole. */
const SECRET_KEY =
  /pass(word|wd|code)?|token|secret|authori[sz]ation|cookie|credential|api_?key|private_?key|^(code|otp|confirmation_code)$/i;

/** Keys whose values are uploaded or stored content (documents, images, spreadsheets, request bodies). */
const CONTENT_KEY = /^(content|body|raw_?body|file_?content|document|data_?url|image_?data|base64)$/i;

/** Keys of bank account numbers: only the last four digits are kept. */
const ACCOUNT_NUMBER_KEY = /(^|_)(account_?(no|num|number)|acct_?(no|num|number)?|nuban)$/i;

/** A JSON Web Token (three base64url parts, the first a JSON header) anywhere in a string. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** A bearer credential in a header value or a message. */
const BEARER = /\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi;

export const REDACTED = '[redacted]';

/** `0123456789` -> `******6789`: enough to tell accounts apart, not enough to use one. */
export function maskAccountNumber(value: unknown): string {
  const text = String(value);
  const digits = text.replace(/\D/g, '');
  return digits.length <= 4 ? '*'.repeat(digits.length) : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

function isSerializedBuffer(value: unknown): value is { type: 'Buffer'; data: unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  );
}

/** Secrets inside free text (an error message that quotes a header, a URL with a token). */
export function scrubText(text: string): string {
  return text.replace(JWT, REDACTED).replace(BEARER, `$1 ${REDACTED}`);
}

/**
 * A JSON.stringify replacer: called for every key and value of a log line, nested ones included.
 * Binary content (a Buffer, which JSON.stringify has already turned into `{ type, data }`, or a
 * typed array) is shown by its size only.
 */
export function redact(key: string, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (key !== '') {
    if (SECRET_KEY.test(key)) return REDACTED;
    if (ACCOUNT_NUMBER_KEY.test(key) && (typeof value === 'string' || typeof value === 'number'))
      return maskAccountNumber(value);
    if (CONTENT_KEY.test(key) && typeof value !== 'number' && typeof value !== 'boolean')
      return `${REDACTED} (${sizeOf(value)})`;
  }
  if (isSerializedBuffer(value)) return `[${value.data.length} bytes]`;
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (typeof value === 'string') return scrubText(value);
  return value;
}

function sizeOf(value: unknown): string {
  if (isSerializedBuffer(value)) return `${value.data.length} bytes`;
  if (ArrayBuffer.isView(value)) return `${value.byteLength} bytes`;
  if (typeof value === 'string') return `${value.length} characters`;
  return typeof value;
}
