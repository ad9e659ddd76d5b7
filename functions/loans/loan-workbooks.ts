import { newWorkbook, workbookBuffer } from '#core/workbook';
import { LOAN_IMPORT_COLUMNS } from './import-rows.ts';

/**
 * The loan import sample (GET /cooperative/loans/download-sample, sample-loan-import.xlsx): the
 * first sheet holds the header row the import reads and two example rows; each header cell carries
 * its note, and a second sheet "Notes" lists the columns (the import reads only the first sheet).
 */
export async function loanImportSample(
  examples: { members?: [string, string]; product?: string } = {},
): Promise<Buffer> {
  const workbook = newWorkbook();
  workbook.creator = 'CoopLedger';
  workbook.title = 'Loan import sample';
  const sheet = workbook.addWorksheet('Loans');
  sheet.columns = LOAN_IMPORT_COLUMNS.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.max(16, c.name.length + 4),
  }));
  for (const index of [0, 1] as const) {
    sheet.addRow(
      LOAN_IMPORT_COLUMNS.map((c) => {
        if (c.name === 'member' && examples.members) return examples.members[index];
        if (c.name === 'loan_product' && examples.product) return examples.product;
        return c.examples[index];
      }),
    );
  }
  sheet.getRow(1).font = { bold: true };
  LOAN_IMPORT_COLUMNS.forEach((c, i) => {
    sheet.getCell(1, i + 1).note = `${c.required ? 'Required' : 'Optional'}. ${c.note}`;
    // Dates are text so that they stay YYYY-MM-DD whatever the spreadsheet's locale.
    if (c.name.endsWith('date')) sheet.getColumn(i + 1).numFmt = '@';
  });

  const notes = workbook.addWorksheet('Notes');
  notes.columns = [
    { header: 'Column', key: 'column', width: 22 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Meaning', key: 'meaning', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of LOAN_IMPORT_COLUMNS)
    notes.addRow({ column: c.name, required: c.required ? 'Yes' : 'No', meaning: c.note });
  notes.addRow({});
  notes.addRow({
    column: 'Note',
    meaning:
      'One row per loan. Each loan is created approved and running, without sureties, with its repayment schedule built from its terms; ' +
      'the amount repaid pays interest then principal of the oldest installments, and a loan repaid in full is Completed. ' +
      'The principal still owed is posted against Opening Balance Equity. A member may not have two running loans of one product. ' +
      'Every row is checked first: a file with any bad row creates nothing and gets an error report. The same loans imported again are not created twice.',
  });
  return workbookBuffer(workbook);
}
