import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tableWorkbook } from './workbook.ts';

describe('tableWorkbook', () => {
  it('writes a bold header, one row per record and naira columns with two decimals', async () => {
    // Prepare
    const rows = [
      { ref: 'DEP20260101AAAAAA', amount: 1234.5 },
      { ref: 'WDL20260102BBBBBB', amount: 0.05 },
    ];

    // Act
    const buffer = await tableWorkbook(
      'Transactions',
      [
        { header: 'S/N', width: 6, value: (_r, i) => i + 1 },
        { header: 'Ref. No', width: 24, value: (r) => r.ref },
        { header: 'Amount', width: 16, value: (r) => r.amount, money: true },
        { header: 'Note', width: 10, value: () => undefined },
      ],
      rows,
      { title: 'History' },
    );

    // Assess
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Transactions')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'S/N', 'Ref. No', 'Amount', 'Note']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'DEP20260101AAAAAA', 1234.5, '']);
    expect(sheet.getRow(3).getCell(3).value).toBe(0.05);
    expect(sheet.getColumn(3).numFmt).toBe('#,##0.00');
    expect(sheet.rowCount).toBe(3);
    expect(workbook.title).toBe('History');
  });
});
