import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { checkWorkbookArchive } from './workbook-upload.ts';

const UNREADABLE = 'The file could not be read';

/** The largest legitimate upload the limits are chosen for: 50,000 member rows in the import's 14 columns (written as a stream: quicker). */
async function fiftyThousandRows(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Members');
  sheet.addRow(['staff_id', 'firstname', 'middlename', 'lastname', 'email', 'phone', 'gender', 'marital_status', 'dob', 'current_address', 'savings_amount', 'level', 'department', 'date_joined']);
  for (let i = 1; i <= 50_000; i++) {
    sheet.addRow([
      `STF${String(i).padStart(6, '0')}`,
      'Fúnmiláyọ',
      i % 3 === 0 ? 'Adébáyọ̀' : '',
      `Okonkwo${i}`,
      `member.${i}@cooperative.example`,
      `0803${String(i).padStart(7, '0')}`,
      i % 2 === 0 ? 'Female' : 'Male',
      'Married',
      `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
      `${i} Adeola Odeku Street, Victoria Island, Lagos`,
      1000 + (i % 50) * 100,
      (i % 10) + 1,
      'Finance and Administration',
      '2021-03-01',
    ]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

describe('the check of an uploaded workbook', () => {
  it('passes a 50,000-row member import, the largest legitimate file', async () => {
    const content = await fiftyThousandRows();

    await expect(checkWorkbookArchive(content, UNREADABLE)).resolves.toBeUndefined();
  }, 60_000);

  it('refuses bytes that are not a zip as unreadable', async () => {
    const refused = await checkWorkbookArchive(Buffer.from('name,amount\nAda,100\n'), UNREADABLE).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).fields).toEqual({ file: UNREADABLE });
  });
});
