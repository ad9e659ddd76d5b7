import { describe, expect, it } from 'vitest';
import { call, superToken } from './support/api.ts';
import { tagOf } from './support/crud-suite.ts';

const BASE = '/e-shop/admin/product-category';

describe('e-shop product categories', () => {
  it('creates, lists, reads one, updates and deletes', async () => {
    const token = await superToken();
    const name = `Groceries ${tagOf()}`;
    const made = await call<{ id: string }>('POST', BASE, {
      token,
      body: { name, status: 1, description: 'Food items' },
    });
    expect(made.status, made.body.message).toBe(201);
    const listed = await call<{ data: { id: string; name: string }[]; meta: { total: number } }>('GET', BASE, {
      token,
      query: { query: name },
    });
    expect(listed.body.data.data.map((c) => c.name)).toEqual([name]);
    const one = await call<{ name: string }>('GET', BASE, { token, query: { category_id: made.body.data.id } });
    expect(one.body.data).toMatchObject({ name, status: 1, description: 'Food items' });

    const updated = await call('POST', `${BASE}/update`, {
      token,
      body: { category_id: made.body.data.id, name, status: 0, description: 'Food and drink' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ status: 0, description: 'Food and drink' });

    const duplicate = await call('POST', BASE, { token, body: { name, status: 1, description: 'Again' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(`The name ${name} is already used on the platform`);

    expect((await call('DELETE', BASE, { token, query: { category_id: made.body.data.id } })).status).toBe(200);
    expect((await call('GET', BASE, { token, query: { category_id: made.body.data.id } })).status).toBe(404);
  });

  it('answers with the spec messages', async () => {
    const token = await superToken();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ status: 1, description: 'd' }, 'name', 'Please enter the product category name'],
      [{ name: 'n', description: 'd' }, 'status', 'Please select a product category status'],
      [{ name: 'n', status: 5, description: 'd' }, 'status', 'Please select a valid status'],
      [{ name: 'n', status: 1 }, 'description', 'Please enter a product category description'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', BASE, { token, body });
      expect(response.status).toBe(422);
      expect(response.body.errors?.[field]).toBe(message);
    }
  });
});
