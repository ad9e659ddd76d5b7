import { readFile, readdir } from 'node:fs/promises';
import {
  AdminGetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { adminCognito, browserCognito } from './support/cognito.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberImportRow, memberImportWorkbook } from './support/members.ts';

/**
 * Issue 20 item 5: an imported member's sign-in is made with one Cognito call and a temporary
 * password (mailed to them); at their first sign-in they choose their own.
 */
const env = inject('runtimeEnv');

let coop: { id: string; code: string; name: string };
let admin = '';
const TAG = `FS${Date.now().toString(36).toUpperCase().slice(-5)}`;

beforeAll(async () => {
  useRuntimeEnv();
  coop = await createTestCooperative('F');
  await createDepartment(coop.id, 'Engineering');
  admin = await superToken();
});

const row = (staff: string) =>
  memberImportRow(staff, { firstname: 'First', lastname: 'Signin', email: `${staff.toLowerCase()}@signin.example` });

async function importRows(staffIds: string[]) {
  const form = new FormData();
  form.append('cooperative_id', coop.id);
  form.append('file', new Blob([await memberImportWorkbook(staffIds.map(row))]), 'members.xlsx');
  const started = await call<{ import_id: string }>('POST', '/cooperative/member/import', { token: admin, form });
  expect(started.status, started.body.message).toBe(202);
  for (let i = 0; i < 200; i++) {
    const status = await call<{ done: boolean; status: string; created: number; updated: number }>(
      'GET',
      '/cooperative/member/import/status',
      { token: admin, query: { cooperative_id: coop.id, import_id: started.body.data.import_id } },
    );
    if (status.body.data.done) return status.body.data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The import did not finish');
}

/** The member number and temporary password mailed to `email` (the local outbox). */
async function mailedCredentials(email: string): Promise<{ loginId: string; password: string }> {
  const outbox = process.env.OUTBOX_DIR!;
  for (const file of await readdir(outbox)) {
    const mail = JSON.parse(await readFile(`${outbox}/${file}`, 'utf8')) as { to: string; kind: string; text: string };
    if (mail.kind !== 'member-credentials' || mail.to !== email) continue;
    const loginId = /your login ID\) is (\S+)\./.exec(mail.text)?.[1];
    const password = /temporary password is (\S+)\./.exec(mail.text)?.[1];
    if (loginId && password) return { loginId, password };
  }
  throw new Error(`No credentials were mailed to ${email}`);
}

const signIn = (loginId: string, password: string) =>
  browserCognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: env.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: loginId, PASSWORD: password },
    }),
  );

const choosePassword = (loginId: string, session: string, password: string) =>
  browserCognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: env.USER_POOL_CLIENT_ID,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: { USERNAME: loginId, NEW_PASSWORD: password },
    }),
  );

/** The name of the Cognito error a call ends with, or 'ok'. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error as Error).name,
  );

const apiLogin = (loginId: string, password: string) =>
  call('POST', '/auth/login', { body: { coop_id: loginId, password } });

describe('the first sign-in of an imported member', () => {
  it('signs in with the mailed temporary password, chooses their own, then signs in with it', async () => {
    const staff = `${TAG}A`;
    expect(await importRows([staff])).toMatchObject({ status: 'COMPLETED', created: 1 });
    const { loginId, password: temporary } = await mailedCredentials(`${staff.toLowerCase()}@signin.example`);
    // The pool holds the sign-in with a temporary password until the member chooses theirs.
    const user = await adminCognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: loginId }));
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');

    const challenge = await signIn(loginId, temporary);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.AuthenticationResult).toBeUndefined();

    expect(await outcome(choosePassword(loginId, challenge.Session!, 'short'))).toBe('InvalidPasswordException');
    const chosen = await choosePassword(loginId, challenge.Session!, 'my-own-pass1');
    expect(chosen.AuthenticationResult?.IdToken).toBeTruthy();
    const me = await call<{ user: { coop_id: string } }>('GET', '/auth/me', {
      token: chosen.AuthenticationResult!.IdToken!,
    });
    expect(me.status, me.body.message).toBe(200);

    expect((await apiLogin(loginId, 'my-own-pass1')).status).toBe(200);
    expect((await apiLogin(loginId, temporary)).status).toBe(401);
    const confirmed = await adminCognito.send(
      new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: loginId }),
    );
    expect(confirmed.UserStatus).toBe('CONFIRMED');
  });

  it('refuses a wrong temporary password instead of asking for a new one', async () => {
    const staff = `${TAG}B`;
    await importRows([staff]);
    const { loginId, password } = await mailedCredentials(`${staff.toLowerCase()}@signin.example`);
    expect(await outcome(signIn(loginId, `${password}x`))).toBe('NotAuthorizedException');
    expect(await outcome(signIn(loginId, password))).toBe('ok');
  });

  it('refuses to set the password of a user without the session their sign-in was given', async () => {
    const [first, second] = [`${TAG}C`, `${TAG}E`];
    await importRows([first, second]);
    const member = await mailedCredentials(`${first.toLowerCase()}@signin.example`);
    const other = await mailedCredentials(`${second.toLowerCase()}@signin.example`);
    expect(await outcome(choosePassword(member.loginId, 'forged-session', 'taken-over1'))).toBe(
      'NotAuthorizedException',
    );
    // Nor with another member's session.
    const othersSession = (await signIn(other.loginId, other.password)).Session!;
    expect(await outcome(choosePassword(member.loginId, othersSession, 'taken-over1'))).toBe('NotAuthorizedException');
    // A session answers once.
    const session = (await signIn(member.loginId, member.password)).Session!;
    expect(await outcome(choosePassword(member.loginId, session, 'my-own-pass2'))).toBe('ok');
    expect(await outcome(choosePassword(member.loginId, session, 'my-own-pass3'))).toBe('NotAuthorizedException');
    expect((await apiLogin(member.loginId, 'my-own-pass2')).status).toBe(200);
    expect((await apiLogin(member.loginId, 'my-own-pass3')).status).toBe(401);
  });

  it('tells an API sign-in with the temporary password where to choose their own', async () => {
    const staff = `${TAG}D`;
    await importRows([staff]);
    const { loginId, password } = await mailedCredentials(`${staff.toLowerCase()}@signin.example`);
    const answer = await apiLogin(loginId, password);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(
      'Your password is temporary: sign in on the CoopLedger web app to choose your own password',
    );
  });
});
