import { crudSuite } from './support/crud-suite.ts';

// Staff categories are platform-wide (super-admin's system menu); nothing refers to them yet.
crudSuite({
  name: 'Staff categories',
  base: '/staff-category',
  idParam: 'category_id',
  tenant: 'platform',
  valid: (n, _refs, ctx) => ({ name: `Staff ${n} ${ctx.tag}`, status: 1 }),
  shows: (body) => ({ name: body.name, status: 1 }),
  change: (body) => ({
    body: { name: `${String(body.name)} B`, status: 0 },
    shows: { name: `${String(body.name)} B`, status: 0 },
  }),
  duplicate: (first) => ({
    body: { name: ` ${String(first.name)} `, status: 0 },
    message: `The name ${String(first.name)} is already used on the platform`,
  }),
  invalid: [
    [{ status: 1 }, 'name', 'Please enter a name'],
    [{ name: 'Senior' }, 'status', 'Please select the status'],
    [{ name: 'Senior', status: 3 }, 'status', 'Please select the status'],
  ],
  searchOf: (body) => String(body.name),
});
