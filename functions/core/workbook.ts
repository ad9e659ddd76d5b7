import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { absKobo, figureKobo, nairaText, toNaira } from '@coopledger/shared/money';
import { hasUnsafeCharacters, replaceUnsafeCharacters } from '@coopledger/shared/text';

/**
 * The one door to ExcelJS: every other module builds and reads workbooks through this module and
 * workbook-upload.ts (a lint rule refuses `exceljs` imports elsewhere), so that every workbook goes
 * out through `workbookBuffer` and comes in through `loadWorkbook`.
 */
export type Workbook = ExcelJS.Workbook;
export type Worksheet = ExcelJS.Worksheet;
export type CellValue = ExcelJS.CellValue;

/** A new, empty workbook; write it with `workbookBuffer`. */
export const newWorkbook = (): Workbook => new ExcelJS.Workbook();

/**
 * The start of an OOXML character escape (`_x0001_`, `_xFFFE_`): spreadsheet programs and ExcelJS
 * read `_x` with four hex digits and `_` in a text element as that character, so text that holds
 * one literally has its underscore escaped (`_x005F_`, the escape of `_` itself) and reads back as
 * written: a name typed "Ada_x0001_" is not read again as "Ada" and a control character.
 */
const ESCAPE = /_x[0-9A-Fa-f]{4}_/;
const ESCAPE_STARTS = /_(?=x[0-9A-Fa-f]{4}_)/g;

/** Cell text as it can be written: characters XML cannot hold replaced by U+FFFD, literal escapes escaped. */
function safeText(text: string): string {
  return replaceUnsafeCharacters(text).replace(ESCAPE_STARTS, '_x005F_');
}

const needsCare = (text: string) => hasUnsafeCharacters(text) || ESCAPE.test(text);

/**
 * A cell's value with every character XML cannot hold replaced (text stored before the schemas
 * refused such characters still exports; an .xlsx holding one cannot be opened or uploaded again)
 * and with literal character escapes escaped, in the text parts a reader decodes escapes in (cell
 * text, rich text, a hyperlink's text). Text stays a text cell, so one starting with = + - or @ is
 * shown, never evaluated.
 */
function safeCellValue(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (typeof value === 'string') return safeText(value);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) {
    return value.richText.some((run) => needsCare(run.text))
      ? { ...value, richText: value.richText.map((run) => ({ ...run, text: safeText(run.text) })) }
      : value;
  }
  if ('hyperlink' in value) {
    return needsCare(value.text) || hasUnsafeCharacters(value.hyperlink)
      ? { ...value, text: safeText(value.text), hyperlink: replaceUnsafeCharacters(value.hyperlink) }
      : value;
  }
  if ('formula' in value && typeof value.result === 'string' && hasUnsafeCharacters(value.result))
    return { ...value, result: replaceUnsafeCharacters(value.result) };
  return value;
}

/**
 * The .xlsx bytes of a workbook, its text made safe first: every workbook the platform writes goes out through here.
 */
export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  for (const property of [
    'title',
    'subject',
    'creator',
    'lastModifiedBy',
    'keywords',
    'category',
    'description',
    'company',
    'manager',
  ] as const) {
    const text = workbook[property];
    if (typeof text === 'string') workbook[property] = replaceUnsafeCharacters(text);
  }
  for (const sheet of workbook.worksheets) {
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const value = cell.value;
        const safe = safeCellValue(value);
        if (safe !== value) cell.value = safe;
      });
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A worksheet of a streamed workbook (`streamedWorkbook`). */
export type StreamedSheet = ExcelJS.Worksheet;

/**
 * A workbook written while it is built (ExcelJS's streaming writer), for downloads of thousands of
 * rows (the payroll file): each row is written when committed, which takes about half the time of
 * building the whole workbook and writing it at the end. Text goes to the shared strings, as in every
 * other workbook, so a literal character escape is escaped and read back as written. Rows go in
 * through `addSafeRow`, which makes their text safe as `workbookBuffer` does; `finish` gives the bytes.
 */
export function streamedWorkbook(properties: { title: string; creator: string }) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  workbook.title = replaceUnsafeCharacters(properties.title);
  workbook.creator = replaceUnsafeCharacters(properties.creator);
  return {
    addWorksheet: (name: string, options?: Partial<ExcelJS.AddWorksheetOptions>): StreamedSheet =>
      workbook.addWorksheet(name, options),
    /** Adds a row, its text made safe, and writes it out. */
    addSafeRow(sheet: StreamedSheet, values: Record<string, ExcelJS.CellValue> | ExcelJS.CellValue[]) {
      const safe = Array.isArray(values)
        ? values.map(safeCellValue)
        : Object.fromEntries(Object.entries(values).map(([key, value]) => [key, safeCellValue(value)]));
      return sheet.addRow(safe);
    },
    async finish(): Promise<Buffer> {
      await workbook.commit();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

/**
 * A one-sheet table workbook, the shape of every report download: a bold header row, one row per
 * record, naira columns formatted with two decimals.
 */
export interface TableColumn<R> {
  header: string;
  width: number;
  value: (row: R, index: number) => string | number | null | undefined;
  /** Naira amounts (numbers or a NairaFigure's text): shown with thousands separators and two decimals. */
  money?: boolean;
}

/** The number format of naira amounts: thousands separators and two decimals. */
export const MONEY_FORMAT = '#,##0.00';
/** The same with the naira sign (the member statement). */
export const NAIRA_FORMAT = '"₦"#,##0.00;-"₦"#,##0.00';

/** Excel keeps 15 significant digits: a naira figure of ₦10 trillion or more goes in as its exact text. */
const EXCEL_EXACT_KOBO = 10n ** 15n;

export function moneyCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined || value === '') return '';
  const kobo = figureKobo(value);
  if (kobo === undefined) return value;
  return absKobo(kobo) < EXCEL_EXACT_KOBO ? toNaira(Number(kobo)) : nairaText(kobo);
}

export function tableWorkbook<R>(
  sheetName: string,
  columns: TableColumn<R>[],
  rows: R[],
  properties: { title?: string; creator?: string } = {},
): Promise<Buffer> {
  return tablesWorkbook([{ name: sheetName, columns, rows }], properties);
}

/** One sheet of `tablesWorkbook`. */
export interface TableSheet<R> {
  name: string;
  columns: TableColumn<R>[];
  rows: R[];
}

/** A workbook of table sheets, each shaped as `tableWorkbook`'s one (a report with several tables). */
export async function tablesWorkbook<R>(
  sheets: TableSheet<R>[],
  properties: { title?: string; creator?: string; moneyFormat?: string } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (properties.title) workbook.title = properties.title;
  workbook.creator = properties.creator ?? 'CoopLedger';
  for (const { name, columns, rows } of sheets) {
    const sheet = workbook.addWorksheet(name);
    sheet.columns = columns.map((column, i) => ({ header: column.header, key: `c${i}`, width: column.width }));
    rows.forEach((row, index) =>
      sheet.addRow(
        columns.map((column) =>
          column.money ? moneyCell(column.value(row, index)) : (column.value(row, index) ?? ''),
        ),
      ),
    );
    columns.forEach((column, i) => {
      if (column.money) sheet.getColumn(i + 1).numFmt = properties.moneyFormat ?? MONEY_FORMAT;
    });
    sheet.getRow(1).font = { bold: true };
  }
  return workbookBuffer(workbook);
}
