import { toNaira } from '@coopledger/shared/money';
import { IMPORT_COLUMNS } from '@coopledger/shared/schemas/members';
import type { TableColumn } from '#core/workbook';
import { newWorkbook, tableWorkbook, workbookBuffer } from '#core/workbook';
import type { MemberRecord } from './member-store.ts';

/** The Excel files of the Members page: the active members report and the import sample. */

export function membersReport(
  cooperativeName: string,
  members: MemberRecord[],
  departments: Map<string, string>,
): Promise<Buffer> {
  const columns: TableColumn<MemberRecord>[] = [
    { header: 'S/N', width: 6, value: (_m, i) => i + 1 },
    { header: 'Member No', width: 14, value: (m) => m.coop_id },
    { header: 'Name', width: 30, value: (m) => [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' ') },
    { header: 'Staff ID', width: 14, value: (m) => m.staff_id },
    { header: 'Email', width: 32, value: (m) => m.email },
    { header: 'Phone', width: 16, value: (m) => m.phone },
    { header: 'Gender', width: 10, value: (m) => m.gender },
    {
      header: 'Department',
      width: 20,
      value: (m) => (m.work_info?.department_id && departments.get(m.work_info.department_id)) || 'N/A',
    },
    { header: 'Level', width: 8, value: (m) => m.work_info?.level },
    { header: 'Date Joined', width: 12, value: (m) => m.work_info?.date_joined },
    { header: 'Monthly Savings', width: 16, value: (m) => toNaira(m.savings_amount), money: true },
  ];
  return tableWorkbook('Members', columns, members, { title: `Members of ${cooperativeName}` });
}

export async function importSample(departmentName: string): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('Members');
  sheet.addRow([...IMPORT_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([
    'STF001',
    'Ada',
    '',
    'Obi',
    'ada.obi@example.com',
    '08030000000',
    'Female',
    'Single',
    '1990-04-12',
    '12 Broad Street, Lagos',
    5000,
    3,
    departmentName,
    '2020-01-15',
  ]);
  IMPORT_COLUMNS.forEach((_c, i) => (sheet.getColumn(i + 1).width = 18));
  const notes = workbook.addWorksheet('Notes');
  notes.addRow(['Important note']);
  notes.addRow(['One member per row, from row 2 of the first sheet, in the columns of the header row.']);
  notes.addRow([
    'A row whose staff_id already belongs to a member updates that member; other rows create new members.',
  ]);
  notes.addRow([
    'Dates are YYYY-MM-DD; savings_amount is in naira; level is 1 to 10; department is the department name.',
  ]);
  notes.addRow(['If any row is invalid nothing is imported, and a report lists each row, column and message.']);
  return workbookBuffer(workbook);
}
