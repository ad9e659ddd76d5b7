import { describe, expect, it } from 'vitest';
import { call, superToken, tokenFor } from './support/api.ts';
import { tagOf } from './support/crud-suite.ts';

interface RoleRow {
  id: string;
  display_name: string;
  belong_to: string;
  base_role: string;
  status: number;
  built_in: boolean;
}

const addRole = async (body: Record<string, unknown>) =>
  call<RoleRow>('POST', '/roles', { token: await superToken(), body });

describe('roles', () => {
  it('lists the built-in roles by type', async () => {
    const platform = await call<{ data: RoleRow[] }>('GET', '/roles/all', {
      token: await superToken(),
      query: { type: 'coopledger' },
    });
    expect(platform.body.data.data.map((r) => r.id)).toContain('super-admin');
    expect(platform.body.data.data.every((r) => r.belong_to === 'coopledger')).toBe(true);
    const cooperative = await call<{ data: RoleRow[] }>('GET', '/roles/all', {
      token: await tokenFor('DEMO-ADMIN'),
      query: { type: 'COOPERATIVE', per_page: 100 },
    });
    expect(cooperative.body.data.data.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'cooperative-admin',
        'cooperative-accountant',
        'cooperative-executive',
        'cooperative-member',
      ]),
    );
  });

  it('adds, finds, renames and deletes a role', async () => {
    const name = `Auditor ${tagOf()}`;
    const made = await addRole({ display_name: name, belong_to: 'COOPERATIVE', base_role: 'cooperative-accountant' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Role created successfully');
    expect(made.body.data).toMatchObject({
      display_name: name,
      belong_to: 'COOPERATIVE',
      base_role: 'cooperative-accountant',
      status: 1,
      built_in: false,
    });

    const found = await call<{ data: RoleRow[] }>('GET', '/roles/search', {
      token: await superToken(),
      query: { query: name.toLowerCase() },
    });
    expect(found.body.data.data.map((r) => r.id)).toEqual([made.body.data.id]);

    const renamed = await call<RoleRow>('POST', '/roles/update', {
      token: await superToken(),
      body: { id: made.body.data.id, display_name: `${name} II`, belong_to: 'COOPERATIVE', status: 0 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      display_name: `${name} II`,
      base_role: 'cooperative-accountant',
      status: 0,
    });

    const removed = await call('DELETE', '/roles', {
      token: await superToken(),
      query: { role_id: made.body.data.id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Role deleted successfully');
    const gone = await call<{ data: RoleRow[] }>('GET', '/roles/search', {
      token: await superToken(),
      query: { query: name },
    });
    expect(gone.body.data.data).toHaveLength(0);
  });

  it('refuses a duplicate name (409), also of a built-in role', async () => {
    const name = `Clerk ${tagOf()}`;
    await addRole({ display_name: name, belong_to: 'COOPERATIVE' });
    const again = await addRole({ display_name: name.toUpperCase(), belong_to: 'COOPERATIVE' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`The role ${name.toUpperCase()} already exists`);
    const builtIn = await addRole({ display_name: 'Cooperative Admin', belong_to: 'COOPERATIVE' });
    expect(builtIn.status).toBe(409);
  });

  it('answers missing fields with the spec messages', async () => {
    const noName = await addRole({ belong_to: 'COOPERATIVE' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toEqual({ display_name: 'Please enter a role name' });
    const noType = await addRole({ display_name: 'Teller' });
    expect(noType.body.errors).toEqual({ belong_to: 'Please select the role type' });
    const mismatch = await addRole({
      display_name: `Teller ${tagOf()}`,
      belong_to: 'COOPERATIVE',
      base_role: 'super-admin',
    });
    expect(mismatch.body.errors).toEqual({ base_role: 'A cooperative role must be based on a cooperative role' });
  });

  it('keeps built-in roles, and roles users hold, from being deleted', async () => {
    const builtIn = await call('DELETE', '/roles', {
      token: await superToken(),
      query: { role_id: 'cooperative-admin' },
    });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.message).toBe('Built-in roles cannot be deleted');

    const role = (
      await addRole({
        display_name: `Cashier ${tagOf()}`,
        belong_to: 'COOPERATIVE',
        base_role: 'cooperative-accountant',
      })
    ).body.data;
    const { cooperativeId } = await import('./support/api.ts');
    const login = `CSH${tagOf()}`;
    const user = await call('POST', '/user/coopledger', {
      token: await superToken(),
      body: {
        coop_id: login,
        firstname: 'Cash',
        lastname: 'Ier',
        email: `${login.toLowerCase()}@example.com`,
        role_id: role.id,
        password: 'secret12',
        confirm_password: 'secret12',
        cooperative_id: await cooperativeId('ALPHA'),
      },
    });
    expect(user.status, user.body.message).toBe(201);
    const held = await call('DELETE', '/roles', { token: await superToken(), query: { role_id: role.id } });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(`The role ${role.display_name} is held by 1 user(s) and cannot be deleted`);

    await call('DELETE', '/user/coopledger', { token: await superToken(), query: { user_id: login } });
    expect((await call('DELETE', '/roles', { token: await superToken(), query: { role_id: role.id } })).status).toBe(
      200,
    );
  });
});
