import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importRowSchema } from '@coopledger/shared/schemas/members';
import { UNSAFE_TEXT_MESSAGE } from '@coopledger/shared/text';
import { readSheet } from '../members/member-import.ts';
import { tableWorkbook, workbookBuffer } from './workbook.ts';

/**
 * OOXML escapes: spreadsheet programs and ExcelJS read `_x` + 4 hex digits + `_` in cell text as
 * the character it names. Text the platform writes must read back as it was typed; an escape in an
 * uploaded file is the character, which the import checks like any other.
 */
async function reopened(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

const IMPORT_HEADER = [
  'staff_id',
  'firstname',
  'lastname',
  'email',
  'phone',
  'gender',
  'current_address',
  'savings_amount',
  'level',
  'department',
  'date_joined',
];
const importRow = (firstname: string) => [
  'STF1',
  firstname,
  'Obi',
  'ada@example.com',
  '08030000000',
  'Female',
  '1 Marina',
  1000,
  1,
  'Finance',
  '2021-03-01',
];

describe('text that looks like a character escape', () => {
  it('is written so that it reads back as typed, never as the character it would escape', async () => {
    const names = ['Ada_x0001_', 'Bee_xFFFE_', '_x0041_x0042_', 'a_x00e9_', 'keep_x005F_', 'plain_x12_', 'Fúnmiláyọ'];

    const buffer = await tableWorkbook(
      'Members',
      [{ header: 'Name', width: 20, value: (name: string) => name }],
      names,
    );

    const sheet = (await reopened(buffer)).getWorksheet('Members')!;
    expect(names.map((_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(names);
  });

  it('reads back as typed in rich text and a hyperlink’s text, the link itself unchanged', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook
      .addWorksheet('Notes')
      .addRow([
        { richText: [{ text: 'Bold_x0007_', font: { bold: true } }, { text: ' plain' }] },
        { text: 'Link_x0041_', hyperlink: 'https://example.com/a_x0041_' },
      ]);

    const row = (await reopened(await workbookBuffer(workbook))).getWorksheet('Notes')!.getRow(1);

    expect(row.getCell(1).value).toEqual({
      richText: [{ text: 'Bold_x0007_', font: { bold: true } }, { text: ' plain' }],
    });
    expect(row.getCell(2).value).toEqual({ text: 'Link_x0041_', hyperlink: 'https://example.com/a_x0041_' });
  });

  it('reads back as typed through the member import, when a file the platform wrote is uploaded again', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Members');
    sheet.addRow(IMPORT_HEADER);
    sheet.addRow(importRow('Ada_x0001_'));

    const [row] = await readSheet(await workbookBuffer(workbook));

    expect(row?.firstname).toBe('Ada_x0001_');
    expect(importRowSchema.shape.firstname.safeParse(row?.firstname).success).toBe(true);
  });

  it('is the character it escapes in an uploaded file written elsewhere, which the member import refuses', async () => {
    // ExcelJS's own writer, like any other program, writes the text as it is: an escape.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Members');
    sheet.addRow(IMPORT_HEADER);
    sheet.addRow(importRow('Ada_x0001_'));

    const [row] = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()));

    expect(row?.firstname).toBe('Ada\u0001');
    const checked = importRowSchema.shape.firstname.safeParse(row?.firstname);
    expect(checked.error?.issues.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
  });
});
