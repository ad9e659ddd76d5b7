import { describe, expect, it } from 'vitest';
import { call, cooperativeId, superToken, tokenFor } from './support/api.ts';
import { tagOf } from './support/crud-suite.ts';
import { createTestCooperative } from './support/fixtures.ts';

interface UserRow {
  id: string;
  coop_id: string;
  firstname: string;
  lastname: string;
  email: string;
  role_id: string;
  role_name: string;
  status: number;
  cooperative_id: string | null;
}

const userBody = (login: string, extra: Record<string, unknown> = {}) => ({
  coop_id: login,
  firstname: 'Sade',
  lastname: 'Bello',
  email: `${login.toLowerCase()}@example.com`,
  role_id: 'super-admin',
  password: 'secret12',
  confirm_password: 'secret12',
  ...extra,
});

const add = async (body: Record<string, unknown>) =>
  call<UserRow>('POST', '/user/coopledger', { token: await superToken(), body });

describe('system users', () => {
  it('creates a platform user who can sign in, lists and finds them', async () => {
    const login = `OPS${tagOf()}`;
    const made = await add(userBody(login));
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.message).toBe('User created successfully');
    expect(made.body.data).toMatchObject({ coop_id: login, role_id: 'super-admin', status: 1, cooperative_id: null });
    expect(await tokenFor(login, 'secret12')).toBeTruthy();

    const found = await call<{ data: UserRow[]; meta: { total: number } }>('GET', '/user/coopledger', {
      token: await superToken(),
      query: { query: login.toLowerCase() },
    });
    expect(found.body.data.data.map((u) => u.coop_id)).toEqual([login]);
    const paged = await call<{ data: UserRow[]; meta: { per_page: number; total: number } }>(
      'GET',
      '/user/coopledger',
      { token: await superToken(), query: { per_page: 1 } },
    );
    expect(paged.body.data.data).toHaveLength(1);
    expect(paged.body.data.meta.total).toBeGreaterThanOrEqual(2);
  });

  it('updates names, email, status and password (only when given)', async () => {
    const login = `UPD${tagOf()}`;
    await add(userBody(login));
    const changed = await call<UserRow>('POST', '/user/coopledger/update', {
      token: await superToken(),
      body: {
        ...userBody(login),
        user_id: login,
        firstname: 'Sadia',
        email: `new.${login.toLowerCase()}@example.com`,
        password: '',
        confirm_password: '',
      },
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data).toMatchObject({ firstname: 'Sadia', email: `new.${login.toLowerCase()}@example.com` });
    // The old password still works: it was not sent.
    const signIn = await call('POST', '/auth/login', { body: { coop_id: login, password: 'secret12' } });
    expect(signIn.status).toBe(200);

    await call('POST', '/user/coopledger/update', {
      token: await superToken(),
      body: { ...userBody(login), user_id: login, password: 'newpass1', confirm_password: 'newpass1' },
    });
    expect((await call('POST', '/auth/login', { body: { coop_id: login, password: 'newpass1' } })).status).toBe(200);

    const deactivated = await call<UserRow>('POST', '/user/coopledger/update', {
      token: await superToken(),
      body: { ...userBody(login), user_id: login, status: 0, password: undefined },
    });
    expect(deactivated.body.data.status).toBe(0);
    expect((await call('POST', '/auth/login', { body: { coop_id: login, password: 'newpass1' } })).status).not.toBe(
      200,
    );
  });

  it('refuses a change of sign-in role, saying to add the user again', async () => {
    const login = `ROL${tagOf()}`;
    const coop = (await createTestCooperative('SU')).id;
    await add(userBody(login, { role_id: 'cooperative-accountant', cooperative_id: coop }));
    const response = await call('POST', '/user/coopledger/update', {
      token: await superToken(),
      body: { ...userBody(login, { role_id: 'cooperative-admin' }), user_id: login, password: undefined },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.role_id).toBe(
      `The sign-in role of ${login} is Cooperative Accountant and cannot change to Cooperative Admin; delete the user and add them again with the new role`,
    );
  });

  it('creates a cooperative staff user, listed only in that cooperative', async () => {
    const login = `STF${tagOf()}`;
    const coop = (await createTestCooperative('SU')).id;
    const made = await add(userBody(login, { role_id: 'cooperative-admin', cooperative_id: coop }));
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data.cooperative_id).toBe(coop);
    const inCoop = await call<{ data: UserRow[] }>('GET', '/user/coopledger', {
      token: await superToken(),
      query: { cooperative_id: coop },
    });
    expect(inCoop.body.data.data.map((u) => u.coop_id)).toEqual([login]);
    const onPlatform = await call<{ data: UserRow[] }>('GET', '/user/coopledger', {
      token: await superToken(),
      query: { query: login },
    });
    expect(onPlatform.body.data.data).toHaveLength(0);
    const member = await add(userBody(`M${login}`, { role_id: 'cooperative-member', cooperative_id: coop }));
    expect(member.body.errors?.role_id).toBe(
      'A cooperative user needs a cooperative staff or store keeper role (members and executives are added from Members)',
    );
  });

  it('refuses a login ID already taken (409)', async () => {
    const response = await add(userBody('DEMO-ADMIN'));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('The login ID DEMO-ADMIN is already taken');
  });

  it('answers each bad field with the spec message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [userBody(''), 'coop_id', 'Please enter a COOP ID'],
      [userBody('X1X', { firstname: '' }), 'firstname', 'First name is required'],
      [userBody('X1X', { lastname: undefined }), 'lastname', 'Last name is required'],
      [userBody('X1X', { email: '' }), 'email', 'Email is required'],
      [userBody('X1X', { email: 'nope' }), 'email', 'Please enter a valid email address'],
      [userBody('X1X', { role_id: '' }), 'role_id', 'Please elect the user role'],
      [userBody('X1X', { password: '', confirm_password: '' }), 'password', 'Please enter a password'],
      [
        userBody('X1X', { password: 'abc', confirm_password: 'abc' }),
        'password',
        'Password must be at least 6 characters',
      ],
      [
        userBody('X1X', { password: 'a'.repeat(21), confirm_password: 'a'.repeat(21) }),
        'password',
        'Password must be at most 20 characters',
      ],
      [userBody('X1X', { confirm_password: 'other123' }), 'confirm_password', 'Passwords must match'],
    ];
    for (const [body, field, message] of cases) {
      const response = await add(body);
      expect(response.status, field).toBe(422);
      expect(response.body.errors?.[field], field).toBe(message);
    }
  });

  it('deletes a user and their sign-in, but not yourself or a member', async () => {
    const login = `DEL${tagOf()}`;
    await add(userBody(login));
    const removed = await call('DELETE', '/user/coopledger', { token: await superToken(), query: { user_id: login } });
    expect(removed.status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { coop_id: login, password: 'secret12' } })).status).toBe(401);
    expect(
      (await call('DELETE', '/user/coopledger', { token: await superToken(), query: { user_id: 'superadmin' } })).body
        .message,
    ).toBe('You cannot delete your own account');
    const member = await call('DELETE', '/user/coopledger', {
      token: await superToken(),
      query: { user_id: 'DEMO0001', cooperative_id: await cooperativeId('DEMO') },
    });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('This user is a member; manage them from Members');
  });
});
