import { withCooperativeRules } from '#core/cooperative-rules';
import { toNaira } from '@coopledger/shared/money';
import { findCooperative } from '../../cooperatives/cooperative-store.ts';
import { findImport, readImportFile, readSheet, updateImport } from '../../members/member-import.ts';
import { findMember, memberOfStaffId } from '../../members/member-store.ts';
import { editDetails } from '../../members/member-profile.ts';
import { enrolMember, mailCredentials, temporaryPassword } from '../../members/member-service.ts';
import type { CheckedRow } from './rows.ts';
import { checkRow, departmentsByName } from './rows.ts';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';

interface ChunkInput {
  cooperative_id: string;
  import_id: string;
  from: number;
  to: number;
}

/**
 * Writes one chunk of an already validated file. Each row is idempotent by staff ID: a staff ID that
 * already belongs to a member updates that member (the spec's 'Important note'), so a retried chunk
 * or the same file uploaded again creates no duplicates.
 */
async function writeRow(cooperative: { id: string; code: string; name: string }, importId: string, { value }: CheckedRow): Promise<'created' | 'updated'> {
  const existing = await memberOfStaffId(cooperative.id, value.staff_id);
  const member = existing ? await findMember(cooperative.id, existing, true) : undefined;
  if (member) {
    const staff = { ...value, staff_id: value.staff_id, role_id: member.role_name, savings_amount: toNaira(value.savings_amount) };
    await editDetails(cooperative.id, member.id, 'STAFF-INFO', staff, false);
    await editDetails(cooperative.id, member.id, 'WORK-INFO', { ...member.work_info, level: value.level, department_id: value.department_id, date_joined: value.date_joined }, false);
    return 'updated';
  }
  const password = temporaryPassword();
  const created = await enrolMember(
    {
      cooperative_id: cooperative.id,
      firstname: value.firstname,
      middlename: value.middlename,
      lastname: value.lastname,
      staff_id: value.staff_id,
      email: value.email.toLowerCase(),
      phone: value.phone,
      gender: value.gender,
      marital_status: value.marital_status,
      dob: value.dob,
      current_address: value.current_address,
      savings_amount: value.savings_amount,
      role_name: 'cooperative-member',
      role_id: 'cooperative-member',
      status: MEMBER_STATUS.APPROVED,
      work_info: { level: value.level, department_id: value.department_id, date_joined: value.date_joined },
      source: { kind: 'import', id: importId },
    },
    cooperative.code,
    password,
  );
  await mailCredentials(created, cooperative, password);
  return 'created';
}

const task = async (input: ChunkInput) => {
  const [record, cooperative] = await Promise.all([findImport(input.cooperative_id, input.import_id), findCooperative(input.cooperative_id)]);
  if (!record || !cooperative) throw new Error(`Import ${input.import_id} or its cooperative not found`);
  const rows = (await readSheet(await readImportFile(record.file_key))).slice(input.from, input.to);
  const departments = await departmentsByName(input.cooperative_id);
  let created = 0;
  let updated = 0;
  for (const row of rows) {
    const { ok } = checkRow(row, departments);
    if (!ok) throw new Error(`Row ${row.row} no longer validates (a department changed during the import)`);
    if ((await writeRow(cooperative, input.import_id, ok)) === 'created') created++;
    else updated++;
  }
  await updateImport(input.cooperative_id, input.import_id, {}, { rows_written: rows.length, created, updated });
  return { created, updated };
};

/** Row checks apply the cooperative's own amount limit and posting date rules (functions/core/cooperative-rules.ts). */
export const handler = (input: ChunkInput) => withCooperativeRules(input.cooperative_id, () => task(input));
