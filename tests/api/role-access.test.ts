import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, superToken, tokenFor } from './support/api.ts';
import { tagOf } from './support/crud-suite.ts';
import { createTestCooperative } from './support/fixtures.ts';

/**
 * The Role Access grid narrows what the route table admits. This file changes the grid only of a
 * role it adds itself (based on cooperative-accountant) and held only by its own user, so other
 * files running at the same time never see its changes.
 */
const FULL = { read: true, write: true, delete: true };
const grid = (setup: { read: boolean; write: boolean; delete: boolean }) => ({
  members: FULL,
  loans: FULL,
  savings: FULL,
  setup,
});

let coop = '';
let roleId = '';
let accountant = '';
const login = `ACC${tagOf()}`;

const saveAccess = async (access: ReturnType<typeof grid>) =>
  call('POST', '/roles/access', { token: await superToken(), body: { role_id: roleId, access } });
const addDepartment = async (name: string) =>
  call<{ id: string }>('POST', '/cooperative/department', { token: accountant, body: { name, status: 1 } });

beforeAll(async () => {
  coop = (await createTestCooperative('RA')).id;
  const role = await call<{ id: string }>('POST', '/roles', {
    token: await superToken(),
    body: { display_name: `Grid Accountant ${login}`, belong_to: 'COOPERATIVE', base_role: 'cooperative-accountant' },
  });
  roleId = role.body.data.id;
  const user = await call('POST', '/user/coopledger', {
    token: await superToken(),
    body: {
      coop_id: login,
      firstname: 'Grid',
      lastname: 'Accountant',
      email: `${login.toLowerCase()}@example.com`,
      role_id: roleId,
      password: 'secret12',
      confirm_password: 'secret12',
      cooperative_id: coop,
    },
  });
  if (user.status !== 201) throw new Error(`Could not add the accountant: ${user.body.message}`);
  accountant = await tokenFor(login, 'secret12');
});

afterAll(async () => {
  // Leave the grid as it was, even when a test failed half-way.
  await saveAccess(grid(FULL));
});

describe('Role Access', () => {
  it('starts from the defaults: staff full, members and executives read-only on Setup', async () => {
    const response = await call<{ role_id: string; saved: boolean; access: ReturnType<typeof grid> }[]>(
      'GET',
      '/roles/access',
      { token: await superToken() },
    );
    const byRole = new Map(response.body.data.map((r) => [r.role_id, r]));
    // Nothing saved: the accountant's default, written out by hand.
    expect(byRole.get(roleId)).toMatchObject({
      saved: false,
      access: {
        members: { read: true, write: true, delete: false },
        loans: FULL,
        savings: FULL,
        setup: { read: true, write: false, delete: false },
      },
    });
    expect(byRole.get('cooperative-admin')).toMatchObject({ access: grid(FULL) });
    expect(byRole.get('cooperative-member')?.access.setup).toEqual({ read: true, write: false, delete: false });
    expect(byRole.get('cooperative-executive')?.access.setup).toEqual({ read: true, write: false, delete: false });
  });

  it('refuses a setup create once Write on Setup is revoked, and allows it again once restored', async () => {
    // Prepare: Write on Setup granted to the accountant's role (the default has none); it can add a department.
    expect((await saveAccess(grid(FULL))).status).toBe(200);
    expect((await addDepartment(`Before ${login}`)).status).toBe(201);

    // Act: revoke Write on Setup for the accountant's role.
    const revoked = await saveAccess(grid({ read: true, write: false, delete: true }));
    expect(revoked.status, revoked.body.message).toBe(200);

    // Assess: writes refused with the grid's message, reads still allowed, nothing written.
    const refused = await addDepartment(`During ${login}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role does not have Write access to Setup');
    const listed = await call<{ data: { name: string }[] }>('GET', '/cooperative/department', { token: accountant });
    expect(listed.status).toBe(200);
    expect(listed.body.data.data.map((d) => d.name)).not.toContain(`During ${login}`);
    // The built-in accountant role keeps its default: no Write on Setup; the admin's is full.
    const builtIn = await call('POST', '/cooperative/department', { token: await tokenFor('DEMO-ACCT'), body: {} });
    expect(builtIn.status).toBe(403);
    expect(builtIn.body.message).toBe('Your role does not have Write access to Setup');
    expect(
      (await call('POST', '/cooperative/department', { token: await tokenFor('DEMO-ADMIN'), body: {} })).status,
    ).toBe(422);

    // Restore.
    await saveAccess(grid(FULL));
    expect((await addDepartment(`After ${login}`)).status).toBe(201);
  });

  it("refuses the accountant's default a member's deactivation (Delete on Members), and not the admin's", async () => {
    // No member named: the admin is refused for the input (422), the accountant for the role (403), nothing changes.
    const byAccountant = await call('GET', '/cooperative/member/deactivate', { token: await tokenFor('DEMO-ACCT') });
    expect(byAccountant.status).toBe(403);
    expect(byAccountant.body.message).toBe('Your role does not have Delete access to Members');
    const byAdmin = await call('GET', '/cooperative/member/deactivate', { token: await tokenFor('DEMO-ADMIN') });
    expect([400, 404, 422]).toContain(byAdmin.status);
    // Reading and changing members stays the accountant's.
    expect((await call('GET', '/cooperative/member/statistics', { token: await tokenFor('DEMO-ACCT') })).status).toBe(
      200,
    );
  });

  it('refuses Delete and Read the same way', async () => {
    const dept = (await addDepartment(`Doomed ${login}`)).body.data;
    await saveAccess(grid({ read: false, write: true, delete: false }));
    const remove = await call('DELETE', '/cooperative/department/delete', {
      token: accountant,
      query: { dept_id: dept.id },
    });
    expect(remove.status).toBe(403);
    expect(remove.body.message).toBe('Your role does not have Delete access to Setup');
    const read = await call('GET', '/cooperative/department', { token: accountant });
    expect(read.body.message).toBe('Your role does not have Read access to Setup');
    await saveAccess(grid(FULL));
    expect(
      (await call('DELETE', '/cooperative/department/delete', { token: accountant, query: { dept_id: dept.id } }))
        .status,
    ).toBe(200);
  });

  it('never restricts super-admin, and validates the grid', async () => {
    const superRole = await call('POST', '/roles/access', {
      token: await superToken(),
      body: { role_id: 'super-admin', access: grid(FULL) },
    });
    expect(superRole.status).toBe(422);
    expect(superRole.body.errors).toEqual({ role_id: 'Super Admin roles are never restricted' });
    const missing = await call('POST', '/roles/access', { token: await superToken(), body: { access: grid(FULL) } });
    expect(missing.body.errors).toEqual({ role_id: 'Please select a role' });
    const unknown = await call('POST', '/roles/access', {
      token: await superToken(),
      body: { role_id: 'NOPE', access: grid(FULL) },
    });
    expect(unknown.status).toBe(422);
  });
});
