import { readFile, readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdminUpdateUserAttributesCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cognito } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { connectionsOf } from '../../functions/chat/connection-entity.ts';
import { apiUrl, call, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

/**
 * Issue 18, sign-in and sessions: the token's role against the user record (item 11), tokens after a
 * password change or reset (item 12), what members read of their cooperative (item 13), and the
 * registration rate limit per viewer address (item 14).
 */
let coop: { id: string; code: string; name: string };
let departmentId = '';
let admin = '';

beforeAll(async () => {
  useRuntimeEnv();
  coop = await createTestCooperative('S');
  departmentId = await createDepartment(coop.id);
  admin = await superToken();
});

/** A new member of the test cooperative with the password secret123. */
async function newMember(): Promise<string> {
  const created = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: admin,
    body: { ...memberBody(departmentId), cooperative_id: coop.id },
  });
  if (created.status !== 201) throw new Error(`Could not create a member: ${created.status} ${created.body.message}`);
  return created.body.data.coop_id;
}

/** A fresh sign-in (never cached): its ID token. */
async function signIn(loginId: string, password: string): Promise<string> {
  const response = await call<{ token: { token: string } }>('POST', '/auth/login', {
    body: { coop_id: loginId, password },
  });
  if (response.status !== 200)
    throw new Error(`Could not sign in as ${loginId}: ${response.status} ${response.body.message}`);
  return response.body.data.token.token;
}

const authTimeOf = (token: string) => Number(decodeJwt(token).auth_time);

/**
 * Waits until the clock has passed the second the token was issued in, so that a change made next
 * happens in a later second than the sign-in (token times are whole seconds).
 */
async function afterTheSecondOf(token: string): Promise<void> {
  const next = (authTimeOf(token) + 1) * 1000;
  while (Date.now() < next) await sleep(next - Date.now());
}

const me = (token: string) => call('GET', '/auth/me', { token });

describe('the role in the token against the user record', () => {
  it('refuses a token whose role claim was edited in the user pool (401), on every route and at sign-in', async () => {
    const member = await newMember();
    const honest = await signIn(member, 'secret123');
    expect((await me(honest)).status).toBe(200);

    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: config().userPoolId,
        Username: member,
        UserAttributes: [{ Name: 'custom:role', Value: 'cooperative-admin' }],
      }),
    );
    const forged = await cognito().send(
      new InitiateAuthCommand({
        ClientId: config().userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: member, PASSWORD: 'secret123' },
      }),
    );
    const token = forged.AuthenticationResult!.IdToken!;
    expect(decodeJwt(token)['custom:role']).toBe('cooperative-admin');

    const members = await call('GET', '/cooperative/member', { token, query: { cooperative_id: coop.id } });
    expect(members.status).toBe(401);
    expect(members.body.message).toBe('Your sign-in does not match your account. Please sign in again.');
    expect((await me(token)).status).toBe(401);
    const login = await call('POST', '/auth/login', { body: { coop_id: member, password: 'secret123' } });
    expect(login.status).toBe(401);
  });
});

describe('tokens after a password change', () => {
  it('refuses the tokens of earlier sign-ins once a person changes their own password; a sign-in right after works', async () => {
    const member = await newMember();
    const old = await signIn(member, 'secret123');
    await afterTheSecondOf(old);

    const changed = await call('POST', '/auth/change-password', {
      token: old,
      body: { current_password: 'secret123', password: 'fresh-pass1', password_confirmation: 'fresh-pass1' },
    });
    expect(changed.status, changed.body.message).toBe(200);
    const fresh = await signIn(member, 'fresh-pass1');

    const refused = await me(old);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your password has been changed. Please sign in again.');
    expect((await me(fresh)).status).toBe(200);
    // The record says from which second sign-ins count: after the old one, not after the new one.
    const user = await getItem<{ tokens_valid_after: number }>(keys.user(coop.id, member), true);
    expect(user!.tokens_valid_after).toBeGreaterThan(authTimeOf(old));
    expect(user!.tokens_valid_after).toBeLessThanOrEqual(authTimeOf(fresh));
  });

  it("refuses a member's earlier tokens once staff set their password", async () => {
    const member = await newMember();
    const old = await signIn(member, 'secret123');
    await afterTheSecondOf(old);

    const set = await call('POST', '/cooperative/member/details/change-password', {
      token: admin,
      body: { cooperative_id: coop.id, coop_id: member, password: 'staff-set1', password_confirmation: 'staff-set1' },
    });
    expect(set.status, set.body.message).toBe(200);

    expect((await me(old)).status).toBe(401);
    expect((await me(await signIn(member, 'staff-set1'))).status).toBe(200);
  });

  it("refuses a member's earlier tokens once they reset their password with the emailed code", async () => {
    const member = await newMember();
    const old = await signIn(member, 'secret123');
    await afterTheSecondOf(old);

    expect((await call('PATCH', '/auth/password-reset', { body: { coop_id: member } })).status).toBe(200);
    const code = await resetCodeOf(member);
    const reset = await call('PATCH', '/auth/password-reset', {
      body: { coop_id: member, code, password: 'reset-pass1', password_confirmation: 'reset-pass1' },
    });
    expect(reset.status, reset.body.message).toBe(200);

    expect((await me(old)).status).toBe(401);
    expect((await me(await signIn(member, 'reset-pass1'))).status).toBe(200);
  });

  it("refuses a system user's earlier tokens once super-admin sets their password", async () => {
    const login = `SES${Date.now().toString(36).toUpperCase()}`;
    const body = {
      coop_id: login,
      firstname: 'Sade',
      lastname: 'Bello',
      email: `${login.toLowerCase()}@example.com`,
      role_id: 'super-admin',
      password: 'secret12',
      confirm_password: 'secret12',
    };
    expect((await call('POST', '/user/coopledger', { token: admin, body })).status).toBe(201);
    const old = await signIn(login, 'secret12');
    await afterTheSecondOf(old);

    const updated = await call('POST', '/user/coopledger/update', {
      token: admin,
      body: { ...body, user_id: login, password: 'newpass12', confirm_password: 'newpass12' },
    });
    expect(updated.status, updated.body.message).toBe(200);

    expect((await me(old)).status).toBe(401);
    expect((await me(await signIn(login, 'newpass12'))).status).toBe(200);
  });

  it('refuses a chat connection with a token of a sign-in before the password change', async () => {
    const member = await newMember();
    const old = await signIn(member, 'secret123');
    await afterTheSecondOf(old);
    await call('POST', '/auth/change-password', {
      token: old,
      body: { current_password: 'secret123', password: 'fresh-pass2', password_confirmation: 'fresh-pass2' },
    });

    await expect(openSocket(old)).rejects.toThrow('refused with 401');
    const socket = await openSocket(await signIn(member, 'fresh-pass2'));
    socket.close();
  });
});

describe('chat connections opened before a password change or a deactivation', () => {
  let staff: { id: string; token: string; body: Record<string, unknown> };

  beforeAll(async () => {
    const id = `CHS${Date.now().toString(36).toUpperCase()}`;
    const body = {
      coop_id: id,
      firstname: 'Kemi',
      lastname: 'Staff',
      email: `${id.toLowerCase()}@example.com`,
      role_id: 'cooperative-admin',
      password: 'secret12',
      confirm_password: 'secret12',
      cooperative_id: coop.id,
    };
    const created = await call('POST', '/user/coopledger', { token: admin, body });
    if (created.status !== 201) throw new Error(`Could not add the staff member: ${created.body.message}`);
    staff = { id, token: await signIn(id, 'secret12'), body };
  });

  const say = (to: string, message: string) =>
    call('POST', '/chat/messages', { token: staff.token, body: { to, message } });

  /** An open socket of a sign-in, what is pushed to it, and its close code once it closes. */
  async function listen(token: string) {
    const socket = await openSocket(token);
    const pushes: { type: string }[] = [];
    const next: ((push: { type: string }) => void)[] = [];
    socket.on('message', (data: Buffer) => {
      const push = JSON.parse(data.toString()) as { type: string };
      pushes.push(push);
      next.shift()?.(push);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    return { pushes, closed, nextPush: () => new Promise<{ type: string }>((resolve) => next.push(resolve)) };
  }

  /** A member with a socket that has received one message from staff, so it is known to work. */
  async function memberListening() {
    const member = await newMember();
    const token = await signIn(member, 'secret123');
    const listener = await listen(token);
    const first = listener.nextPush();
    expect((await say(member, 'Welcome')).status).toBe(201);
    expect(await first).toMatchObject({ type: 'chat.message' });
    await afterTheSecondOf(token);
    return { member, token, listener };
  }

  /**
   * The socket was closed by the server, no connection of the person is left to push to, and a message sent now reaches
   * nobody.
   */
  async function expectClosed(
    tenant: string,
    loginId: string,
    listener: Awaited<ReturnType<typeof listen>>,
    messageTo?: string,
  ) {
    expect(await listener.closed).toBe(1000);
    expect(await connectionsOf(tenant, loginId)).toEqual([]);
    if (messageTo) expect((await say(messageTo, 'Are you still there?')).status).toBe(201);
    expect(listener.pushes.map((p) => p.type)).toEqual(['chat.message']);
  }

  it('closes the connections of a member who changes their own password', async () => {
    const { member, token, listener } = await memberListening();

    const changed = await call('POST', '/auth/change-password', {
      token,
      body: { current_password: 'secret123', password: 'fresh-pass3', password_confirmation: 'fresh-pass3' },
    });
    expect(changed.status, changed.body.message).toBe(200);

    await expectClosed(coop.id, member, listener, member);
  });

  it('closes the connections of a member who resets their password with the emailed code', async () => {
    const { member, listener } = await memberListening();

    expect((await call('PATCH', '/auth/password-reset', { body: { coop_id: member } })).status).toBe(200);
    const code = await resetCodeOf(member);
    const reset = await call('PATCH', '/auth/password-reset', {
      body: { coop_id: member, code, password: 'reset-pass3', password_confirmation: 'reset-pass3' },
    });
    expect(reset.status, reset.body.message).toBe(200);

    await expectClosed(coop.id, member, listener, member);
  });

  it("closes a member's connections once staff set their password", async () => {
    const { member, listener } = await memberListening();

    const set = await call('POST', '/cooperative/member/details/change-password', {
      token: admin,
      body: { cooperative_id: coop.id, coop_id: member, password: 'staff-set3', password_confirmation: 'staff-set3' },
    });
    expect(set.status, set.body.message).toBe(200);

    await expectClosed(coop.id, member, listener, member);
  });

  it("closes a member's connections once they are deactivated", async () => {
    const { member, listener } = await memberListening();

    const off = await call('GET', '/cooperative/member/deactivate', {
      token: admin,
      query: { cooperative_id: coop.id, coop_id: member },
    });
    expect(off.status, off.body.message).toBe(200);

    await expectClosed(coop.id, member, listener);
  });

  it("closes a staff member's connections once super-admin deactivates them", async () => {
    const id = `CHD${Date.now().toString(36).toUpperCase()}`;
    const body = { ...staff.body, coop_id: id, email: `${id.toLowerCase()}@example.com` };
    expect((await call('POST', '/user/coopledger', { token: admin, body })).status).toBe(201);
    const listener = await listen(await signIn(id, 'secret12'));

    const off = await call('POST', '/user/coopledger/update', {
      token: admin,
      body: { ...body, user_id: id, status: 0, password: undefined, confirm_password: undefined },
    });
    expect(off.status, off.body.message).toBe(200);

    expect(await listener.closed).toBe(1000);
    expect(await connectionsOf(coop.id, id)).toEqual([]);
  });
});

describe('a password reset with a wrong code', () => {
  it('signs nobody out: the earlier sign-in and its chat connection go on working', async () => {
    const member = await newMember();
    const token = await signIn(member, 'secret123');
    const socket = await openSocket(token);
    await afterTheSecondOf(token);

    expect((await call('PATCH', '/auth/password-reset', { body: { coop_id: member } })).status).toBe(200);
    const wrong = await call('PATCH', '/auth/password-reset', {
      body: { coop_id: member, code: '000000', password: 'reset-pass4', password_confirmation: 'reset-pass4' },
    });

    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect((await me(token)).status).toBe(200);
    expect(await connectionsOf(coop.id, member)).toHaveLength(1);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});

describe('what members read of their cooperative', () => {
  const BRAND = ['code', 'colors', 'id', 'logo', 'name'];

  it('gives members and executives only the id, code, name, logo and colours, never figures or contacts', async () => {
    for (const login of ['DEMO0001', 'DEMO0002']) {
      const token = await tokenFor(login);
      const one = await call<Record<string, unknown>>('GET', '/cooperative', { token });
      expect(one.status).toBe(200);
      expect(Object.keys(one.body.data).sort(), login).toEqual(BRAND);
      expect(one.body.data.name).toEqual(expect.any(String));
      const all = await call<{ data: Record<string, unknown>[] }>('GET', '/cooperative/all', { token });
      expect(
        all.body.data.data.map((c) => Object.keys(c).sort()),
        login,
      ).toEqual([BRAND]);
    }
  });

  it("keeps the staff's view with the cooperative's figures", async () => {
    const one = await call<{ email: string; meta: Record<string, unknown> }>('GET', '/cooperative', {
      token: await tokenFor('DEMO-ADMIN'),
    });
    expect(one.body.data.email).toEqual(expect.any(String));
    expect(Object.keys(one.body.data.meta)).toEqual(
      expect.arrayContaining(['totalSavings', 'totalLoans', 'loansPaid', 'members_count', 'activeMembers']),
    );
  });
});

describe('the registration rate limit', () => {
  it('counts registrations per viewer address, which the edge names and a client cannot choose', async () => {
    const limited = await createTestCooperative('V');
    const dept = await createDepartment(limited.id);
    const { role_id: _r, staff_id: _s, password: _p, ...body } = memberBody(dept);
    const payload = JSON.stringify({ ...body, cooperative_code: limited.code, type: 'pending' });
    /** A registration from the loopback address `from`, claiming to be `claimed` in CloudFront-Viewer-Address. */
    const register = (from: string, claimed?: string) =>
      new Promise<{ status: number; body: { data: { id: string } | null } }>((resolve, reject) => {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
        };
        if (claimed) headers['cloudfront-viewer-address'] = claimed;
        const req = httpRequest(
          `${apiUrl()}/api/v1/cooperative/pending_members`,
          { method: 'POST', headers, localAddress: from },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: string } | null },
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    // The limit counts per minute: start early in a minute so that every call below falls in it.
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 40) await sleep((60 - intoMinute) * 1000 + 100);
    // Five a minute per viewer. Claiming another address in the header changes nothing: the server,
    // like CloudFront, names the viewer from the connection.
    for (let i = 0; i < 5; i++) expect((await register('127.0.0.7', `198.51.100.${i + 1}:40000`)).status).toBe(201);
    expect((await register('127.0.0.7', '198.51.100.99:40000')).status).toBe(429);
    const other = await register('127.0.0.8');
    expect(other.status).toBe(201);
    const record = await getItem<{ source_ip: string }>(keys.pendingMember(limited.id, other.body.data!.id), true);
    expect(record?.source_ip).toBe('127.0.0.8');
  });
});

async function resetCodeOf(loginId: string): Promise<string> {
  const outbox = process.env.OUTBOX_DIR!;
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of await readdir(outbox)) {
      if (!file.endsWith('.json')) continue;
      const mail = JSON.parse(await readFile(`${outbox}/${file}`, 'utf8')) as {
        trigger?: string;
        username?: string;
        code?: string;
      };
      if (mail.trigger === 'ForgotPassword' && mail.username === loginId && mail.code) return mail.code;
    }
    await sleep(50);
  }
  throw new Error(`No reset code for ${loginId}`);
}

function openSocket(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${apiUrl().replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.once('error', reject);
  });
}
