import { randomBytes } from 'node:crypto';
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
