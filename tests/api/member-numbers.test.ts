import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../functions/users/user-service.ts';
import { call, cooperativeId, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

beforeAll(() => useRuntimeEnv());

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
    const response = await call<{ coop_id: string }>('POST', '/cooperative/member', {
      token: await superToken(),
      body: { cooperative_id: coop.id, ...memberBody(departmentId) },
    });

    // Assess
    expect(response.status, response.body.message).toBe(201);
    expect(response.body.data.coop_id).toBe(`${coop.code}0002`);
  });
});
