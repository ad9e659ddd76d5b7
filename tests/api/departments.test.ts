import { beforeAll } from 'vitest';
import { enrolMember } from '../../functions/members/member-service.ts';
import { crudSuite } from './support/crud-suite.ts';
import { useRuntimeEnv } from './support/env.ts';

beforeAll(() => useRuntimeEnv());

crudSuite({
  name: 'Departments',
  base: '/cooperative/department',
  deletePath: '/cooperative/department/delete',
  idParam: 'dept_id',
  tenant: 'cooperative',
  valid: (n, _refs, ctx) => ({ name: `Dept ${n} ${ctx.tag}`, status: 1 }),
  shows: (body) => ({ name: body.name, status: 1 }),
  change: (body) => ({
    body: { name: `${String(body.name)} Renamed`, status: '0' },
    shows: { name: `${String(body.name)} Renamed`, status: 0 },
  }),
  duplicate: (first) => {
    const name = String(first.name).toUpperCase();
    return { body: { name, status: 1 }, message: `The name ${name} is already used in this cooperative` };
  },
  inUse: async (row, _refs, ctx) => {
    await enrolMember(
      {
        coop_id: `DM${ctx.tag}`,
        cooperative_id: ctx.coop!,
        firstname: 'Ada',
        lastname: 'Obi',
        email: `ada.${ctx.tag.toLowerCase()}@example.com`,
        phone: '08030000000',
        gender: 'Female',
        role_name: 'cooperative-member',
        savings_amount: 0,
        status: 1,
        work_info: { department_id: row.id },
      },
      'DM',
      'password123',
    );
    return `The department ${String(row.name)} has 1 member(s) and cannot be deleted`;
  },
  invalid: [
    [{ status: 1 }, 'name', 'Please enter a department name'],
    [{ name: '  ', status: 1 }, 'name', 'Please enter a department name'],
    [{ name: 'Audit' }, 'status', 'Please select the status'],
  ],
  searchOf: (body) => String(body.name),
});
