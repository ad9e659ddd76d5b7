import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { utcDate } from '@coopledger/shared/dates';
import { CsvError, parseCsv } from './csv.ts';
import { AppError } from './errors.ts';
import { s3 } from './clients.ts';
import { config } from './config.ts';
import { logger } from './logger.ts';
import type { CellValue, Worksheet } from './workbook.ts';
import { newWorkbook, workbookBuffer } from './workbook.ts';
import type { WorkbookCaps } from './workbook-upload.ts';
import { loadWorkbook } from './workbook-upload.ts';

/**
 * The files of the imports (members, savings, loans; core/import-pipeline.ts) and the payroll upload:
 * the file-type check, reading an .xlsx (first sheet) or .csv file into rows by the header's column
 * names, and the row/column/message error report.
 */

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** A data row of the file: its row number in the file (the header is row 1) and its cells by column name. */
export interface RawRow {
  row: number;
  values: Record<string, string>;
}

export interface ImportColumn {
  name: string;
  required: boolean;
}

export type ImportFileKind = 'xlsx' | 'csv';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A 422 about the file as a whole. */
export const importFileError = (message: string) => new AppError('VALIDATION', message, { file: message });

/** The kind of an uploaded file by its name: .xlsx or .csv, nothing else. */
export function fileKindOf(fileName: string): ImportFileKind | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (name.endsWith('.csv')) return 'csv';
  return undefined;
}

/** A cell's text: dates as YYYY-MM-DD, formulas by their result, rich text joined, trimmed. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return utcDate(value);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result);
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    return '';
  }
  return String(value).trim();
}

const columnName = (header: string) => header.trim().toLowerCase().replaceAll(/\s+/g, '_');

/** Cells of a table (header first) to rows by column name; a missing required column is a 422. */
function tableRows(columns: readonly ImportColumn[], cells: string[][], rowNumbers: number[]): RawRow[] {
  const [header = [], ...body] = cells;
  const known = new Set(columns.map((c) => c.name));
  const at = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = columnName(cell);
    if (known.has(name) && !at.has(name)) at.set(name, index);
  });
  const missing = columns.filter((c) => c.required && !at.has(c.name)).map((c) => c.name);
  if (missing.length > 0)
    throw importFileError(`The first row must hold the sample's column names; missing: ${missing.join(', ')}`);
  const rows: RawRow[] = [];
  body.forEach((line, index) => {
    const values: Record<string, string> = {};
    let any = false;
    for (const [name, col] of at) {
      const text = (line[col] ?? '').trim();
      if (text !== '') any = true;
      values[name] = text;
    }
    if (any) rows.push({ row: rowNumbers[index + 1] ?? index + 2, values });
  });
  return rows;
}

/**
 * The cells of a sheet's non-empty rows as text, with their row numbers. Only the cells the file
 * holds are read: filling each row up to its last cell would create a cell object for every
 * column before a stray one far to the right (16,383 of them for a cell in column XFD).
 */
export function sheetCells(sheet: Worksheet): { cells: string[][]; numbers: number[] } {
  const cells: string[][] = [];
  const numbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      values[col - 1] = cellText(cell.value);
    });
    cells.push(values);
    numbers.push(rowNumber);
  });
  return { cells, numbers };
}

/**
 * The data rows of an .xlsx (first sheet, within the route's caps) or .csv file; a file that cannot be read is a clear
 * 422.
 */
export async function readImportTable(
  columns: readonly ImportColumn[],
  kind: ImportFileKind,
  content: Buffer,
  caps: WorkbookCaps,
): Promise<RawRow[]> {
  if (kind === 'csv') {
    if (content.includes(0))
      throw importFileError('The file could not be read as a CSV text file; please upload the sample format');
    let cells: string[][];
    try {
      cells = parseCsv(content.toString('utf8'));
    } catch (error) {
      if (error instanceof CsvError) throw importFileError(`The file could not be read as CSV: ${error.message}`);
      throw error;
    }
    return tableRows(
      columns,
      cells,
      cells.map((_, i) => i + 1),
    );
  }
  const workbook = await loadWorkbook(
    content,
    'The file could not be read as an Excel (.xlsx) workbook; please upload the sample format',
    caps,
  );
  const sheet = workbook.worksheets[0];
  if (!sheet) throw importFileError('The workbook has no sheet');
  const { cells, numbers } = sheetCells(sheet);
  // The header is the sheet's first row.
  if (numbers[0] !== 1) throw importFileError("The first row must hold the sample's column names");
  return tableRows(columns, cells, numbers);
}

export async function readObject(key: string): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: config().filesBucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

export async function putObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: config().filesBucket, Key: key, Body: body, ContentType: contentType }),
  );
}

/**
 * Deletes a stored object that nothing names any more (a replaced document, an image taken off, the
 * object of a write that failed). A failure is logged, not thrown: the change it follows stands, and
 * an object left behind only costs storage.
 */
export async function removeObject(key: string, what: string): Promise<void> {
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config().filesBucket, Key: key }))
    .catch((error: unknown) => logger.warn(`could not delete ${what}`, { key, error }));
}

/** The error report of a refused import: one sheet "Errors" with Row, Column and Message. */
export async function writeErrorReport(key: string, errors: readonly ImportError[]): Promise<void> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('Errors');
  sheet.columns = [
    { header: 'Row', key: 'row', width: 8 },
    { header: 'Column', key: 'column', width: 18 },
    { header: 'Message', key: 'message', width: 70 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const error of errors) sheet.addRow(error);
  await putObject(key, await workbookBuffer(workbook), XLSX_CONTENT_TYPE);
}
