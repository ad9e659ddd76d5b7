import type { CsvErrorCode } from 'csv-parse/sync';
import { CsvError as ParseError, parse } from 'csv-parse/sync';

/**
 * The CSV reader of the savings and loan imports (RFC 4180, by csv-parse): comma-separated fields,
 * double-quoted fields that may hold commas, line breaks and doubled quotes (""), CRLF, LF or CR line
 * ends, rows of any length. A UTF-8 byte order mark is dropped; spaces and tabs around a field (and
 * around its quotes) are trimmed, inside quotes they are kept.
 */
export class CsvError extends Error {}

/** What each of csv-parse's refusals of a malformed text says to the person who sent it. */
const MESSAGES: Partial<Record<CsvErrorCode, string>> = {
  INVALID_OPENING_QUOTE: 'a quote may only open a field',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is not closed',
};

export function parseCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, trim: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
  } catch (error) {
    if (error instanceof ParseError) {
      throw new CsvError(`Line ${Number(error.lines)}: ${MESSAGES[error.code] ?? 'the text is not valid CSV'}`);
    }
    throw error;
  }
}
