import ExcelJS from 'exceljs';
import { toNaira } from '@coopledger/shared/money';
import { IMPORT_COLUMNS } from '@coopledger/shared/schemas/members';
import type { MemberRecord } from './member-store.ts';

/** The Excel files of the Members page: the active members report and the import sample. */
async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function membersReport(cooperativeName: string, members: MemberRecord[], departments: Map<string, string>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  sheet.columns = [
    { header: 'S/N', key: 'sn', width: 6 },
    { header: 'Member No', key: 'coop_id', width: 14 },
    { header: 'Name', key: 'name', width: 30 },
    { header: 'Staff ID', key: 'staff_id', width: 14 },
    { header: 'Email', key: 'email', width: 32 },
    { header: 'Phone', key: 'phone', width: 16 },
    { header: 'Gender', key: 'gender', width: 10 },
    { header: 'Department', key: 'department', width: 20 },
    { header: 'Level', key: 'level', width: 8 },
    { header: 'Date Joined', key: 'date_joined', width: 12 },
    { header: 'Monthly Savings', key: 'savings', width: 16 },
  ];
  sheet.getRow(1).font = { bold: true };
  members.forEach((m, i) =>
    sheet.addRow({
      sn: i + 1,
      coop_id: m.coop_id,
      name: [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' '),
      staff_id: m.staff_id ?? '',
      email: m.email,
      phone: m.phone,
      gender: m.gender,
      department: (m.work_info?.department_id && departments.get(m.work_info.department_id)) ?? 'N/A',
      level: m.work_info?.level ?? '',
      date_joined: m.work_info?.date_joined ?? '',
      savings: toNaira(m.savings_amount),
    }),
  );
  sheet.getColumn('savings').numFmt = '#,##0.00';
  workbook.title = `Members of ${cooperativeName}`;
  return toBuffer(workbook);
}

export async function importSample(departmentName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  sheet.addRow([...IMPORT_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(['STF001', 'Ada', '', 'Obi', 'ada.obi@example.com', '08030000000', 'Female', 'Single', '1990-04-12', '12 Broad Street, Lagos', 5000, 3, departmentName, '2020-01-15']);
  IMPORT_COLUMNS.forEach((_c, i) => (sheet.getColumn(i + 1).width = 18));
  const notes = workbook.addWorksheet('Notes');
  notes.addRow(['Important note']);
  notes.addRow(['One member per row, from row 2 of the first sheet, in the columns of the header row.']);
  notes.addRow(['A row whose staff_id already belongs to a member updates that member; other rows create new members.']);
  notes.addRow(['Dates are YYYY-MM-DD; savings_amount is in naira; level is 1 to 10; department is the department name.']);
  notes.addRow(['If any row is invalid nothing is imported, and a report lists each row, column and message.']);
  return toBuffer(workbook);
}
