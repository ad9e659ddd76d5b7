import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { call, tokenFor } from './support/api.ts';

describe('GET /auth/me', () => {
  it('gives a member their user and member records', async () => {
    const response = await call<{ user: { coop_id: string }; member: { coop_id: string; lastname: string } | null }>(
      'GET',
      '/auth/me',
      {
        token: await tokenFor('DEMO0006'),
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.user.coop_id).toBe('DEMO0006');
    expect(response.body.data.member).toMatchObject({ coop_id: 'DEMO0006', lastname: 'Bello' });
  });

  it('gives staff no member record', async () => {
    const response = await call<{ member: unknown }>('GET', '/auth/me', { token: await tokenFor('DEMO-ACCT') });
    expect(response.body.data.member).toBeNull();
  });
});

describe('GET /user/activity', () => {
  it("lists the signed-in person's own recent actions, newest first", async () => {
    const token = await tokenFor('DEMO0007');
    await call('POST', '/auth/change-password', {
      token,
      body: { current_password: 'wrong-one', password: 'abcdef1', password_confirmation: 'abcdef1' },
    });
    const response = await call<{ action: string; at: string }[]>('GET', '/user/activity', { token });
    expect(response.status).toBe(200);
    const actions = response.body.data.map((a) => a.action);
    expect(actions).toContain('Signed in');
    // A refused change is not an action taken.
    expect(actions).not.toContain("Change the signed-in user's own password");
    const times = response.body.data.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);

    const other = await call<{ action: string }[]>('GET', '/user/activity', { token: await tokenFor('DEMO0008') });
    expect(other.body.data.every((a) => a.action === 'Signed in')).toBe(true);
  });
});

describe('GET /utilities/send-registration-email', () => {
  it("mails the registration link to the cooperative's address", async () => {
    const response = await call<{ link: string }>('GET', '/utilities/send-registration-email', {
      token: await tokenFor('ALPHA-ADMIN'),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('The registration link has been sent to info@alpha.coop.example');
    expect(response.body.data.link).toMatch(/\/register\?coop=ALPHA$/);

    const outbox = inject('runtimeEnv').OUTBOX_DIR;
    const files = (await readdir(outbox)).filter((f) => f.includes('registration-link'));
    const mails = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(outbox, f), 'utf8')) as { to: string; text: string }),
    );
    const mail = mails.find((m) => m.to === 'info@alpha.coop.example');
    expect(mail?.text).toContain(response.body.data.link);
  });
});

describe('POST /auth/signed-in', () => {
  it('answers like /auth/me and records the sign-in as activity', async () => {
    const token = await tokenFor('DEMO0009');
    const response = await call<{ user: { coop_id: string }; member: { coop_id: string } | null }>(
      'POST',
      '/auth/signed-in',
      { token },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.member?.coop_id).toBe('DEMO0009');
    const activity = await call<{ action: string; path: string }[]>('GET', '/user/activity', { token });
    expect(activity.body.data.filter((a) => a.path === '/auth/signed-in').map((a) => a.action)).toEqual(['Signed in']);
  });
});
