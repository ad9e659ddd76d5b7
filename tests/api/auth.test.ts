import { describe, expect, it } from 'vitest';
import { apiUrl, call, superToken, tokenFor } from './support/api.ts';

interface LoginData {
  token: { type: string; token: string; refresh_token: string };
  user: { id: string; coop_id: string; role_name: string; cooperative_id: string | null; status: number };
  member: { coop_id: string; firstname: string; savings_amount: number } | null;
}

describe('POST /auth/login', () => {
  it('signs a member in and returns the token, the user and the member', async () => {
    const response = await call<LoginData>('POST', '/auth/login', {
      body: { coop_id: 'demo0001', password: 'password123' },
    });

    expect(response.status).toBe(200);
    expect(response.body.status).toBe(true);
    expect(response.body.data.token.token.split('.')).toHaveLength(3);
    expect(response.body.data.user).toMatchObject({ coop_id: 'DEMO0001', role_name: 'cooperative-member', status: 1 });
    expect(response.body.data.member).toMatchObject({ coop_id: 'DEMO0001', firstname: 'Adaeze' });
    expect(response.body.data.member?.savings_amount).toBe(10_000);
  });

  it('signs the super-admin in with no cooperative and no member record', async () => {
    const response = await call<LoginData>('POST', '/auth/login', {
      body: { coop_id: 'superadmin', password: 'superadmin123' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user).toMatchObject({ role_name: 'super-admin', cooperative_id: null });
    expect(response.body.data.member).toBeNull();
  });

  it('gives one message for a wrong password and for an unknown login ID', async () => {
    const wrong = await call('POST', '/auth/login', { body: { coop_id: 'DEMO0001', password: 'not-the-password' } });
    const unknown = await call('POST', '/auth/login', { body: { coop_id: 'NOBODY999', password: 'whatever1' } });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ status: false, message: 'Invalid login ID or password' });
    }
  });

  it('names the missing field', async () => {
    const response = await call('POST', '/auth/login', { body: { password: 'x' } });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Please enter your login ID');
    expect(response.body.errors).toEqual({ coop_id: 'Please enter your login ID' });
  });

  it('returns a token that opens GET /cooperative/all', async () => {
    // Searched by code: the test files' own cooperatives come before DEMO on the first page of the list.
    const codes = async (query: string) =>
      (
        await call<{ data: { code: string }[] }>('GET', '/cooperative/all', {
          token: await superToken(),
          query: { query },
        })
      ).body.data.data.map((c) => c.code);
    expect(await codes('DEMO')).toContain('DEMO');
    expect(await codes('ALPHA')).toContain('ALPHA');
  });

  it('refuses a tampered token', async () => {
    const token = await tokenFor('DEMO-ADMIN');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    claims['custom:role'] = 'super-admin';
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const response = await call('GET', '/dashboard', { token: forged });
    expect(response.status).toBe(401);
  });
});

describe('GET /user/coopledger/single', () => {
  it('reads your own user', async () => {
    const response = await call<{ coop_id: string }>('GET', '/user/coopledger/single', {
      token: await tokenFor('DEMO-ACCT'),
      query: { user_id: 'DEMO-ACCT' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.coop_id).toBe('DEMO-ACCT');
  });

  it("refuses someone else's user unless you are super-admin", async () => {
    const member = await call('GET', '/user/coopledger/single', {
      token: await tokenFor('DEMO0001'),
      query: { user_id: 'DEMO-ADMIN' },
    });
    expect(member.status).toBe(403);
    const admin = await call<{ coop_id: string; role_name: string }>('GET', '/user/coopledger/single', {
      token: await superToken(),
      query: { user_id: 'DEMO-ADMIN' },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ coop_id: 'DEMO-ADMIN', role_name: 'cooperative-admin' });
  });
});

describe('PATCH /auth/password-reset', () => {
  it('answers the same whether or not the account exists', async () => {
    const known = await call('PATCH', '/auth/password-reset', { body: { coop_id: 'DEMO0003' } });
    const unknown = await call('PATCH', '/auth/password-reset', { body: { coop_id: 'NOBODY123' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.message).toBe(unknown.body.message);
  });

  it('refuses a wrong code and checks the new password with the spec messages', async () => {
    const short = await call('PATCH', '/auth/password-reset', {
      body: { coop_id: 'DEMO0003', code: '123456', password: 'abc', password_confirmation: 'abc' },
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Password must be at least 6 characters');
    const mismatch = await call('PATCH', '/auth/password-reset', {
      body: { coop_id: 'DEMO0003', code: '123456', password: 'abcdef1', password_confirmation: 'abcdef2' },
    });
    expect(mismatch.body.errors).toEqual({ password_confirmation: 'Passwords must match' });
    const wrongCode = await call('PATCH', '/auth/password-reset', {
      body: { coop_id: 'DEMO0003', code: '000000', password: 'abcdef1', password_confirmation: 'abcdef1' },
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.message).toBe('The code is not valid');
  });
});

describe('POST /auth/change-password', () => {
  it('changes your own password after checking the current one', async () => {
    const token = await tokenFor('DEMO0004');
    const wrong = await call('POST', '/auth/change-password', {
      token,
      body: { current_password: 'nope-nope', password: 'newpass123', password_confirmation: 'newpass123' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Your current password is not correct');

    const changed = await call('POST', '/auth/change-password', {
      token,
      body: { current_password: 'password123', password: 'newpass123', password_confirmation: 'newpass123' },
    });
    expect(changed.status).toBe(200);
    const login = await call('POST', '/auth/login', { body: { coop_id: 'DEMO0004', password: 'newpass123' } });
    expect(login.status).toBe(200);
    const old = await call('POST', '/auth/login', { body: { coop_id: 'DEMO0004', password: 'password123' } });
    expect(old.status).toBe(401);
  });
});

describe('a JSON body sent as curl sends it', () => {
  it('is read as JSON even when labelled as a form', async () => {
    const response = await fetch(`${apiUrl()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify({ coop_id: 'superadmin', password: 'superadmin123' }),
    });
    expect(response.status).toBe(200);
  });
});
