import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognito } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { createIdentity } from '../../functions/users/identity-provider.ts';
import { createUser } from '../../functions/users/user-service.ts';
import { findUser, insertUser } from '../../functions/users/user-store.ts';
import { call, cooperativeId, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

beforeAll(() => useRuntimeEnv());

/** A member created through the wizard in a test cooperative, numbered by the cooperative's sequence. */
const newMember = async (coop: { id: string }, departmentId: string) =>
  call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: await superToken(),
    body: { cooperative_id: coop.id, ...memberBody(departmentId) },
  });

/** The email of the pool's sign-in of a login ID (a UserNotFoundException when there is none). */
const signInEmail = async (loginId: string) =>
  (
    await cognito().send(new AdminGetUserCommand({ UserPoolId: config().userPoolId, Username: loginId }))
  ).UserAttributes?.find((a) => a.Name === 'email')?.Value;

describe('member numbers', () => {
  it('continue after the demo members in the seeded cooperative', async () => {
    const demo = await cooperativeId('DEMO');
    const departmentId = await createDepartment(demo, `Numbers ${Date.now()}`);
    const response = await call<{ coop_id: string }>('POST', '/cooperative/member', {
      token: await tokenFor('DEMO-ADMIN'),
      body: memberBody(departmentId, { staff_id: `NUM-${Date.now()}`, email: `numbers.${Date.now()}@example.com` }),
    });
    expect(response.status, response.body.message).toBe(201);
    expect(Number(response.body.data.coop_id.slice('DEMO'.length))).toBeGreaterThan(12);
  });

  it('skip a number someone already holds instead of refusing the member', async () => {
    // Prepare: the next generated number is taken by a user created by hand.
    const coop = await createTestCooperative('N');
    const departmentId = await createDepartment(coop.id);
    await createUser({
      tenant: coop.id,
      loginId: `${coop.code}0001`,
      firstname: 'Held',
      lastname: 'Number',
      email: 'held@example.com',
      role: 'cooperative-admin',
      password: 'password123',
    });

    // Act
    const response = await newMember(coop, departmentId);

    // Assess
    expect(response.status, response.body.message).toBe(201);
    expect(response.body.data.coop_id).toBe(`${coop.code}0002`);
  });

  it('skips a number held by a user record alone and removes the sign-in it had made for that number', async () => {
    // Prepare: the next number has a user record (and its login claim) but no sign-in in the pool.
    const coop = await createTestCooperative('N');
    const departmentId = await createDepartment(coop.id);
    const held = `${coop.code}0001`;
    await insertUser({
      tenant: coop.id,
      loginId: held,
      firstname: 'Held',
      lastname: 'Record',
      email: 'held.record@example.com',
      role: 'cooperative-admin',
    });

    // Act
    const response = await newMember(coop, departmentId);

    // Assess: the member took the next number; the held user is untouched and has no sign-in left.
    expect(response.status, response.body.message).toBe(201);
    expect(response.body.data.coop_id).toBe(`${coop.code}0002`);
    expect((await findUser(coop.id, held))?.firstname).toBe('Held');
    await expect(signInEmail(held)).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('skips a number held by a sign-in alone and leaves that sign-in as it was', async () => {
    // Prepare: the next number has a sign-in in the pool but no records.
    const coop = await createTestCooperative('N');
    const departmentId = await createDepartment(coop.id);
    const held = `${coop.code}0001`;
    await createIdentity({
      loginId: held,
      email: 'held.signin@example.com',
      role: 'cooperative-admin',
      tenant: coop.id,
      password: 'password123',
    });

    // Act
    const response = await newMember(coop, departmentId);

    // Assess
    expect(response.status, response.body.message).toBe(201);
    expect(response.body.data.coop_id).toBe(`${coop.code}0002`);
    expect(await signInEmail(held)).toBe('held.signin@example.com');
    expect(await findUser(coop.id, held)).toBeUndefined();
  });

  it('refuses a staff user whose login ID the pool holds and leaves that sign-in as it was', async () => {
    // Prepare
    const coop = await createTestCooperative('N');
    const held = `${coop.code}STAFF`;
    await createIdentity({
      loginId: held,
      email: 'held.staff@example.com',
      role: 'cooperative-admin',
      tenant: coop.id,
      password: 'password123',
    });

    // Act
    const refused = createUser({
      tenant: coop.id,
      loginId: held,
      firstname: 'Second',
      lastname: 'Comer',
      email: 'second.comer@example.com',
      role: 'cooperative-admin',
      password: 'password456',
    });

    // Assess
    await expect(refused).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await signInEmail(held)).toBe('held.staff@example.com');
    expect(await findUser(coop.id, held)).toBeUndefined();
  });
});
