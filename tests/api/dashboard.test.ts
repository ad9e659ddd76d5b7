import { describe, expect, it } from 'vitest';
import { call, superToken } from './support/api.ts';
import { createTestCooperative } from './support/fixtures.ts';

describe('platform home', () => {
  it('counts platform users and cooperatives for the tiles', async () => {
    const before = await call<{ user: number; store: number; cooperatives: number }>('GET', '/dashboard/tile-data', {
      token: await superToken(),
    });
    await createTestCooperative('TILE');
    const after = await call<{ user: number; store: number; cooperatives: number }>('GET', '/dashboard/tile-data', {
      token: await superToken(),
    });

    expect(before.status).toBe(200);
    expect(before.body.data.user).toBeGreaterThanOrEqual(1);
    // Every cooperative's store products: DEMO's four seeded ones at least (other files add more).
    expect(before.body.data.store).toBeGreaterThanOrEqual(4);
    expect(after.body.data.cooperatives).toBeGreaterThanOrEqual(before.body.data.cooperatives + 1);
  });

  it('lists cooperatives with their member figures', async () => {
    const response = await call<{ cooperatives: { data: { code: string; meta: { activeMembers: number } }[] } }>(
      'GET',
      '/dashboard',
      {
        token: await superToken(),
        query: { per_page: 100 },
      },
    );
    const alpha = response.body.data.cooperatives.data.find((c) => c.code === 'ALPHA');
    expect(alpha?.meta.activeMembers).toBe(3);
  });
});
