import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import type { WorkbookCaps } from './workbook-upload.ts';
import { SPARE_ROWS, checkWorkbookArchive, loadWorkbook, workbookMessages } from './workbook-upload.ts';

const UNREADABLE = 'The file could not be read';

/** A route of 1,000 rows, 10 cells a row: 1,100 rows and 11,000 cells with the spare rows. */
const CAPS: WorkbookCaps = {
  rows: 1000,
  tooManyRows: 'A file may hold at most 1000 rows',
  cellsPerRow: 10,
  bytes: 8 * 1024 * 1024,
};
const MESSAGES = workbookMessages(CAPS);

/** The 422 a check answered, or what else it did. */
const refusal = (check: Promise<unknown>) =>
  check.then(
    () => 'passed',
    (error: unknown) => (error instanceof AppError ? error.fields : error),
  );

const numberRow = (row: number, cells: number) =>
  `<row r="${row}">${Array.from({ length: cells }, (_, i) => `<c r="${String.fromCharCode(65 + (i % 26))}${row}"><v>${i}</v></c>`).join('')}</row>`;

/**
 * A one-sheet workbook written by ExcelJS, its sheet's rows replaced by `rows` (XML), `cols` put
 * before them and `afterData` (merges, validations) after, as the schema orders them;
 * `definedNames` goes into the workbook part.
 */
async function workbookXml(parts: {
  rows?: string;
  cols?: string;
  afterData?: string;
  definedNames?: string;
}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Sheet1').getCell('A1').value = 'name';
  const zip = await JSZip.loadAsync(await book.xlsx.writeBuffer());
  let sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  sheet = sheet.replace(
    /<sheetData>[\s\S]*<\/sheetData>/,
    `${parts.cols ?? ''}<sheetData>${parts.rows ?? ''}</sheetData>${parts.afterData ?? ''}`,
  );
  zip.file('xl/worksheets/sheet1.xml', sheet);
  if (parts.definedNames) {
    const workbook = await zip.file('xl/workbook.xml')!.async('string');
    zip.file(
      'xl/workbook.xml',
      workbook
        .replace(/<definedNames\s*\/>|<definedNames>[\s\S]*<\/definedNames>/, '')
        .replace('</sheets>', `</sheets><definedNames>${parts.definedNames}</definedNames>`),
    );
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('the check of an uploaded workbook', () => {
  it('refuses bytes that are not a zip as unreadable', async () => {
    const refused = await refusal(checkWorkbookArchive(Buffer.from('name,amount\nAda,100\n'), UNREADABLE, CAPS));

    expect(refused).toEqual({ file: UNREADABLE });
  });

  it('refuses a workbook with more cells than the route allows, though its bytes are far within the limit', async () => {
    // 1,000 rows of 12 cells: 12,000 cells against 11,000, about 0.6 MB of XML against 8 MB.
    const dense = await workbookXml({ rows: Array.from({ length: 1000 }, (_, i) => numberRow(i + 1, 12)).join('') });

    expect(await refusal(checkWorkbookArchive(dense, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.tooManyCells });
  });

  it("refuses a workbook with more rows than the route's cap and the spare rows, empty rows included", async () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `<row r="${i + 1}"/>`).join('');

    expect(
      await refusal(checkWorkbookArchive(await workbookXml({ rows: rows(1000 + SPARE_ROWS + 1) }), UNREADABLE, CAPS)),
    ).toEqual({ file: MESSAGES.tooManyRows });
    expect(
      await refusal(checkWorkbookArchive(await workbookXml({ rows: rows(1000 + SPARE_ROWS) }), UNREADABLE, CAPS)),
    ).toBe('passed');
  });

  it('counts rows and cells under a namespace prefix too', async () => {
    const prefixed = Array.from({ length: 1000 }, (_, i) =>
      numberRow(i + 1, 12)
        .replaceAll('<row', '<x:row')
        .replaceAll('</row', '</x:row')
        .replaceAll('<c ', '<x:c ')
        .replaceAll('</c>', '</x:c>'),
    ).join('');
    const sheet = await workbookXml({ rows: prefixed });

    expect(await refusal(checkWorkbookArchive(sheet, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.tooManyCells });
  });

  it('refuses a merged range of the whole sheet, a few bytes that ExcelJS would fill with 17 billion cells', async () => {
    const merged = await workbookXml({
      rows: numberRow(1, 1),
      afterData: '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
    });

    expect(await refusal(checkWorkbookArchive(merged, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.rangesTooLarge });
  });

  it('refuses data validations over whole columns, which ExcelJS indexes cell by cell', async () => {
    const validated = await workbookXml({
      rows: numberRow(1, 1),
      afterData:
        '<dataValidations count="1"><dataValidation type="list" sqref="B2 A2:A1048576"><formula1>"Male,Female"</formula1></dataValidation></dataValidations>',
    });

    expect(await refusal(checkWorkbookArchive(validated, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.rangesTooLarge });
  });

  it('refuses a defined name over the whole sheet, also behind a quoted sheet name holding a comma', async () => {
    const plain = await workbookXml({
      rows: numberRow(1, 1),
      definedNames: '<definedName name="everything">Sheet1!$A$1:$XFD$1048576</definedName>',
    });
    const quoted = await workbookXml({
      rows: numberRow(1, 1),
      definedNames: `<definedName name="everything">'x,ZZZ'!$A$1:$XFD$1048576</definedName>`,
    });
    const printArea = await workbookXml({
      rows: numberRow(1, 1),
      definedNames: '<definedName name="_xlnm.Print_Area" localSheetId="0">Sheet1!$A$1:$XFD$1048576</definedName>',
    });

    expect(await refusal(checkWorkbookArchive(plain, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.rangesTooLarge });
    expect(await refusal(checkWorkbookArchive(quoted, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.rangesTooLarge });
    // A print area is kept as text by ExcelJS, never expanded.
    expect(await refusal(checkWorkbookArchive(printArea, UNREADABLE, CAPS))).toBe('passed');
  });

  it('refuses a column definition that makes ExcelJS create millions of columns', async () => {
    const wide = await workbookXml({
      rows: numberRow(1, 1),
      cols: '<cols><col min="1" max="100000000" width="9"/></cols>',
    });
    const backwards = await workbookXml({
      rows: numberRow(1, 1),
      cols: '<cols><col min="100000000" max="1" width="9"/></cols>',
    });

    expect(await refusal(checkWorkbookArchive(wide, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.rangesTooLarge });
    expect(await refusal(checkWorkbookArchive(backwards, UNREADABLE, CAPS))).toEqual({ file: MESSAGES.rangesTooLarge });
  });

  it('refuses a worksheet that is not well-formed XML as unreadable', async () => {
    const broken = await workbookXml({ rows: '<row r="1"><c r="A1"><v>1</v></row>' });

    expect(await refusal(checkWorkbookArchive(broken, UNREADABLE, CAPS))).toEqual({ file: UNREADABLE });
  });

  it('loads a workbook within the caps with its rows', async () => {
    const book = await loadWorkbook(
      await workbookXml({ rows: Array.from({ length: 1000 }, (_, i) => numberRow(i + 1, 10)).join('') }),
      UNREADABLE,
      CAPS,
    );

    expect(book.worksheets[0].rowCount).toBe(1000);
    expect(book.worksheets[0].getCell('J1000').value).toBe(9);
  });
});
