import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from '@coopledger/shared/schemas/members';
import { call, superToken } from './api.ts';

/** A department in a test cooperative, for members' work info. */
export async function createDepartment(cooperativeId: string, name = 'Engineering'): Promise<string> {
  const r = await call<{ id: string }>('POST', '/cooperative/department', {
    token: await superToken(),
    body: { cooperative_id: cooperativeId, name, status: 1 },
  });
  if (r.status !== 201 && r.status !== 200)
    throw new Error(`Could not create a department: ${r.status} ${r.body.message}`);
  return r.body.data.id;
}

/** Every field of the five wizard steps, valid. */
export function memberBody(departmentId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const tag = randomBytes(3).toString('hex');
  return {
    firstname: 'Ada',
    lastname: `Obi${tag}`,
    email: `ada.${tag}@example.com`,
    phone: '08030000000',
    gender: 'Female',
    marital_status: 'Single',
    dob: '1990-04-12',
    current_address: '12 Broad Street, Lagos',
    savings_amount: '5000.50',
    staff_id: `STF-${tag}`,
    role_id: 'cooperative-member',
    level: 3,
    department_id: departmentId,
    date_joined: '2020-01-15',
    bank_id: 1,
    branch: 'Marina',
    account_type: 'Savings',
    account_no: '0123456789',
    account_name: 'Ada Obi',
    nok_name: 'Chidi Obi',
    nok_address: '3 Allen Avenue',
    nok_phone: '08030000001',
    nok_email: 'chidi@example.com',
    contact_name: 'Ngozi Obi',
    contact_address: '4 Allen Avenue',
    contact_phone: '08030000002',
    contact_email: 'ngozi@example.com',
    password: 'secret123',
    ...overrides,
  };
}

/** A valid member import row (in IMPORT_COLUMNS order) for `staff`, in department Engineering. */
export function memberImportRow(staff: string, values: Record<string, string | number> = {}): (string | number)[] {
  const row: Record<string, string | number> = {
    staff_id: staff,
    firstname: 'Imported',
    middlename: '',
    lastname: 'Member',
    email: `${staff.toLowerCase()}@import.example`,
    phone: '08030000000',
    gender: 'Female',
    marital_status: 'Single',
    dob: '1990-01-01',
    current_address: '1 Import Road',
    savings_amount: 2500,
    level: 2,
    department: 'Engineering',
    date_joined: '2021-03-01',
    ...values,
  };
  return IMPORT_COLUMNS.map((column) => row[column] ?? '');
}

/** The bytes of a member import workbook: the header row, then `rows`. */
export async function memberImportWorkbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Members');
  sheet.addRow([...IMPORT_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
