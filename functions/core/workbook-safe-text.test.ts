import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamedWorkbook, tableWorkbook, workbookBuffer } from './workbook.ts';

async function reopened(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

describe('workbooks with text XML cannot hold', () => {
  it('writes a name stored with U+FFFE or a control character as a readable workbook, the character replaced by U+FFFD', async () => {
    // Prepare
    const rows = [{ name: 'Ada\uFFFEObi' }, { name: 'Bell\u0007 Okafor' }, { name: 'Lone \uD800 surrogate' }];

    // Act
    const buffer = await tableWorkbook('Members', [{ header: 'Name', width: 20, value: (r) => r.name }], rows, {
      title: 'Members of Coop\uFFFF',
    });

    // Assess
    const workbook = await reopened(buffer);
    const sheet = workbook.getWorksheet('Members')!;
    expect([2, 3, 4].map((n) => sheet.getRow(n).getCell(1).value)).toEqual([
      'Ada\uFFFDObi',
      'Bell\uFFFD Okafor',
      'Lone \uFFFD surrogate',
    ]);
    expect(workbook.title).toBe('Members of Coop\uFFFD');
  });

  it('makes rich text and hyperlink text safe and keeps safe cells as they were', async () => {
    // Prepare
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Notes');
    sheet.addRow([
      { richText: [{ text: 'Bold\u0001', font: { bold: true } }, { text: ' plain' }] },
      { text: 'Link\uFFFE', hyperlink: 'https://example.com/' },
      12.5,
      'Fúnmiláyọ 🌍',
    ]);

    // Act
    const reread = await reopened(await workbookBuffer(workbook));

    // Assess
    const row = reread.getWorksheet('Notes')!.getRow(1);
    expect(row.getCell(1).value).toEqual({
      richText: [{ text: 'Bold\uFFFD', font: { bold: true } }, { text: ' plain' }],
    });
    expect(row.getCell(2).value).toEqual({ text: 'Link\uFFFD', hyperlink: 'https://example.com/' });
    expect(row.getCell(3).value).toBe(12.5);
    expect(row.getCell(4).value).toBe('Fúnmiláyọ 🌍');
  });

  it('writes text that starts like a formula as text, never as a formula', async () => {
    // Act
    const buffer = await tableWorkbook(
      'Members',
      [{ header: 'Name', width: 20, value: (r: { name: string }) => r.name }],
      [{ name: '=HYPERLINK("http://evil.example","x")' }, { name: '+2348030000000' }],
    );

    // Assess
    const sheet = (await reopened(buffer)).getWorksheet('Members')!;
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(1).value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(sheet.getRow(3).getCell(1).value).toBe('+2348030000000');
  });

  it("makes a streamed workbook's text safe as it writes each row, and reads a literal escape back as written", async () => {
    // Prepare
    const streamed = streamedWorkbook({ title: 'Payroll of Coop\uFFFF', creator: 'CoopLedger' });
    const sheet = streamed.addWorksheet('Payroll');
    sheet.columns = [
      { header: 'Name', key: 'name' },
      { header: 'Due', key: 'due' },
    ];

    // Act
    streamed.addSafeRow(sheet, { name: 'Bell\u0007 Okafor', due: 1500.5 }).commit();
    streamed.addSafeRow(sheet, ['Ada_x0041_Obi', '=SUM(B2:B2)']).commit();
    sheet.commit();
    const workbook = await reopened(await streamed.finish());

    // Assess
    const read = workbook.getWorksheet('Payroll')!;
    expect([1, 2, 3].map((n) => [read.getRow(n).getCell(1).value, read.getRow(n).getCell(2).value])).toEqual([
      ['Name', 'Due'],
      ['Bell\uFFFD Okafor', 1500.5],
      ['Ada_x0041_Obi', '=SUM(B2:B2)'],
    ]);
    expect(workbook.title).toBe('Payroll of Coop\uFFFD');
  });
});
