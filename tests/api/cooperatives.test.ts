import { beforeAll, describe, expect, it } from 'vitest';
import { queryPartition } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { createUser } from '../../functions/users/user-service.ts';
import { setUserStatus } from '../../functions/users/user-store.ts';
import { call, cooperativeId, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';

interface Cooperative {
  id: string;
  code: string;
  name: string;
  logo: string | null;
  colors: string;
  status: number;
  meta: { activeMembers: number; inactiveMembers: number; totalSavings: number; members_count: number };
}

// The smallest valid PNG: enough for a real upload and download.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function cooperativeForm(
  fields: Record<string, string>,
  logo?: { bytes: Buffer; type: string; name: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (logo) form.append('logo', new Blob([logo.bytes], { type: logo.type }), logo.name);
  return form;
}

const valid = (code: string) => ({
  name: 'Unity Staff Cooperative',
  code,
  email: 'info@unity.example',
  phone: '+234 803 111 2222',
  address: '3 Unity Road, Enugu',
  website: 'https://unity.example',
  colors: JSON.stringify({ primary_color: '#112233', secondary_color: '#445566' }),
});

beforeAll(() => useRuntimeEnv());

/** A cooperative of its own with `count` members, made through the API. */
async function withMembers(prefix: string, count: number) {
  const coop = await createTestCooperative(prefix);
  const department = await createDepartment(coop.id);
  const token = await superToken();
  for (let i = 0; i < count; i++) {
    const made = await call('POST', '/cooperative/member', {
      token,
      body: { ...memberBody(department), cooperative_id: coop.id },
    });
    if (made.status !== 201) throw new Error(`Could not add a member: ${made.body.message}`);
  }
  return { coop };
}

describe('creating a cooperative', () => {
  it('stores it with its logo and colours and gives it the standard chart of accounts', async () => {
    const code = `U${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
    const response = await call<Cooperative>('POST', '/cooperative', {
      token: await superToken(),
      form: cooperativeForm(valid(code), { bytes: PNG, type: 'image/png', name: 'logo.png' }),
    });

    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Cooperative created successfully');
    const coop = response.body.data;
    expect(coop).toMatchObject({ code, name: 'Unity Staff Cooperative', status: 1 });
    expect(JSON.parse(coop.colors)).toEqual({ primary_color: '#112233', secondary_color: '#445566' });
    const logo = await fetch(coop.logo!);
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    const accounts = await queryPartition<{ code: string; name: string; purpose?: string }>(
      keys.coaPartition(coop.id),
      'GL#',
    );
    const purposes = accounts.map((a) => a.purpose);
    for (const purpose of [
      'cash',
      'bank',
      'member_loans',
      'interest_receivable',
      'member_savings',
      'target_savings',
      'share_capital',
      'reserves',
      'retained_earnings',
      'opening_balance_equity',
      'loan_interest',
      'charges',
      'investment_income',
      'interest_on_savings',
      'depreciation',
      'operating_expenses',
    ]) {
      expect(purposes, purpose).toContain(purpose);
    }
  });

  it('keeps a name of many words within one transaction (no 500), found by its first words', async () => {
    // 150 characters: fifty distinct two-letter words, each once a search token before the cap.
    const words = Array.from({ length: 50 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${i % 10}`);
    const name = words.join(' ').slice(0, 150);
    const code = `LONG${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
    const token = await superToken();
    const made = await call<Cooperative>('POST', '/cooperative', {
      token,
      form: cooperativeForm({ ...valid(code), name }),
    });
    expect(made.status, made.body.message).toBe(201);
    const found = await call<{ data: Cooperative[] }>('GET', '/cooperative/all', {
      token,
      query: { query: `${words[0]} ${words[1]}` },
    });
    expect(found.status).toBe(200);
    expect(found.body.data.data.map((c) => c.code)).toContain(code);
  });

  it('refuses a code already in use (409) and changes nothing', async () => {
    const response = await call('POST', '/cooperative', {
      token: await superToken(),
      form: cooperativeForm(valid('DEMO')),
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('The code DEMO is already used by another cooperative');
  });

  it('answers each missing field with the spec message', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...valid('X1'), name: '' }, 'name', 'Please enter the name'],
      [{ ...valid('X1'), code: ' ' }, 'code', 'Please enter a code'],
      [{ ...valid('X1'), address: '' }, 'address', 'Please enter a location'],
      [{ ...valid('X1'), email: '' }, 'email', 'Email is required'],
      [{ ...valid('X1'), email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await call('POST', '/cooperative', { token: await superToken(), form: cooperativeForm(fields) });
      expect(response.status, field).toBe(422);
      expect(response.body.errors?.[field]).toBe(message);
    }
  });

  it('refuses a logo that is not an image', async () => {
    const response = await call('POST', '/cooperative', {
      token: await superToken(),
      form: cooperativeForm(valid('NOTIMG1'), {
        bytes: Buffer.from('%PDF-1.4'),
        type: 'application/pdf',
        name: 'x.pdf',
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ logo: 'The logo must be an image file (JPEG, PNG, GIF or WebP)' });
    const list = await call<{ data: Cooperative[] }>('GET', '/cooperative/all', {
      token: await superToken(),
      query: { query: 'NOTIMG1' },
    });
    expect(list.body.data.data).toHaveLength(0);
  });
});

describe('reading cooperatives', () => {
  it('shows a cooperative admin only their own cooperative', async () => {
    const response = await call<{ data: Cooperative[] }>('GET', '/cooperative/all', {
      token: await tokenFor('ALPHA-ADMIN'),
    });
    expect(response.body.data.data.map((c) => c.code)).toEqual(['ALPHA']);
  });

  it('counts members from the records', async () => {
    // A cooperative of its own: the demo's members change while other files run beside this one.
    const { coop } = await withMembers('CNT', 2);
    const response = await call<Cooperative>('GET', '/cooperative', {
      token: await superToken(),
      query: { cooperative_id: coop.id },
    });
    expect(response.body.data.code).toBe(coop.code);
    expect(response.body.data.meta).toMatchObject({
      activeMembers: 2,
      inactiveMembers: 0,
      members_count: 2,
      totalSavings: 0,
    });
  });

  it('pages with meta as the spec describes', async () => {
    const response = await call<{
      data: Cooperative[];
      meta: { per_page: number; current_page: number; total: number; last_page: number };
    }>('GET', '/cooperative/all', { token: await superToken(), query: { page: 1, per_page: 1 } });
    expect(response.body.data.data).toHaveLength(1);
    expect(response.body.data.meta).toMatchObject({ per_page: 1, current_page: 1, first_page: 1 });
    expect(response.body.data.meta.last_page).toBe(response.body.data.meta.total);
  });
});

describe('updating and deleting', () => {
  it('lets a cooperative admin recolour their own cooperative but not change its code', async () => {
    const demoId = await cooperativeId('DEMO');
    const token = await tokenFor('DEMO-ADMIN');
    const fields = {
      ...valid('DEMO'),
      id: demoId,
      name: 'Demo Staff Cooperative',
      colors: JSON.stringify({ primary_color: '#4276A4', secondary_color: '#2D5F8C' }),
    };
    const response = await call<Cooperative>('POST', '/cooperative/update', { token, form: cooperativeForm(fields) });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.data.colors)).toEqual({ primary_color: '#4276A4', secondary_color: '#2D5F8C' });

    const recode = await call('POST', '/cooperative/update', {
      token,
      form: cooperativeForm({ ...fields, code: 'DEMO2' }),
    });
    expect(recode.status).toBe(422);
    expect(recode.body.message).toBe('The code of a cooperative cannot be changed');
  });

  it('refuses an admin updating another cooperative by id', async () => {
    const alphaId = await cooperativeId('ALPHA');
    const response = await call('POST', '/cooperative/update', {
      token: await tokenFor('DEMO-ADMIN'),
      form: cooperativeForm({ ...valid('ALPHA'), id: alphaId }),
    });
    expect(response.status).toBe(403);
  });

  it('refuses to delete a cooperative with members, and deletes an empty one', async () => {
    const { coop } = await withMembers('NDEL', 1);
    const refused = await call('DELETE', '/cooperative', {
      token: await superToken(),
      query: { cooperative_id: coop.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${coop.name} has 1 member(s) and cannot be deleted; deactivate it instead`);

    const empty = await createTestCooperative('DEL');
    const deleted = await call('DELETE', '/cooperative', {
      token: await superToken(),
      query: { cooperative_id: empty.id },
    });
    expect(deleted.status).toBe(200);
    const after = await call('GET', '/cooperative', { token: await superToken(), query: { cooperative_id: empty.id } });
    expect(after.status).toBe(404);
    expect(await queryPartition(keys.coaPartition(empty.id))).toHaveLength(0);
  });
});

describe('deactivation', () => {
  it('answers 406 once a user or their cooperative is deactivated', async () => {
    const coop = await createTestCooperative('DEACT');
    await createUser({
      tenant: coop.id,
      loginId: `${coop.code}-ADMIN`,
      firstname: 'Test',
      lastname: 'Admin',
      email: 'admin@deact.example',
      role: 'cooperative-admin',
      password: 'password123',
    });
    const token = await tokenFor(`${coop.code}-ADMIN`);
    expect((await call('GET', '/cooperative', { token })).status).toBe(200);

    await setUserStatus(coop.id, `${coop.code}-ADMIN`, 0);
    const deactivatedUser = await call('GET', '/cooperative', { token });
    expect(deactivatedUser.status).toBe(406);
    expect(
      (await call('POST', '/auth/login', { body: { coop_id: `${coop.code}-ADMIN`, password: 'password123' } })).status,
    ).toBe(406);

    await setUserStatus(coop.id, `${coop.code}-ADMIN`, 1);
    const form = cooperativeForm({ ...valid(coop.code), id: coop.id, name: coop.name, status: '0' });
    expect((await call('POST', '/cooperative/update', { token: await superToken(), form })).status).toBe(200);
    const deactivatedCoop = await call('GET', '/cooperative', { token });
    expect(deactivatedCoop.status).toBe(406);
    expect(deactivatedCoop.body.message).toBe('Your cooperative has been deactivated.');
  });
});
