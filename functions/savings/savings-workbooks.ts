import { newWorkbook, workbookBuffer } from '#core/workbook';
import type { SavingsImportType } from '@coopledger/shared/import-views';
import { IMPORT_COLUMNS, IMPORT_TYPE_NAMES } from './import-rows.ts';

/**
 * The savings import sample (GET /cooperative/member/savings/download-sample): the first sheet holds
 * the header row the import reads and one example row; each header cell carries its note, and a
 * second sheet "Notes" lists the columns (the import reads only the first sheet).
 */
export async function savingsImportSample(
  type: SavingsImportType,
  examples: { member?: string; product?: string } = {},
): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[type];
  const workbook = newWorkbook();
  workbook.creator = 'CoopLedger';
  workbook.title = `Savings import sample: ${IMPORT_TYPE_NAMES[type]}`;
  const sheet = workbook.addWorksheet('Savings');
  sheet.columns = columns.map((c) => ({ header: c.name, key: c.name, width: Math.max(16, c.name.length + 4) }));
  sheet.addRow(
    columns.map((c) => {
      if (c.name === 'member' && examples.member) return examples.member;
      if (c.name === 'product' && examples.product) return examples.product;
      return c.example;
    }),
  );
  sheet.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    sheet.getCell(1, i + 1).note = `${c.required ? 'Required' : 'Optional'}. ${c.note}`;
    // Dates are text so that they stay YYYY-MM-DD whatever the spreadsheet's locale.
    if (c.name.endsWith('date')) sheet.getColumn(i + 1).numFmt = '@';
  });

  const notes = workbook.addWorksheet('Notes');
  notes.columns = [
    { header: 'Column', key: 'column', width: 20 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Meaning', key: 'meaning', width: 80 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of columns) notes.addRow({ column: c.name, required: c.required ? 'Yes' : 'No', meaning: c.note });
  notes.addRow({});
  const note: Record<SavingsImportType, string> = {
    NORMAL_BALANCES:
      'One row per member and product. A member with no plan on the product gets one, starting on the as-at date; the balance is posted as a deposit to the chosen bank.',
    NORMAL_HISTORY:
      "Deposits and withdrawals are posted per plan in date order; a withdrawal may not take the plan's balance below zero. A member with no plan on the product gets one from the first row's date.",
    TARGET_HISTORY:
      "Each payment is posted as a deposit on the member's Targeted plan that starts on plan_start_date, and pays its schedule items in order.",
  };
  notes.addRow({
    column: 'Note',
    meaning: `${note[type]} Every row is checked first: a file with any bad row posts nothing and gets an error report. The same rows imported again are not posted twice.`,
  });
  return workbookBuffer(workbook);
}
